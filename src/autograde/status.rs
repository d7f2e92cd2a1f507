//! A report's outcome in one word ([`Status`]), and the two outcomes that
//! are not the submission's work: a submission that cannot be read, and
//! the harness's faults.

use super::failure::{Failure, JvmEnd};
use super::notes::StageNote;
use super::report::Report;

/// A submission's outcome in one word, for tables of a class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Every graded test passed.
    Ok,
    /// Some test failed.
    Failed,
    /// `Board.java` or `Solver.java` is missing (or one of them cannot be
    /// read).
    MissingFile,
    /// The submission itself cannot be read: a dangling symbolic link, a
    /// folder that cannot be listed, a file that is not a `.zip`, an
    /// archive that cannot be opened.
    Unreadable,
    /// A JDK tool or a JVM could not be started, or ended before slider's
    /// probe started: the harness's fault, not the submission's (the
    /// command exits 2).
    HarnessError,
    /// The sources do not compile.
    CompileError,
    /// The public API is not the spec's.
    ApiMismatch,
    /// The classes use what the assignment does not need (the guard).
    Refused,
    /// The submission's time ran out before every test ran.
    Timeout,
}

impl Status {
    /// Every status.
    pub const ALL: [Status; 9] = [
        Status::Ok,
        Status::Failed,
        Status::MissingFile,
        Status::Unreadable,
        Status::HarnessError,
        Status::CompileError,
        Status::Refused,
        Status::ApiMismatch,
        Status::Timeout,
    ];

    /// Its name in tables: `ok`, `failed`, `missing-file`, `unreadable`,
    /// `harness-error`, `compile-error`, `refused`, `api-mismatch`,
    /// `timeout`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "failed",
            Status::MissingFile => "missing-file",
            Status::Unreadable => "unreadable",
            Status::HarnessError => "harness-error",
            Status::CompileError => "compile-error",
            Status::Refused => "refused",
            Status::ApiMismatch => "api-mismatch",
            Status::Timeout => "timeout",
        }
    }
}

/// How a report's API was chosen: one verdict, which every format
/// states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiChoice {
    /// Given (`--api`).
    Given,
    /// Detected from the compiled classes' public members.
    Detected,
    /// To be detected, but nothing compiled to detect it from: the API is
    /// the one assumed.
    NothingCompiled,
    /// To be detected, but the classes were refused (the guard) first.
    Refused,
}

impl Report {
    /// How the API was chosen (given, detected, or not detected and why).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::{ApiChoice, Report, Stage, StageNote};
    /// let mut report = Report::new("s".into(), slider::course::Api::Coursera, Default::default());
    /// report.detected = true;
    /// report.compilation = Stage::failed(vec![StageNote::Javac("Board.java:3: error".into())]);
    /// assert_eq!(report.api_choice(), ApiChoice::NothingCompiled);
    /// report.detected = false;
    /// assert_eq!(report.api_choice(), ApiChoice::Given);
    /// ```
    #[must_use]
    pub fn api_choice(&self) -> ApiChoice {
        if !self.detected {
            ApiChoice::Given
        } else if !self.compilation.went_on() {
            ApiChoice::NothingCompiled
        } else if self.status() == Status::Refused {
            ApiChoice::Refused
        } else {
            ApiChoice::Detected
        }
    }

    /// Whether the submission itself could not be read (its sources'
    /// error names the submission, not a file in it).
    #[must_use]
    pub fn unreadable(&self) -> bool {
        self.compilation.messages.iter().any(|note| {
            matches!(note, StageNote::Sources(super::sources::SourceError::Unreadable(path, _))
                if path.as_path() == std::path::Path::new(&self.submission))
        })
    }

    /// Whether the harness failed it: a JDK tool that could not be
    /// started, a JVM that could not be started or ended before slider's
    /// probe started (so before any of the submission's code ran).
    #[must_use]
    pub fn harness_fault(&self) -> bool {
        let stages = [&self.compilation, &self.api_check, &self.guard];
        let tool = stages.iter().any(|stage| {
            stage
                .messages
                .iter()
                .any(|note| matches!(note, StageNote::CannotStart { .. }))
        });
        let jvm = self
            .sections
            .iter()
            .flat_map(|section| &section.tests)
            .flat_map(|test| &test.failures)
            .any(|trial| match &trial.failure {
                Failure::JvmEnded {
                    end, before_start, ..
                } => matches!(end, JvmEnd::CannotStart(_)) || *before_start,
                _ => false,
            });
        tool || jvm
    }

    /// The outcome in one word: the first stage that failed, else whether
    /// time ran out, else whether every graded test passed.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::{Report, Stage, StageNote, Status};
    /// use slider::autograde::sources::SourceError;
    /// let mut report = Report::new("s".into(), slider::course::Api::Coursera, Default::default());
    /// let missing = SourceError::Missing { name: "Board.java", near: None };
    /// report.compilation = Stage::failed(vec![StageNote::Sources(missing)]);
    /// assert_eq!(report.status(), Status::MissingFile);
    /// report.files.push("s/Board.java".into());
    /// assert_eq!(report.status(), Status::CompileError);
    /// ```
    #[must_use]
    pub fn status(&self) -> Status {
        if self.harness_fault() {
            Status::HarnessError
        } else if self.unreadable() {
            Status::Unreadable
        } else if self.compilation.ran() && !self.compilation.went_on() {
            if self.files.is_empty() {
                Status::MissingFile
            } else {
                Status::CompileError
            }
        } else if self.guard.ran() && !self.guard.passed() {
            Status::Refused
        } else if self.api_check.ran() && !self.api_check.passed() {
            Status::ApiMismatch
        } else if self.timed_out {
            Status::Timeout
        } else if self.score().0 >= 100.0 {
            Status::Ok
        } else {
            Status::Failed
        }
    }
}
