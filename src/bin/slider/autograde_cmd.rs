//! `slider autograde`: grade Java Board/Solver submissions as the course does.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use slider::app::Console;
use slider::app::autograde::{Grading, Outputs, Shard, grade_all};
use slider::autograde::{Category, Settings};
use slider::course::{Api, Edition};
use slider::exit_code;
use slider::present::ConsoleFormat;
use slider::present::autograde as present;
use slider::run::sandbox::{SandboxMode, UserMode};

/// Arguments of `slider autograde`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  slider autograde fixtures/autograde/reference
  slider autograde --api princeton --json report.json path/to/submission
  slider autograde --batch submissions/ --csv scores.csv
  slider autograde --compare-report report.txt path/to/submission
  slider autograde --gradescope-bundle autograder.zip -- --api princeton --max-score 40 \
      --gradescope-visibility timing=after_due_date

A cluster grades a batch in shards, then joins them:
  slider autograde --batch subs/ --shard 2/8 --out-dir out/   (on 8 machines)
  slider autograde merge out/ --csv scores.csv --json all.json --html pages/

A submission is a folder or a .zip file holding Board.java and Solver.java
at any depth (the shallowest of each is graded; a `package` line is
handled; --batch takes every sub-folder and .zip of DIR). Student
code never runs outside a JVM under limits: see the README's autograder
section for the threat model. Exit status: 0 when every submission passes
every graded test, 1 when one does not, 2 on a usage or setup error.")]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct AutogradeArgs {
    #[command(subcommand)]
    command: Option<AutogradeCommand>,
    /// The API to grade against (`any`: whichever the classes match best).
    #[arg(long, value_enum, default_value_t = Api::Any)]
    api: Api,
    /// The course autograder's edition, by its number of correctness tests.
    #[arg(long, value_enum, default_value_t = Edition::E52)]
    edition: Edition,
    /// Compile and run against this algs4.jar instead of slider's stand-ins.
    #[arg(long, value_name = "JAR")]
    algs4: Option<PathBuf>,
    /// Run only these categories (comma-separated; compilation always runs).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "CATEGORY")]
    only: Vec<Category>,
    /// Console output: the course-style report, JSON, or GitHub Actions
    /// annotations and the report.
    #[arg(long, value_enum, default_value_t = ConsoleFormat::Human)]
    format: ConsoleFormat,
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
    /// The flags after `--` are baked in: every submission is graded with
    /// them.
    #[arg(long, value_name = "FILE", conflicts_with = "batch")]
    gradescope_bundle: Option<PathBuf>,
    /// What the whole autograder is worth in Gradescope's results.json; each
    /// test gets its share of its category's weight.
    #[arg(long, default_value_t = 100.0, value_name = "POINTS", value_parser = parse_points)]
    max_score: f64,
    /// When students see a category's tests on Gradescope, as
    /// CATEGORY=WHEN (WHEN: `visible`, `hidden`, `after_due_date`,
    /// `after_published`); repeat or separate with commas.
    #[arg(long, value_name = "CATEGORY=WHEN", value_delimiter = ',', value_parser = present::gradescope::parse_visibility)]
    gradescope_visibility: Vec<(Category, present::gradescope::Visibility)>,
    /// Write GitHub Classroom's grading reporter input to DIR (one
    /// submission): CATEGORY.json for each category graded, each worth its
    /// share of --max-score (see action.yml).
    #[arg(long, value_name = "DIR")]
    classroom: Option<PathBuf>,
    /// Write a CSV table of scores (one row per submission).
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Write every report in Markdown: the summary, then each failed test
    /// with its inputs, boards, values and hint (for a GitHub job summary,
    /// `$GITHUB_STEP_SUMMARY`).
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Grade every sub-folder and .zip file of DIR as a submission (one per
    /// student).
    #[arg(long, value_name = "DIR")]
    batch: Option<PathBuf>,
    /// With --batch and --out-dir: grade only the I-th of N shares of the
    /// batch (every N-th submission from the I-th, by name), for a cluster
    /// (see `slider autograde merge`).
    #[arg(long, value_name = "I/N", requires_all = ["batch", "out_dir"])]
    shard: Option<Shard>,
    /// Write each submission's report to DIR as it is graded: NAME.txt (the
    /// course-style report) and NAME.json, NAME the submission's folder or
    /// .zip name.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Write each submission's report as a web page, DIR/NAME.html, and
    /// with several submissions the class page, DIR/index.html.
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// Compare the report with the course's own report of the same code
    /// (its text; one submission).
    #[arg(long, value_name = "REPORT")]
    compare_report: Option<PathBuf>,
    /// With --batch: compare each submission that holds a `report.txt` (the
    /// course's report of it) with it, and print the agreement.
    #[arg(long, requires = "batch")]
    compare_reports: bool,
    /// After each report, print on standard error where its time went: each
    /// phase (compile, api, plan, each kind of JVM, judge) with its wall
    /// and CPU time (the JSON report always has them, as `profile`).
    #[arg(long)]
    profile: bool,
    /// Compile slider's probe and stand-ins into the cache (beside the
    /// pattern databases') and exit: the runs that follow on this machine
    /// or image start from them (a Gradescope bundle's setup does this).
    #[arg(long, conflicts_with_all = ["batch", "gradescope_bundle", "submissions"])]
    prepare: bool,
    /// JVMs run at once, 1 to 64 (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: Option<u64>,
    /// Seed of the random boards (the same seed, the same tests).
    #[arg(long, default_value_t = 2026, value_name = "N")]
    seed: u64,
    /// CPU seconds one correctness or memory operation may take, over every
    /// thread it starts (timing puzzles get the course's 5 s).
    #[arg(long, default_value = "5", value_name = "SECS", value_parser = crate::common::parse_seconds)]
    trial_timeout: Duration,
    /// The CPU seconds one submission's autograde may use, over every
    /// process it starts (javac and the JVMs): a slow or crowded machine
    /// does not use them up.
    #[arg(long, default_value = "120", value_name = "SECS", value_parser = crate::common::parse_seconds)]
    time_limit: Duration,
    /// The wall-clock seconds one submission's autograde may take, for
    /// code that waits rather than computes (default: twice --time-limit,
    /// divided by the container's CPU share when under one CPU: 480 s with
    /// half a CPU).
    #[arg(long, value_name = "SECS", value_parser = crate::common::parse_seconds)]
    wall_limit: Option<Duration>,
    /// Memory per JVM, in MiB of resident memory (the timing JVM's heap is
    /// three quarters of it). In a container with a memory limit (a cgroup:
    /// Gradescope, Docker, Kubernetes, Slurm), less when the JVMs would not
    /// fit, and fewer JVMs at once than --jobs when the CPU share is less.
    #[arg(long, default_value_t = 3072, value_name = "MIB", value_parser = clap::value_parser!(u64).range(512..=1 << 20))]
    memory: u64,
    /// As root, run each JVM as an unprivileged uid of its own (`auto`).
    #[arg(long, value_enum, default_value_t = UserMode::Auto)]
    user: UserMode,
    /// Run every JVM inside bubblewrap (`auto`: when it works here).
    #[arg(long, value_enum, default_value_t = SandboxMode::Auto)]
    sandbox: SandboxMode,
    /// The submissions: folders or .zip files holding Board.java and
    /// Solver.java. With --gradescope-bundle, the flags to bake in, after
    /// `--`.
    #[arg(value_name = "SUBMISSION", required_unless_present_any = ["batch", "gradescope_bundle", "prepare"])]
    submissions: Vec<PathBuf>,
}

