//! `slider pdb`: the pattern-database cache.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use slider::app::pdb::{PdbAction, pdb};
use slider::app::{CommandError, Console};
use slider::search::pdb::Partition;

/// Arguments of `slider pdb`.
#[derive(Debug, Args)]
pub struct PdbArgs {
    #[command(subcommand)]
    action: Action,
    /// Board side, for a command given no KIND (3 or 4: its default kind).
    #[arg(long, default_value_t = 4, global = true)]
    size: usize,
    /// Where pattern databases are cached [default: the user's cache folder].
    #[arg(long, env = "SLIDER_PDB_DIR", value_name = "DIR", global = true)]
    pdb_dir: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum Action {
    /// Print the cache file's path (whether or not it exists yet).
    Path {
        /// 4-4 (3x3), 6-6-3 or 7-8 (4x4), 6-6-6-6 (5x5) [default: --size's default].
        kind: Option<Partition>,
    },
    /// Build the databases into the cache unless an intact file is there,
    /// with a progress bar (7-8: about 2.3 GB of memory; 6-6-6-6: about 1.3 GB).
    Build {
        /// 4-4 (3x3), 6-6-3 or 7-8 (4x4), 6-6-6-6 (5x5) [default: --size's default].
        kind: Option<Partition>,
    },
    /// Check the whole cached file against its checksum (loads check it
    /// once, then trust a marker beside it).
    Verify {
        /// 4-4 (3x3), 6-6-3 or 7-8 (4x4), 6-6-6-6 (5x5) [default: --size's default].
        kind: Option<Partition>,
    },
    /// List every kind, its file and whether it is cached.
    List,
}

/// Runs the action; returns the exit code.
pub fn run(args: &PdbArgs, console: &Console) -> Result<u8, CommandError> {
    let action = match args.action {
        Action::Path { kind } => PdbAction::Path(kind),
        Action::Build { kind } => PdbAction::Build(kind),
        Action::Verify { kind } => PdbAction::Verify(kind),
        Action::List => PdbAction::List,
    };
    let dir = crate::common::cache_dir(args.pdb_dir.as_deref());
    pdb(action, args.size, &dir, console)
}
