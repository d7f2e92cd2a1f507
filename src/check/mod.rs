//! Replaying and proving a submitted answer against a puzzle.
//!
//! [`check`] reads the answer as a stream, in one pass, and returns a
//! [`CheckReport`]: a verdict, the moves, the proven optimum and how it was
//! proved, and every finding (up to a cap) with its place. A wrong answer
//! is a report, not an error; nothing here prints.

#[cfg(feature = "cli")]
pub mod batch;
mod detect;
#[cfg(feature = "cli")]
pub mod files;
mod finding;
mod proof;
mod replay;
mod stream;
mod strict;
mod verdict;

use std::collections::HashMap;
use std::io::BufRead;

pub use finding::{Finding, FindingKind, Label, StepFault};
pub use proof::{Optimum, Proof, Provers, Undecided, prove_optimum, prove_optimum_with};

use crate::Board;
use crate::course::Api;
use crate::format::{Span, read_board, shorten};
use crate::oracle::Oracle;
use stream::AnswerStream;

/// The answer formats `slider-check` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerFormat {
    /// The course client's output: `Minimum number of moves = N` and the
    /// boards, or an unsolvable message.
    Course,
    /// Move letters `U`, `D`, `L`, `R`.
    Moves,
    /// A bare count: `N`, or `-1` for unsolvable.
    Count,
}

/// `--answer-format`: one of the [`AnswerFormat`]s, or `auto` (detected
/// from the answer).
///
/// # Example
///
/// ```
/// use slider::check::{AnswerFormat, FormatChoice};
/// assert_eq!(FormatChoice::Auto.forced(), None);
/// assert_eq!(FormatChoice::Moves.forced(), Some(AnswerFormat::Moves));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum FormatChoice {
    /// Detect the format.
    #[default]
    Auto,
    /// The course client's output.
    Course,
    /// Move letters.
    Moves,
    /// A bare count.
    Count,
}

impl FormatChoice {
    /// The format it forces, if any.
    #[must_use]
    pub fn forced(self) -> Option<AnswerFormat> {
        match self {
            FormatChoice::Auto => None,
            FormatChoice::Course => Some(AnswerFormat::Course),
            FormatChoice::Moves => Some(AnswerFormat::Moves),
            FormatChoice::Count => Some(AnswerFormat::Count),
        }
    }
}

/// What a move letter names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum MoveMeaning {
    /// The direction the blank moves.
    #[default]
    Blank,
    /// The direction the tile moves (the blank goes the other way).
    Tile,
}

/// How to check.
///
/// # Example
///
/// ```
/// let options = slider::check::CheckOptions { strict: true, ..Default::default() };
/// assert_eq!(options.max_findings, 20);
/// assert_eq!(options.api, None); // either unsolvable message
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckOptions {
    /// Force an answer format instead of detecting it.
    pub format: Option<AnswerFormat>,
    /// Also require the byte-exact course format.
    pub strict: bool,
    /// Which API's unsolvable message to require (`None`: either).
    pub api: Option<Api>,
    /// What move letters name.
    pub moves: MoveMeaning,
    /// Node budget for proving optimality by search.
    pub budget: u64,
    /// Findings reported at most; the rest are counted.
    pub max_findings: usize,
    /// A known optimum to trust instead of proving one (`Some(None)`: known
    /// unsolvable). Solvability is still checked by parity.
    pub optimum: Option<Option<u64>>,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            format: None,
            strict: false,
            api: None,
            moves: MoveMeaning::Blank,
            budget: 10_000_000,
            max_findings: 20,
            optimum: None,
        }
    }
}

/// The outcome of a check.
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, CheckVerdict, check};
/// let puzzle: slider::Board = "2  1 2  3 0".parse()?;
/// let report = check(&puzzle, "Minimum number of moves = 1\n".as_bytes(), &CheckOptions::default(), None);
/// assert_eq!(report.verdict, CheckVerdict::Rejected);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckVerdict {
    /// Legal and proven optimal (or a correct unsolvable claim).
    Accepted,
    /// Something is wrong; see the findings.
    Rejected,
    /// Legal, but the optimum could not be proved within the budget.
    Unproven,
}

impl CheckVerdict {
    /// `slider-check`'s exit code for it: accepted
    /// [`SUCCESS`](crate::exit_code::SUCCESS), rejected
    /// [`FAILURE`](crate::exit_code::FAILURE), unproven
    /// [`UNPROVEN`](crate::exit_code::UNPROVEN).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::check::CheckVerdict;
    /// assert_eq!(CheckVerdict::Unproven.exit_code(), slider::exit_code::UNPROVEN);
    /// ```
    #[must_use]
    pub fn exit_code(self) -> u8 {
        match self {
            CheckVerdict::Accepted => crate::exit_code::SUCCESS,
            CheckVerdict::Rejected => crate::exit_code::FAILURE,
            CheckVerdict::Unproven => crate::exit_code::UNPROVEN,
        }
    }
}

/// Everything the check found.
///
/// # Example
///
/// ```
/// use slider::check::{AnswerFormat, CheckOptions, CheckReport, CheckVerdict, check};
/// let puzzle: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let report: CheckReport = check(&puzzle, "RDRD".as_bytes(), &CheckOptions::default(), None);
/// assert_eq!(report.verdict, CheckVerdict::Accepted);
/// assert_eq!((report.format, report.moves), (Some(AnswerFormat::Moves), Some(4)));
/// assert!(report.findings.is_empty());
/// # Ok::<(), slider::PuzzleError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckReport {
    /// The verdict.
    pub verdict: CheckVerdict,
    /// The format the answer was read as; `None` when it was empty or
    /// matched none.
    pub format: Option<AnswerFormat>,
    /// The moves the answer makes (or claims, for a count); `None` when it
    /// claims the puzzle is unsolvable or could not be read.
    pub moves: Option<u64>,
    /// Whether the answer claims the puzzle is unsolvable.
    pub claims_unsolvable: bool,
    /// The optimum, when it was needed and proved.
    pub optimum: Option<Optimum>,
    /// When the optimum could not be proved.
    pub undecided: Option<Undecided>,
    /// Findings, first error first.
    pub findings: Vec<Finding>,
    /// Findings beyond the cap.
    pub omitted: usize,
}