/// What `slider autograde` does besides grading.
#[derive(Debug, clap::Subcommand)]
enum AutogradeCommand {
    /// Join the shards of a batch (`--shard I/N --out-dir DIR`) into one
    /// CSV, one JSON and one class page; a shard or a submission missing or
    /// there twice is an error (exit 2).
    Merge(MergeArgs),
}

/// Arguments of `slider autograde merge`.
#[derive(Debug, Args)]
struct MergeArgs {
    /// The shards' --out-dir folders (several shards may share one).
    #[arg(value_name = "OUT_DIR", required = true)]
    dirs: Vec<PathBuf>,
    /// Write the CSV table of scores.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Write the JSON report of every submission.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write the class page, DIR/index.html, and each student's page
    /// beside it.
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
}

/// Runs the command; returns the exit code.
pub fn run(args: &AutogradeArgs) -> u8 {
    let console = crate::common::console();
    if let Some(AutogradeCommand::Merge(merge)) = &args.command {
        let outputs = slider::app::merge::MergeOutputs {
            csv: merge.csv.clone(),
            json: merge.json.clone(),
            html: merge.html.clone(),
        };
        return slider::app::merge::merge(&merge.dirs, &outputs, &console);
    }
    if let Some(out) = &args.gradescope_bundle {
        let baked: Vec<String> = args
            .submissions
            .iter()
            .map(|flag| flag.to_string_lossy().into_owned())
            .collect();
        return gradescope_bundle(out, &baked, &console);
    }
    let container = slider::run::container::Container::of_this_process();
    let settings = Settings {
        api: args.api,
        edition: args.edition,
        only: args.only.clone(),
        algs4: args.algs4.clone(),
        seed: args.seed,
        fresh_seed: slider::generate::fresh_seed(),
        trial_cpu: args.trial_timeout,
        cpu_cap: args.time_limit,
        wall_cap: args
            .wall_limit
            .unwrap_or_else(|| Settings::wall_backstop(args.time_limit, &container)),
    };
    let grading = Grading {
        settings,
        jobs: args.jobs,
        memory: args.memory << 20,
        user: args.user,
        sandbox: args.sandbox,
        container,
        cache: Some(crate::common::cache_dir(None).join("autograde")),
        context: crate::common::context(),
    };
    if args.prepare {
        return slider::app::autograde::prepare(&grading, &console);
    }
    let outputs = Outputs {
        format: args.format,
        json: args.json.clone(),
        junit: args.junit.clone(),
        gradescope: args.gradescope.clone(),
        classroom: args.classroom.clone(),
        csv: args.csv.clone(),
        markdown: args.markdown.clone(),
        out_dir: args.out_dir.clone(),
        html: args.html.clone(),
        compare_report: args.compare_report.clone(),
        compare_reports: args.compare_reports,
        max_score: args.max_score,
        visibility: args.gradescope_visibility.clone(),
        profile: args.profile,
    };
    let batch = args.batch.as_deref();
    grade_all(
        &args.submissions,
        batch,
        args.shard,
        &grading,
        &outputs,
        &console,
    )
}

