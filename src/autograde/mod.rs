//! `slider autograde`: an open autograder for the course's Java `Board` and
//! `Solver` classes, graded the way the course's closed autograder grades
//! them: compilation, API, correctness, memory and timing, and a report
//! with the course's weights.
//!
//! - [`sources`]: finding `Board.java` and `Solver.java` in a submission
//!   and making them compile beside slider's classes;
//! - [`java`]: the Java that slider ships (algs4 stand-ins, the probe, an
//!   instrumented reference Board), embedded, and the JDK's tools;
//! - [`api`]: the public members against the spec variant's;
//! - [`course`]: the course's correctness tests as data, and their judge;
//! - [`measure`]: the memory and timing tests, their limits and judge;
//! - [`files`]: the course's puzzle files the tests use, embedded.
//!
//! Every JVM runs through [`run::process`](crate::run::process), like
//! `slider grade`'s programs: time, CPU, memory and process limits, a
//! separate uid when run as root, bubblewrap when available, and the whole
//! process tree killed at the end. One JVM runs one course test, so a
//! crashed or hanging JVM fails only that test. The probe reports over a
//! pipe on descriptor 3, which the student's code cannot reach (a security
//! policy gives it no permission), so that nothing it prints is mistaken
//! for a result. Every expected value comes from slider's Rust reference.
//!
//! The report's wording is in [`present::autograde`](crate::present::autograde).

pub mod api;
pub mod course;
pub mod files;
pub mod gradescope;
pub mod java;
pub mod measure;
pub mod model;
pub mod sources;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::run::process::{self, Ended, Exit, Isolation, Job, Limits, Memory, Stop};
use crate::run::{Harness, Workdir, in_slots, slot_uid};
use course::{CourseTest, Record};
use java::Jdk;

/// The spec variant a submission is graded against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Variant {
    /// Coursera (2019+): `dimension()`, `twin()`, `Solver.isSolvable()`,
    /// `moves() == -1` and `solution() == null` when unsolvable.
    Coursera,
    /// Princeton (fall 2019+): `size()`, `tileAt()`, `Board.isSolvable()`,
    /// and the Solver's constructor throws on an unsolvable board.
    Princeton,
}

impl Variant {
    /// Its name in reports and plans.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::autograde::Variant::Princeton.name(), "princeton");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Coursera => "coursera",
            Variant::Princeton => "princeton",
        }
    }
}

/// A category of the course's report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Category {
    /// The classes compile.
    Compile,
    /// The public API is the spec's.
    Api,
    /// The correctness tests.
    Correctness,
    /// The memory tests.
    Memory,
    /// The timing tests.
    Timing,
}

impl Category {
    /// All, in report order.
    pub const ALL: [Category; 5] = [
        Category::Compile,
        Category::Api,
        Category::Correctness,
        Category::Memory,
        Category::Timing,
    ];

    /// The course's weight, in percent of the aggregate score.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::Category;
    /// assert_eq!(Category::ALL.iter().map(|c| c.weight()).sum::<u32>(), 100);
    /// ```
    #[must_use]
    pub fn weight(self) -> u32 {
        match self {
            Category::Compile | Category::Api => 5,
            Category::Correctness => 60,
            Category::Memory => 20,
            Category::Timing => 10,
        }
    }

    /// Its name in reports.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Category::Compile => "Compilation",
            Category::Api => "API",
            Category::Correctness => "Correctness",
            Category::Memory => "Memory",
            Category::Timing => "Timing",
        }
    }
}

/// How a test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Every trial passed.
    Passed,
    /// At least one trial failed.
    Failed,
    /// Not run (a stage before it failed, or it was not asked for).
    NotRun,
}

/// One test's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestReport {
    /// `Board 5a`.
    pub id: String,
    /// Its category.
    pub category: Category,
    /// What it checks.
    pub title: String,
    /// How it ended.
    pub verdict: Verdict,
    /// Trials passed.
    pub passed: usize,
    /// Trials run or planned.
    pub total: usize,
    /// The first failures, each with its input.
    pub failures: Vec<String>,
    /// Wall-clock time of its JVM.
    pub time: Duration,
}