/// Boards remembered to detect loops; past this, loops go unreported (such
/// a path is far longer than any optimum anyway).
const MAX_REMEMBERED_BOARDS: usize = 100_000;

/// Checks `answer` against `puzzle`.
///
/// `oracle` may pass a prebuilt exhaustive table for small boards.
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, CheckVerdict, check};
/// let puzzle: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let report = check(&puzzle, "RDRD".as_bytes(), &CheckOptions::default(), None);
/// assert_eq!((report.verdict, report.moves), (CheckVerdict::Accepted, Some(4)));
/// let report = check(&puzzle, "Minimum number of moves = 3\n".as_bytes(), &CheckOptions::default(), None);
/// assert_eq!(report.verdict, CheckVerdict::Rejected);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn check<R: BufRead>(
    puzzle: &Board,
    answer: R,
    options: &CheckOptions,
    oracle: Option<&Oracle>,
) -> CheckReport {
    check_with(
        puzzle,
        answer,
        options,
        Provers {
            oracle,
            ..Provers::default()
        },
    )
}

/// [`check`] with the tables proofs may use, pattern databases included.
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, Provers, CheckVerdict, check_with};
/// let puzzle: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let report = check_with(&puzzle, "RDRD".as_bytes(), &CheckOptions::default(), Provers::default());
/// assert_eq!(report.verdict, CheckVerdict::Accepted);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn check_with<R: BufRead>(
    puzzle: &Board,
    answer: R,
    options: &CheckOptions,
    provers: Provers<'_>,
) -> CheckReport {
    let mut checker = Checker {
        puzzle,
        options,
        provers,
        stream: AnswerStream::new(answer, options.strict),
        findings: Vec::new(),
        omitted: 0,
        kept: Vec::new(),
    };
    let (format, claim) = checker.run();
    checker.conclude(format, claim)
}

/// What the answer amounts to once read.
#[derive(Clone, Copy)]
enum Claim {
    /// Unreadable or structurally wrong: findings say why.
    Broken,
    /// Claims the puzzle is unsolvable, at this span.
    Unsolvable { span: Span },
    /// A path of this many moves that ends at the goal, legal if no finding.
    Path { moves: u64, span: Span },
    /// A bare count.
    Count { moves: u64, span: Span },
}

struct Checker<'a, 'p, R> {
    puzzle: &'a Board,
    options: &'a CheckOptions,
    provers: Provers<'p>,
    stream: AnswerStream<R>,
    findings: Vec<Finding>,
    omitted: usize,
    /// Lines kept for findings made after the stream has moved on (the
    /// header, quoted by findings about the whole path).
    kept: Vec<crate::format::Line>,
}

/// A token for a message: lossy UTF-8, control characters shown as their
/// Unicode control pictures (`␀`), shortened.
fn text_of(bytes: &[u8]) -> String {
    shorten(&crate::format::visible(bytes, false), false)
}

impl<R: BufRead> Checker<'_, '_, R> {
    /// Whether `board` is the goal (the course's, or the one given).
    fn is_goal(&self, board: &Board) -> bool {
        match self.provers.goal {
            Some(goal) => {
                board.size() == goal.size() && board.tiles().eq(goal.cells().iter().copied())
            }
            None => board.is_goal(),
        }
    }

    /// Whether the puzzle can reach the goal.
    fn solvable(&self) -> bool {
        self.provers.goal.map_or_else(
            || self.puzzle.is_solvable(),
            |goal| goal.reaches(self.puzzle),
        )
    }

    /// Whether another finding fits under the cap; counts it as omitted
    /// when not, so callers can skip building it.
    fn has_room(&mut self) -> bool {
        if self.findings.len() < self.options.max_findings {
            return true;
        }
        self.omitted += 1;
        false
    }

    fn add(&mut self, finding: Finding) {
        if self.findings.len() < self.options.max_findings {
            self.findings.push(finding);
        } else {
            self.omitted += 1;
        }
    }

    /// A finding on one span, quoting that span's line.
    fn at(&mut self, kind: FindingKind, span: Span, label: Label) {
        if self.findings.len() >= self.options.max_findings {
            // Past the cap: count it, and copy no source lines.
            self.omitted += 1;
            return;
        }
        let mut lines = self.stream.lines(span.line, span.line);
        if lines.is_empty() {
            lines = self
                .kept
                .iter()
                .filter(|l| l.number == span.line)
                .cloned()
                .collect();
        }
        self.add(Finding {
            kind,
            span,
            label,
            related: None,
            lines,
        });
    }
}

/// Remembers boards of a path to find loops, up to a cap.
#[derive(Default)]
struct Seen {
    boards: HashMap<Board, u64>,
}

impl Seen {
    fn check_and_insert(&mut self, board: &Board, index: u64) -> Option<u64> {
        if let Some(&earlier) = self.boards.get(board) {
            return Some(earlier);
        }
        if self.boards.len() < MAX_REMEMBERED_BOARDS {
            self.boards.insert(board.clone(), index);
        }
        None
    }
}

/// Reads one board from the stream for the replay.
fn next_board<R: BufRead>(
    stream: &mut AnswerStream<R>,
) -> Result<(Board, Vec<Span>), crate::PuzzleError> {
    read_board(stream)
}
