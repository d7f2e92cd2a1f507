//! `slider autograde`: Java Board/Solver submissions graded as the
//! course's autograder grades them, one or a batch.

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::autograde_batch::{Batch, shown};
use super::{CommandError, Console};
use crate::autograde::calibrate::{Comparison, CourseReport};
use crate::autograde::jdk::Jdk;
use crate::autograde::{Category, Options, Report, Settings, Toolkit, autograde};
use crate::exit_code;
use crate::present::ConsoleFormat;
use crate::present::autograde as present;
use crate::present::autograde::console::{self, ReportFile};
use crate::present::autograde::files::StudentFiles;
use crate::present::report_files::ReportFiles;
use crate::run::container::Container;
use crate::run::sandbox::{SandboxMode, Setup, UserMode};

/// How every submission is graded, and what it may use of this machine:
/// `slider autograde`'s grading flags, which the binary flattens into its
/// arguments (each flag's doc is its `--help`), and the machine the binary
/// gives it.
#[derive(Debug, Clone, clap::Args)]
pub struct Grading {
    /// What is graded and how.
    #[command(flatten)]
    pub settings: Settings,
    /// JVMs run at once, 1 to 64 (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
    pub jobs: Option<u64>,
    /// Memory per JVM, in MiB of resident memory (the timing JVM's heap is
    /// three quarters of it). In a container with a memory limit (a cgroup:
    /// Gradescope, Docker, Kubernetes, Slurm), less when the JVMs would not
    /// fit, and fewer JVMs at once than --jobs when the CPU share is less.
    #[arg(long, default_value_t = 3072, value_name = "MIB", value_parser = clap::value_parser!(u64).range(512..=1 << 20))]
    pub memory: u64,
    /// As root, run each JVM as an unprivileged uid of its own (`auto`).
    #[arg(long, value_enum, default_value_t = UserMode::Auto)]
    pub user: UserMode,
    /// Run every JVM inside bubblewrap (`auto`: when it works here).
    #[arg(long, value_enum, default_value_t = SandboxMode::Auto)]
    pub sandbox: SandboxMode,
    /// The container this runs in: the JVMs are sized and scheduled to
    /// fit (the binary reads it).
    #[arg(skip)]
    pub container: Container,
    /// Where slider's compiled Java is kept between runs (the binary
    /// chooses it).
    #[arg(skip)]
    pub cache: Option<PathBuf>,
    /// The process's surroundings (the binary's snapshot): the JDK is
    /// found from its `JAVA_HOME` or `PATH`, and scratch folders are made
    /// in its temporary folder.
    #[arg(skip)]
    pub context: crate::context::Context,
}

