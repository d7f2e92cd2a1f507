//! `slider pdb`: the pattern-database cache.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use slider::exit_code;
use slider::search::Goal;
use slider::search::pdb::PatternDatabase;

use crate::common::{fail, open_pdb, pdb_dir, report_error};

/// Arguments of `slider pdb`.
#[derive(Debug, Args)]
pub struct PdbArgs {
    #[command(subcommand)]
    action: Action,
    /// Board side (3 or 4).
    #[arg(long, default_value_t = 4, global = true)]
    size: usize,
    /// Where pattern databases are cached [default: the user's cache folder].
    #[arg(long, env = "SLIDER_PDB_DIR", value_name = "DIR", global = true)]
    pdb_dir: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum Action {
    /// Print the cache file's path (whether or not it exists yet).
    Path,
    /// Build the databases into the cache unless an intact file is there.
    Build,
    /// Check the whole cached file against its checksum (loads check it
    /// once, then trust a marker beside it).
    Verify,
}

/// Runs the command; returns the exit code.
pub fn run(args: &PdbArgs) -> u8 {
    let goal = Goal::standard(args.size);
    let dir = pdb_dir(args.pdb_dir.as_deref());
    let path = match PatternDatabase::file_name(&goal) {
        Ok(name) => dir.join(name),
        Err(e) => return fail(&e.to_string()),
    };
    match args.action {
        Action::Path => {
            println!("{}", path.display());
            exit_code::SUCCESS
        }
        Action::Build => match open_pdb(&goal, &dir) {
            Ok(pdb) => {
                println!("{}: {} bytes", path.display(), pdb.size_bytes());
                exit_code::SUCCESS
            }
            Err(e) => fail(&e),
        },
        Action::Verify => match PatternDatabase::verify(&goal, &path) {
            Ok(()) => {
                println!("ok: {} is intact", path.display());
                exit_code::SUCCESS
            }
            Err(e) => {
                report_error(&format!("{e}; `slider pdb build` makes a new one"));
                exit_code::FAILURE
            }
        },
    }
}