/// A stage before the tests: compilation or API.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stage {
    /// Whether it ran.
    pub ran: bool,
    /// Whether it passed.
    pub passed: bool,
    /// What it found (javac's diagnostics, API findings).
    pub messages: Vec<String>,
}

/// Everything the autograder found about one submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The submission, as named.
    pub submission: String,
    /// The spec variant graded against.
    pub variant: Variant,
    /// Whether the variant was detected rather than given.
    pub detected: bool,
    /// Edits made to compile the sources (a `package` line, imports).
    pub changes: Vec<String>,
    /// Compilation.
    pub compilation: Stage,
    /// The API check.
    pub api: Stage,
    /// The tests, in the course's order.
    pub tests: Vec<TestReport>,
    /// Categories not run, and why.
    pub not_run: Vec<(Category, String)>,
    /// Bytes the student's code printed to standard output and error.
    pub printed: u64,
    /// Wall-clock time of the whole autograde.
    pub elapsed: Duration,
}

impl Report {
    /// `(passed, total)` of a category's tests (the stages count as one
    /// test each).
    #[must_use]
    pub fn tally(&self, category: Category) -> (usize, usize) {
        match category {
            Category::Compile => (
                usize::from(self.compilation.passed),
                usize::from(self.compilation.ran),
            ),
            Category::Api => (usize::from(self.api.passed), usize::from(self.api.ran)),
            _ => {
                let tests = self.tests.iter().filter(|t| t.category == category);
                let total = tests.clone().count();
                (
                    tests.filter(|t| t.verdict == Verdict::Passed).count(),
                    total,
                )
            }
        }
    }

    /// Whether a category was graded.
    #[must_use]
    pub fn graded(&self, category: Category) -> bool {
        !self.not_run.iter().any(|(c, _)| *c == category)
    }

    /// The aggregate score in percent, with the course's weights, over the
    /// categories graded; and the weight those categories carry. A category
    /// with nothing in it (no test was planned) carries no weight.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::{Report, Stage, Variant, Category};
    /// let ok = Stage { ran: true, passed: true, messages: vec![] };
    /// let report = Report {
    ///     submission: "s".into(), variant: Variant::Coursera, detected: false, changes: vec![],
    ///     compilation: ok.clone(), api: ok, tests: vec![],
    ///     not_run: vec![(Category::Memory, "later".into()), (Category::Timing, "later".into())],
    ///     printed: 0, elapsed: Default::default(),
    /// };
    /// // Compilation and API passed; no correctness test was planned.
    /// assert_eq!(report.score(), (100.0, 10));
    /// let failed = Report { api: Stage { ran: true, passed: false, messages: vec![] }, ..report };
    /// assert_eq!(failed.score(), (50.0, 10));
    /// ```
    #[must_use]
    pub fn score(&self) -> (f64, u32) {
        let mut points = 0.0;
        let mut weight = 0;
        for category in Category::ALL {
            if !self.graded(category) {
                continue;
            }
            let (passed, total) = self.tally(category);
            if total == 0 {
                continue;
            }
            weight += category.weight();
            points += f64::from(category.weight()) * passed as f64 / total as f64;
        }
        if weight == 0 {
            return (0.0, 0);
        }
        (100.0 * points / f64::from(weight), weight)
    }
}

/// How the autograder runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// The spec variant, or `None` to detect it from the API.
    pub variant: Option<Variant>,
    /// The categories to run (all when empty).
    pub only: Vec<Category>,
    /// The JDK.
    pub jdk: Jdk,
    /// A real `algs4.jar` to compile and run against instead of slider's
    /// stand-ins.
    pub algs4: Option<PathBuf>,
    /// Isolation and limits for every JVM (the limits apply to each).
    pub harness: Harness,
    /// JVMs run at once.
    pub jobs: usize,
    /// The seed of the random inputs.
    pub seed: u64,
    /// The time one operation may take before it counts as an infinite loop.
    pub trial_time: Duration,
}

/// Why the autograder could not run at all (a submission's own faults are
/// findings in its [`Report`]).
#[derive(Debug)]
pub enum AutogradeError {
    /// Writing or compiling slider's own Java failed.
    Toolkit(String),
}

