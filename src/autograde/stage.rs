//! A stage before the tests (compilation, the guard, the API check): how
//! it ended and what it found.

use super::notes::StageNote;

/// How a stage before the tests ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StageEnd {
    /// It did not run (an earlier stage failed, or it was not asked for).
    #[default]
    NotRun,
    /// It ran and found nothing wrong.
    Passed,
    /// It ran and found something wrong.
    Failed,
    /// It ran and made what it was to make, with this many warnings (the
    /// course's lint warnings of javac), which fail it as the course's
    /// report does; the stages and tests after it run.
    Warned {
        /// javac's count of them.
        warnings: usize,
    },
}

/// A stage before the tests: compilation or API.
///
/// ```
/// use slider::autograde::{Stage, StageNote};
/// let stage = Stage::failed(vec![StageNote::Javac("Board.java:3: error: ';' expected".into())]);
/// assert!(stage.ran() && !stage.passed());
/// assert!(!Stage::default().ran() && !Stage::default().passed());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stage {
    /// How it ended.
    pub end: StageEnd,
    /// What it found (javac's diagnostics, API findings), or why it could
    /// not run.
    pub messages: Vec<StageNote>,
}

impl Stage {
    /// A stage that ran and found nothing wrong.
    #[must_use]
    pub fn passed_clean() -> Stage {
        Stage {
            end: StageEnd::Passed,
            messages: Vec::new(),
        }
    }

    /// A stage that ran and found `messages`.
    #[must_use]
    pub fn failed(messages: Vec<StageNote>) -> Stage {
        Stage {
            end: StageEnd::Failed,
            messages,
        }
    }

    /// Whether it ran.
    #[must_use]
    pub fn ran(&self) -> bool {
        self.end != StageEnd::NotRun
    }

    /// Whether it ran and passed.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.end == StageEnd::Passed
    }

    /// Whether what comes after it could run: it passed, or made what it
    /// was to make with warnings ([`StageEnd::Warned`]).
    ///
    /// ```
    /// use slider::autograde::{Stage, StageEnd};
    /// let warned = Stage { end: StageEnd::Warned { warnings: 6 }, messages: Vec::new() };
    /// assert!(warned.ran() && warned.went_on() && !warned.passed());
    /// assert!(!Stage::failed(Vec::new()).went_on());
    /// ```
    #[must_use]
    pub fn went_on(&self) -> bool {
        matches!(self.end, StageEnd::Passed | StageEnd::Warned { .. })
    }
}
