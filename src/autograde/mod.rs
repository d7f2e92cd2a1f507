//! `slider autograde`: an open autograder for the course's Java `Board` and
//! `Solver` classes, graded the way the course's closed autograder grades
//! them (compilation, API, correctness, memory, timing) and scored with its
//! weights, calibrated on the course's own reports.
//!
//! - [`catalog`]: the course's tests as data, for each edition and API;
//! - [`model`]: the course's reference Board and Solver modelled in Rust,
//!   counted as the course counts (the limits of the memory and timing
//!   tests come from it);
//! - [`protocol`]: the probe's operations, plan and records (its Java half
//!   is `java/probe/slider/probe/`);
//! - [`judge`]: each trial's record against slider's Rust reference;
//! - `report`, `failure` and `notes`: the report model and score
//!   ([`Report`]), typed failures ([`Failure`]) and the stages' messages
//!   ([`StageNote`]); their wording is in
//!   [`present::autograde`](crate::present::autograde);
//! - `pipeline` and `runner`: one submission, its JVMs;
//! - `toolkit` ([`Toolkit`]), [`java`]: slider's Java, the JDK's tools;
//!   [`jdk`]: which JDK (17 to 25, its version checked);
//! - [`sources`]: finding `Board.java` and `Solver.java` and making them
//!   compile beside slider's classes; [`members`]: the public members;
//! - [`calibrate`]: reading a course report, and comparing slider's with it;
//! - [`gradescope`]: the Gradescope bundle.
//!
//! Every JVM runs through [`run::process`](crate::run::process), like
//! `slider grade`'s programs: time, CPU, memory and process limits, a
//! separate uid when run as root, bubblewrap when available, and the whole
//! process tree killed at the end: the operating system's sandbox is the
//! outer wall. No security manager runs inside the JVM (JDK 24 and later
//! have none): the student's code cannot name slider's probe, which is not
//! on the class path it is compiled against, and slider's allow-list of
//! what compiled classes may reference, checked before any of them runs,
//! refuses reflection, threads, files and the like. The probe reports over
//! a pipe on descriptor 3, which the student's code therefore cannot
//! reach, so that nothing it prints is mistaken for a result. Every
//! expected value comes from slider's Rust reference.

pub mod allowed;
mod budget;
mod build;
pub mod calibrate;
pub mod catalog;
mod failure;
mod fresh;
pub mod gradescope;
mod group_run;
pub mod java;
pub mod jdk;
pub mod judge;
pub mod members;
mod memo;
pub mod model;
mod notes;
mod pipeline;
pub mod protocol;
mod report;
mod runner;
pub mod sources;
mod stage;
mod status;
pub mod style;
mod toolkit;

use std::path::PathBuf;
use std::time::Duration;

pub use budget::{Phase, Spent};
pub use failure::{
    BadPath, Failure, Figure, FreshMiss, JvmEnd, Law, LookedUpBy, NotRun, QueueChange, Unqueued,
};
pub use notes::{ApiFinding, FileChange, JdkTool, MemberKind, StageNote, Warning};
pub use pipeline::autograde;
pub use report::{Category, Report, SectionReport, Skipped, TestResult, TrialFailure, Verdict};
pub use stage::{Stage, StageEnd};
pub use status::{ApiChoice, Status};
pub use toolkit::Toolkit;

use crate::course::{Api, Edition};
use crate::run::Harness;
use jdk::Jdk;

/// The API a submission is graded against when none was given and none
/// was detected (javap failed, or nothing compiled): Coursera's, the
/// likelier. The plan made while javac runs, before the classes are read,
/// is for it too.
///
/// # Example
///
/// ```
/// use slider::{autograde::ASSUMED_API, course::Api};
/// let given: Option<Api> = None; // `--api any`
/// assert_eq!(given.unwrap_or(ASSUMED_API), Api::Coursera);
/// ```
pub const ASSUMED_API: Api = Api::Coursera;

