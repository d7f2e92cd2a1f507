//! The fresh timing puzzles' verdict on a timing section: each row that
//! passed is compared with what the Solver did on puzzles drawn anew each
//! run, which no table can hold (`Failure::LookedUp`). A fresh puzzle the
//! Solver gave no right answer to counts as the course's reference's work
//! on it, never as nothing to compare.

use super::catalog::Section;
use super::failure::Failure;
use super::group_run::GroupRun;
use super::model::CountsCache;
use super::protocol::{self, Record};

/// The pace of trial `i` of a timing group's `run`, on `board`, if it
/// finished.
fn pace(
    run: &GroupRun,
    i: usize,
    board: &crate::Board,
    counts: &CountsCache,
) -> Option<super::judge::Pace> {
    match run.records.trials.get(&i)? {
        protocol::Record::Ok(fields) => super::judge::Pace::of(board, fields, counts),
        _ => None,
    }
}

/// The pace of fresh puzzle `i` of a timing group's `run`, on `board`: its
/// own when the Solver answered it right, else the reference's, with why
/// ([`Pace::reference_on`](super::judge::Pace::reference_on)): a fresh
/// puzzle that threw, answered wrong or ran out of time is never nothing
/// to compare.
fn fresh_pace(
    run: &GroupRun,
    i: usize,
    board: &crate::Board,
    counts: &CountsCache,
) -> Option<super::judge::Pace> {
    use super::failure::FreshMiss;
    let missed = match (run.records.trials.get(&i), run.missing.get(&i)) {
        (Some(Record::Ok(fields)), _) => match super::judge::Pace::of(board, fields, counts) {
            Some(pace) if pace.solved => return Some(pace),
            Some(_) => FreshMiss::Wrong,
            None => return None,
        },
        (Some(Record::Threw { .. } | Record::Missing(_)), _) => FreshMiss::Threw,
        (Some(Record::Limit { .. }), _) | (None, Some(Failure::JvmEnded { .. })) => {
            FreshMiss::Ended
        }
        (Some(Record::Skipped) | None, _) => FreshMiss::NotRun,
    };
    super::judge::Pace::reference_on(board, counts, missed)
}

/// Fails each passed row of a timing `section` that its fresh puzzles
/// (`section.controls`) show was looked up, not solved.
pub(super) fn looked_up(
    section: &Section,
    run: &GroupRun,
    judged: &mut [(&super::catalog::Input, super::judge::Judgement)],
    counts: &CountsCache,
) {
    let fresh: Vec<_> = section
        .controls
        .iter()
        .filter_map(|(i, board)| fresh_pace(run, *i, board, counts))
        .collect();
    if fresh.is_empty() {
        return;
    }
    for ((input, judgement), i) in judged.iter_mut().zip(section.ops.clone()) {
        if judgement.failure.is_some() {
            continue;
        }
        let row = input
            .boards
            .first()
            .and_then(|board| pace(run, i, board, counts));
        judgement.failure = row.and_then(|row| super::judge::looked_up(&row, &fresh));
    }
}
