//! `slider gen`: puzzle files in the course format, reproducibly.

use std::path::PathBuf;

use clap::Args;
use slider::app::generate::{GenJob, generate};
use slider::app::{CommandError, Console};
use slider::generate::{Request, Scramble};

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
pub fn run(args: &GenArgs, console: &Console) -> Result<u8, CommandError> {
    let job = GenJob {
        request: Request {
            size: args.size.unwrap_or(3),
            kind: kind_of(args),
            count: args.count,
            seed: args.seed.unwrap_or_else(slider::generate::fresh_seed),
        },
        manifest: args.manifest.as_deref(),
        fresh_seed: args.seed.is_none(),
        out: args.out.as_deref(),
    };
    generate(&job, console)
}

fn kind_of(args: &GenArgs) -> Scramble {
    if let Some(moves) = args.moves {
        Scramble::ExactMoves(moves)
    } else if args.unsolvable {
        Scramble::Unsolvable
    } else if args.uniform {
        Scramble::Uniform
    } else {
        Scramble::Solvable
    }
}
