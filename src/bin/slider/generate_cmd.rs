//! `slider gen`: puzzle files in the course format, reproducibly.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use slider::exit_code;
use slider::generate::{GenerateError, Kind, MAX_WALKS, Made, Request};

use crate::common::report_error;

/// Arguments of `slider gen`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("kind").args(["moves", "solvable", "unsolvable", "uniform"])))]
#[command(group(clap::ArgGroup::new("what").args(["size", "manifest"]).required(true)))]
pub struct GenArgs {
    /// The board side n.
    #[arg(long, short = 'n', value_name = "N")]
    size: Option<usize>,
    /// Boards exactly K moves from the goal (proved optimal). K above the
    /// diameter (2x2: 6, 3x3: 31, 4x4: 80) is refused; on 4x4 and larger,
    /// random walks are proved by IDA* and the command gives up (exit 1)
    /// after 2,000 walks.
    #[arg(long = "moves", short = 'k', value_name = "K")]
    moves: Option<u32>,
    /// Uniformly random solvable boards (the default).
    #[arg(long)]
    solvable: bool,
    /// Uniformly random unsolvable boards.
    #[arg(long)]
    unsolvable: bool,
    /// Uniformly random boards, solvable or not.
    #[arg(long)]
    uniform: bool,
    /// How many boards.
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// The random seed: the same seed gives the same boards [default: a
    /// fresh one, printed on standard error so that the run can be
    /// repeated].
    #[arg(long)]
    seed: Option<u64>,
    /// Write files named by the course convention into this folder instead
    /// of printing the boards (`puzzle3x3-17.txt`,
    /// `puzzle4x4-unsolvable-01.txt`); each file written is listed.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Generate every entry of a manifest (lines of `size kind seed`, where
    /// kind is a move count, `solvable`, `unsolvable` or `uniform`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "count", "seed"])]
    manifest: Option<PathBuf>,
}

/// Runs the command; returns the exit code.
pub fn run(args: &GenArgs) -> u8 {
    let seed = args.seed.unwrap_or_else(slider::generate::fresh_seed);
    let code = generate_all(args, seed);
    // A fresh seed is said once boards were drawn (exit 0, or 1 when the
    // walks gave up), so that the run can be repeated.
    if args.seed.is_none() && args.manifest.is_none() && code != exit_code::ERROR {
        let _ = writeln!(
            anstream::stderr(),
            "seed: {seed} (`--seed {seed}` makes these boards again)"
        );
    }
    code
}

fn generate_all(args: &GenArgs, seed: u64) -> u8 {
    let requests = if let Some(path) = &args.manifest {
        match slider::generate::read_manifest(path) {
            Ok(requests) => requests,
            Err(message) => {
                report_error(&message);
                return exit_code::ERROR;
            }
        }
    } else {
        vec![Request {
            size: args.size.unwrap_or(3),
            kind: kind_of(args),
            count: args.count,
            seed,
        }]
    };
    let mut printed = 0;
    for request in &requests {
        // Walks proved by search can take a while: show them on a terminal
        // (indicatif draws nothing when standard error is not one).
        let progress = indicatif::ProgressBar::new(u64::from(MAX_WALKS)).with_style(
            indicatif::ProgressStyle::with_template(
                "{msg}: random walk {pos}/{len}, {elapsed} elapsed",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        let made = request.each(
            &mut |index, walks| {
                progress.set_message(format!("board {index} of {}", request.count));
                progress.set_position(u64::from(walks));
            },
            &mut |index, board| {
                progress.suspend(|| {
                    if let Some(dir) = &args.out {
                        return write_file(dir, &request.file_name(index), &board.to_string());
                    }
                    let separator = if printed > 0 { "\n" } else { "" };
                    printed += 1;
                    write!(std::io::stdout().lock(), "{separator}{board}")
                        .map_err(|e| e.to_string())
                })
            },
        );
        progress.finish_and_clear();
        if let Err(e) = made {
            report_error(&e.to_string());
            return match e {
                Made::Failed(GenerateError::GaveUp { .. }) => exit_code::FAILURE,
                _ => exit_code::ERROR,
            };
        }
    }
    exit_code::SUCCESS
}

fn kind_of(args: &GenArgs) -> Kind {
    if let Some(moves) = args.moves {
        Kind::ExactMoves(moves)
    } else if args.unsolvable {
        Kind::Unsolvable
    } else if args.uniform {
        Kind::Uniform
    } else {
        Kind::Solvable
    }
}

/// Writes a generated file and lists it on standard output.
fn write_file(dir: &Path, name: &str, text: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(name);
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    writeln!(std::io::stdout().lock(), "{}", path.display()).map_err(|e| e.to_string())
}
