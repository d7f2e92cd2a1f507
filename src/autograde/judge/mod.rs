//! Judging one trial's record against slider's Rust reference: `Ok` with
//! the figures a memory or timing row shows, or the [`Failure`]. Boards a
//! student's method returns are read as the course reads them, as n and n²
//! numbers whatever the spacing (the course gave full marks to `toString()`s
//! that print `" 0 1 3"` or `"0 1 3 "`).

mod board;
mod measure;
mod pace;
mod queue;
mod solver;

pub use pace::{LOOKED_UP, Pace, looked_up};
pub use queue::{queue_change, unqueued};
pub use solver::Optima;

use super::catalog::{Check, Input};
use super::failure::{Failure, Figure};
use super::model::CountsCache;
use super::protocol::{LimitKind, Method, Record, TrialLimits};
use crate::Board;
use crate::course::{Api, Edition};

/// What a judgement needs besides the record.
#[derive(Debug, Clone, Copy)]
pub struct JudgeContext<'a> {
    /// The API graded against.
    pub api: Api,
    /// The course's edition.
    pub edition: Edition,
    /// The trial's limits.
    pub limits: TrialLimits,
    /// Whether the student's `MinPQ` is slider's counting one (not an
    /// algs4 jar given with `--algs4`): a Solver then inserts at least once
    /// into a queue slider counts, or it used a queue of its own.
    pub counted_queue: bool,
    /// The model's counts of the memory and timing puzzles (the batch's).
    pub counts: &'a CountsCache,
    /// The optima of the Solver tests' boards (the batch's).
    pub optima: &'a Optima,
}

/// What the probe clocked beside a trial's own record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clocks {
    /// CPU time of the threads the trial started besides its own.
    pub helper_cpu: std::time::Duration,
    /// The yardstick's time in the trial's JVM (a timing trial's seconds
    /// are put on the course's scale with it; see
    /// [`scale`](crate::autograde::model::scale)).
    pub yardstick: Option<std::time::Duration>,
}

/// The judgement of one trial: the figures a memory or timing row shows
/// (none for a correctness trial), and what failed, if anything.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    /// The measured figures.
    pub figures: Vec<Figure>,
    /// The failure, or `None` when the trial passed.
    pub failure: Option<Failure>,
    /// The board a failure is about when it is not the input's: the kth
    /// neighbor or twin a Board test 13 to 17 called its method on.
    pub tested: Option<Board>,
}

impl From<Result<(), Failure>> for Judgement {
    fn from(result: Result<(), Failure>) -> Judgement {
        Judgement {
            figures: Vec::new(),
            failure: result.err(),
            tested: None,
        }
    }
}

/// Judges one trial of `check` on `input` from its `record` and what the
/// probe clocked beside it.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::autograde::{Failure, catalog::{Check, Input}, judge::{Clocks, JudgeContext, Optima, judge}};
/// use slider::autograde::protocol::{Method, Record, TrialLimits};
/// let board: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let input = Input { boards: vec![board], list: "puzzle04.txt".into(), trial: (1, 1), k: 0, seed: 0, exact_moves: None };
/// let limits = TrialLimits { cpu: Duration::from_secs(5), process_cpu: Duration::from_secs(15), wall: Duration::from_secs(20), on_course_scale: false };
/// let (counts, optima) = (Default::default(), Optima::default());
/// let context = JudgeContext { api: slider::course::Api::Coursera, edition: Default::default(), limits, counted_queue: true, counts: &counts, optima: &optima };
/// let spaced = Record::Ok(vec!["3\n0 1 3\n4 2 5\n7 8 6".into()]);
/// assert_eq!(judge(Check::Value(Method::ToString), &input, &spaced, &Clocks::default(), &context).failure, None);
/// let wrong = Record::Ok(vec!["5".into()]);
/// assert!(matches!(judge(Check::Value(Method::Manhattan), &input, &wrong, &Clocks::default(), &context).failure,
///     Some(Failure::WrongValue { .. })));
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn judge(
    check: Check,
    input: &Input,
    record: &Record,
    clocks: &Clocks,
    context: &JudgeContext<'_>,
) -> Judgement {
    match fields_of(check, record, clocks, context) {
        Ok(fields) => judge_fields(check, input, fields, clocks, context),
        Err(result) => result.into(),
    }
}

/// The fields of an `Ok` record, or the judgement of any other.
fn fields_of<'a>(
    check: Check,
    record: &'a Record,
    clocks: &Clocks,
    context: &JudgeContext<'_>,
) -> Result<&'a [String], Result<(), Failure>> {
    Err(match record {
        Record::Ok(fields) => return Ok(fields),
        Record::Limit {
            kind,
            threads,
            process,
            wall,
        } => {
            let limits = context.limits;
            // a timing trial's limit is on the course's scale: so is
            // what it ran
            let threads = match clocks.yardstick {
                Some(yardstick) => std::time::Duration::from_secs_f64(
                    crate::autograde::model::scale::course_seconds(*threads, yardstick),
                ),
                None => *threads,
            };
            Err(Failure::Limit {
                kind: *kind,
                threads,
                process: *process,
                wall: *wall,
                limit: match kind {
                    LimitKind::Cpu => limits.cpu,
                    LimitKind::Process => limits.process_cpu,
                    LimitKind::Wall => limits.wall,
                },
            })
        }
        Record::Missing(member) => Err(Failure::Missing {
            member: member.clone(),
        }),
        Record::Skipped => Err(Failure::NotRun {
            why: super::NotRun::EarlierInList,
        }),
        Record::Threw {
            class,
            message,
            frames,
        } => threw(check, class, message, frames),
    })
}

