//! Judging a memory or timing row against the course's limits, computed
//! from slider's model of the course's reference
//! ([`model`](crate::autograde::model)).

use std::time::Duration;

use super::{Clocks, JudgeContext, Judgement};
use crate::Board;
use crate::autograde::catalog::{Check, TimingTest};
use crate::autograde::failure::{Failure, Figure, FreshMiss, LookedUpBy};
use crate::autograde::model::{
    self, CPU_LIMIT, Counts, CountsCache, SOLVER_MEMORY_FACTOR, memory, scale,
};
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
    Judgement { figures, failure }
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

/// A timing row done with this many times less work than the least of the
/// fresh puzzles, per insertion of the course's reference, was looked up.
/// Legitimate Solvers stay within a few times of it: tie-breaking, a closed
/// set or a stronger heuristic change a Solver's work on every puzzle
/// alike. (CPU time is no measure here: a small puzzle's fixed costs and a
/// large one's cache misses move it more than that.)
pub const LOOKED_UP: f64 = 20.0;

/// What a Solver did on one timing puzzle, beside the course's reference.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pace {
    /// Its `MinPQ` insertions.
    pub inserts: f64,
    /// The Boards it made (a search makes one for each node it inserts; a
    /// table that fakes its insertions must make them too, and then does
    /// a search's work).
    pub boards: f64,
    /// The reference's insertions on the same puzzle.
    pub reference: u64,
    /// Whether its `moves()` was the optimum: only a right answer can have
    /// been looked up (a wrong one made with no search is just wrong, and
    /// Timing 1 says so).
    pub solved: bool,
    /// A fresh puzzle without a right answer: why. Its pace is then the
    /// reference's own ([`Pace::reference_on`]).
    pub missed: Option<FreshMiss>,
}

impl Pace {
    /// The pace of trial `fields` (a timing record) on `board`, beside
    /// the reference's insertions that `counts` gives.
    #[must_use]
    pub fn of(board: &Board, fields: &[String], counts: &CountsCache) -> Option<Pace> {
        let reference = counts.reference(board)?;
        Some(Pace {
            inserts: count(fields, "inserts").ok()?,
            boards: count(fields, "boards").ok()?,
            reference: reference.inserts,
            solved: super::field(fields, 0)
                .ok()
                .and_then(|m| m.parse::<u32>().ok())
                == Some(reference.moves),
            missed: None,
        })
    }

    /// The pace that stands for a fresh puzzle on `board` the Solver gave
    /// no right answer to (`missed` says why): the course's reference's
    /// own work, its insertions and its Boards. A fresh puzzle that threw,
    /// answered wrong or ran out of time is never nothing to compare: a
    /// Solver that searches does at least a twentieth of the reference's
    /// work on a public puzzle, however slow or wrong it is on the fresh
    /// one, and a table does none.
    #[must_use]
    pub fn reference_on(board: &Board, counts: &CountsCache, missed: FreshMiss) -> Option<Pace> {
        let reference = counts.reference(board)?;
        Some(Pace {
            inserts: reference.inserts as f64,
            boards: reference.boards as f64,
            reference: reference.inserts,
            solved: false,
            missed: Some(missed),
        })
    }

    fn per_insert(&self, value: f64) -> f64 {
        value / self.reference.max(1) as f64
    }
}

