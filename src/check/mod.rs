//! Replaying and proving a submitted answer against a puzzle.
//!
//! [`check`] reads the answer as a stream, in one pass, and returns a
//! [`Report`]: a verdict, the moves, the proven optimum and how it was
//! proved, and every finding (up to a cap) with its place. A wrong answer
//! is a report, not an error; nothing here prints.

mod finding;
mod proof;
mod replay;
mod stream;
mod strict;

use std::collections::HashMap;
use std::io::BufRead;

pub use finding::{Finding, FindingKind, StepFault};
pub use proof::{Optimum, Proof, Provers, Undecided, prove_optimum, prove_optimum_with};

use crate::Board;
use crate::format::{Api, Integer, Span, parse_integer, read_board, shorten};
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

/// What a move letter names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckOptions {
    /// Force an answer format instead of detecting it.
    pub format: Option<AnswerFormat>,
    /// Also require the byte-exact course format.
    pub strict: bool,
    /// Which unsolvable message to require.
    pub api: Api,
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
            api: Api::Any,
            moves: MoveMeaning::Blank,
            budget: 10_000_000,
            max_findings: 20,
            optimum: None,
        }
    }
}

/// The outcome of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Legal and proven optimal (or a correct unsolvable claim).
    Accepted,
    /// Something is wrong; see the findings.
    Rejected,
    /// Legal, but the optimum could not be proved within the budget.
    Unproven,
}

/// Everything the check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The verdict.
    pub verdict: Verdict,
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
/// use slider::check::{CheckOptions, Verdict, check};
/// let puzzle: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let report = check(&puzzle, "RDRD".as_bytes(), &CheckOptions::default(), None);
/// assert_eq!((report.verdict, report.moves), (Verdict::Accepted, Some(4)));
/// let report = check(&puzzle, "Minimum number of moves = 3\n".as_bytes(), &CheckOptions::default(), None);
/// assert_eq!(report.verdict, Verdict::Rejected);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn check<R: BufRead>(
    puzzle: &Board,
    answer: R,
    options: &CheckOptions,
    oracle: Option<&Oracle>,
) -> Report {
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
/// use slider::check::{CheckOptions, Provers, Verdict, check_with};
/// let puzzle: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let report = check_with(&puzzle, "RDRD".as_bytes(), &CheckOptions::default(), Provers::default());
/// assert_eq!(report.verdict, Verdict::Accepted);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn check_with<R: BufRead>(
    puzzle: &Board,
    answer: R,
    options: &CheckOptions,
    provers: Provers<'_>,
) -> Report {
    let mut checker = Checker {
        puzzle,
        options,
        provers,
        stream: AnswerStream::new(answer, options.strict),
        findings: Vec::new(),
        omitted: 0,
        kept: Vec::new(),
    };
    let (format, outcome) = checker.run();
    checker.conclude(format, outcome)
}

/// What the answer amounts to once read.
#[derive(Clone, Copy)]
enum Outcome {
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
    /// The given optimum, after a finding if something refutes it.
    fn given(&mut self, given: u64, legal_path: Option<u64>, span: Span) -> Optimum {
        if let Some((actual, by_table)) = self.refutes(given, legal_path) {
            self.at(
                FindingKind::GivenOptimumWrong {
                    given,
                    actual,
                    by_table,
                },
                span,
                "given optimum",
            );
        }
        Optimum {
            moves: Some(given),
            proof: Proof::Given,
        }
    }