/// What a submission is graded on and how, whatever the machine: the
/// part of [`Options`] a command's flags give alone. `slider autograde`
/// flattens it into its arguments: each flag's doc is its `--help`.
#[derive(Debug, Clone, clap::Args)]
pub struct Settings {
    /// The API to grade against (`any`: whichever the classes match best).
    #[arg(long, default_value = crate::values::ANY_API, value_parser = crate::values::api_parser())]
    pub api: crate::values::ApiChoice,
    /// The course autograder's edition, by its number of correctness tests.
    #[arg(long, value_enum, default_value_t = Edition::E52)]
    pub edition: Edition,
    /// Compile and run against this algs4.jar instead of slider's stand-ins.
    #[arg(long, value_name = "JAR")]
    pub algs4: Option<PathBuf>,
    /// Run only these categories (comma-separated; compilation always runs).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "CATEGORY")]
    pub only: Vec<Category>,
    /// Seed of the random boards (the same seed, the same tests).
    #[arg(long, default_value_t = 2026, value_name = "N")]
    pub seed: u64,
    /// The seed of the fresh timing puzzles, which show whether the
    /// course's public ones were solved or looked up: drawn anew each time
    /// the flags are parsed, and never shown, so that no table can hold
    /// them.
    #[arg(skip = crate::generate::fresh_seed())]
    pub fresh_seed: u64,
    /// CPU seconds one correctness or memory operation may take, over every
    /// thread it starts (timing puzzles get the course's 5 s).
    #[arg(long, default_value = "5", value_name = "SECS", value_parser = crate::values::parse_seconds)]
    pub trial_timeout: Duration,
    /// The CPU seconds one submission's autograde may use, over every
    /// process it starts (javac and the JVMs): a slow or crowded machine
    /// does not use them up.
    #[arg(long, default_value = "120", value_name = "SECS", value_parser = crate::values::parse_seconds)]
    pub time_limit: Duration,
    /// The wall-clock seconds one submission's autograde may take, for
    /// code that waits rather than computes (default: twice --time-limit,
    /// divided by the container's CPU share when under one CPU: 480 s with
    /// half a CPU).
    #[arg(long, value_name = "SECS", value_parser = crate::values::parse_seconds)]
    pub wall_limit: Option<Duration>,
    /// Leave out the style section (the bug-pattern, PMD, Checkstyle and
    /// custom checks, which the course prints on every report and weighs
    /// 0%). It is run only when every category is (no --only).
    #[arg(long)]
    pub no_style: bool,
    /// Checkstyle's configuration for its standard block, instead of
    /// slider's own of the edition (e.g. the course's
    /// checkstyle-coursera.xml).
    #[arg(long, value_name = "XML")]
    pub checkstyle_config: Option<PathBuf>,
}

impl Settings {
    /// The wall time one submission's autograde may take in `container`:
    /// `wall_limit` when given, else [`Settings::wall_backstop`].
    #[must_use]
    pub fn wall_cap(&self, container: &crate::run::container::Container) -> Duration {
        self.wall_limit
            .unwrap_or_else(|| Settings::wall_backstop(self.time_limit, container))
    }

    /// The wall-time backstop for a CPU cap of `cpu_cap` in `container`:
    /// twice the cap, and twice that again for each halving of a CPU
    /// share under one CPU (so half a CPU, Gradescope's default, gets 4
    /// times the CPU cap: 8 min for the default 120 s, within
    /// Gradescope's default 10 min).
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use slider::autograde::Settings;
    /// use slider::run::container::Container;
    /// let cap = Duration::from_secs(120);
    /// assert_eq!(Settings::wall_backstop(cap, &Container::default()), Duration::from_secs(240));
    /// let half = Container { cpus: Some(0.5), ..Container::default() };
    /// assert_eq!(Settings::wall_backstop(cap, &half), Duration::from_secs(480));
    /// ```
    #[must_use]
    pub fn wall_backstop(
        cpu_cap: Duration,
        container: &crate::run::container::Container,
    ) -> Duration {
        let share = container.cpus.map_or(1.0, |c| c.clamp(0.05, 1.0));
        cpu_cap.mul_f64(2.0 / share)
    }
}

/// How the autograder runs: its [`Settings`], and what this machine
/// gives it.
#[derive(Debug, Clone)]
pub struct Options {
    /// What is graded and how.
    pub settings: Settings,
    /// The JDK.
    pub jdk: Jdk,
    /// Isolation and limits for every JVM (the memory limit applies to
    /// each; the timing JVM's heap is three quarters of it).
    pub harness: Harness,
    /// JVMs run at once.
    pub jobs: usize,
    /// The container the grader runs in, whose out-of-memory kills are
    /// told apart from the JVMs' own ends.
    pub container: crate::run::container::Container,
    /// Where slider's compiled Java is kept between runs (`None`: compiled
    /// by every run); see [`Toolkit::build`].
    pub cache: Option<PathBuf>,
    /// Where the style section's tools are ([`style::StyleTools::of`]).
    pub style: style::StyleTools,
}

