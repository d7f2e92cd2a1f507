//! Judging the student's Solver (run with slider's reference Board): its
//! answers against the optimum, its solutions replayed by the checker, and
//! the counts of the reference Board's and the queue's audits.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::{field, numbers, value};
use crate::autograde::catalog::{Check, Input};
use crate::autograde::failure::{BadPath, Failure};
use crate::autograde::protocol::{SolverMethod, named};
use crate::check::{CheckOptions, CheckVerdict, check};
use crate::course::Api;
use crate::oracle::Oracle;
use crate::{Board, Solver};

/// The optima of the boards the tests use (all are small enough for the
/// reference A*), `None` when unsolvable; each computed once for the life
/// of the value (a batch's [`Toolkit`](crate::autograde::Toolkit) owns one,
/// and gives it to the judge in its [`JudgeContext`](super::JudgeContext)).
#[derive(Default)]
pub struct Optima {
    oracle: OnceLock<Option<Oracle>>,
    known: Mutex<HashMap<Board, Option<usize>>>,
}

impl std::fmt::Debug for Optima {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let known = self.known.lock().map_or(0, |k| k.len());
        f.debug_struct("Optima")
            .field("oracle", &self.oracle.get().map(Option::is_some))
            .field("known", &known)
            .finish()
    }
}

impl Optima {
    /// The fewest moves that solve `board`, `None` when it is unsolvable.
    ///
    /// # Example
    ///
    /// ```
    /// let optima = slider::autograde::judge::Optima::default();
    /// let board: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
    /// assert_eq!(optima.optimum(&board), Some(4));
    /// # Ok::<(), slider::PuzzleError>(())
    /// ```
    #[must_use]
    pub fn optimum(&self, board: &Board) -> Option<usize> {
        if board.size() == 3
            && let Some(oracle) = self.oracle.get_or_init(|| Oracle::new(3).ok())
        {
            return oracle.distance(board).map(|d| d as usize);
        }
        if let Some(known) = self.known.lock().ok().and_then(|c| c.get(board).copied()) {
            return known;
        }
        let computed = Solver::new(board).ok().map(|s| s.moves());
        if let Ok(mut known) = self.known.lock() {
            known.insert(board.clone(), computed);
        }
        computed
    }
}

/// Judges `[count | null, boards...]` as a solution of `board`: any optimal
/// path passes. Returns how many fields it read.
fn solution(board: &Board, fields: &[String], optima: &Optima) -> Result<usize, Failure> {
    let count = field(fields, 0)?;
    let expected = optima.optimum(board);
    if count == "null" {
        return match expected {
            None => Ok(1),
            Some(moves) => Err(Failure::NullSolution { moves }),
        };
    }
    let count: usize = count.parse().map_err(|_| Failure::ProbeIncomplete)?;
    let boards = fields.get(1..=count).ok_or(Failure::ProbeIncomplete)?;
    let Some(optimum) = expected else {
        return Err(Failure::SolutionForUnsolvable);
    };
    let mut answer = format!("{}{}\n", crate::course::HEADER, count.saturating_sub(1));
    for (k, text) in boards.iter().enumerate() {
        let Some((n, tiles)) = numbers(text) else {
            return Err(Failure::BadSolution {
                why: BadPath::NotABoard(k + 1),
                boards: count,
            });
        };
        answer.push_str(&n.to_string());
        answer.push('\n');
        for row in tiles.chunks(n) {
            let row: Vec<String> = row.iter().map(ToString::to_string).collect();
            answer.push_str(&row.join(" "));
            answer.push('\n');
        }
        answer.push('\n');
    }
    let options = CheckOptions {
        optimum: Some(Some(optimum as u64)),
        ..CheckOptions::default()
    };
    let report = check(board, answer.as_bytes(), &options, None);
    if report.verdict != CheckVerdict::Accepted {
        let why = report
            .findings
            .first()
            .map_or(BadPath::Rejected, |f| BadPath::Finding(f.kind.clone()));
        return Err(Failure::BadSolution { why, boards: count });
    }
    Ok(count + 1)
}

