//! Judging a memory or timing row against the course's limits, computed
//! from slider's model of the course's reference
//! ([`model`](crate::autograde::model)).

use std::time::Duration;

use super::{Context, Judgement};
use crate::Board;
use crate::autograde::catalog::{Check, TimingTest};
use crate::autograde::failure::{Failure, Figure};
use crate::autograde::model::{self, CPU_LIMIT, Counts, SOLVER_MEMORY_FACTOR, memory};
use crate::autograde::protocol::named;
use crate::course::Edition;

fn number(fields: &[String], i: usize) -> Result<f64, Failure> {
    fields
        .get(i)
        .and_then(|f| f.parse().ok())
        .ok_or(Failure::ProbeIncomplete)
}

fn count(fields: &[String], name: &str) -> Result<f64, Failure> {
    named(fields, name)
        .and_then(|v| v.parse().ok())
        .ok_or(Failure::ProbeIncomplete)
}

/// A figure whose limit is [`model::FACTOR`] times the reference's.
fn against(name: &'static str, value: f64, reference: u64) -> Figure {
    Figure {
        name,
        value,
        reference: Some(reference as f64),
        limit: Some(model::limit(reference)),
    }
}

fn shown(name: &'static str, value: f64) -> Figure {
    Figure {
        name,
        value,
        reference: None,
        limit: None,
    }
}

fn verdict(figures: Vec<Figure>) -> Judgement {
    let failure = figures
        .iter()
        .any(Figure::exceeded)
        .then_some(Failure::OverLimit);
    Judgement { figures, failure }
}

pub(super) fn judge(
    check: Check,
    board: &Board,
    fields: &[String],
    helper_cpu: Duration,
    context: &Context,
) -> Judgement {
    measured(check, board, fields, helper_cpu, context).unwrap_or_else(|failure| Judgement {
        figures: Vec::new(),
        failure: Some(failure),
    })
}

fn measured(
    check: Check,
    board: &Board,
    fields: &[String],
    helper_cpu: Duration,
    context: &Context,
) -> Result<Judgement, Failure> {
    let n = board.size() as u64;
    if check == Check::BoardMemory {
        return Ok(verdict(vec![Figure {
            name: "bytes",
            value: number(fields, 0)?,
            reference: Some(memory::board_2d(n) as f64),
            limit: Some(memory::board_limit(n) as f64),
        }]));
    }
    let reference: Counts = model::reference(board).ok_or(Failure::ProbeIncomplete)?;
    Ok(match check {
        Check::SolverMemory => {
            let limit = reference.solver_bytes as f64 * SOLVER_MEMORY_FACTOR;
            verdict(vec![
                shown("moves", number(fields, 0)?),
                Figure {
                    name: "bytes",
                    value: number(fields, 1)?,
                    reference: Some(reference.solver_bytes as f64),
                    limit: Some(limit),
                },
            ])
        }
        Check::QueueMemory => verdict(vec![
            against("deep memory", number(fields, 2)?, reference.queue_bytes),
            against("max size", count(fields, "max-size")?, reference.max_size),
            against(
                "ending size",
                count(fields, "end-size")?,
                reference.end_size,
            ),
        ]),
        Check::Timing(test) => {
            timing(test, board, fields, helper_cpu, &reference, context.edition)?
        }
        _ => return Err(Failure::ProbeIncomplete),
    })
}

fn timing(
    test: TimingTest,
    board: &Board,
    fields: &[String],
    helper_cpu: Duration,
    reference: &Counts,
    edition: Edition,
) -> Result<Judgement, Failure> {
    Ok(match test {
        TimingTest::Cpu => {
            let moves = super::field(fields, 0)?;
            let seconds = (count(fields, "cpu-ns")? + helper_cpu.as_nanos() as f64) / 1e9;
            let figures = vec![
                shown("moves", moves.parse().unwrap_or(-1.0)),
                shown("n", board.size() as f64),
                Figure {
                    name: "seconds",
                    value: seconds,
                    reference: None,
                    limit: Some(CPU_LIMIT.as_secs_f64()),
                },
            ];
            let failure = super::value("moves", moves, reference.moves)
                .err()
                .or_else(|| (seconds > CPU_LIMIT.as_secs_f64()).then_some(Failure::OverLimit));
            Judgement { figures, failure }
        }
        TimingTest::Queue => verdict(vec![
            against("insert()", count(fields, "inserts")?, reference.inserts),
            against("delMin()", count(fields, "deletes")?, reference.deletes),
        ]),
        TimingTest::NotCalled => {
            let uncached = reference.manhattan_uncached;
            let mut figures = vec![
                against("hamming()", count(fields, "hamming")?, uncached),
                against("toString()", count(fields, "tostring")?, uncached),
            ];
            if edition == Edition::E49 {
                figures.push(against("tileAt()", count(fields, "tileat")?, uncached));
            }
            verdict(figures)
        }
        TimingTest::Calls | TimingTest::Caching => {
            let manhattan = if test == TimingTest::Calls {
                reference.manhattan_uncached
            } else {
                reference.manhattan
            };
            verdict(vec![
                against("Board()", count(fields, "boards")?, reference.boards),
                against("equals()", count(fields, "equals")?, reference.equals),
                against("manhattan()", count(fields, "manhattan")?, manhattan),
            ])
        }
    })
}