fn judge_fields(
    check: Check,
    input: &Input,
    fields: &[String],
    clocks: &Clocks,
    context: &JudgeContext<'_>,
) -> Judgement {
    let board = input.boards.first();
    match (check, board) {
        (Check::NullArgument | Check::UnsolvableThrows, _) => Err(Failure::NoException {
            expected: ILLEGAL_ARGUMENT.to_string(),
        })
        .into(),
        (_, None) => Err(Failure::ProbeIncomplete).into(),
        (
            Check::BoardMemory | Check::SolverMemory | Check::QueueMemory | Check::Timing(_),
            Some(board),
        ) => measure::judge(check, board, fields, clocks, context),
        (
            Check::Solver(_)
            | Check::Sequence
            | Check::TwoSolvers
            | Check::QueueUnchanged
            | Check::EqualsCalled
            | Check::EqualsOnlyBoards
            | Check::EqualsOnlyGrandparent,
            Some(_),
        ) => solver::judge(check, input, fields, context).into(),
        (Check::Kth { .. }, Some(board)) => {
            let mut judgement: Judgement =
                board::judge(check, board, input, fields, context.api).into();
            if judgement.failure.is_some() {
                // the method was called on the kth board, not the file's
                judgement.tested = fields.first().and_then(|text| read(text));
            }
            judgement
        }
        (check, Some(board)) => board::judge(check, board, input, fields, context.api).into(),
    }
}

const ILLEGAL_ARGUMENT: &str = "java.lang.IllegalArgumentException";

fn threw(check: Check, class: &str, message: &str, frames: &[String]) -> Result<(), Failure> {
    if matches!(check, Check::NullArgument | Check::UnsolvableThrows) {
        return if class == ILLEGAL_ARGUMENT {
            Ok(())
        } else {
            Err(Failure::WrongException {
                expected: ILLEGAL_ARGUMENT.to_string(),
                class: class.to_string(),
                frames: frames.to_vec(),
            })
        };
    }
    Err(Failure::Threw {
        class: class.to_string(),
        message: message.to_string(),
        frames: frames.to_vec(),
    })
}

/// n and the n² numbers after it, read from a `toString()`, when that is
/// what the text holds.
///
/// # Example
///
/// ```
/// use slider::autograde::judge::numbers;
/// assert_eq!(numbers("2\n 1  0 \n 2  3 \n"), Some((2, vec![1, 0, 2, 3])));
/// assert_eq!(numbers("2\n1 0\n2"), None);
/// ```
#[must_use]
pub fn numbers(text: &str) -> Option<(usize, Vec<i64>)> {
    let mut words = text.split_whitespace();
    let n: usize = words.next()?.parse().ok()?;
    if n == 0 || n > crate::MAX_SIZE {
        return None;
    }
    let tiles: Vec<i64> = words.map(|w| w.parse().ok()).collect::<Option<_>>()?;
    (tiles.len() == n * n).then_some((n, tiles))
}

/// Whether `text` reads as `board`.
pub(super) fn same(text: &str, board: &Board) -> bool {
    numbers(text).is_some_and(|(n, tiles)| {
        n == board.size()
            && tiles
                .iter()
                .zip(board.tiles())
                .all(|(a, b)| *a == i64::from(b))
    })
}

/// The board `text` reads as, when it is a board.
pub(super) fn read(text: &str) -> Option<Board> {
    let (n, tiles) = numbers(text)?;
    let rows: Vec<&[i64]> = tiles.chunks(n).collect();
    Board::new(&rows).ok()
}

pub(super) fn field(fields: &[String], i: usize) -> Result<&str, Failure> {
    fields
        .get(i)
        .map(String::as_str)
        .ok_or(Failure::ProbeIncomplete)
}

pub(super) fn value(
    method: &str,
    student: &str,
    reference: impl std::fmt::Display,
) -> Result<(), Failure> {
    let reference = reference.to_string();
    if student == reference {
        Ok(())
    } else {
        Err(Failure::WrongValue {
            method: format!("{method}()"),
            student: student.to_string(),
            reference,
        })
    }
}

pub(super) fn board_value(method: &str, student: &str, reference: &Board) -> Result<(), Failure> {
    if same(student, reference) {
        Ok(())
    } else if numbers(student).is_none() {
        Err(Failure::Unreadable {
            method: format!("{method}()"),
            text: student.to_string(),
        })
    } else {
        Err(Failure::WrongBoard {
            method: format!("{method}()"),
            student: student.to_string(),
            reference: reference.clone(),
        })
    }
}

pub(super) fn method_value(
    method: Method,
    student: &str,
    board: &Board,
    api: Api,
) -> Result<(), Failure> {
    match method {
        Method::Hamming => value("hamming", student, board.hamming()),
        Method::Manhattan => value("manhattan", student, board.manhattan()),
        Method::Size => value(api.size_method(), student, board.size()),
        Method::ToString => board_value("toString", student, board),
        Method::IsGoal => value("isGoal", student, board.is_goal()),
        Method::IsSolvable => value("isSolvable", student, board.is_solvable()),
    }
}
