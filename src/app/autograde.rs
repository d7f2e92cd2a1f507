//! `slider autograde`: Java Board/Solver submissions graded as the
//! course's autograder grades them, one or a batch.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;

use super::Console;
use crate::autograde::calibrate::{Comparison, CourseReport};
use crate::autograde::java::Jdk;
use crate::autograde::{Category, Options, Report, Settings, Toolkit, autograde};
use crate::exit_code;
use crate::present::ConsoleFormat;
use crate::present::autograde as present;
use crate::present::autograde::console::{self, ReportFile};
use crate::present::autograde::files::StudentFiles;
use crate::present::report_files::ReportFiles;
use crate::run::container::Container;
use crate::run::sandbox::{SandboxMode, Setup, UserMode};

/// How every submission is graded, and what it may use of this machine.
#[derive(Debug, Clone)]
pub struct Grading {
    /// What is graded and how.
    pub settings: Settings,
    /// JVMs run at once (`None`: every core).
    pub jobs: Option<u64>,
    /// Resident memory per JVM, in bytes.
    pub memory: u64,
    /// Whose uid runs the JVMs, as root.
    pub user: UserMode,
    /// Whether bubblewrap is used.
    pub sandbox: SandboxMode,
    /// The container this runs in: the JVMs are sized and scheduled to fit.
    pub container: Container,
    /// Where slider's compiled Java is kept between runs.
    pub cache: Option<PathBuf>,
    /// The process's surroundings: the JDK is found from its `JAVA_HOME` or
    /// `PATH`, and scratch folders are made in its temporary folder.
    pub context: crate::context::Context,
}

