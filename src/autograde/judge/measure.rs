//! Judging a memory or timing row against the course's limits, computed
//! from slider's model of the course's reference
//! ([`model`](crate::autograde::model)).

use std::time::Duration;

use super::{Clocks, JudgeContext, Judgement};
use crate::Board;
use crate::autograde::catalog::{Check, TimingTest};
use crate::autograde::failure::{Failure, Figure};
use crate::autograde::model::{self, CPU_LIMIT, Counts, SOLVER_MEMORY_FACTOR, memory, scale};
use crate::autograde::protocol::named;
use crate::course::Edition;

fn number(fields: &[String], i: usize) -> Result<f64, Failure> {
    fields
        .get(i)
        .and_then(|f| f.parse().ok())
        .ok_or(Failure::ProbeIncomplete)
}

pub(super) fn count(fields: &[String], name: &str) -> Result<f64, Failure> {
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
        tolerance: None,
    }
}

fn shown(name: &'static str, value: f64) -> Figure {
    Figure {
        name,
        value,
        reference: None,
        limit: None,
        tolerance: None,
    }
}

fn verdict(figures: Vec<Figure>) -> Judgement {
    let failure = figures
        .iter()
        .any(Figure::exceeded)
        .then_some(Failure::OverLimit);
    Judgement {
        figures,
        failure,
        tested: None,
    }
}

pub(super) fn judge(
    check: Check,
    board: &Board,
    fields: &[String],
    clocks: &Clocks,
    context: &JudgeContext<'_>,
) -> Judgement {
    measured(check, board, fields, clocks, context).unwrap_or_else(|failure| Judgement {
        figures: Vec::new(),
        failure: Some(failure),
        tested: None,
    })
}

fn measured(
    check: Check,
    board: &Board,
    fields: &[String],
    clocks: &Clocks,
    context: &JudgeContext<'_>,
) -> Result<Judgement, Failure> {
    let n = board.size() as u64;
    if check == Check::BoardMemory {
        return Ok(verdict(vec![Figure {
            name: "bytes",
            value: number(fields, 0)?,
            reference: Some(memory::board_2d(n) as f64),
            limit: Some(memory::board_limit(n) as f64),
            tolerance: None,
        }]));
    }
    let reference: Counts = context
        .counts
        .reference(board)
        .ok_or(Failure::ProbeIncomplete)?;
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
                    tolerance: None,
                },
            ])
        }
        Check::QueueMemory => {
            let mut judgement = verdict(vec![
                against("deep memory", number(fields, 2)?, reference.queue_bytes),
                against("max size", count(fields, "max-size")?, reference.max_size),
                against(
                    "ending size",
                    count(fields, "end-size")?,
                    reference.end_size,
                ),
            ]);
            unqueued(&mut judgement, fields, context);
            judgement
        }
        Check::Timing(test) => {
            let mut judgement = timing(test, board, fields, clocks, &reference, context.edition)?;
            if test == TimingTest::Queue {
                unqueued(&mut judgement, fields, context);
            }
            judgement
        }
        _ => return Err(Failure::ProbeIncomplete),
    })
}

/// A Solver that inserted nothing into slider's counting `MinPQ`, or only
/// keys that are not search nodes (a decoy), searched with a queue of its
/// own (`java.util.PriorityQueue`, a class of its own): its counts and
/// memory are not a measurement of its search ([`super::unqueued`]).
fn unqueued(judgement: &mut Judgement, fields: &[String], context: &JudgeContext<'_>) {
    if let Some(failure) = super::queue::not_used(fields, context) {
        judgement.failure = Some(failure);
    }
}

