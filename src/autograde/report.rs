//! What the autograder found about one submission: the report model and
//! its score, as the course counts and weighs them. Its wording, in every
//! format, is `present::autograde`'s.

use std::path::PathBuf;
use std::time::Duration;

use super::catalog::{Check, Classes};
use super::failure::{Failure, Figure};
use super::notes::{FileChange, Warning};
use super::stage::Stage;
use crate::course::{Api, Edition};

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

    /// The course's weight, in percent of the aggregate score. Every
    /// aggregate of the course's reports recomputes exactly as
    /// 5 + 5 + 60 C + 10 M + 20 T (C, M and T the passed fractions), though
    /// some print "Timing: 10%, Memory: 20%" beneath.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::Category;
    /// assert_eq!(Category::ALL.iter().map(|c| c.weight()).sum::<u32>(), 100);
    /// assert_eq!(Category::Timing.weight(), 20);
    /// ```
    #[must_use]
    pub fn weight(self) -> u32 {
        match self {
            Category::Compile | Category::Api => 5,
            Category::Correctness => 60,
            Category::Memory => 10,
            Category::Timing => 20,
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

    /// Its key in the JSON.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Category::Compile => "compilation",
            Category::Api => "api",
            Category::Correctness => "correctness",
            Category::Memory => "memory",
            Category::Timing => "timing",
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
    /// Not run.
    NotRun,
}

/// One failed trial: which input, and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrialFailure {
    /// The input, as the course names it (`puzzle07.txt`, `2-by-2, trial
    /// 4 of 1000`).
    pub input: String,
    /// The board it was about, when there is one.
    pub board: Option<crate::Board>,
    /// What went wrong.
    pub failure: Failure,
}

/// One test as the course counts them: a correctness test, or one row of
/// a memory or timing table.
#[derive(Debug, Clone, PartialEq)]
pub struct TestResult {
    /// The row's input for memory and timing (`puzzle20.txt`, `n = 2`);
    /// empty for a correctness test.
    pub row: String,
    /// How it ended.
    pub verdict: Verdict,
    /// Trials passed, of those planned.
    pub passed: usize,
    /// Trials planned.
    pub total: usize,
    /// The first failures (at most a few per list of inputs).
    pub failures: Vec<TrialFailure>,
    /// Failures not kept.
    pub more_failures: usize,
    /// The measured figures (memory and timing rows).
    pub figures: Vec<Figure>,
}

impl TestResult {
    /// A memory or timing row (one input): passed when there is no
    /// `failure`.
    #[must_use]
    pub fn row(row: String, failure: Option<TrialFailure>, figures: Vec<Figure>) -> TestResult {
        let failed = failure.is_some();
        TestResult {
            row,
            verdict: if failed {
                Verdict::Failed
            } else {
                Verdict::Passed
            },
            passed: usize::from(!failed),
            total: 1,
            failures: failure.into_iter().collect(),
            more_failures: 0,
            figures,
        }
    }
}

/// One section of the report: a course test, or a memory or timing table.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionReport {
    /// `Board 5a`, `Memory 3`, `Timing 2`.
    pub id: String,
    /// Its category.
    pub category: Category,
    /// The course's title.
    pub title: String,
    /// What it checks.
    pub check: Check,
    /// Whose Board it ran with.
    pub classes: Classes,
    /// Its tests: one for a correctness test, one per row for a table.
    pub tests: Vec<TestResult>,
    /// Wall time of the JVM that ran it.
    pub time: Duration,
}