/// Where the reports go: `slider autograde`'s report flags, which the
/// binary flattens into its arguments (each field's doc is its `--help`).
#[derive(Debug, Clone, clap::Args)]
#[command(next_help_heading = "Reports")]
pub struct Outputs {
    /// Console output: the course-style report, JSON, or GitHub Actions
    /// annotations and the report.
    #[arg(long, value_enum, default_value_t = ConsoleFormat::Human)]
    pub format: ConsoleFormat,
    /// Write the stable JSON report (all submissions).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write `JUnit` XML (all submissions).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Write Gradescope's results.json (one submission).
    #[arg(long, value_name = "FILE")]
    pub gradescope: Option<PathBuf>,
    /// Write GitHub Classroom's grading reporter input to DIR (one
    /// submission): CATEGORY.json for each category graded, each worth its
    /// share of --max-score (see action.yml).
    #[arg(long, value_name = "DIR")]
    pub classroom: Option<PathBuf>,
    /// Write a CSV table of scores (one row per submission).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write every report in Markdown: the summary, then each failed test
    /// with its inputs, boards, values and hint (for a GitHub job summary,
    /// `$GITHUB_STEP_SUMMARY`).
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Write each submission's report to DIR as it is graded: NAME.txt (the
    /// course-style report) and NAME.json, NAME the submission's folder or
    /// .zip name.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Write each submission's report as a web page, DIR/NAME.html, and
    /// with several submissions the class page, DIR/index.html.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Compare the report with the course's own report of the same code
    /// (its text; one submission).
    #[arg(long, value_name = "REPORT")]
    pub compare_report: Option<PathBuf>,
    /// With --batch: compare each submission that holds a `report.txt` (the
    /// course's report of it) with it, and print the agreement.
    #[arg(long, requires = "batch")]
    pub compare_reports: bool,
    /// What the whole autograder is worth in Gradescope's results.json; each
    /// test gets its share of its category's weight.
    #[arg(long, default_value_t = 100.0, value_name = "POINTS", value_parser = present::gradescope::parse_points)]
    pub max_score: f64,
    /// When students see a category's tests on Gradescope, as
    /// CATEGORY=WHEN (WHEN: `visible`, `hidden`, `after_due_date`,
    /// `after_published`); repeat or separate with commas.
    #[arg(long = "gradescope-visibility", value_name = "CATEGORY=WHEN", value_delimiter = ',', value_parser = present::gradescope::parse_visibility)]
    pub visibility: Vec<(Category, present::gradescope::Visibility)>,
    /// With --batch, print each submission's full report on standard
    /// output as it is graded (without it, a line each, then the class's
    /// table; with --out-dir, the full reports are written there).
    #[arg(long, short)]
    pub verbose: bool,
    /// After each report, print on standard error where its time went: each
    /// phase (compile, api, plan, each kind of JVM, judge) with its wall
    /// and CPU time (the JSON report always has them, as `profile`).
    #[arg(long)]
    pub profile: bool,
}

/// `--shard I/N`: the I-th of N shares of a batch, every N-th submission
/// from the I-th in the batch's order (by name: every machine that reads
/// the same folder makes the same split).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which, from 1.
    pub index: usize,
    /// Of how many.
    pub of: usize,
}

impl Shard {
    /// Whether the `k`-th submission (from 0) is this shard's.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::app::autograde::Shard;
    /// let second: Shard = "2/3".parse()?;
    /// let picked: Vec<usize> = (0..8).filter(|&k| second.picks(k)).collect();
    /// assert_eq!(picked, [1, 4, 7]);
    /// assert!("0/3".parse::<Shard>().is_err() && "4/3".parse::<Shard>().is_err());
    /// # Ok::<(), String>(())
    /// ```
    #[must_use]
    pub fn picks(self, k: usize) -> bool {
        k % self.of == self.index - 1
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || {
            format!(
                "`{text}` is not a shard: I/N, with 1 <= I <= N <= 100000 (2/8: the second of eight)"
            )
        };
        let (index, of) = text.trim().split_once('/').ok_or_else(bad)?;
        let (index, of) = (
            index.trim().parse::<usize>().map_err(|_| bad())?,
            of.trim().parse::<usize>().map_err(|_| bad())?,
        );
        if index == 0 || index > of || of > 100_000 {
            return Err(bad());
        }
        Ok(Shard { index, of })
    }
}