/// `--gradescope-bundle OUT -- FLAGS`: the flags are checked as
/// `slider autograde` would take them on Gradescope, then the bundle is
/// written and what to do with it is said.
fn gradescope_bundle(out: &std::path::Path, flags: &[String], console: &Console) -> u8 {
    #[derive(Debug, clap::Parser)]
    struct Baked {
        #[command(flatten)]
        args: AutogradeArgs,
    }
    if let Some(flag) = slider::autograde::gradescope::refused_flag(flags) {
        return console.fail(&format!(
            "{flag} cannot be baked into a Gradescope bundle: it grades /autograder/submission into results.json"
        ));
    }
    let trial = std::iter::once("slider autograde".to_string())
        .chain(flags.iter().cloned())
        .chain(["--gradescope", "results.json", "submission"].map(String::from));
    match <Baked as clap::Parser>::try_parse_from(trial) {
        Err(e) => {
            return console.fail(&format!(
                "the flags to bake in are not valid `slider autograde` flags:\n{e}"
            ));
        }
        // every run would grade this path beside the student's submission
        Ok(baked) if baked.args.submissions.len() > 1 => {
            let stray = baked.args.submissions[0].display().to_string();
            return console.fail(&format!(
                "`{stray}` after `--` is not a flag: only flags are baked into a Gradescope bundle (each run grades /autograder/submission)"
            ));
        }
        Ok(baked) => {
            let style = present::gradescope::Style {
                max_score: baked.args.max_score,
                visibility: baked.args.gradescope_visibility.clone(),
            };
            let only = &baked.args.only;
            let graded = |c: Category| only.is_empty() || only.contains(&c);
            if let Some(category) = present::gradescope::leaks_through_the_total(&style, &graded) {
                return console.fail(&present::gradescope::hidden_refused(category));
            }
            console
                .status("grading slider's own submission as the bundle would, to check its flags");
            if let Err(short) = reference_scores_full_marks(flags, baked.args.api) {
                return console.fail(&present::gradescope::bundle_refused(&short));
            }
        }
    }
    let written = std::env::current_exe()
        .and_then(|exe| slider::autograde::gradescope::bundle(out, &exe, flags));
    match written {
        Ok(bytes) => {
            let said = present::gradescope::bundle_written(out, bytes, flags);
            console.print(&format!("{said}\n"));
            exit_code::SUCCESS
        }
        Err(e) => console.fail(&format!("cannot write {}: {e}", out.display())),
    }
}

/// Grades slider's own submission for `api` in a Gradescope root laid out
/// as the bundle with `flags` would be, by its `run_autograder`: `Err`
/// with what fell short of full marks.
fn reference_scores_full_marks(flags: &[String], api: Api) -> Result<(), Vec<String>> {
    use slider::autograde::{gradescope, java};
    let failed = |e: std::io::Error| vec![format!("cannot run the check: {e}")];
    let root = tempfile_root().map_err(failed)?;
    let submission = if api == Api::Princeton {
        java::PRINCETON_SUBMISSION
    } else {
        java::COURSERA_SUBMISSION
    };
    let exe = std::env::current_exe().map_err(failed)?;
    let ran = gradescope::stage_root(&root, &exe, flags, &submission).and_then(|()| {
        std::process::Command::new("bash")
            .arg(root.join("source/run_autograder"))
            .env("AUTOGRADER_ROOT", &root)
            .env_remove("SLIDER_AUTOGRADE_ARGS")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .output()
    });
    let results = std::fs::read_to_string(root.join("results/results.json"));
    let _ = std::fs::remove_dir_all(&root);
    let ran = ran.map_err(failed)?;
    gradescope::full_marks(&results.map_err(failed)?).map_err(|short| {
        // a run that could not grade says why on its standard error
        let said = String::from_utf8_lossy(&ran.stderr);
        match said.lines().rev().find(|l| l.starts_with("error: ")) {
            Some(line) if ran.status.success() => {
                vec![line.trim_start_matches("error: ").to_string()]
            }
            _ => short,
        }
    })
}

/// A fresh private folder for the check, in the temp folder.
fn tempfile_root() -> std::io::Result<std::path::PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    let base = std::env::temp_dir();
    for k in 0..100 {
        let dir = base.join(format!("slider-bundle-check-{}-{k}", std::process::id()));
        match std::fs::DirBuilder::new().mode(0o755).create(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other(
        "no free folder name in the temp folder",
    ))
}

/// A clap value parser for `--max-score`: a finite number above 0.
fn parse_points(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(points) if points.is_finite() && points > 0.0 && points <= 1e6 => Ok(points),
        _ => Err(format!(
            "`{text}` is not a number of points (above 0, at most 1000000)"
        )),
    }
}