impl std::fmt::Display for AutogradeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AutogradeError::Toolkit(why) => {
                write!(f, "cannot prepare the autograder's Java classes: {why}")
            }
        }
    }
}

impl std::error::Error for AutogradeError {}

/// slider's compiled Java, shared by every submission of a run, in a
/// world-readable folder removed when dropped.
#[derive(Debug)]
pub struct Toolkit {
    root: PathBuf,
    algs4: PathBuf,
    probe: PathBuf,
    reference_board: PathBuf,
    agent: PathBuf,
}

impl Drop for Toolkit {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// Runs `job` under the harness's isolation, as the uid of a job slot when
/// given, seeing the `expose`d folders inside the sandbox.
fn run_jvm(
    options: &Options,
    job: &Job<'_>,
    expose: &[PathBuf],
    limits: &Limits,
    uid: Option<u32>,
) -> std::io::Result<Ended> {
    let isolation = Isolation {
        uid,
        env: options.harness.env.clone(),
        bwrap: options.harness.bwrap.clone(),
        hide: options.harness.hide.clone(),
        expose: expose.to_vec(),
    };
    process::run(job, limits, &isolation)
}

/// Limits for compiling (javac and javap are the JDK's own; a JVM needs
/// room).
fn tool_limits(options: &Options) -> Limits {
    Limits {
        wall: Duration::from_secs(120),
        cpu: Some(Duration::from_secs(120)),
        memory: Memory::Resident(options.harness.limits.memory_bytes().max(1 << 30)),
        ..options.harness.limits
    }
}

impl Toolkit {
    /// Writes and compiles slider's Java (the stand-ins, the probe; the
    /// reference Board is compiled with each student's Solver) under the
    /// harness's scratch folder.
    ///
    /// # Errors
    ///
    /// [`AutogradeError::Toolkit`] when the folder cannot be written or
    /// javac fails on slider's own sources.
    pub fn build(options: &Options) -> Result<Toolkit, AutogradeError> {
        use std::os::unix::fs::DirBuilderExt;
        let fail = |e: &dyn std::fmt::Display| AutogradeError::Toolkit(e.to_string());
        let root = options
            .harness
            .scratch
            .join(format!("slider-autograde-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::DirBuilder::new()
            .mode(0o755)
            .create(&root)
            .map_err(|e| fail(&e))?;
        let toolkit = Toolkit {
            algs4: root.join("algs4"),
            probe: root.join("probe"),
            reference_board: root.join("reference"),
            agent: root.join("slider-agent.jar"),
            root,
        };
        let sources = toolkit.root.join("src");
        let algs4 =
            java::write_sources(&sources.join("algs4"), &java::ALGS4).map_err(|e| fail(&e))?;
        let probe =
            java::write_sources(&sources.join("probe"), &[java::PROBE]).map_err(|e| fail(&e))?;
        java::write_sources(&toolkit.reference_board, &[java::REFERENCE_BOARD])
            .map_err(|e| fail(&e))?;
        let limits = tool_limits(options);
        let javac = |out: &Path, cp: &Path, files: &[PathBuf]| -> Result<(), AutogradeError> {
            let mut args: Vec<OsString> = ["-encoding", "UTF-8", "-nowarn", "-proc:none", "-d"]
                .iter()
                .map(OsString::from)
                .collect();
            args.push(out.into());
            args.push("-cp".into());
            args.push(cp.into());
            args.extend(files.iter().map(|f| f.clone().into_os_string()));
            let ended = run_jvm(
                options,
                &Job {
                    program: options.jdk.javac.as_os_str(),
                    args: &args,
                    workdir: &toolkit.root,
                    channel: false,
                },
                std::slice::from_ref(&toolkit.root),
                &limits,
                None,
            )
            .map_err(|e| fail(&e))?;
            if ended.exit != Exit::Code(0) {
                return Err(fail(&format!(
                    "javac: {}",
                    String::from_utf8_lossy(&ended.stderr_tail)
                )));
            }
            Ok(())
        };
        javac(&toolkit.algs4, &toolkit.algs4, &algs4)?;
        javac(&toolkit.probe, &toolkit.algs4, &probe)?;
        let agent_classes = toolkit.root.join("agent");
        let agent =
            java::write_sources(&sources.join("agent"), &[java::AGENT]).map_err(|e| fail(&e))?;
        javac(&agent_classes, &agent_classes, &agent)?;
        let manifest = toolkit.root.join("agent-manifest.txt");
        std::fs::write(&manifest, "Premain-Class: SliderAgent\n").map_err(|e| fail(&e))?;
        let args: Vec<OsString> = vec![
            "--create".into(),
            "--file".into(),
            toolkit.agent.clone().into(),
            "--manifest".into(),
            manifest.into(),
            "-C".into(),
            agent_classes.into(),
            "SliderAgent.class".into(),
        ];
        let ended = run_jvm(
            options,
            &Job {
                program: options.jdk.jar.as_os_str(),
                args: &args,
                workdir: &toolkit.root,
                channel: false,
            },
            std::slice::from_ref(&toolkit.root),
            &limits,
            None,
        )
        .map_err(|e| fail(&e))?;
        if ended.exit != Exit::Code(0) {
            return Err(fail(&format!(
                "jar: {}",
                String::from_utf8_lossy(&ended.stderr_tail)
            )));
        }
        java::open_up(&toolkit.root).map_err(|e| fail(&e))?;
        Ok(toolkit)
    }

    /// The algs4 classes submissions compile and run against.
    fn algs4<'a>(&'a self, options: &'a Options) -> &'a Path {
        options.algs4.as_deref().unwrap_or(&self.algs4)
    }
}

/// A submission's compiled classes: its own, and its Solver with slider's
/// reference Board.
struct Built {
    student: PathBuf,
    audit: Option<PathBuf>,
    audit_error: Option<String>,
}

/// Compiles `files` (name, text) with `extra` sources into `out`, as job
/// slot 0; `Err` holds javac's diagnostics.
fn compile(
    options: &Options,
    toolkit: &Toolkit,
    files: &[(&str, &str)],
    extra: &[PathBuf],
    out: &Path,
) -> Result<(), Vec<String>> {
    let uid = options
        .harness
        .uid_base
        .map(|base| slot_uid(base, std::process::id(), 0));
    let io = |e: std::io::Error| vec![format!("cannot prepare compilation: {e}")];
    let workdir = Workdir::new(&options.harness.scratch, "slider-javac", uid).map_err(io)?;
    let mut args: Vec<OsString> = [
        "-encoding",
        "UTF-8",
        "-nowarn",
        "-proc:none",
        "-Xmaxerrs",
        "20",
        "-Xstdout",
        "javac.txt",
        "-d",
        "classes",
        "-cp",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    args.push(toolkit.algs4(options).into());
    for (name, text) in files {
        workdir.add(name, text.as_bytes()).map_err(io)?;
        args.push((*name).into());
    }
    args.extend(extra.iter().map(|p| p.clone().into_os_string()));
    let mut expose = vec![toolkit.root.clone()];
    expose.extend(options.algs4.iter().cloned());
    let ended = run_jvm(
        options,
        &Job {
            program: options.jdk.javac.as_os_str(),
            args: &args,
            workdir: &workdir.path,
            channel: false,
        },
        &expose,
        &tool_limits(options),
        uid,
    )
    .map_err(|e| vec![format!("cannot start javac: {e}")])?;
    if ended.exit != Exit::Code(0) || ended.stop.is_some() {
        let text = std::fs::read(workdir.path.join("javac.txt")).unwrap_or_default();
        let text = String::from_utf8_lossy(&text[..text.len().min(64 << 10)]).into_owned();
        let mut messages: Vec<String> = text.lines().map(str::to_string).collect();
        if let Some(stop) = ended.stop {
            messages.push(format!("javac was stopped: {stop:?} limit"));
        }
        if messages.is_empty() {
            messages.push(String::from_utf8_lossy(&ended.stderr_tail).into_owned());
        }
        return Err(messages);
    }
    copy_classes(&workdir.path.join("classes"), out).map_err(io)?;
    java::open_up(out).map_err(io)
}

/// Copies the `.class` files javac wrote (the default package only).
fn copy_classes(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        if entry.file_type()?.is_file() && entry.path().extension().is_some_and(|e| e == "class") {
            std::fs::copy(entry.path(), to.join(entry.file_name()))?;
        }
    }
    Ok(())
}

/// Grades one submission folder.
///
/// Never fails: whatever the submission does is a finding in the report.
///
/// # Example
///
/// ```no_run
/// # fn options() -> slider::autograde::Options { unimplemented!() }
/// use slider::autograde::{Toolkit, autograde};
/// let options = options();
/// let toolkit = Toolkit::build(&options)?;
/// let report = autograde("fixtures/autograde/reference".as_ref(), &toolkit, &options, &|_| {});
/// assert!(report.compilation.passed);
/// # Ok::<(), slider::autograde::AutogradeError>(())
/// ```
pub fn autograde(
    submission: &Path,
    toolkit: &Toolkit,
    options: &Options,
    done: &(dyn Fn(&TestReport) + Sync),
) -> Report {
    let started = Instant::now();
    let wanted = |c: Category| options.only.is_empty() || options.only.contains(&c);
    let mut report = Report {
        submission: submission.display().to_string(),
        variant: options.variant.unwrap_or(Variant::Coursera),
        detected: options.variant.is_none(),
        changes: Vec::new(),
        compilation: Stage::default(),
        api: Stage::default(),
        tests: Vec::new(),
        not_run: Vec::new(),
        printed: 0,
        elapsed: Duration::ZERO,
    };
    let graded = [
        Category::Api,
        Category::Correctness,
        Category::Memory,
        Category::Timing,
    ];
    for category in graded {
        if !wanted(category) {
            report
                .not_run
                .push((category, "not asked for (--only)".to_string()));
        }
    }
    let build_dir = toolkit.root.join(format!("submission-{}", next_id()));
    let built = build(submission, toolkit, options, &build_dir, &mut report);
    if let Some(built) = built {
        if wanted(Category::Api) || options.variant.is_none() {
            api_stage(&built, toolkit, options, &mut report);
        }
        let mut tests = Vec::new();
        if wanted(Category::Correctness) {
            tests.extend(course::tests(report.variant, options.seed));
        }
        if wanted(Category::Memory) {
            tests.extend(measure::memory_tests(options.seed));
        }
        if wanted(Category::Timing) {
            tests.extend(measure::timing_tests());
        }
        run_tests(&tests, &built, toolkit, options, &mut report, done);
    } else {
        for category in graded {
            if wanted(category) {
                report
                    .not_run
                    .push((category, "compilation failed".to_string()));
            }
        }
    }
    if !wanted(Category::Api) {
        report.api = Stage::default();
    }
    let _ = std::fs::remove_dir_all(&build_dir);
    report.elapsed = started.elapsed();
    report
}

fn next_id() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

fn build(
    submission: &Path,
    toolkit: &Toolkit,
    options: &Options,
    dir: &Path,
    report: &mut Report,
) -> Option<Built> {
    report.compilation.ran = true;
    let files = match sources::find(submission) {
        Ok(files) => files,
        Err(e) => {
            report.compilation.messages.push(e.to_string());
            return None;
        }
    };
    for file in &files {
        report
            .changes
            .extend(file.changes.iter().map(|c| format!("{}: {c}", file.name)));
    }
    let texts: Vec<(&str, &str)> = files.iter().map(|f| (f.name, f.text.as_str())).collect();
    let student = dir.join("student");
    if let Err(messages) = compile(options, toolkit, &texts, &[], &student) {
        report.compilation.messages = messages;
        return None;
    }
    report.compilation.passed = true;
    let audit = dir.join("audit");
    let solver: Vec<(&str, &str)> = texts
        .iter()
        .filter(|(n, _)| *n == "Solver.java")
        .copied()
        .collect();
    let reference = toolkit.reference_board.join(java::REFERENCE_BOARD.0);
    let (audit, audit_error) = match compile(options, toolkit, &solver, &[reference], &audit) {
        Ok(()) => (Some(audit), None),
        Err(messages) => (
            None,
            Some(
                messages
                    .into_iter()
                    .find(|m| m.contains("error"))
                    .unwrap_or_default(),
            ),
        ),
    };
    Some(Built {
        student,
        audit,
        audit_error,
    })
}

fn api_stage(built: &Built, toolkit: &Toolkit, options: &Options, report: &mut Report) {
    let mut args: Vec<OsString> = vec![
        "-public".into(),
        "-cp".into(),
        built.student.clone().into_os_string(),
    ];
    args.extend(["Board".into(), "Solver".into()]);
    let ended = Workdir::new(&options.harness.scratch, "slider-javap", None).and_then(|workdir| {
        run_jvm(
            options,
            &Job {
                program: options.jdk.javap.as_os_str(),
                args: &args,
                workdir: &workdir.path,
                channel: false,
            },
            std::slice::from_ref(&toolkit.root),
            &tool_limits(options),
            None,
        )
    });
    let classes = match ended {
        Ok(ended) if ended.exit == Exit::Code(0) => {
            api::parse_javap(&String::from_utf8_lossy(&ended.stdout))
        }
        Ok(ended) => {
            report.api.ran = true;
            report.api.messages.push(format!(
                "javap failed: {}",
                String::from_utf8_lossy(&ended.stderr_tail).trim()
            ));
            return;
        }
        Err(e) => {
            report.api.ran = true;
            report.api.messages.push(format!("cannot start javap: {e}"));
            return;
        }
    };
    if options.variant.is_none() {
        report.variant = api::detect(&classes);
    }
    let wanted = options.only.is_empty() || options.only.contains(&Category::Api);
    if !wanted {
        return;
    }
    report.api.ran = true;
    for (class, members) in &classes {
        report
            .api
            .messages
            .extend(api::findings(report.variant, class, members));
    }
    report.api.passed = report.api.messages.is_empty();
}

/// The CPU time a timing input may use before it is ended: the course's
/// limit per puzzle, which every timing test of that puzzle then fails.
const TIMING_TRIAL_CPU: Duration = Duration::from_nanos(measure::CPU_LIMIT_NANOS);
/// The wall time a timing input may take (a hang that uses no CPU).
const TIMING_TRIAL_WALL: Duration = Duration::from_secs(60);

/// At most this many failures are kept per test.
const MAX_FAILURES: usize = 3;

/// Runs the planned tests. Tests with the same plan (the five timing
/// tests: one run per puzzle feeds them all) share one JVM; every other
/// test has a JVM of its own, so that a crash fails only that test.
fn run_tests(
    tests: &[CourseTest],
    built: &Built,
    toolkit: &Toolkit,
    options: &Options,
    report: &mut Report,
    done: &(dyn Fn(&TestReport) + Sync),
) {
    let variant = report.variant;
    let mut keys: Vec<String> = Vec::new();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, test) in tests.iter().enumerate() {
        let key: String = (0..test.trials.len())
            .map(|k| course::plan_line(test, k) + "\n")
            .collect();
        if let Some(g) = keys.iter().position(|k| *k == key) {
            groups[g].push(i);
        } else {
            keys.push(key);
            groups.push(vec![i]);
        }
    }
    // The timing JVM runs every timing puzzle in turn and is by far the
    // longest: started first, it overlaps the many short JVMs instead of
    // following them.
    groups.sort_by_key(|group| tests[group[0]].check.operation() != "timing");
    let printed = std::sync::atomic::AtomicU64::new(0);
    let results = in_slots(groups.len(), options.jobs, &|g, slot| {
        let group: Vec<&CourseTest> = groups[g].iter().map(|&i| &tests[i]).collect();
        let results = run_group(&group, built, toolkit, options, variant, slot, &printed);
        for result in &results {
            done(result);
        }
        results
    });
    let mut in_order: Vec<Option<TestReport>> = vec![None; tests.len()];
    for (group, results) in groups.iter().zip(results) {
        for (&i, result) in group.iter().zip(results) {
            in_order[i] = Some(result);
        }
    }
    report.tests = in_order.into_iter().flatten().collect();
    report.printed = printed.into_inner();
    process::sweep_orphans();
}

fn not_run(test: &CourseTest, why: String) -> TestReport {
    TestReport {
        id: test.id.clone(),
        category: test.category,
        title: test.title.clone(),
        verdict: Verdict::NotRun,
        passed: 0,
        total: test.trials.len(),
        failures: vec![why],
        time: Duration::ZERO,
    }
}

/// Runs one JVM over the inputs the `group`'s tests share, and judges each
/// test from its records.
#[allow(clippy::too_many_lines)] // classes, plan, limits, run, then judging
fn run_group(
    group: &[&CourseTest],
    built: &Built,
    toolkit: &Toolkit,
    options: &Options,
    variant: Variant,
    slot: u32,
    printed: &std::sync::atomic::AtomicU64,
) -> Vec<TestReport> {
    let all_not_run = |why: String| group.iter().map(|t| not_run(t, why.clone())).collect();
    let first = group[0];
    let classes = if first.check.uses_reference_board() {
        if options.algs4.is_some() && first.check.counts_queue() {
            return all_not_run("needs slider's counting MinPQ (not with --algs4)".to_string());
        }
        if let Some(audit) = &built.audit {
            audit
        } else {
            let why = format!(
                "Solver.java does not compile against the reference Board (does it use Board methods outside the API?): {}",
                built.audit_error.as_deref().unwrap_or("")
            );
            return group
                .iter()
                .map(|t| TestReport {
                    verdict: Verdict::Failed,
                    ..not_run(t, why.clone())
                })
                .collect();
        }
    } else {
        &built.student
    };
    let mode = match first.check.operation() {
        "board-memory" | "solver-memory" => java::JvmMode::Memory(&toolkit.agent),
        "timing" => java::JvmMode::Timing,
        _ => java::JvmMode::Correctness,
    };
    // A timing input is cut by its thread's CPU time (the course's 5 s), so
    // that a loaded machine cannot fail it; its wall limit only ends hangs.
    let (trial_time, trial_cpu) = if mode == java::JvmMode::Timing {
        (
            options.trial_time.max(TIMING_TRIAL_WALL),
            Some(TIMING_TRIAL_CPU),
        )
    } else {
        (options.trial_time, None)
    };
    let uid = options
        .harness
        .uid_base
        .map(|base| slot_uid(base, std::process::id(), slot));
    let mut plan = format!(
        "api {}\nstudent {}\ntrial-ms {}\n",
        variant.name(),
        classes.display(),
        trial_time.as_millis()
    );
    if let Some(cpu) = trial_cpu {
        let _ = writeln!(plan, "trial-cpu-ms {}", cpu.as_millis());
    }
    for index in 0..first.trials.len() {
        plan.push_str(&course::plan_line(first, index));
        plan.push('\n');
    }
    let prepared =
        Workdir::new(&options.harness.scratch, "slider-probe", uid).and_then(|workdir| {
            workdir
                .add("plan.txt", plan.as_bytes())
                .map(|plan| (workdir, plan))
        });
    let (workdir, plan_path) = match prepared {
        Ok(prepared) => prepared,
        Err(e) => return all_not_run(format!("cannot prepare the test's folder: {e}")),
    };
    let classpath = [
        toolkit.probe.as_path(),
        toolkit.algs4(options),
        classes.as_path(),
    ];
    let args = options.jdk.probe_args(&classpath, &plan_path, mode);
    let mut limits = options.harness.limits;
    let budget = trial_time.saturating_mul(u32::try_from(first.trials.len()).unwrap_or(u32::MAX));
    let cap = if mode == java::JvmMode::Timing {
        budget
    } else {
        limits.wall.max(Duration::from_secs(20))
    };
    limits.wall = cap.min(budget + Duration::from_secs(10));
    limits.cpu = limits.cpu.map(|c| c.max(limits.wall));
    limits.memory = Memory::Resident(limits.memory_bytes().max(1 << 30));
    let mut expose = vec![toolkit.root.clone()];
    expose.extend(options.algs4.iter().cloned());
    let ended = match run_jvm(
        options,
        &Job {
            program: options.jdk.java.as_os_str(),
            args: &args,
            workdir: &workdir.path,
            channel: true,
        },
        &expose,
        &limits,
        uid,
    ) {
        Ok(ended) => ended,
        Err(e) => return all_not_run(format!("cannot start java: {e}")),
    };
    printed.fetch_add(
        ended.stdout.len() as u64,
        std::sync::atomic::Ordering::Relaxed,
    );
    let records = parse_records(&ended.channel);
    group
        .iter()
        .map(|test| judge_test(test, &records, &ended, variant))
        .collect()
}

/// One test's report from the records of its JVM.
fn judge_test(
    test: &CourseTest,
    records: &std::collections::HashMap<usize, Record>,
    ended: &Ended,
    variant: Variant,
) -> TestReport {
    let mut result = TestReport {
        id: test.id.clone(),
        category: test.category,
        title: test.title.clone(),
        verdict: Verdict::Passed,
        passed: 0,
        total: test.trials.len(),
        failures: Vec::new(),
        time: ended.wall,
    };
    let mut failed = 0;
    let mut timed_out = false;
    for (index, trial) in test.trials.iter().enumerate() {
        let record = records.get(&index);
        let outcome = match record {
            Some(record) => course::judge(test, index, record, variant),
            None if timed_out => {
                Err("not run: the JVM was ended when the input before timed out".to_string())
            }
            None => Err(jvm_end(ended, records.is_empty())),
        };
        timed_out |= matches!(record, Some(Record::Timeout | Record::CpuLimit { .. }));
        match outcome {
            Ok(()) => result.passed += 1,
            Err(why) => {
                failed += 1;
                if result.failures.len() < MAX_FAILURES {
                    result.failures.push(format!("{why}; {}", trial.label));
                }
                if record.is_none() {
                    // Nothing came after this: the rest of the inputs failed with it.
                    failed += test.trials.len() - index - 1;
                    break;
                }
            }
        }
    }
    if failed > 0 {
        result.verdict = Verdict::Failed;
        if failed > result.failures.len() {
            result.failures.push(format!(
                "… {} more failing inputs",
                failed - result.failures.len()
            ));
        }
    }
    result
}

/// Why the JVM produced no result for a trial.
fn jvm_end(ended: &Ended, nothing: bool) -> String {
    let why = match (ended.stop, ended.exit) {
        (Some(Stop::Wall), _) => "the JVM ran out of time".to_string(),
        (Some(Stop::Cpu), _) => "the JVM ran out of CPU time".to_string(),
        (Some(Stop::Memory), _) => "the JVM ran out of memory".to_string(),
        (Some(Stop::Output), _) => "the program printed more than the output cap".to_string(),
        (None, Exit::Code(0)) => "the JVM exited early (System.exit?)".to_string(),
        (None, Exit::Code(code)) => format!("the JVM exited with code {code}"),
        (None, Exit::Signal(signal)) => format!("the JVM was killed by signal {signal}"),
        (None, Exit::Unknown) => "the JVM ended".to_string(),
    };
    let tail = String::from_utf8_lossy(&ended.stderr_tail);
    let last = tail
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty() && !l.starts_with("WARNING"))
        .unwrap_or("");
    let when = if nothing {
        "before any result"
    } else {
        "before this input"
    };
    if last.is_empty() {
        format!("{why} {when}")
    } else {
        format!(
            "{why} {when} ({})",
            crate::format::visible(last.trim().as_bytes(), false)
        )
    }
}

/// The probe's records by trial index.
fn parse_records(channel: &[u8]) -> std::collections::HashMap<usize, Record> {
    let mut records = std::collections::HashMap::new();
    for line in String::from_utf8_lossy(channel).lines() {
        let fields: Vec<String> = line.split('\t').map(unescape).collect();
        let Some(Ok(index)) = fields.first().map(|f| f.parse::<usize>()) else {
            continue;
        };
        let rest = &fields[1..];
        let record = match rest.first().map(String::as_str) {
            Some("ok") => Record::Ok(rest[1..].to_vec()),
            Some("threw") => Record::Threw(
                rest.get(1).cloned().unwrap_or_default(),
                rest.get(2).cloned().unwrap_or_default(),
            ),
            Some("missing") => Record::Missing(rest.get(2).cloned().unwrap_or_default()),
            Some("timeout") => Record::Timeout,
            Some("cpu-limit") => Record::CpuLimit {
                thread_ms: rest.get(1).and_then(|f| f.parse().ok()).unwrap_or(0),
                gc_ms: rest.get(2).and_then(|f| f.parse().ok()).unwrap_or(0),
            },
            _ => continue,
        };
        records.insert(index, record);
    }
    records
}

fn unescape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}