/// One Solver method's answer, from `fields`; returns the fields read.
fn answer(
    method: SolverMethod,
    board: &Board,
    fields: &[String],
    context: &super::JudgeContext<'_>,
) -> Result<usize, Failure> {
    match method {
        SolverMethod::Moves => {
            let expected = context.optima.optimum(board).map_or(-1, |m| m as i64);
            if context.api == Api::Princeton && expected < 0 {
                return Err(Failure::NoException {
                    expected: super::ILLEGAL_ARGUMENT.to_string(),
                });
            }
            value("moves", field(fields, 0)?, expected).map(|()| 1)
        }
        SolverMethod::IsSolvable => {
            value("isSolvable", field(fields, 0)?, board.is_solvable()).map(|()| 1)
        }
        SolverMethod::Solution => solution(board, fields, context.optima),
    }
}

/// How many fields one call's answer takes.
fn answer_length(method: SolverMethod, fields: &[String]) -> Result<usize, Failure> {
    match (method, fields.first().map(String::as_str)) {
        (_, None) => Err(Failure::ProbeIncomplete),
        (SolverMethod::Solution, Some("null"))
        | (SolverMethod::Moves | SolverMethod::IsSolvable, _) => Ok(1),
        (SolverMethod::Solution, Some(count)) => {
            let count: usize = count.parse().map_err(|_| Failure::ProbeIncomplete)?;
            if fields.len() > count {
                Ok(count + 1)
            } else {
                Err(Failure::ProbeIncomplete)
            }
        }
    }
}

fn count(fields: &[String], name: &str) -> Result<u64, Failure> {
    named(fields, name)
        .and_then(|v| v.parse().ok())
        .ok_or(Failure::ProbeIncomplete)
}

pub(super) fn judge(
    check: Check,
    input: &Input,
    fields: &[String],
    context: &super::JudgeContext<'_>,
) -> Result<(), Failure> {
    let board = input.boards.first().ok_or(Failure::ProbeIncomplete)?;
    match check {
        Check::Solver(method) => answer(method, board, fields, context).map(|_| ()),
        Check::Sequence => {
            // `=call` then its answer, for each call: the same answers each
            // time, whatever the order (their being right is other tests' job)
            let mut at = 0;
            let mut seen: Vec<(SolverMethod, &[String])> = Vec::new();
            while at < fields.len() {
                let call = fields[at]
                    .strip_prefix('=')
                    .and_then(SolverMethod::of)
                    .ok_or(Failure::ProbeIncomplete)?;
                let used = answer_length(call, &fields[at + 1..])?;
                let given = &fields[at + 1..at + 1 + used];
                if let Some((_, first)) = seen.iter().find(|(m, _)| *m == call)
                    && *first != given
                {
                    return Err(Failure::Inconsistent {
                        method: format!("{}()", call.name()),
                        first: first.join(" "),
                        later: given.join(" "),
                    });
                }
                seen.push((call, given));
                at += 1 + used;
            }
            Ok(())
        }
        Check::TwoSolvers => {
            let mut at = 0;
            for board in &input.boards {
                at += answer(
                    SolverMethod::Moves,
                    board,
                    &fields[at.min(fields.len())..],
                    context,
                )?;
                at += answer(
                    SolverMethod::Solution,
                    board,
                    &fields[at.min(fields.len())..],
                    context,
                )?;
                if field(fields, at)? != "|" {
                    return Err(Failure::ProbeIncomplete);
                }
                at += 1;
            }
            Ok(())
        }
        // a search that inserted nothing into algs4's MinPQ, or nothing
        // that is a search node, used a queue of its own, which no audit sees
        Check::QueueUnchanged => match super::queue::not_used(fields, context) {
            Some(failure) => Err(failure),
            None => match super::queue::queue_change(fields)? {
                None => Ok(()),
                Some(change) => Err(Failure::QueueKeyChanged { change }),
            },
        },
        Check::EqualsCalled => {
            if count(fields, "equals")? == 0 {
                Err(Failure::EqualsNotCalled)
            } else {
                Ok(())
            }
        }
        Check::EqualsOnlyBoards => match count(fields, "equals-not-board")? {
            0 => Ok(()),
            calls => Err(Failure::EqualsNotBoard { calls }),
        },
        Check::EqualsOnlyGrandparent => match count(fields, "equals-not-grandparent")? {
            0 => Ok(()),
            calls => Err(Failure::EqualsNotGrandparent {
                calls,
                of: count(fields, "equals")?,
            }),
        },
        _ => Err(Failure::ProbeIncomplete),
    }
}
