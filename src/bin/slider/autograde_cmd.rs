//! `slider autograde`: grade Java Board/Solver submissions as the course does.

use std::fs::File;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use slider::autograde::java::Jdk;
use slider::autograde::{Category, Options, Report, Toolkit, Variant, autograde};
use slider::exit_code;
use slider::present::autograde as present;
use slider::run::Harness;
use slider::run::process::{Limits, Memory};
use slider::run::sandbox::{SandboxMode, UserMode};

use crate::common::{fail, report_error};

/// Arguments of `slider autograde`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  slider autograde fixtures/autograde/reference
  slider autograde --api princeton --json report.json path/to/submission
  slider autograde --batch submissions/ --csv scores.csv
  slider autograde --gradescope-bundle autograder.zip

A submission is a folder or a .zip file holding Board.java and Solver.java
at any depth (the shallowest of each is graded; a `package` line is
handled; --batch takes every sub-folder and .zip of DIR). Student
code never runs outside a JVM under limits: see the README's autograder
section for the threat model. Exit status: 0 when every submission passes
every graded test, 1 when one does not, 2 on a usage or setup error.")]
pub struct AutogradeArgs {
    /// The spec variant to grade against (`auto`: whichever API the classes
    /// match best).
    #[arg(long, value_enum, default_value_t = ApiArg::Auto)]
    api: ApiArg,
    /// Compile and run against this algs4.jar instead of slider's stand-ins.
    #[arg(long, value_name = "JAR")]
    algs4: Option<PathBuf>,
    /// Run only these categories (comma-separated; compilation always runs).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "CATEGORY")]
    only: Vec<Category>,
    /// Console output: the course-style report, JSON, or GitHub Actions
    /// annotations and the report.
    #[arg(long, value_enum, default_value_t = FormatArg::Human)]
    format: FormatArg,
    /// Write the stable JSON report (all submissions).
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write `JUnit` XML (all submissions).
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Write Gradescope's results.json (one submission).
    #[arg(long, value_name = "FILE")]
    gradescope: Option<PathBuf>,
    /// Write a Gradescope autograder to FILE (a .zip with this slider,
    /// `setup.sh` and `run_autograder`) and exit; no submission is graded.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["submissions", "batch"])]
    gradescope_bundle: Option<PathBuf>,
    /// Write a CSV table of scores (one row per submission).
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Grade every sub-folder and .zip file of DIR as a submission (one per
    /// student).
    #[arg(long, value_name = "DIR")]
    batch: Option<PathBuf>,
    /// JVMs run at once, 1 to 64 (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: Option<u64>,
    /// Seed of the random boards (the same seed, the same tests).
    #[arg(long, default_value_t = 2026, value_name = "N")]
    seed: u64,
    /// Seconds one operation may take before it counts as an infinite loop
    /// (the course's limit per puzzle is 5 s).
    #[arg(long, default_value = "5", value_name = "SECS", value_parser = crate::common::parse_seconds)]
    trial_timeout: Duration,
    /// Memory per JVM, in MiB of resident memory (at least 512).
    #[arg(long, default_value_t = 1536, value_name = "MIB", value_parser = clap::value_parser!(u64).range(512..=1 << 20))]
    memory: u64,
    /// As root, run each JVM as an unprivileged uid of its own (`auto`).
    #[arg(long, value_enum, default_value_t = UserMode::Auto)]
    user: UserMode,
    /// Run every JVM inside bubblewrap (`auto`: when it works here).
    #[arg(long, value_enum, default_value_t = SandboxMode::Auto)]
    sandbox: SandboxMode,
    /// The submissions: folders or .zip files holding Board.java and
    /// Solver.java.
    #[arg(value_name = "SUBMISSION", required_unless_present_any = ["batch", "gradescope_bundle"])]
    submissions: Vec<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ApiArg {
    Auto,
    Coursera,
    Princeton,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    Human,
    Json,
    Github,
}

/// Runs the command; returns the exit code.
pub fn run(args: &AutogradeArgs) -> u8 {
    if let Some(out) = &args.gradescope_bundle {
        let written = std::env::current_exe()
            .and_then(|exe| slider::autograde::gradescope::bundle(out, &exe));
        return match written {
            Ok(()) => exit_code::SUCCESS,
            Err(e) => fail(&format!("cannot write {}: {e}", out.display())),
        };
    }
    let submissions = match submissions(args) {
        Ok(submissions) => submissions,
        Err(code) => return code,
    };
    let options = match options(args) {
        Ok(options) => options,
        Err(code) => return code,
    };
    let mut files = Vec::new();
    for path in [&args.json, &args.junit, &args.gradescope, &args.csv]
        .into_iter()
        .flatten()
    {
        match File::create(path) {
            Ok(file) => files.push((path.clone(), file)),
            Err(e) => return fail(&format!("cannot write {}: {e}", path.display())),
        }
    }
    let toolkit = match Toolkit::build(&options) {
        Ok(toolkit) => toolkit,
        Err(e) => return fail(&e.to_string()),
    };
    let mut reports: Vec<Report> = Vec::new();
    for submission in &submissions {
        let progress = progress_bar();
        progress.set_message(submission.display().to_string());
        let report = autograde(submission, &toolkit, &options, &|test| {
            progress.set_message(test.id.clone());
            progress.inc(1);
        });
        progress.finish_and_clear();
        let mut out = std::io::stdout().lock();
        match args.format {
            FormatArg::Human => {
                let _ = write!(out, "{}", present::human(&report, true));
            }
            FormatArg::Github => {
                let _ = write!(out, "{}", present::github(&report));
                let _ = write!(out, "{}", present::human(&report, true));
            }
            FormatArg::Json => {}
        }
        if submissions.len() > 1 && args.format != FormatArg::Json {
            let _ = writeln!(out);
        }
        reports.push(report);
    }
    if args.format == FormatArg::Json {
        let _ = write!(std::io::stdout().lock(), "{}", present::json(&reports));
    } else if reports.len() > 1 {
        let _ = write!(std::io::stdout().lock(), "{}", present::csv(&reports));
    }
    let code = if reports.iter().all(|r| r.score().0 >= 100.0) {
        exit_code::SUCCESS
    } else {
        exit_code::FAILURE
    };
    write_reports(args, files, &reports).unwrap_or(code)
}

/// The submissions named and found by `--batch`, each checked to be a
/// folder or a `.zip`.
fn submissions(args: &AutogradeArgs) -> Result<Vec<PathBuf>, u8> {
    let mut submissions = args.submissions.clone();
    if let Some(batch) = &args.batch {
        match std::fs::read_dir(batch) {
            Ok(entries) => {
                let mut found: Vec<PathBuf> = entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.is_dir() || is_zip(p))
                    .collect();
                found.sort();
                submissions.extend(found);
            }
            Err(e) => return Err(fail(&format!("cannot read {}: {e}", batch.display()))),
        }
    }
    if submissions.is_empty() {
        return Err(fail("no submission to grade"));
    }
    for submission in &submissions {
        if !submission.is_dir() && !is_zip(submission) {
            return Err(fail(&format!(
                "{}: not a folder or a .zip file (a submission holds Board.java and Solver.java)",
                submission.display()
            )));
        }
    }
    if args.gradescope.is_some() && submissions.len() != 1 {
        return Err(fail(
            "--gradescope writes one submission's results: give exactly one",
        ));
    }
    Ok(submissions)
}

/// The library's options from the arguments: the JDK, the sandbox, the
/// limits of every JVM.
fn options(args: &AutogradeArgs) -> Result<Options, u8> {
    let java_home = std::env::var_os("JAVA_HOME").map(PathBuf::from);
    let jdk = Jdk::find(java_home.as_deref(), std::env::var_os("PATH").as_deref())
        .map_err(|why| fail(&why))?;
    let (uid_base, bwrap, env) = crate::common::isolation(args.user, args.sandbox, &[])?;
    let harness = Harness {
        limits: Limits {
            wall: Duration::from_secs(60),
            cpu: Some(Duration::from_secs(60)),
            memory: Memory::Resident(args.memory << 20),
            max_output: 16 << 20,
            processes: 256,
            file_size: 16 << 20,
        },
        uid_base,
        env,
        bwrap,
        hide: Vec::new(),
        scratch: std::env::temp_dir(),
    };
    Ok(Options {
        variant: match args.api {
            ApiArg::Auto => None,
            ApiArg::Coursera => Some(Variant::Coursera),
            ApiArg::Princeton => Some(Variant::Princeton),
        },
        only: args.only.clone(),
        jdk,
        algs4: args
            .algs4
            .as_ref()
            .map(|p| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())),
        harness,
        jobs: args.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            |j| j as usize,
        ),
        seed: args.seed,
        trial_time: args.trial_timeout,
    })
}

/// Writes the report files opened before grading; `Some(exit code)` when
/// one could not be written.
fn write_reports(
    args: &AutogradeArgs,
    files: Vec<(PathBuf, File)>,
    reports: &[Report],
) -> Option<u8> {
    let mut failed = None;
    for (path, mut file) in files {
        let text = if Some(&path) == args.json.as_ref() {
            present::json(reports)
        } else if Some(&path) == args.junit.as_ref() {
            present::junit(reports)
        } else if Some(&path) == args.gradescope.as_ref() {
            present::gradescope(&reports[0])
        } else {
            present::csv(reports)
        };
        if let Err(e) = file.write_all(text.as_bytes()) {
            report_error(&format!("cannot write {}: {e}", path.display()));
            failed = Some(exit_code::ERROR);
        }
    }
    failed
}

/// A regular file named `*.zip`.
fn is_zip(path: &std::path::Path) -> bool {
    path.is_file()
        && path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

/// A spinner with the test being run, on a terminal only.
fn progress_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {pos} tests done, {msg}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}
