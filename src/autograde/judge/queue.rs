//! What a Solver trial's record says of its `MinPQ`s: whether the search
//! used algs4's queue (its keys are search nodes), and what Solver 1's
//! order audit found (`slider.probe.Instances`).

use super::JudgeContext;
use crate::autograde::failure::{Failure, QueueChange, Unqueued};
use crate::autograde::protocol::named;

fn count(fields: &[String], name: &str) -> Result<u64, Failure> {
    named(fields, name)
        .and_then(|v| v.parse().ok())
        .ok_or(Failure::ProbeIncomplete)
}

/// Whether the search did not use slider's counting `MinPQ`: it inserted
/// nothing there, or no key it inserted that the probe looked at (the
/// first of the trial) is or reaches a reference Board, the Board every
/// search node of a Solver test holds: a decoy. Only with slider's own
/// `MinPQ` (not an algs4 jar given with `--algs4`). Every search of the
/// reference inserts at least the board and its twin.
///
/// # Errors
///
/// [`Failure::ProbeIncomplete`] when the record lacks a count.
///
/// # Example
///
/// ```
/// use slider::autograde::{Unqueued, judge::unqueued};
/// let fields = |s: &[&str]| s.iter().map(|f| f.to_string()).collect::<Vec<_>>();
/// let decoy = fields(&["inserts=40", "board-keys=0", "other-keys=40"]);
/// assert_eq!(unqueued(&decoy, true), Ok(Some(Unqueued::NoSearchNode { keys: 40 })));
/// let search = fields(&["inserts=40", "board-keys=38", "other-keys=2"]);
/// assert_eq!(unqueued(&search, true), Ok(None));
/// // an algs4 jar counts nothing
/// assert_eq!(unqueued(&decoy, false), Ok(None));
/// ```
pub fn unqueued(fields: &[String], counted_queue: bool) -> Result<Option<Unqueued>, Failure> {
    if !counted_queue {
        return Ok(None);
    }
    if count(fields, "inserts")? == 0 {
        return Ok(Some(Unqueued::NoInsert));
    }
    if count(fields, "board-keys")? == 0 {
        return Ok(Some(Unqueued::NoSearchNode {
            keys: count(fields, "other-keys")?,
        }));
    }
    Ok(None)
}

/// The `queue_not_used` failure of a record, if its search did not use
/// the counted `MinPQ` ([`unqueued`]).
pub(super) fn not_used(fields: &[String], context: &JudgeContext<'_>) -> Option<Failure> {
    match unqueued(fields, context.counted_queue) {
        Ok(why) => why.map(|why| Failure::QueueNotUsed { why }),
        Err(failure) => Some(failure),
    }
}

/// A comparison's sign as the probe sends it.
fn sign(fields: &[String], name: &str) -> Result<i8, Failure> {
    named(fields, name)
        .and_then(|v| v.parse::<i8>().ok())
        .filter(|s| (-1..=1).contains(s))
        .ok_or(Failure::ProbeIncomplete)
}

fn text(fields: &[String], name: &str) -> Result<String, Failure> {
    named(fields, name)
        .map(str::to_string)
        .ok_or(Failure::ProbeIncomplete)
}

/// The queue's comparator, when it has one (`queue-audit-by` empty:
/// `compareTo()`).
fn by(fields: &[String]) -> Result<Option<String>, Failure> {
    let by = text(fields, "queue-audit-by")?;
    Ok((!by.is_empty()).then_some(by))
}

/// What Solver 1's order audit found in a record: `None` when every key
/// compared as it did when first compared.
///
/// # Errors
///
/// [`Failure::ProbeIncomplete`] when the record lacks the audit's fields.
///
/// # Example
///
/// ```
/// use slider::autograde::{QueueChange, judge::queue_change};
/// let fields = |s: &[&str]| s.iter().map(|f| f.to_string()).collect::<Vec<_>>();
/// assert_eq!(queue_change(&fields(&["queue-audit="])), Ok(None));
/// let order = fields(&[
///     "queue-audit=order", "queue-audit-key=Solver$Node", "queue-audit-other=Solver$Node",
///     "queue-audit-by=", "queue-audit-before=-1", "queue-audit-after=1",
/// ]);
/// assert_eq!(
///     queue_change(&order),
///     Ok(Some(QueueChange::Order {
///         key: "Solver$Node".into(),
///         other: "Solver$Node".into(),
///         by: None,
///         before: -1,
///         after: 1,
///     }))
/// );
/// ```
pub fn queue_change(fields: &[String]) -> Result<Option<QueueChange>, Failure> {
    match named(fields, "queue-audit") {
        Some("") => Ok(None),
        Some("order") => Ok(Some(QueueChange::Order {
            key: text(fields, "queue-audit-key")?,
            other: text(fields, "queue-audit-other")?,
            by: by(fields)?,
            before: sign(fields, "queue-audit-before")?,
            after: sign(fields, "queue-audit-after")?,
        })),
        Some("threw") => Ok(Some(QueueChange::Threw {
            key: text(fields, "queue-audit-key")?,
            by: by(fields)?,
            class: text(fields, "queue-audit-threw")?,
            message: text(fields, "queue-audit-message")?,
        })),
        _ => Err(Failure::ProbeIncomplete),
    }
}