    /// What refutes a given optimum: a legal path of fewer moves, or (for
    /// boards of at most 3x3 towards the course's goal) the exhaustive table.
    /// Returns the true figure and whether the table gave it.
    fn refutes(&self, given: u64, legal_path: Option<u64>) -> Option<(u64, bool)> {
        if let Some(moves) = legal_path.filter(|&m| m < given) {
            return Some((moves, false));
        }
        if self.puzzle.size() > crate::oracle::MAX_ORACLE_SIDE || self.provers.goal.is_some() {
            return None;
        }
        let table = prove_optimum_with(self.puzzle, None, 0, self.provers).ok()?;
        (table.proof == Proof::ExhaustiveTable)
            .then_some(table.moves?)
            .filter(|&moves| moves != given)
            .map(|moves| (moves, true))
    }

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
    fn at(&mut self, kind: FindingKind, span: Span, label: impl Into<String>) {
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
            label: label.into(),
            related: None,
            lines,
        });
    }

    fn detect(&mut self) -> Option<AnswerFormat> {
        if let Some(format) = self.options.format {
            return Some(format);
        }
        let first = self.stream.peek(0)?.text.clone();
        if matches!(first.as_slice(), b"Minimum" | b"Unsolvable" | b"No") {
            return Some(AnswerFormat::Course);
        }
        if let Integer::Value(_) | Integer::Huge = parse_integer(&first, false) {
            // One number alone is a count; a number followed by more is a
            // board (the header is missing).
            return Some(if self.stream.peek(1).is_none() {
                AnswerFormat::Count
            } else {
                AnswerFormat::Course
            });
        }
        // Mostly move letters: a move string, perhaps with a typo that the
        // replay will point at.
        let text = String::from_utf8_lossy(&first);
        let letters = text.chars().filter(|c| "UDLRudlr,".contains(*c)).count();
        if letters * 2 > text.chars().count() {
            return Some(AnswerFormat::Moves);
        }
        None
    }

    fn run(&mut self) -> (Option<AnswerFormat>, Outcome) {
        let Some(format) = self.detect() else {
            let outcome = match self.stream.peek(0).cloned() {
                None => {
                    let end = self.stream.finish();
                    self.at(FindingKind::EmptyAnswer, end, "nothing here");
                    Outcome::Broken
                }
                Some(token) => {
                    let kind = FindingKind::Unrecognized {
                        token: text_of(&token.text),
                    };
                    self.at(
                        kind,
                        token.span,
                        "expected a header, a move string or a number",
                    );
                    Outcome::Broken
                }
            };
            return (None, outcome);
        };
        let outcome = match format {
            AnswerFormat::Course => self.course(),
            AnswerFormat::Moves => self.move_string(),
            AnswerFormat::Count => self.count(),
        };
        (Some(format), outcome)
    }

    /// The course client's output.
    fn course(&mut self) -> Outcome {
        let first = self.stream.peek(0).cloned();
        let Some(first) = first else {
            let end = self.stream.finish();
            self.at(FindingKind::EmptyAnswer, end, "nothing here");
            return Outcome::Broken;
        };
        let claimed = match first.text.as_slice() {
            b"Unsolvable" | b"No" => return self.unsolvable_message(),
            b"Minimum" => match self.header() {
                Some(claimed) => Some(claimed),
                None => return Outcome::Broken,
            },
            _ => {
                self.at(
                    FindingKind::MissingHeader,
                    first.span,
                    "the first board starts here",
                );
                None
            }
        };
        replay::boards(self, claimed)
    }

    /// `Minimum number of moves = N`; returns N and its span.
    fn header(&mut self) -> Option<(u64, Span)> {
        let first = self.stream.peek(0)?.clone();
        for (k, word) in crate::format::HEADER
            .split_ascii_whitespace()
            .map(str::as_bytes)
            .enumerate()
        {
            let token = self.stream.next();
            match token {
                Some(t) if t.text == *word && t.span.line == first.span.line => {}
                other => {
                    let span = other.map_or(first.span, |t| t.span);
                    let label = format!("expected `{}`", String::from_utf8_lossy(word));
                    self.at(
                        FindingKind::BadHeader,
                        span,
                        if k == 0 { "here".to_string() } else { label },
                    );
                    return None;
                }
            }
        }
        match self.stream.next() {
            Some(t) if t.span.line == first.span.line => match parse_integer(&t.text, false) {
                Integer::Value(v) if v >= 0 => Some((v as u64, t.span)),
                _ => {
                    self.at(
                        FindingKind::BadHeader,
                        t.span,
                        "expected the number of moves",
                    );
                    None
                }
            },
            other => {
                let span = other.map_or(self.stream.finish(), |t| t.span);
                self.at(FindingKind::BadHeader, span, "expected the number of moves");
                None
            }
        }
    }

    /// `Unsolvable puzzle` or `No solution possible`, alone.
    fn unsolvable_message(&mut self) -> Outcome {
        let words: Vec<_> = (0..3)
            .filter_map(|k| self.stream.peek(k).cloned())
            .collect();
        let line = words[0].span.line;
        let texts: Vec<&[u8]> = words
            .iter()
            .filter(|t| t.span.line == line)
            .map(|t| t.text.as_slice())
            .collect();
        // The message's words, whatever the spacing between them.
        let found = [Api::Princeton, Api::Coursera].into_iter().find_map(|api| {
            let message: Vec<&[u8]> = api
                .unsolvable_message()
                .split(' ')
                .map(str::as_bytes)
                .collect();
            texts.starts_with(&message).then_some((api, message.len()))
        });
        let Some((message, len)) = found else {
            self.at(FindingKind::BadHeader, words[0].span, "here");
            return Outcome::Broken;
        };
        let span = words[0].span;
        for _ in 0..len {
            self.stream.next();
        }
        let required = match (self.options.api, message) {
            (wanted, found) if !wanted.accepts(found) => Some(wanted.unsolvable_message()),
            _ => None,
        };
        if let Some(expected) = required {
            self.at(
                FindingKind::WrongUnsolvableMessage { expected },
                span,
                "this message",
            );
        }
        self.expect_end();
        Outcome::Unsolvable { span }
    }

    /// Reports a token after the end of the answer, if any.
    fn expect_end(&mut self) {
        if let Some(extra) = self.stream.next() {
            self.at(
                FindingKind::TrailingText,
                extra.span,
                "nothing should follow",
            );
        }
    }

    /// A move string, replayed from the puzzle.
    fn move_string(&mut self) -> Outcome {
        replay::moves(self)
    }

    /// A bare count.
    fn count(&mut self) -> Outcome {
        let Some(token) = self.stream.next() else {
            let end = self.stream.finish();
            self.at(FindingKind::EmptyAnswer, end, "nothing here");
            return Outcome::Broken;
        };
        let outcome = match parse_integer(&token.text, false) {
            Integer::Value(-1) => Outcome::Unsolvable { span: token.span },
            Integer::Value(v) if v >= 0 => Outcome::Count {
                moves: v as u64,
                span: token.span,
            },
            _ => {
                let kind = FindingKind::Unrecognized {
                    token: text_of(&token.text),
                };
                self.at(kind, token.span, "expected a move count, or -1");
                return Outcome::Broken;
            }
        };
        self.expect_end();
        outcome
    }

    /// Adds what the stream noticed while reading: a line too long, a read
    /// error, the first deviation from the strict format.
    fn reading_findings(&mut self) {
        self.stream.finish();
        if let Some(line) = self.stream.too_long.take() {
            let span = line.end_span();
            self.findings.push(Finding {
                kind: FindingKind::LineTooLong,
                span: Span {
                    column: 1,
                    start: line.offset,
                    end: line.offset,
                    ..span
                },
                label: "this line".to_string(),
                related: None,
                // Too long to quote: the renderer then names the place alone.
                lines: vec![line],
            });
        }
        if let Some((message, span)) = self.stream.io_error.take() {
            let lines = self.stream.lines(span.line, span.line);
            self.findings.push(Finding {
                kind: FindingKind::Io { message },
                span,
                label: "reading stopped here".to_string(),
                related: None,
                lines,
            });
        }
        if let Some(deviation) = self.stream.strict.as_mut().and_then(|s| s.deviation.take()) {
            self.findings.push(deviation);
        }
    }

    /// Adds the strict and reading findings, proves what must be proved,
    /// and decides.
    fn conclude(mut self, format: Option<AnswerFormat>, outcome: Outcome) -> Report {
        self.reading_findings();
        let solvable = self.solvable();
        let mut report = Report {
            verdict: Verdict::Rejected,
            format,
            moves: None,
            claims_unsolvable: matches!(outcome, Outcome::Unsolvable { .. }),
            optimum: None,
            undecided: None,
            findings: Vec::new(),
            omitted: 0,
        };
        match outcome {
            Outcome::Broken => {}
            Outcome::Unsolvable { span } => {
                if solvable {
                    self.at(
                        FindingKind::ClaimsUnsolvable,
                        span,
                        "the puzzle is solvable",
                    );
                } else {
                    report.optimum = Some(Optimum {
                        moves: None,
                        proof: Proof::Parity,
                    });
                }
            }
            Outcome::Path { moves, span } | Outcome::Count { moves, span } => {
                report.moves = Some(moves);
                if !solvable {
                    self.at(
                        FindingKind::SolutionForUnsolvable,
                        span,
                        "a solution is claimed here",
                    );
                } else if self.findings.iter().all(|f| f.kind.keeps_path_legal()) {
                    let is_path = matches!(outcome, Outcome::Path { .. });
                    let upper = is_path.then_some(moves);
                    let proved = match self.options.optimum {
                        Some(Some(given)) => Ok(self.given(given, is_path.then_some(moves), span)),
                        _ => prove_optimum_with(
                            self.puzzle,
                            upper,
                            self.options.budget,
                            self.provers,
                        ),
                    };
                    match proved {
                        Ok(optimum) => {
                            report.optimum = Some(optimum);
                            let best = optimum.moves.unwrap_or(0);
                            if moves > best {
                                self.at(
                                    FindingKind::NotOptimal {
                                        moves,
                                        optimum: best,
                                    },
                                    span,
                                    format!("{moves} moves"),
                                );
                            } else if moves < best
                                && !self.findings.iter().any(|f| {
                                    matches!(f.kind, FindingKind::GivenOptimumWrong { .. })
                                })
                            {
                                self.at(
                                    FindingKind::ShorterThanOptimal {
                                        moves,
                                        optimum: best,
                                    },
                                    span,
                                    format!("{moves} moves"),
                                );
                            }
                        }
                        Err(undecided) => report.undecided = Some(undecided),
                    }
                }
            }
        }
        report.verdict = if !self.findings.is_empty() {
            Verdict::Rejected
        } else if report.undecided.is_some() {
            Verdict::Unproven
        } else if report.optimum.is_some() {
            Verdict::Accepted
        } else {
            Verdict::Rejected
        };
        // First error first: in the order of the file.
        self.findings.sort_by_key(|f| (f.span.line, f.span.column));
        report.findings = self.findings;
        report.omitted = self.omitted;
        report
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