/// Where the reports go.
#[derive(Debug, Clone)]
pub struct Outputs {
    /// The console output.
    pub format: ConsoleFormat,
    /// The JSON report (all submissions).
    pub json: Option<PathBuf>,
    /// `JUnit` XML (all submissions).
    pub junit: Option<PathBuf>,
    /// Gradescope's results.json (one submission).
    pub gradescope: Option<PathBuf>,
    /// GitHub Classroom's grading reporter input (one submission).
    pub classroom: Option<PathBuf>,
    /// A CSV table of scores.
    pub csv: Option<PathBuf>,
    /// Every report in Markdown (a GitHub job summary).
    pub markdown: Option<PathBuf>,
    /// Each submission's text and JSON report, as it is graded.
    pub out_dir: Option<PathBuf>,
    /// Each submission's web page, and the class page.
    pub html: Option<PathBuf>,
    /// The course's own report of the one submission, to compare with.
    pub compare_report: Option<PathBuf>,
    /// Compare each submission with the `report.txt` beside it.
    pub compare_reports: bool,
    /// What the whole autograder is worth in Gradescope's results.json.
    pub max_score: f64,
    /// When students see each category's tests on Gradescope.
    pub visibility: Vec<(Category, present::gradescope::Visibility)>,
    /// Print where each submission's time went (`--profile`).
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
/// code (0 every submission passes every graded test, 1 one does not, 2 a
/// usage or setup error).
pub fn grade_all(
    submissions: &[PathBuf],
    batch: Option<&Path>,
    shard: Option<Shard>,
    grading: &Grading,
    outputs: &Outputs,
    console: &Console,
) -> u8 {
    let (submissions, options) = match (
        found(submissions, (batch, shard), outputs, console),
        options(grading, console),
    ) {
        (Ok(found), Ok(options)) => (found, options),
        (Err(code), _) | (_, Err(code)) => return code,
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
        return console.fail(&present::gradescope::hidden_refused(category));
    }
    let course = match outputs.compare_report.as_deref().map(CourseReport::read) {
        Some(Err(e)) => return console.fail(&e),
        read => read.and_then(Result::ok),
    };
    let files = match super::services::report_files(
        console,
        &[
            (ReportFile::Json, outputs.json.as_ref()),
            (ReportFile::Junit, outputs.junit.as_ref()),
            (ReportFile::Gradescope, outputs.gradescope.as_ref()),
            (ReportFile::Csv, outputs.csv.as_ref()),
            (ReportFile::Markdown, outputs.markdown.as_ref()),
        ],
    ) {
        Ok(files) => files,
        Err(code) => return code,
    };
    console.watch_signals(options.harness.scratch.clone());
    let built = Instant::now();
    let toolkit = match Toolkit::build(&options) {
        Ok(toolkit) => toolkit,
        Err(e) => return console.fail(&e.to_string()),
    };
    if outputs.profile {
        console.status(&present::profile::toolkit_built(built.elapsed()));
    }
    let per_student = match StudentFiles::create(
        outputs.out_dir.as_deref(),
        outputs.html.as_deref(),
        &submissions,
    ) {
        Ok(files) => files,
        Err(e) => return console.fail(&e),
    };
    let graded: Vec<usize> = (0..submissions.len())
        .filter(|&k| shard.is_none_or(|s| s.picks(k)))
        .collect();
    let mut reports: Vec<Report> = Vec::new();
    let mut comparisons = Vec::new();
    let progress = Batch::start(graded.len(), console);
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
        if let Err(e) = per_student.write(index, &report) {
            console.error(&e);
        }
        let (text, compared) =
            console::submission(&report, outputs.format, course.as_ref(), graded.len() > 1);
        console.print(&text);
        if outputs.profile {
            console.say_raw(&present::profile::table(&report));
        }
        comparisons.extend(compared);
        reports.push(report);
    }
    if let (Some(shard), Some(dir)) = (shard, &outputs.out_dir)
        && let Err(e) = write_manifest(shard, dir, per_student.names(), &graded)
    {
        return console.fail(&e);
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
pub fn prepare(grading: &Grading, console: &Console) -> u8 {
    let Some(cache) = &grading.cache else {
        return console.fail("--prepare needs a cache folder, and this machine has none");
    };
    let options = match options(grading, console) {
        Ok(options) => options,
        Err(code) => return code,
    };
    let started = Instant::now();
    let counted = crate::autograde::model::stored::warm(options.cache.as_deref());
    match Toolkit::build(&options)
        .map_err(|e| e.to_string())
        .and_then(|_| {
            counted
                .map_err(|e| format!("cannot keep the model's counts in {}: {e}", cache.display()))
        }) {
        Ok(()) => {
            console.status(&present::profile::prepared(cache, started.elapsed()));
            exit_code::SUCCESS
        }
        Err(e) => console.fail(&e),
    }
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
) -> u8 {
    if let Some(dir) = &outputs.classroom
        && let Err(e) = present::classroom::write(dir, &reports[0], outputs.max_score)
    {
        return console.fail(&e);
    }
    if let Err(e) = per_student.finish(reports, graded) {
        return console.fail(&e);
    }
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
    let written = super::services::write_reports(console, files, &|kind| {
        console::report_file(kind, reports, &style)
    });
    if !written {
        exit_code::ERROR
    } else if reports.iter().all(|r| r.score().0 >= 100.0) {
        exit_code::SUCCESS
    } else {
        exit_code::FAILURE
    }
}

/// The submissions named and found in `batch`
/// ([`crate::autograde::sources::submissions`]), with the outputs that are
/// about one submission checked.
fn found(
    named: &[PathBuf],
    (batch, shard): (Option<&Path>, Option<Shard>),
    outputs: &Outputs,
    console: &Console,
) -> Result<Vec<PathBuf>, u8> {
    if shard.is_some() && (batch.is_none() || outputs.out_dir.is_none()) {
        return Err(console.fail(
            "--shard grades a share of a --batch into --out-dir, where `slider autograde merge` reads it: give both",
        ));
    }
    let submissions =
        crate::autograde::sources::submissions(named, batch).map_err(|e| console.fail(&e))?;
    let single = [
        ("--gradescope", outputs.gradescope.is_some()),
        ("--compare-report", outputs.compare_report.is_some()),
        ("--classroom", outputs.classroom.is_some()),
    ];
    match single.iter().find(|(_, given)| *given) {
        Some((flag, _)) if submissions.len() != 1 => {
            Err(console.fail(&format!("{flag} is about one submission: give exactly one")))
        }
        _ => Ok(submissions),
    }
}

/// The library's options: the JDK, the sandbox, the limits of every JVM.
fn options(grading: &Grading, console: &Console) -> Result<Options, u8> {
    let jdk = Jdk::of(&grading.context).map_err(|why| console.fail(&why))?;
    let asked = crate::run::jobs(grading.jobs);
    let (jobs, memory) = Options::fit(&grading.container, asked, grading.memory);
    if (jobs, memory) != (asked, grading.memory) {
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
    Ok(Options {
        settings,
        jdk,
        harness,
        jobs,
        container: grading.container.clone(),
        cache: grading.cache.clone(),
    })
}

/// A batch's progress on standard error: a display with `k/N
/// submissions` while one is graded, and with several submissions a line
/// for each one graded.
struct Batch<'c> {
    total: usize,
    started: Instant,
    done: std::cell::Cell<usize>,
    console: &'c Console,
}

impl<'c> Batch<'c> {
    fn start(total: usize, console: &'c Console) -> Batch<'c> {
        Batch {
            total,
            started: Instant::now(),
            done: std::cell::Cell::new(0),
            console,
        }
    }

    /// The display while `submission` is graded.
    fn submission(&self, submission: &Path) -> ProgressBar {
        let template = if self.total > 1 {
            "{spinner} {prefix} submissions, ETA {msg}"
        } else {
            "{spinner} {msg}"
        };
        let bar = self.console.progress(Some(self.total as u64), template);
        bar.set_prefix(format!("{}/{}", self.done.get() + 1, self.total));
        bar.set_message(shown(submission));
        bar.enable_steady_tick(Duration::from_millis(120));
        bar
    }

    /// Counts `report` as graded and says so on a line.
    fn graded(&self, report: &Report) {
        self.done.set(self.done.get() + 1);
        if self.total > 1 {
            self.console.status(&present::batch_line(
                report,
                self.done.get(),
                self.total,
                self.started.elapsed(),
            ));
        }
    }
}

/// A submission's path as the progress display shows it: line breaks,
/// terminal escapes and other control characters made visible.
fn shown(submission: &std::path::Path) -> String {
    crate::format::visible(submission.as_os_str().as_encoded_bytes(), false)
}

#[cfg(test)]
mod tests {
    use super::shown;
    use std::os::unix::ffi::OsStrExt;

    #[test]
    fn the_progress_display_shows_a_name_and_never_acts_on_it() {
        // a folder named to set the window title, clear the screen, forge a
        // line and a workflow command
        let name = b"subs/\x1b]0;pwned\x07\x1b[2J\rCompilation:  PASSED\n::notice ::x\x9b31m\xff";
        let path = std::path::Path::new(std::ffi::OsStr::from_bytes(name));
        let text = shown(path);
        assert!(text.starts_with("subs/"), "{text}");
        assert!(!text.contains('\n'), "{text:?}");
        for c in text.chars() {
            assert!(!c.is_control(), "{c:?} in {text:?}");
        }
        assert!(text.contains("Compilation:  PASSED"), "{text}");
    }
}