impl Options {
    /// The limits of each JVM the autograder starts, `memory` bytes of
    /// resident memory: a backstop (60 s wall and CPU, 256 processes,
    /// 16 MiB of output or file), under the per-operation CPU limit and
    /// the per-submission cap, which end a JVM first.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::run::process::Memory;
    /// let limits = slider::autograde::Options::jvm_limits(3 << 30);
    /// assert_eq!(limits.memory, Memory::Resident(3 << 30));
    /// ```
    #[must_use]
    pub fn jvm_limits(memory: u64) -> crate::run::process::Limits {
        crate::run::process::Limits {
            wall: Duration::from_secs(60),
            cpu: Some(Duration::from_secs(60)),
            memory: crate::run::process::Memory::Resident(memory),
            max_output: 16 << 20,
            processes: 256,
            file_size: 16 << 20,
        }
    }

    /// How many JVMs run at once, and how much resident memory each may
    /// use, for `jobs` asked for and `memory` bytes each in `container`:
    /// no more JVMs than its CPU share rounded up, and all of them, with
    /// [`GRADER_RESERVE`] kept for the grader, within its memory. Fewer
    /// JVMs run rather than any getting less than [`JVM_FLOOR`], unless a
    /// single one cannot have even that: it gets what there is.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::Options;
    /// use slider::run::container::Container;
    /// // Gradescope's default container: 768 MB and half a CPU
    /// let gradescope = Container { memory: Some(768 << 20), cpus: Some(0.5), oom_events: None };
    /// assert_eq!(Options::fit(&gradescope, 2, 3072 << 20), (1, 640 << 20));
    /// // no container: as asked
    /// assert_eq!(Options::fit(&Container::default(), 2, 3072 << 20), (2, 3072 << 20));
    /// ```
    #[must_use]
    pub fn fit(
        container: &crate::run::container::Container,
        jobs: usize,
        memory: u64,
    ) -> (usize, u64) {
        let mut jobs = jobs.max(1);
        if let Some(cpus) = container.cpus {
            // ceil of a positive share, at least 1
            let share = (cpus.ceil() as usize).max(1);
            jobs = jobs.min(share);
        }
        let Some(usable) = container.memory_after(GRADER_RESERVE) else {
            return (jobs, memory);
        };
        while jobs > 1 && usable / (jobs as u64) < JVM_FLOOR {
            jobs -= 1;
        }
        (jobs, memory.min(usable / jobs as u64))
    }

    /// These options for a submission the course graded in `course`'s
    /// edition (so that the two count the same tests).
    #[must_use]
    pub fn for_course(&self, course: Option<&calibrate::CourseReport>) -> Options {
        let mut options = self.clone();
        if let Some(edition) = course.and_then(calibrate::CourseReport::edition) {
            options.settings.edition = edition;
        }
        options
    }
}

/// The memory the grader keeps for itself in a container with a memory
/// limit (its own process, javac's, the toolkit's files in the page
/// cache); the JVMs share the rest.
pub const GRADER_RESERVE: u64 = 128 << 20;

/// The least resident memory a JVM is given when others could run beside
/// it: the course's largest timing puzzle, solved by a reference-like
/// Solver, peaks at about 520 MiB in a JVM of 640 MiB.
pub const JVM_FLOOR: u64 = 640 << 20;

/// Why the autograder could not run at all (a submission's own faults are
/// findings in its [`Report`]).
#[derive(Debug)]
pub enum AutogradeError {
    /// slider's folder for its own Java could not be written.
    Scratch {
        /// What could not be written.
        path: PathBuf,
        /// The file system's error.
        error: std::io::Error,
    },
    /// A JDK tool could not be started on slider's own Java.
    ToolStart {
        /// The tool.
        program: PathBuf,
        /// Why it did not start.
        error: std::io::Error,
    },
    /// A JDK tool failed on slider's own Java.
    ToolFailed {
        /// The tool.
        program: PathBuf,
        /// How it ended.
        exit: crate::run::process::Exit,
        /// The end of what it wrote on standard error.
        stderr: String,
    },
}

impl std::fmt::Display for AutogradeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("cannot prepare the autograder's Java classes: ")?;
        match self {
            AutogradeError::Scratch { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            AutogradeError::ToolStart { program, error } => {
                write!(f, "{} cannot start: {error}", program.display())
            }
            AutogradeError::ToolFailed {
                program,
                exit,
                stderr,
            } => {
                let how = match exit {
                    crate::run::process::Exit::Code(code) => format!("exit code {code}"),
                    crate::run::process::Exit::Signal(signal) => format!("signal {signal}"),
                    crate::run::process::Exit::Unknown => "an unknown end".to_string(),
                };
                write!(f, "{} ended with {how}: {stderr}", program.display())
            }
        }
    }
}

impl std::error::Error for AutogradeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AutogradeError::Scratch { error, .. } | AutogradeError::ToolStart { error, .. } => {
                Some(error)
            }
            AutogradeError::ToolFailed { .. } => None,
        }
    }
}
