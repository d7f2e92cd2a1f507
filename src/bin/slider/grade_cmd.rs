//! `slider grade`: run a submission over a suite and report.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use slider::exit_code;
use slider::grade::run::{Limits, Outcome, Submission};
use slider::grade::{report, run_suite, suite};

use crate::common::ApiArg;
use crate::common::report_error;

/// Arguments of `slider grade`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  slider grade --suite fixtures/course -- java -cp build Solver {}
  slider grade --suite fixtures/course --timeout 10 --json report.json -- python3 solver.py {}
  slider grade --suite fixtures/puzzles -- ./target/release/slider solve {}

`{}` must be a whole argument: it is replaced by the puzzle file's path
(`--file={}` is passed as written). The program's standard output is judged
as the course client's output, a move string or a move count.")]
pub struct GradeArgs {
    /// The folder of puzzle files (with an optional `slider-suite.txt`).
    #[arg(long, value_name = "DIR")]
    suite: PathBuf,
    /// Puzzles run at once (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..1025))]
    jobs: Option<u64>,
    /// Wall-clock seconds per puzzle.
    #[arg(long, default_value = "5", value_name = "SECS", value_parser = crate::common::parse_seconds)]
    timeout: Duration,
    /// Address-space limit (virtual memory, `ulimit -v`) of each process a
    /// run starts, in MiB.
    #[arg(long, default_value_t = 2048, value_name = "MB")]
    memory: u64,
    /// Output cap per run, in MiB; past it the run fails.
    #[arg(long, default_value_t = 64, value_name = "MB")]
    max_output: u64,
    /// Skip puzzles whose file name contains this text (repeatable).
    #[arg(long, value_name = "TEXT")]
    exclude: Vec<String>,
    /// Node budget for optima slider must prove itself.
    #[arg(long, default_value_t = 5_000_000, value_name = "NODES")]
    budget: u64,
    /// Which unsolvable message to require (default: either).
    #[arg(long, value_enum, default_value_t = ApiArg::Any)]
    api: ApiArg,
    /// Write the full result as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write `JUnit` XML.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Write Gradescope's results.json.
    #[arg(long, value_name = "FILE")]
    gradescope: Option<PathBuf>,
    /// Console output: a table, or GitHub Actions annotations and the table.
    #[arg(long, value_enum, default_value_t = FormatArg::Human)]
    format: FormatArg,
    /// The program and its arguments; an argument that is exactly `{}`
    /// stands for the puzzle's path.
    #[arg(last = true, required = true, value_name = "PROGRAM ARGS... {}")]
    command: Vec<OsString>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum FormatArg {
    Human,
    Github,
}

/// Runs the command; returns the exit code.
pub fn run(args: &GradeArgs) -> u8 {
    let Some((program, rest)) = args.command.split_first() else {
        report_error("no program to grade: give it after `--`");
        return exit_code::ERROR;
    };
    let suite = match suite::load(&args.suite, &args.exclude, args.budget) {
        Ok(suite) => suite,
        Err(e) => {
            report_error(&e.to_string());
            return exit_code::ERROR;
        }
    };
    let submission = Submission {
        program: program.clone(),
        args: rest.to_vec(),
    };
    let limits = Limits {
        timeout: args.timeout,
        memory_mb: args.memory,
        max_output: args.max_output << 20,
    };
    let api = args.api.api();
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |jobs| jobs as usize,
    );
    let progress = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(suite.entries.len() as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let results = run_suite(&suite, &submission, &limits, api, jobs, &|result| {
        progress.set_message(result.name.clone());
        progress.inc(1);
    });
    progress.finish_and_clear();
    let suite_name = args.suite.display().to_string();
    let program_name = args
        .command
        .iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    let files = [
        (
            &args.json,
            report::json(&results, &suite_name, &program_name),
        ),
        (&args.junit, report::junit(&results, &suite_name)),
        (&args.gradescope, report::gradescope(&results)),
    ];
    for (path, text) in files {
        if let Some(path) = path
            && let Err(e) = std::fs::write(path, text)
        {
            report_error(&format!("cannot write {}: {e}", path.display()));
            return exit_code::ERROR;
        }
    }
    let mut out = std::io::stdout().lock();
    if matches!(args.format, FormatArg::Github) {
        let _ = write!(out, "{}", report::github(&results, &suite_name));
    }
    let _ = write!(out, "{}", report::table(&results, true));
    for result in results
        .iter()
        .filter(|r| r.outcome != Outcome::Passed && !r.detail.is_empty())
    {
        let _ = writeln!(
            out,
            "{}: {}: {}",
            result.name,
            result.outcome.name(),
            result.detail
        );
    }
    if results.iter().all(|r| r.outcome == Outcome::Passed) {
        exit_code::SUCCESS
    } else {
        exit_code::FAILURE
    }
}