/// Everything the autograder found about one submission.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The submission, as named.
    pub submission: String,
    /// Who handed it in: the names in Gradescope's
    /// `submission_metadata.json` beside it, else the folder's or the
    /// `.zip`'s name ([`crate::autograde::sources::student`]).
    pub student: String,
    /// The API graded against: when it was not given, the one the classes
    /// match best, or [`ASSUMED_API`](crate::autograde::ASSUMED_API) when they could
    /// not be read.
    pub api: Api,
    /// Whether the API was detected rather than given.
    pub detected: bool,
    /// The course edition graded against.
    pub edition: Edition,
    /// The files graded.
    pub files: Vec<PathBuf>,
    /// Edits made to compile the sources (a `package` line, imports).
    pub changes: Vec<FileChange>,
    /// What staff should know about the submission (files of the same
    /// name not graded).
    pub warnings: Vec<Warning>,
    /// Compilation.
    pub compilation: Stage,
    /// The API check.
    pub api_check: Stage,
    /// The guard: what the compiled classes use, against the allow-list
    /// ([`allowed`](super::allowed)); run after compilation, before any
    /// student code.
    pub guard: Stage,
    /// The tests, in the course's order.
    pub sections: Vec<SectionReport>,
    /// Categories not run, and why.
    pub not_run: Vec<(Category, Skipped)>,
    /// Bytes the student's code printed to standard output.
    pub printed: u64,
    /// Whether its programs ran in bubblewrap's sandbox (`--sandbox auto`
    /// goes on without it where it cannot make a run's sandbox).
    pub sandboxed: bool,
    /// Wall-clock time of the whole autograde.
    pub elapsed: Duration,
    /// Where the time went: each step, in the order they began.
    pub profile: Vec<super::Spent>,
    /// Whether the submission's time (`--time-limit`) ran out before every
    /// test ran.
    pub timed_out: bool,
    /// The style section, when it was run (not with `--no-style` or
    /// `--only`, nor when nothing compiled).
    pub style: Option<super::style::Style>,
}

/// Why a whole category was not run (`present::autograde` words it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skipped {
    /// Left out on purpose (`--only`).
    NotAsked,
    /// The submission did not compile, so nothing after it ran.
    CompilationFailed,
    /// The guard refused the submission's classes, so none of their code
    /// ran.
    Refused,
}

impl Report {
    /// An empty report of `submission`.
    #[must_use]
    pub fn new(submission: String, api: Api, edition: Edition) -> Report {
        Report {
            student: String::new(),
            submission,
            api,
            detected: false,
            edition,
            files: Vec::new(),
            changes: Vec::new(),
            warnings: Vec::new(),
            compilation: Stage::default(),
            api_check: Stage::default(),
            guard: Stage::default(),
            sections: Vec::new(),
            not_run: Vec::new(),
            printed: 0,
            sandboxed: false,
            elapsed: Duration::ZERO,
            profile: Vec::new(),
            timed_out: false,
            style: None,
        }
    }

    /// `(passed, total)` of a category's tests (the stages count as one
    /// test each).
    #[must_use]
    pub fn tally(&self, category: Category) -> (usize, usize) {
        match category {
            Category::Compile => (
                usize::from(self.compilation.passed()),
                usize::from(self.compilation.ran()),
            ),
            Category::Api => (
                usize::from(self.api_check.passed()),
                usize::from(self.api_check.ran()),
            ),
            _ => {
                let tests = self
                    .sections
                    .iter()
                    .filter(|s| s.category == category)
                    .flat_map(|s| &s.tests);
                let total = tests.clone().count();
                let passed = tests.filter(|t| t.verdict == Verdict::Passed).count();
                (passed, total)
            }
        }
    }

    /// Whether a category was left out on purpose (`--only`), rather than
    /// not run because an earlier stage failed.
    #[must_use]
    pub fn left_out(&self, category: Category) -> bool {
        self.not_run
            .iter()
            .any(|(c, why)| *c == category && *why == Skipped::NotAsked)
    }

    /// Whether a category was graded.
    #[must_use]
    pub fn graded(&self, category: Category) -> bool {
        !self.not_run.iter().any(|(c, _)| *c == category)
    }

    /// The aggregate score in percent, with the course's weights, over the
    /// categories graded; and the weight those categories carry. A category
    /// with nothing in it carries no weight. A submission the guard refused
    /// scores 0 over every category asked for: none of its code was run.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::{Category, Report, Skipped, Stage};
    /// let mut report = Report::new("s".into(), slider::course::Api::Coursera, Default::default());
    /// report.compilation = Stage::passed_clean();
    /// report.api_check = report.compilation.clone();
    /// report.not_run = vec![(Category::Memory, Skipped::NotAsked), (Category::Timing, Skipped::NotAsked)];
    /// assert_eq!(report.score(), (100.0, 10));
    /// report.api_check.end = slider::autograde::StageEnd::Failed;
    /// assert_eq!(report.score(), (50.0, 10));
    /// ```
    #[must_use]
    pub fn score(&self) -> (f64, u32) {
        if self.guard.ran() && !self.guard.passed() {
            let asked = Category::ALL
                .iter()
                .filter(|&&c| !self.left_out(c))
                .map(|c| c.weight())
                .sum();
            return (0.0, asked);
        }
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
