//! `slider pdb`: the pattern-database cache.

use std::path::Path;

use super::{CommandError, Console};
use crate::exit_code;
use crate::search::Goal;
use crate::search::pdb::{Choice, Partition, PatternDatabase};

/// What to do with the cache; a kind not given is the default of the
/// board side given beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PdbAction {
    /// Print the cache file's path.
    Path(Option<Partition>),
    /// Build the databases unless an intact file is cached.
    Build(Option<Partition>),
    /// Check the cached file against its checksum.
    Verify(Option<Partition>),
    /// List every kind, its file and whether it is cached.
    List,
}

/// Does `action` on the cache in `dir` (`size`: the board side whose
/// default kind is meant when none is given); returns the exit code (0
/// done, 1 the file is damaged).
///
/// # Errors
///
/// No such kind, or a build that failed.
///
/// ```
/// use slider::app::{Console, pdb::{PdbAction, pdb}};
/// let console = Console::new(Box::new(Vec::new()), Box::new(Vec::new()));
/// let dir = std::env::temp_dir();
/// assert_eq!(pdb(PdbAction::List, 4, &dir, &console)?, slider::exit_code::SUCCESS);
/// # Ok::<(), slider::app::CommandError>(())
/// ```
pub fn pdb(
    action: PdbAction,
    size: usize,
    dir: &Path,
    console: &Console,
) -> Result<u8, CommandError> {
    let located = |chosen: Option<Partition>| {
        Partition::chosen_or_default(chosen, size)
            .map(|kind| (kind, PatternDatabase::cache_path(dir, kind)))
    };
    let said = match action {
        PdbAction::Path(kind) => located(kind).map(|(_, path)| {
            console.print(&format!("{}\n", path.display()));
            exit_code::SUCCESS
        }),
        PdbAction::Build(kind) => located(kind).and_then(|(kind, path)| {
            let goal = Goal::standard(kind.size());
            let pdb =
                super::services::open_pdb(console, &goal, Choice::Partition(kind), dir, true)?;
            console.print(&format!(
                "{}: {kind}, {} bytes\n",
                path.display(),
                pdb.size_bytes()
            ));
            Ok(exit_code::SUCCESS)
        }),
        PdbAction::Verify(kind) => located(kind).map(|(kind, path)| {
            match PatternDatabase::verify_kind(&Goal::standard(kind.size()), kind, &path) {
                Ok(()) => console.print(&format!("ok: {} is intact\n", path.display())),
                Err(e) => {
                    console.error(&format!("{e}; `slider pdb build {kind}` makes a new one"));
                    return exit_code::FAILURE;
                }
            }
            exit_code::SUCCESS
        }),
        PdbAction::List => {
            for kind in Partition::ALL {
                let path = PatternDatabase::cache_path(dir, kind);
                console.print(&format!(
                    "{}\n",
                    crate::present::pdb::list_line(kind, &path)
                ));
            }
            Ok(exit_code::SUCCESS)
        }
    };
    said.map_err(CommandError::from)
}
