//! `slider-check PUZZLE ANSWER`: replays a submitted answer, proves it legal
//! and optimal, or points at the first wrong line.
//!
//! Exit codes: 0 accepted, 1 rejected, 2 usage error, bad or unreadable
//! puzzle, goal or answer, 3 legal but optimality unproven.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[path = "../common/mod.rs"]
mod common;

use clap::Parser;
use common::{ColorWhen, fail};
use slider::check::files::{Checked, Files, ProofDatabases, check_files};
use slider::check::{CheckOptions, FormatChoice, MoveMeaning, Verdict};
use slider::course::Api;
use slider::exit_code;
use slider::format::names::display_name;
use slider::present::ConsoleFormat;
use slider::present::check as render;

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
    /// With --batch: write every pair's JSON report to FILE.
    #[arg(long, value_name = "FILE", requires = "batch")]
    json: Option<PathBuf>,
    /// With --batch: write `JUnit` XML to FILE, a test case per pair.
    #[arg(long, value_name = "FILE", requires = "batch")]
    junit: Option<PathBuf>,
    /// Read the answer as this format instead of detecting it.
    #[arg(long, value_enum, default_value_t = FormatChoice::Auto)]
    answer_format: FormatChoice,
    /// Also require the course client's byte-exact output.
    #[arg(long)]
    strict: bool,
    /// Which unsolvable message to require (default: either).
    #[arg(long, value_enum, default_value_t = Api::Any)]
    api: Api,
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
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = common::parse_seconds)]
    input_timeout: Duration,
    /// When to colour the text output (`NO_COLOR` is honoured under `auto`).
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
}

fn main() -> ExitCode {
    let args = match common::parse_args::<Args>() {
        Ok(args) => args,
        Err(code) => return ExitCode::from(code),
    };
    args.color.apply();
    ExitCode::from(run(&args))
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

fn run(args: &Args) -> u8 {
    let options = options(args);
    let open = |goal: &slider::search::Goal| open_proof_pdb(args, goal);
    let dbs = ProofDatabases::new(&open);
    let (Some(puzzle), Some(answer)) = (&args.puzzle, &args.answer) else {
        return match &args.batch {
            Some(manifest) => batch(args, manifest, &options, &dbs),
            None => fail("give a PUZZLE and an ANSWER, or --batch MANIFEST"),
        };
    };
    let files = Files {
        puzzle,
        answer,
        goal: args.goal.as_deref(),
    };
    let Checked { puzzle, report } = match check_files(files, &options, args.input_timeout, &dbs) {
        Ok(checked) => checked,
        Err(e) => return common::input_failed(&e),
    };
    let (puzzle_name, answer_name) = (display_name(files.puzzle), display_name(files.answer));
    let text = render::console(&report, args.format, &puzzle_name, &answer_name);
    // Human text goes through anstream, which strips colour when it is off.
    let written = match args.format {
        ConsoleFormat::Human => write!(anstream::stdout(), "{text}"),
        _ => write!(io::stdout().lock(), "{text}"),
    };
    if let Err(e) = written
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        return fail(&format!("cannot write the report: {e}"));
    }
    if report.verdict == Verdict::Unproven && files.goal.is_none() {
        suggest_stronger(puzzle.size(), dbs.opened(puzzle.size()));
    }
    // A refuted --optimum is the caller's mistake, not the answer's.
    if report
        .findings
        .iter()
        .any(|f| matches!(f.kind, slider::check::FindingKind::GivenOptimumWrong { .. }))
    {
        return exit_code::ERROR;
    }
    report.verdict.exit_code()
}

/// The databases for a proof by search on 4x4 or 5x5 (none with
/// `--no-pdb`): 7-8 or 6-6-6-6 when cached, else 6-6-3 for 4x4, built on
/// first use in seconds. A 5x5 build takes minutes and is never started
/// here: the warning says how.
fn open_proof_pdb(
    args: &Args,
    goal: &slider::search::Goal,
) -> Option<slider::search::pdb::PatternDatabase> {
    if args.no_pdb {
        return None;
    }
    let dir = slider::search::pdb::cache_dir(args.pdb_dir.as_deref());
    common::open_pdb(goal, slider::search::pdb::Choice::Best, &dir, false)
        .map_err(|e| {
            let _ = writeln!(
                anstream::stderr(),
                "warning: pattern databases unavailable ({e}); proving with linear conflict"
            );
        })
        .ok()
}

/// After a proof ran out of budget with databases weaker than the size's
/// strongest (6-6-3 on 4x4): says how to get the stronger ones.
fn suggest_stronger(n: usize, used: Option<&slider::search::pdb::PatternDatabase>) {
    if let Some(pdb) = used
        && let Some(strong) = slider::search::pdb::Kind::strongest(n)
        && let Some(kind) = pdb.kind()
        && kind != strong
    {
        let _ = writeln!(
            anstream::stderr(),
            "{}",
            slider::present::pdb::unproven_note(kind, strong)
        );
    }
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

/// `--batch MANIFEST`: every pair checked, a line each, then the counts
/// (or the JSON on standard output with `--format json`), and the report
/// files.
fn batch(
    args: &Args,
    manifest: &std::path::Path,
    options: &CheckOptions,
    dbs: &ProofDatabases<'_>,
) -> u8 {
    use slider::check::batch::{check_pairs, read_pairs};
    let pairs = match read_pairs(manifest, args.input_timeout) {
        Ok(pairs) => pairs,
        Err(e) => return fail(&e),
    };
    let files =
        match common::report_files(&[("json", args.json.as_ref()), ("junit", args.junit.as_ref())])
        {
            Ok(files) => files,
            Err(code) => return code,
        };
    let base = manifest.parent().unwrap_or(std::path::Path::new("."));
    let json = args.format == ConsoleFormat::Json;
    let outcomes = check_pairs(
        base,
        &pairs,
        options,
        args.input_timeout,
        dbs,
        &mut |outcome| {
            if !json {
                let _ = writeln!(anstream::stdout(), "{}", render::batch_line(outcome));
            }
        },
    );
    let name = manifest.display().to_string();
    let text = if json {
        render::batch_json(&outcomes)
    } else {
        format!("{}\n", render::batch_summary(&outcomes))
    };
    let _ = write!(io::stdout().lock(), "{text}");
    let written = common::write_reports(files, &|kind| match kind {
        "json" => render::batch_json(&outcomes),
        _ => render::batch_junit(&outcomes, &name),
    });
    let [_, rejected, unproven, errors] = render::batch_counts(&outcomes);
    if errors > 0 || !written {
        exit_code::ERROR
    } else if rejected > 0 {
        exit_code::FAILURE
    } else if unproven > 0 {
        exit_code::UNPROVEN
    } else {
        exit_code::SUCCESS
    }
}
