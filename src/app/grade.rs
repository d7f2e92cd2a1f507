//! `slider grade`: a program run over a suite of puzzles, under limits.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::{CommandError, Console};
use crate::course::Api;
use crate::exit_code;
use crate::grade::outcome::Outcome;
use crate::grade::{Submission, run_suite, suite};
use crate::present::ConsoleFormat;
use crate::present::grade::{self as report, GradeFile};
use crate::run::process::Limits;
use crate::run::sandbox::{SandboxMode, Setup, UserMode};

/// What `slider grade` was asked to do.
#[derive(Debug)]
pub struct GradeJob<'a> {
    /// The folder of puzzle files.
    pub suite: &'a Path,
    /// Puzzles whose file name holds one of these are skipped.
    pub exclude: &'a [String],
    /// The node budget for optima slider proves itself.
    pub budget: u64,
    /// The program and its arguments (`{}`: the puzzle's path).
    pub command: &'a [OsString],
    /// Every test's limits.
    pub limits: Limits,
    /// Whose uid runs the tests, as root.
    pub user: UserMode,
    /// Whether bubblewrap is used.
    pub sandbox: SandboxMode,
    /// Environment variables passed through to the program.
    pub pass_env: &'a [String],
    /// Tests run at once (`None`: every core).
    pub jobs: Option<u64>,
    /// Which API's unsolvable message is required (`None`: either).
    pub api: Option<Api>,
    /// The console output.
    pub format: ConsoleFormat,
    /// The JSON report file.
    pub json: Option<&'a PathBuf>,
    /// The `JUnit` XML file.
    pub junit: Option<&'a PathBuf>,
    /// Gradescope's results.json.
    pub gradescope: Option<&'a PathBuf>,
    /// The process's surroundings: the program is found from its working
    /// folder and `PATH`, and the passed-through variables read there.
    pub context: &'a crate::context::Context,
}

/// Grades the program over the suite and reports; returns the exit code
/// (0 every test passed, 1 one failed, 2 a test could not be graded, the
/// suite changed or a file could not be written).
///
/// # Errors
///
/// No program, a suite that cannot be read, a report file that cannot be
/// opened or written, a harness that cannot be set up; after the
/// report: tests that could not be graded, or a suite changed while graded.
pub fn grade(job: &GradeJob<'_>, console: &Console) -> Result<u8, CommandError> {
    let Some((program, rest)) = job.command.split_first() else {
        return Err(CommandError::from(
            "no program to grade: give it after `--`",
        ));
    };
    let suite = suite::load(job.suite, job.exclude, job.budget).map_err(|e| e.to_string())?;
    for (name, why) in &suite.skipped {
        console.status(&format!(
            "note: skipped {}: {why}",
            crate::format::visible(name.as_bytes(), false)
        ));
    }
    // Every report file is opened before the first test: a bad path costs
    // nothing but this message.
    let files = super::services::report_files(&[
        (GradeFile::Json, job.json),
        (GradeFile::Junit, job.junit),
        (GradeFile::Gradescope, job.gradescope),
    ])?;
    let suite_dir = std::fs::canonicalize(job.suite).unwrap_or_else(|_| job.suite.to_path_buf());
    let setup = Setup::new(
        job.context,
        job.limits,
        job.user,
        job.sandbox,
        job.pass_env,
        vec![suite_dir],
    );
    let harness = super::services::harness(console, setup)?;
    let submission = Submission {
        program: program.clone(),
        args: rest.to_vec(),
    }
    .resolved(&job.context.cwd);
    let before = suite::fingerprint(job.suite);
    let progress = console.progress(
        Some(suite.entries.len() as u64),
        "{bar:40} {pos}/{len} {msg}",
    );
    console.watch_signals(harness.scratch.clone());
    let jobs = crate::run::jobs(job.jobs);
    let results = run_suite(&suite, &submission, &harness, job.api, jobs, &|result| {
        progress.set_message(crate::format::visible(result.name.as_bytes(), false));
        progress.inc(1);
    });
    progress.finish_and_clear();
    console.wait_if_interrupted();
    let tampered = before.ok() != suite::fingerprint(job.suite).ok();

    // The console first: nothing below can lose it.
    let suite_name = job.suite.display().to_string();
    let program: Vec<_> = job.command.iter().map(|a| a.to_string_lossy()).collect();
    let program = program.join(" ");
    console.print(&report::console(
        &results,
        job.format,
        &suite_name,
        &program,
    ));

    let mut void = Vec::new();
    if results.iter().any(|r| r.outcome.is_grader_fault()) {
        void.push("some tests could not be graded (harness or suite errors above)".to_string());
    }
    if tampered {
        void.push(format!(
            "the suite {} changed while it was graded: a submission wrote to it; the results are void",
            job.suite.display()
        ));
    }
    match super::services::write_reports(files, &|kind| {
        report::report_file(kind, &results, &suite_name, &program)
    }) {
        Ok(()) => {}
        Err(CommandError::Many(unwritten)) => void.extend(unwritten),
        Err(other) => void.push(other.to_string()),
    }
    if !void.is_empty() {
        return Err(CommandError::Many(void));
    }
    Ok(if results.iter().all(|r| r.outcome == Outcome::Passed) {
        exit_code::SUCCESS
    } else {
        exit_code::FAILURE
    })
}
