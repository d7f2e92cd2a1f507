//! Whether a timing row was looked up rather than searched: its work,
//! beside the course's reference's, against the fresh puzzles' (puzzles no
//! table can hold, drawn for each submission).

use super::measure::count;
use crate::Board;
use crate::autograde::failure::{Failure, FreshMiss, LookedUpBy};
use crate::autograde::model::CountsCache;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