/// Grades `submissions` (and every sub-folder and .zip of `batch`; with
/// `shard`, its share of them) and writes the reports; returns the exit
/// code (0 every submission passes every graded test, 1 one does not).
///
/// # Errors
///
/// A usage or setup error: flags that do not go together, no JDK, a
/// report file that cannot be opened or written.
pub fn grade_all(
    submissions: &[PathBuf],
    batch: Option<&Path>,
    shard: Option<Shard>,
    grading: &Grading,
    outputs: &Outputs,
    console: &Console,
) -> Result<u8, CommandError> {
    // Both are looked at, and each says what is wrong with it.
    let (submissions, options) = match (
        found(submissions, (batch, shard), outputs),
        options(grading, console),
    ) {
        (Ok(found), Ok(options)) => (found, options),
        (Err(found), Err(options)) => {
            return Err(CommandError::Many(vec![
                found.to_string(),
                options.to_string(),
            ]));
        }
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
    let style = present::gradescope::Style {
        max_score: outputs.max_score,
        visibility: outputs.visibility.clone(),
    };
    let only = &grading.settings.only;
    if outputs.gradescope.is_some()
        && let Some(category) = present::gradescope::leaks_through_the_total(&style, &|c| {
            only.is_empty() || only.contains(&c)
        })
    {
        return Err(CommandError::from(present::gradescope::hidden_refused(
            category,
        )));
    }
    let course = outputs
        .compare_report
        .as_deref()
        .map(CourseReport::read)
        .transpose()?;
    let files = super::services::report_files(&[
        (ReportFile::Json, outputs.json.as_ref()),
        (ReportFile::Junit, outputs.junit.as_ref()),
        (ReportFile::Gradescope, outputs.gradescope.as_ref()),
        (ReportFile::Csv, outputs.csv.as_ref()),
        (ReportFile::Markdown, outputs.markdown.as_ref()),
    ])?;
    console.watch_signals(options.harness.scratch.clone());
    let built = Instant::now();
    let toolkit = Toolkit::build(&options).map_err(|e| e.to_string())?;
    if outputs.profile {
        console.status(&present::profile::toolkit_built(built.elapsed()));
    }
    let per_student = StudentFiles::create(
        outputs.out_dir.as_deref(),
        outputs.html.as_deref(),
        &submissions,
    )?;
    let graded: Vec<usize> = (0..submissions.len())
        .filter(|&k| shard.is_none_or(|s| s.picks(k)))
        .collect();
    let mut reports: Vec<Report> = Vec::new();
    let mut comparisons = Vec::new();
    let display = (outputs.format, outputs.verbose);
    let progress = Batch::start(graded.len(), batch.is_some(), display, console);
    for &index in &graded {
        let submission = &submissions[index];
        // The course's report of this submission, when comparing: its own
        // edition is graded, so that the two count the same tests.
        let course = course.clone().or_else(|| {
            outputs
                .compare_reports
                .then(|| CourseReport::beside(submission))?
        });
        let options = options.for_course(course.as_ref());
        let bar = progress.submission(submission);
        let report = autograde(submission, &toolkit, &options, &|section| {
            bar.set_message(format!("{}: {}", shown(submission), section.id));
        });
        bar.finish_and_clear();
        console.wait_if_interrupted();
        progress.graded(&report);
        if report.unreadable() {
            console.say(&console::unreadable(&report));
        }
        if let Err(e) = per_student.write(index, &report) {
            console.error(&e);
        }
        let format = progress.text_format(outputs.format);
        let (text, compared) =
            console::submission(&report, format, course.as_ref(), graded.len() > 1);
        console.print(&text);
        if outputs.profile {
            console.say_raw(&present::profile::table(&report));
        }
        comparisons.extend(compared);
        reports.push(report);
    }
    if let (Some(shard), Some(dir)) = (shard, &outputs.out_dir) {
        write_manifest(shard, dir, per_student.names(), &graded)?;
    }
    finish(
        outputs,
        (&reports, &graded),
        &comparisons,
        files,
        &per_student,
        console,
    )
}

/// `--prepare`: compiles slider's Java into the cache, so that the runs
/// that follow (a container image's, a cluster's) start from it; returns
/// the exit code.
///
/// # Errors
///
/// No cache folder, no JDK, or the Java or the counts could not be kept.
pub fn prepare(grading: &Grading, console: &Console) -> Result<u8, CommandError> {
    let Some(cache) = &grading.cache else {
        return Err("--prepare needs a cache folder, and this machine has none".into());
    };
    let options = options(grading, console)?;
    let started = Instant::now();
    let counts = crate::autograde::model::CountsCache::default();
    let counted = crate::autograde::model::stored::warm(options.cache.as_deref(), &counts);
    Toolkit::build(&options).map_err(|e| e.to_string())?;
    counted.map_err(|e| format!("cannot keep the model's counts in {}: {e}", cache.display()))?;
    console.status(&present::profile::prepared(cache, started.elapsed()));
    Ok(exit_code::SUCCESS)
}

/// A shard's manifest in `dir`: the batch's report `names`, and which of
/// them (`graded`) it graded.
fn write_manifest(
    shard: Shard,
    dir: &Path,
    names: &[String],
    graded: &[usize],
) -> Result<(), String> {
    let manifest = present::files::ShardManifest {
        format: present::files::ShardManifest::FORMAT.into(),
        shard: shard.index,
        of: shard.of,
        batch: names.to_vec(),
        graded: graded.iter().map(|&k| names[k].clone()).collect(),
    };
    let path = dir.join(present::files::ShardManifest::file_name(
        shard.index,
        shard.of,
    ));
    std::fs::write(&path, manifest.to_json())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// After the last submission: the files for all of them, the CSV or JSON
/// on standard output, the agreement with the course; the exit code.
fn finish(
    outputs: &Outputs,
    (reports, graded): (&[Report], &[usize]),
    comparisons: &[Comparison],
    files: ReportFiles<ReportFile>,
    per_student: &StudentFiles<'_>,
    console: &Console,
) -> Result<u8, CommandError> {
    if let Some(dir) = &outputs.classroom {
        present::classroom::write(dir, &reports[0], outputs.max_score)?;
    }
    per_student.finish(reports, graded)?;
    let shown = if outputs.compare_reports {
        comparisons
    } else {
        &[]
    };
    console.print(&console::after_all(reports, outputs.format, shown));
    let style = present::gradescope::Style {
        max_score: outputs.max_score,
        visibility: outputs.visibility.clone(),
    };
    super::services::write_reports(files, &|kind| console::report_file(kind, reports, &style))?;
    let faults: Vec<String> = reports
        .iter()
        .filter(|r| r.harness_fault())
        .map(console::harness_error)
        .collect();
    if !faults.is_empty() {
        return Err(CommandError::Many(faults));
    }
    Ok(if reports.iter().all(|r| r.score().0 >= 100.0) {
        exit_code::SUCCESS
    } else {
        exit_code::FAILURE
    })
}

/// The submissions named and found in `batch`
/// ([`crate::autograde::sources::submissions`]), with the outputs that are
/// about one submission checked.
fn found(
    named: &[PathBuf],
    (batch, shard): (Option<&Path>, Option<Shard>),
    outputs: &Outputs,
) -> Result<Vec<PathBuf>, CommandError> {
    if shard.is_some() && (batch.is_none() || outputs.out_dir.is_none()) {
        return Err("--shard grades a share of a --batch into --out-dir, where `slider autograde merge` reads it: give both".into());
    }
    let submissions = crate::autograde::sources::submissions(named, batch)?;
    let single = [
        ("--gradescope", outputs.gradescope.is_some()),
        ("--compare-report", outputs.compare_report.is_some()),
        ("--classroom", outputs.classroom.is_some()),
    ];
    match single.iter().find(|(_, given)| *given) {
        Some((flag, _)) if submissions.len() != 1 => {
            Err(format!("{flag} is about one submission: give exactly one").into())
        }
        _ => Ok(submissions),
    }
}

/// The library's options: the JDK, the sandbox, the limits of every JVM.
fn options(grading: &Grading, console: &Console) -> Result<Options, CommandError> {
    let jdk = Jdk::of(&grading.context).map_err(|e| e.to_string())?;
    let asked = crate::run::jobs(grading.jobs);
    let asked_memory = grading.memory << 20;
    let (jobs, memory) = Options::fit(&grading.container, asked, asked_memory);
    if (jobs, memory) != (asked, asked_memory) {
        console.status(&present::container_fit(&grading.container, jobs, memory));
    }
    let limits = Options::jvm_limits(memory);
    let setup = Setup::new(
        &grading.context,
        limits,
        grading.user,
        grading.sandbox,
        &[],
        Vec::new(),
    );
    let harness = super::services::harness(console, setup)?;
    let mut settings = grading.settings.clone();
    settings.algs4 = settings
        .algs4
        .map(|p| std::fs::canonicalize(&p).unwrap_or(p));
    settings.checkstyle_config = settings
        .checkstyle_config
        .map(|p| std::fs::canonicalize(&p).unwrap_or(p));
    Ok(Options {
        settings,
        jdk,
        harness,
        jobs,
        container: grading.container.clone(),
        cache: grading.cache.clone(),
        style: crate::autograde::style::StyleTools::of(&grading.context),
    })
}
