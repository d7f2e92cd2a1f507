//! `slider pdb`: the pattern-database cache.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use slider::exit_code;
use slider::search::Goal;
use slider::search::pdb::{Choice, Kind, PatternDatabase};

use crate::common::{fail, open_pdb, pdb_dir, report_error};

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
        kind: Option<Kind>,
    },
    /// Build the databases into the cache unless an intact file is there,
    /// with a progress bar (7-8: about 2.3 GB of memory; 6-6-6-6: about 1.3 GB).
    Build {
        /// 4-4 (3x3), 6-6-3 or 7-8 (4x4), 6-6-6-6 (5x5) [default: --size's default].
        kind: Option<Kind>,
    },
    /// Check the whole cached file against its checksum (loads check it
    /// once, then trust a marker beside it).
    Verify {
        /// 4-4 (3x3), 6-6-3 or 7-8 (4x4), 6-6-6-6 (5x5) [default: --size's default].
        kind: Option<Kind>,
    },
    /// List every kind, its file and whether it is cached.
    List,
}

/// Runs the command; returns the exit code.
pub fn run(args: &PdbArgs) -> u8 {
    let dir = pdb_dir(args.pdb_dir.as_deref());
    let kind = |chosen: &Option<Kind>| {
        chosen
            .or_else(|| Kind::default_for(args.size))
            .ok_or_else(|| {
                format!(
                    "no default database for {0}x{0}; name one (6-6-6-6 for 5x5)",
                    args.size
                )
            })
    };
    let located = |chosen: &Option<Kind>| -> Result<(Kind, Goal, PathBuf), String> {
        let kind = kind(chosen)?;
        let goal = Goal::standard(kind.size());
        let name = PatternDatabase::file_name_kind(&goal, kind).map_err(|e| e.to_string())?;
        Ok((kind, goal, dir.join(name)))
    };
    match &args.action {
        Action::Path { kind } => match located(kind) {
            Ok((_, _, path)) => {
                println!("{}", path.display());
                exit_code::SUCCESS
            }
            Err(e) => fail(&e),
        },
        Action::Build { kind } => match located(kind) {
            Ok((kind, goal, path)) => match open_pdb(&goal, Choice::Kind(kind), &dir, true) {
                Ok(pdb) => {
                    println!("{}: {kind}, {} bytes", path.display(), pdb.size_bytes());
                    exit_code::SUCCESS
                }
                Err(e) => fail(&e),
            },
            Err(e) => fail(&e),
        },
        Action::Verify { kind } => match located(kind) {
            Ok((kind, goal, path)) => match PatternDatabase::verify_kind(&goal, kind, &path) {
                Ok(()) => {
                    println!("ok: {} is intact", path.display());
                    exit_code::SUCCESS
                }
                Err(e) => {
                    report_error(&format!("{e}; `slider pdb build {kind}` makes a new one"));
                    exit_code::FAILURE
                }
            },
            Err(e) => fail(&e),
        },
        Action::List => {
            for kind in Kind::ALL {
                let goal = Goal::standard(kind.size());
                match PatternDatabase::file_name_kind(&goal, kind) {
                    Ok(name) => println!("{}", list_line(kind, &dir.join(name))),
                    Err(e) => return fail(&e.to_string()),
                }
            }
            exit_code::SUCCESS
        }
    }
}

/// One `slider pdb list` line: the kind, its board, its state and its file.
fn list_line(kind: Kind, path: &Path) -> String {
    let n = kind.size();
    let state = match std::fs::metadata(path) {
        Ok(meta) => format!("cached, {:.1} MB", meta.len() as f64 / 1e6),
        Err(_) => "not built".to_string(),
    };
    let when = if Kind::default_for(n) == Some(kind) {
        "built on first use"
    } else {
        "used when cached"
    };
    format!(
        "{:<8} {n}x{n}  {:<18} {:<17} {}",
        kind.name(),
        when,
        state,
        path.display()
    )
}