fn timing(
    test: TimingTest,
    board: &Board,
    fields: &[String],
    clocks: &Clocks,
    reference: &Counts,
    edition: Edition,
) -> Result<Judgement, Failure> {
    Ok(match test {
        TimingTest::Cpu => {
            let moves = super::field(fields, 0)?;
            let cpu = Duration::from_nanos(count(fields, "cpu-ns")? as u64) + clocks.helper_cpu;
            let seconds = match clocks.yardstick {
                Some(yardstick) => scale::course_seconds(cpu, yardstick),
                None => cpu.as_secs_f64(),
            };
            let time = Figure {
                name: "seconds",
                value: seconds,
                reference: None,
                limit: Some(CPU_LIMIT.as_secs_f64()),
                tolerance: clocks.yardstick.map(|_| scale::TOLERANCE),
            };
            let figures = vec![
                shown("moves", moves.parse().unwrap_or(-1.0)),
                shown("n", board.size() as f64),
                time,
            ];
            let failure = super::value("moves", moves, reference.moves)
                .err()
                .or_else(|| time.exceeded().then_some(Failure::OverLimit));
            Judgement {
                figures,
                failure,
                tested: None,
            }
        }
        TimingTest::Queue => verdict(vec![
            against("insert()", count(fields, "inserts")?, reference.inserts),
            against("delMin()", count(fields, "deletes")?, reference.deletes),
        ]),
        TimingTest::NotCalled => {
            // The course passes thousands of hamming() calls here, but a
            // single toString() fails the row: its reference makes none,
            // and it prints "1 (Infinityx)".
            let uncached = reference.manhattan_uncached;
            let mut figures = vec![
                against("hamming()", count(fields, "hamming")?, uncached),
                against("toString()", count(fields, "tostring")?, 0),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autograde::catalog::Input;
    use crate::autograde::model::CountsCache;
    use crate::autograde::protocol::TrialLimits;

    /// Timing 1 of puzzle20 with `cpu` of CPU beside a yardstick of `yardstick`.
    fn timing_row(cpu: Duration, yardstick: Option<Duration>) -> Judgement {
        let board: Board = crate::course::file("puzzle20").unwrap().parse().unwrap();
        let counts = CountsCache::default();
        let optima = super::super::Optima::default();
        let moves = counts.reference(&board).unwrap().moves;
        let fields = vec![moves.to_string(), format!("cpu-ns={}", cpu.as_nanos())];
        let input = Input {
            boards: vec![board],
            list: "puzzle20.txt".into(),
            trial: (1, 1),
            k: 0,
            seed: 0,
            exact_moves: None,
        };
        let limits = TrialLimits {
            cpu: CPU_LIMIT,
            process_cpu: 2 * CPU_LIMIT,
            wall: Duration::from_secs(30),
            on_course_scale: true,
        };
        let context = JudgeContext {
            api: crate::course::Api::Coursera,
            edition: Edition::default(),
            limits,
            counted_queue: true,
            counts: &counts,
            optima: &optima,
        };
        let clocks = Clocks {
            helper_cpu: Duration::ZERO,
            yardstick,
        };
        let record = crate::autograde::protocol::Record::Ok(fields);
        super::super::judge(
            Check::Timing(TimingTest::Cpu),
            &input,
            &record,
            &clocks,
            &context,
        )
    }

    fn seconds(judgement: &Judgement) -> Figure {
        *judgement
            .figures
            .iter()
            .find(|f| f.name == "seconds")
            .unwrap()
    }

    #[test]
    fn seconds_are_on_the_course_scale_whatever_the_machine() {
        // the same work on a machine twice as fast: half the CPU, half the yardstick
        let slow = timing_row(Duration::from_secs(4), Some(scale::YARDSTICK_COURSE * 2));
        let fast = timing_row(Duration::from_secs(2), Some(scale::YARDSTICK_COURSE));
        assert!((seconds(&slow).value - 2.0).abs() < 1e-9);
        assert!((seconds(&fast).value - 2.0).abs() < 1e-9);
        // 4 s of CPU on a machine as fast as the course's fails on neither
        assert_eq!(slow.failure, None);
        // without a yardstick (an old probe), the CPU seconds themselves
        assert!((seconds(&timing_row(Duration::from_secs(4), None)).value - 4.0).abs() < 1e-9);
    }

    #[test]
    fn a_row_within_the_tolerance_passes_and_says_how_close_it_was() {
        let y = Some(scale::YARDSTICK_COURSE);
        let close = timing_row(Duration::from_millis(5_500), y);
        assert_eq!(close.failure, None);
        assert!(seconds(&close).close());
        let over = timing_row(Duration::from_millis(6_300), y);
        assert_eq!(over.failure, Some(Failure::OverLimit));
        assert!(!seconds(&over).close());
        let under = timing_row(Duration::from_millis(4_900), y);
        assert_eq!(under.failure, None);
        assert!(!seconds(&under).close());
    }
}
