//! `slider pdb`: the pattern-database cache.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use slider::exit_code;
use slider::search::Goal;
use slider::search::pdb::{Choice, Kind, PatternDatabase};

use crate::common::{fail, open_pdb, report_error};

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

/// Runs the action; returns the exit code.
pub fn run(args: &PdbArgs) -> u8 {
    let dir = slider::search::pdb::cache_dir(args.pdb_dir.as_deref());
    let located = |chosen: &Option<Kind>| {
        Kind::chosen_or_default(*chosen, args.size)
            .map(|kind| (kind, PatternDatabase::cache_path(&dir, kind)))
    };
    match &args.action {
        Action::Path { kind } => match located(kind) {
            Ok((_, path)) => {
                println!("{}", path.display());
                exit_code::SUCCESS
            }
            Err(e) => fail(&e),
        },
        Action::Build { kind } => match located(kind) {
            Ok((kind, path)) => {
                match open_pdb(&Goal::standard(kind.size()), Choice::Kind(kind), &dir, true) {
                    Ok(pdb) => {
                        println!("{}: {kind}, {} bytes", path.display(), pdb.size_bytes());
                        exit_code::SUCCESS
                    }
                    Err(e) => fail(&e),
                }
            }
            Err(e) => fail(&e),
        },
        Action::Verify { kind } => match located(kind).map(|(kind, path)| {
            (
                kind,
                PatternDatabase::verify_kind(&Goal::standard(kind.size()), kind, &path),
                path,
            )
        }) {
            Ok((_, Ok(()), path)) => {
                println!("ok: {} is intact", path.display());
                exit_code::SUCCESS
            }
            Ok((kind, Err(e), _)) => {
                report_error(&format!("{e}; `slider pdb build {kind}` makes a new one"));
                exit_code::FAILURE
            }
            Err(e) => fail(&e),
        },
        Action::List => {
            for kind in Kind::ALL {
                let path = PatternDatabase::cache_path(&dir, kind);
                println!("{}", slider::present::pdb::list_line(kind, &path));
            }
            exit_code::SUCCESS
        }
    }
}