/// Whether a timing row whose pace was `row` was looked up, judged against
/// the fresh puzzles' `fresh` (each a pace of its own, or the reference's
/// for one without a right answer: [`Pace::reference_on`]):
/// [`LOOKED_UP`] times fewer `MinPQ` insertions, or Boards made, per
/// reference insertion than on the least of them. A row whose answer is
/// wrong was not looked up (what the fresh puzzles are then compared with
/// depends on their draw).
#[must_use]
pub fn looked_up(row: &Pace, fresh: &[Pace]) -> Option<Failure> {
    if !row.solved {
        return None;
    }
    // the least of the fresh puzzles' paces, and that puzzle's miss
    let least = |f: &dyn Fn(&Pace) -> f64| {
        fresh
            .iter()
            .map(|p| (f(p), p.missed))
            .fold((f64::INFINITY, None), |a, b| if b.0 < a.0 { b } else { a })
    };
    let verdict = |by, row: f64, (fresh, missed): (f64, Option<FreshMiss>)| {
        (fresh.is_finite() && row * LOOKED_UP < fresh).then(|| Failure::LookedUp {
            by,
            times: (row > 0.0).then(|| (fresh / row) as u64),
            fresh: missed,
        })
    };
    verdict(
        LookedUpBy::Insertions,
        row.per_insert(row.inserts),
        least(&|p| p.per_insert(p.inserts)),
    )
    .or_else(|| {
        verdict(
            LookedUpBy::Boards,
            row.per_insert(row.boards),
            least(&|p| p.per_insert(p.boards)),
        )
    })
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
            Judgement { figures, failure }
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
    use crate::autograde::protocol::TrialLimits;

    fn pace(inserts: f64, boards: f64, reference: u64) -> Pace {
        Pace {
            inserts,
            boards,
            reference,
            solved: true,
            missed: None,
        }
    }

    #[test]
    fn a_row_solved_with_less_work_than_the_fresh_puzzles_by_a_few_times_stands() {
        // slider's reference Solver on puzzle40: 315,112 insertions where the
        // course's reference makes 1,108,443 (it stops sooner); on fresh
        // puzzles it makes about as many as the course's
        let fresh = [
            pace(3_100.0, 2_900.0, 3_000),
            pace(40_000.0, 36_000.0, 38_000),
        ];
        assert_eq!(
            looked_up(&pace(315_112.0, 300_000.0, 1_108_443), &fresh),
            None
        );
        // a stronger heuristic: ten times less work everywhere
        let strong = [pace(310.0, 290.0, 3_000), pace(4_000.0, 3_600.0, 38_000)];
        assert_eq!(
            looked_up(&pace(110_000.0, 100_000.0, 1_108_443), &strong),
            None
        );
    }

    #[test]
    fn a_row_with_no_search_or_faked_insertions_was_looked_up() {
        let fresh = [
            pace(3_100.0, 2_900.0, 3_000),
            pace(40_000.0, 36_000.0, 38_000),
        ];
        assert_eq!(
            looked_up(&pace(0.0, 41.0, 1_108_443), &fresh),
            Some(Failure::LookedUp {
                by: LookedUpBy::Insertions,
                times: None,
                fresh: None,
            })
        );
        // insertions faked to the reference's count, without the Boards a
        // search makes for them: 40 Boards for a path
        assert_eq!(
            looked_up(&pace(1_108_443.0, 41.0, 1_108_443), &fresh),
            Some(Failure::LookedUp {
                by: LookedUpBy::Boards,
                times: Some(25_612),
                fresh: None,
            })
        );
        // no fresh puzzle planned (the model could not count them): nothing
        // to compare with
        assert_eq!(looked_up(&pace(0.0, 41.0, 1_108_443), &[]), None);
    }

    /// A fresh puzzle without a right answer, as the runner makes it: the
    /// reference's own pace on it.
    fn missed(inserts: u64, boards: u64, why: FreshMiss) -> Pace {
        Pace {
            inserts: inserts as f64,
            boards: boards as f64,
            reference: inserts,
            solved: false,
            missed: Some(why),
        }
    }

    #[test]
    fn a_fresh_puzzle_without_a_right_answer_counts_as_the_references_work() {
        // a table whose fresh puzzles all throw: its rows did no search
        let thrown = [
            missed(3_000, 2_950, FreshMiss::Threw),
            missed(12_000, 11_800, FreshMiss::Threw),
        ];
        assert_eq!(
            looked_up(&pace(0.0, 41.0, 1_108_443), &thrown),
            Some(Failure::LookedUp {
                by: LookedUpBy::Insertions,
                times: None,
                fresh: Some(FreshMiss::Threw),
            })
        );
        // a slow Solver whose fresh 4x4 ran out of time, on a public puzzle
        // it solved with a search: three times the reference's work there
        // (or ten times less, with a strong heuristic) stands
        let ended = [
            pace(9_000.0, 8_800.0, 3_000),
            missed(12_000, 11_800, FreshMiss::Ended),
        ];
        assert_eq!(looked_up(&pace(3_300.0, 3_200.0, 1_118), &ended), None);
        assert_eq!(looked_up(&pace(112.0, 110.0, 1_118), &ended), None);
        // the least is then the one that ran out of time; the row's answer
        // from a table is still found out
        assert_eq!(
            looked_up(&pace(2.0, 41.0, 1_118), &ended),
            Some(Failure::LookedUp {
                by: LookedUpBy::Insertions,
                times: Some(559),
                fresh: Some(FreshMiss::Ended),
            })
        );
        // a fresh puzzle answered at once and wrong is no pace of zero
        let wrong = [missed(3_000, 2_950, FreshMiss::Wrong)];
        assert!(looked_up(&pace(0.0, 1.0, 275_661), &wrong).is_some());
    }

    #[test]
    fn a_wrong_answer_made_with_no_search_was_not_looked_up() {
        // a Solver that answers 0 at once on every large puzzle: its rows
        // fail Timing 1, and whether the fresh draw made it look like a
        // table must not decide Timing 3 and 4
        let fresh = [pace(3_100.0, 2_900.0, 3_000)];
        let wrong = Pace {
            solved: false,
            ..pace(0.0, 1.0, 275_661)
        };
        assert_eq!(looked_up(&wrong, &fresh), None);
        let right = pace(0.0, 1.0, 275_661);
        assert!(looked_up(&right, &fresh).is_some());
    }

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
