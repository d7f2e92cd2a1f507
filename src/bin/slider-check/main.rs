//! `slider-check PUZZLE ANSWER`: replays a submitted answer, proves it legal
//! and optimal, or points at the first wrong line.
//!
//! Exit codes: 0 accepted, 1 rejected, 2 usage error, bad or unreadable
//! puzzle, goal or answer, 3 legal but optimality unproven.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[path = "../common/mod.rs"]
mod common;

use clap::Parser;
use common::ColorWhen;
use slider::app::check::{CheckJob, check};
use slider::app::{CommandError, Console};
use slider::check::{CheckOptions, FormatChoice, MoveMeaning};
use slider::present::ConsoleFormat;

/// Check a solution to a sliding-tile puzzle: legal, optimal, exactly formatted.
#[derive(Debug, Parser)]
#[command(name = "slider-check", version, about)]
struct Args {
    /// The puzzle: a course file, or a one-line board (`1 2 3 4 5 6 7 8 0`,
    /// `12345678x`); `-` reads standard input.
    #[arg(required_unless_present = "batch")]
    puzzle: Option<PathBuf>,
    /// The answer: the course client's output, a move string, or a move
    /// count; `-` reads standard input.
    #[arg(required_unless_present = "batch")]
    answer: Option<PathBuf>,
    /// Check every pair of a manifest instead: lines of `PUZZLE ANSWER
    /// [OPTIMUM]`, paths relative to the manifest's folder, `#` comments.
    /// One line per pair, then the counts; exit 0 when all are accepted, 2
    /// when one could not be read, else 1 when one is rejected, else 3.
    #[arg(long, value_name = "MANIFEST", conflicts_with_all = ["puzzle", "answer", "goal", "optimum"])]
    batch: Option<PathBuf>,
    /// Write the JSON report to FILE (with --batch: every pair's), whatever
    /// --format prints.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write `JUnit` XML to FILE: a test case for the pair (with --batch:
    /// one per pair).
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Read the answer as this format instead of detecting it.
    #[arg(long, value_enum, default_value_t = FormatChoice::Auto)]
    answer_format: FormatChoice,
    /// Also require the course client's byte-exact output.
    #[arg(long)]
    strict: bool,
    /// Which unsolvable message to require (default: either).
    #[arg(long, default_value = slider::values::ANY_API, value_parser = slider::values::api_parser())]
    api: slider::values::ApiChoice,
    /// Whether move letters name the blank's direction or the tile's.
    #[arg(long, value_enum, default_value_t = MoveMeaning::Blank)]
    moves: MoveMeaning,
    /// Node budget for proving optimality by search; when it is spent
    /// before a proof, the verdict is "legal, optimality unproven" (exit 3).
    #[arg(long, default_value_t = 10_000_000, value_name = "NODES")]
    budget: u64,
    /// Trust this optimum (a number, or `unsolvable`) instead of proving one;
    /// it is still checked against parity, the exhaustive table (n <= 3) and
    /// the answer itself, and a contradiction exits 2 (E0232).
    #[arg(long, value_name = "N|unsolvable", value_parser = parse_optimum)]
    optimum: Option<KnownOptimum>,
    /// Report at most this many findings.
    #[arg(long, default_value_t = 20, value_name = "N")]
    max_findings: usize,
    /// Output: compiler-style text, JSON, or GitHub Actions annotations.
    #[arg(long, value_enum, default_value_t = ConsoleFormat::Human)]
    format: ConsoleFormat,
    /// The goal the answer must reach: a puzzle file or a one-line board
    /// [default: the course's goal, blank last].
    #[arg(long, value_name = "FILE")]
    goal: Option<PathBuf>,
    /// Where pattern databases are cached (4x4 proofs by search) [default:
    /// the user's cache folder].
    #[arg(long, env = "SLIDER_PDB_DIR", value_name = "DIR")]
    pdb_dir: Option<PathBuf>,
    /// Prove 4x4 optima with linear conflict only, not pattern databases.
    #[arg(long)]
    no_pdb: bool,
    /// Give up (exit 2, or a finding for the answer) when a pipe, FIFO or
    /// terminal input sends nothing for this many seconds.
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = slider::values::parse_seconds)]
    input_timeout: Duration,
    /// When to colour the text output (`NO_COLOR` is honoured under `auto`).
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
    /// Print no notes and draw no progress; the report, warnings and
    /// errors are printed as ever.
    #[arg(long, short)]
    quiet: bool,
}

fn main() -> ExitCode {
    let args = match common::parse_args::<Args>() {
        Ok(args) => args,
        Err(code) => return ExitCode::from(code),
    };
    args.color.apply();
    let console = common::console(args.quiet);
    let done = run(&args, &console);
    common::exit(&console, done)
}

/// A trusted optimum: a number of moves, or `None` for unsolvable.
#[derive(Debug, Clone, Copy)]
struct KnownOptimum(Option<u64>);

fn parse_optimum(text: &str) -> Result<KnownOptimum, String> {
    if text == "unsolvable" {
        return Ok(KnownOptimum(None));
    }
    text.parse()
        .map(|moves| KnownOptimum(Some(moves)))
        .map_err(|_| format!("expected a number of moves or `unsolvable`, found `{text}`"))
}

fn run(args: &Args, console: &Console) -> Result<u8, CommandError> {
    let job = CheckJob {
        puzzle: args.puzzle.as_deref(),
        answer: args.answer.as_deref(),
        goal: args.goal.as_deref(),
        batch: args.batch.as_deref(),
        json: args.json.as_ref(),
        junit: args.junit.as_ref(),
        options: options(args),
        format: args.format,
        pdb_dir: (!args.no_pdb).then(|| crate::common::cache_dir(args.pdb_dir.as_deref())),
        input_timeout: args.input_timeout,
    };
    check(&job, console)
}

/// The checker's options from the flags.
fn options(args: &Args) -> CheckOptions {
    CheckOptions {
        format: args.answer_format.forced(),
        strict: args.strict,
        api: args.api,
        moves: args.moves,
        budget: args.budget,
        max_findings: args.max_findings.max(1),
        optimum: args.optimum.map(|known| known.0),
    }
}
