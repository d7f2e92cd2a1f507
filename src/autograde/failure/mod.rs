//! What went wrong in one trial, as data: the judge returns a [`Failure`],
//! and every report format words it (`present::autograde`) or names its
//! [`kind`](Failure::kind) (the JSON).

use std::time::Duration;

use super::protocol::LimitKind;
use crate::Board;

mod why;
pub use why::{BadPath, FreshMiss, JvmEnd, Law, LookedUpBy, NotRun, QueueChange, Unqueued};

/// Why one trial failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// A method returned the wrong value.
    WrongValue {
        /// `manhattan()`.
        method: String,
        /// What the student's returned.
        student: String,
        /// What the reference returns.
        reference: String,
    },
    /// A method returned a board that is not the right one (compared as n
    /// and n² numbers, whatever the spacing).
    WrongBoard {
        /// `toString()`.
        method: String,
        /// The student's text.
        student: String,
        /// The right board.
        reference: Board,
    },
    /// A returned `toString()` is not n followed by n² numbers.
    Unreadable {
        /// Whose `toString()`.
        method: String,
        /// The text.
        text: String,
    },
    /// `neighbors()` returned the wrong number of boards.
    NeighborCount {
        /// The student's count.
        student: usize,
        /// The reference's.
        reference: usize,
    },
    /// A neighbor the reference has is not among the student's.
    NeighborMissing {
        /// Which.
        neighbor: Board,
    },
    /// A board among the student's neighbors is not a neighbor.
    NotANeighbor {
        /// The student's text.
        student: String,
    },
    /// `twin()` did not return a twin.
    NotATwin {
        /// The student's text.
        student: String,
    },
    /// A method gave different answers on different calls.
    Inconsistent {
        /// `twin()`.
        method: String,
        /// The first answer.
        first: String,
        /// A later, different one.
        later: String,
    },
    /// A law of `equals()` does not hold.
    EqualsLaw {
        /// The first that does not.
        law: Law,
    },
    /// The Board changed when the constructor's array was changed.
    NotImmutable,
    /// `solution()` returned null for a solvable board.
    NullSolution {
        /// The optimum.
        moves: usize,
    },
    /// `solution()` returned boards for an unsolvable board.
    SolutionForUnsolvable,
    /// `solution()` is not an optimal path from the board to the goal.
    BadSolution {
        /// What is wrong with it first.
        why: BadPath,
        /// Boards in the path.
        boards: usize,
    },
    /// The Solver never called `equals()` (no critical optimization).
    EqualsNotCalled,
    /// `equals()` was called with an argument that is not a Board.
    EqualsNotBoard {
        /// How many times.
        calls: u64,
    },
    /// `equals()` was called with a board that is not a neighbor of a
    /// neighbor (compare only with the grandparent).
    EqualsNotGrandparent {
        /// How many times.
        calls: u64,
        /// Of all calls.
        of: u64,
    },
    /// A timing row's puzzle was looked up, not solved: per insertion of
    /// the course's reference, the Solver inserted far fewer keys or made
    /// far fewer Boards on it than on the least of the fresh puzzles drawn
    /// this run (a fresh puzzle without a right answer counting as the
    /// course's reference's work).
    LookedUp {
        /// What gave it away.
        by: LookedUpBy,
        /// How many times less than on the fresh puzzles (rounded down);
        /// `None`: none at all.
        times: Option<u64>,
        /// When the least of the fresh puzzles was one without a right
        /// answer, taken as the reference's work: why it had none.
        fresh: Option<FreshMiss>,
    },
    /// A key's order changed while it was in the `MinPQ` (Solver 1).
    QueueKeyChanged {
        /// The first change the order audit found.
        change: QueueChange,
    },
    /// The student's code threw.
    Threw {
        /// The exception's class.
        class: String,
        /// Its message.
        message: String,
        /// Its first frames in the student's code.
        frames: Vec<String>,
    },
    /// The wrong exception.
    WrongException {
        /// What the course requires.
        expected: String,
        /// What was thrown.
        class: String,
        /// Where, in the student's code (its first frames there).
        frames: Vec<String>,
    },
    /// No exception where one is required.
    NoException {
        /// What the course requires.
        expected: String,
    },
    /// A method or constructor is not there.
    Missing {
        /// Which.
        member: String,
    },
    /// A limit ended the trial.
    Limit {
        /// Which.
        kind: LimitKind,
        /// CPU time of the trial's threads.
        threads: Duration,
        /// CPU time of the JVM.
        process: Duration,
        /// Wall time.
        wall: Duration,
        /// The limit that was passed.
        limit: Duration,
    },
    /// The JVM ended with no record of this trial.
    JvmEnded {
        /// How.
        end: JvmEnd,
        /// Whether it ended before slider's probe started (so before any
        /// student code ran).
        before_start: bool,
        /// The last line the JVM wrote to standard error, if any (its
        /// own words: an error's message).
        last_words: String,
    },
    /// Not run.
    NotRun {
        /// Why.
        why: NotRun,
    },
    /// A measured figure is over the course's limit (the figures say which).
    OverLimit,
    /// The Solver's search did not use algs4's `MinPQ`: it inserted
    /// nothing there, or nothing that is a search node (a decoy), and
    /// searched with a queue of its own, which the course's counts, memory
    /// and audit cannot see.
    QueueNotUsed {
        /// Which.
        why: Unqueued,
    },
    /// A record lacks a field the judge needs.
    ProbeIncomplete,
}

impl Failure {
    /// Its stable name in the JSON.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::Failure;
    /// assert_eq!(Failure::NotImmutable.kind(), "not_immutable");
    /// ```
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::WrongValue { .. } => "wrong_value",
            Failure::WrongBoard { .. } => "wrong_board",
            Failure::Unreadable { .. } => "unreadable",
            Failure::NeighborCount { .. } => "neighbor_count",
            Failure::NeighborMissing { .. } => "neighbor_missing",
            Failure::NotANeighbor { .. } => "not_a_neighbor",
            Failure::NotATwin { .. } => "not_a_twin",
            Failure::Inconsistent { .. } => "inconsistent",
            Failure::EqualsLaw { .. } => "equals_law",
            Failure::NotImmutable => "not_immutable",
            Failure::NullSolution { .. } => "null_solution",
            Failure::SolutionForUnsolvable => "solution_for_unsolvable",
            Failure::BadSolution { .. } => "bad_solution",
            Failure::EqualsNotCalled => "equals_not_called",
            Failure::EqualsNotBoard { .. } => "equals_not_board",
            Failure::EqualsNotGrandparent { .. } => "equals_not_grandparent",
            Failure::QueueKeyChanged { .. } => "queue_key_changed",
            Failure::LookedUp { .. } => "looked_up",
            Failure::Threw { .. } => "threw",
            Failure::WrongException { .. } => "wrong_exception",
            Failure::NoException { .. } => "no_exception",
            Failure::Missing { .. } => "missing",
            Failure::Limit { .. } => "limit",
            Failure::JvmEnded { .. } => "jvm_ended",
            Failure::NotRun { .. } => "not_run",
            Failure::OverLimit => "over_limit",
            Failure::QueueNotUsed { .. } => "queue_not_used",
            Failure::ProbeIncomplete => "probe_incomplete",
        }
    }

    /// The stable name of its reason, for the failures that have one
    /// (a JVM's end, why it was not run, what is wrong with a path, the
    /// law of `equals()` that does not hold, what the order audit found,
    /// why the `MinPQ` was not the search's, which fresh puzzle had no
    /// right answer).
    #[must_use]
    pub fn reason(&self) -> Option<&'static str> {
        match self {
            Failure::JvmEnded { end, .. } => Some(end.kind()),
            Failure::NotRun { why } => Some(why.kind()),
            Failure::BadSolution { why, .. } => Some(why.kind()),
            Failure::EqualsLaw { law } => Some(law.name()),
            Failure::QueueKeyChanged { change } => Some(match change {
                QueueChange::Order { .. } => "order",
                QueueChange::Threw { .. } => "threw",
            }),
            Failure::QueueNotUsed { why } => Some(why.kind()),
            Failure::LookedUp { fresh, .. } => fresh.map(FreshMiss::kind),
            _ => None,
        }
    }
}

/// One measured figure of a memory or timing row, as the course's tables
/// show it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Figure {
    /// `insert()`, `bytes`, `seconds`.
    pub name: &'static str,
    /// The student's value.
    pub value: f64,
    /// The reference's value, where the course prints it beside.
    pub reference: Option<f64>,
    /// The limit, where there is one.
    pub limit: Option<f64>,
    /// How far over its limit a measured figure may be and still pass,
    /// as a fraction of the limit: the uncertainty of a measurement that
    /// no run settles (Timing 1's seconds; see
    /// [`scale::TOLERANCE`](super::model::scale::TOLERANCE)). `None` for
    /// counts, which are exact.
    pub tolerance: Option<f64>,
}

impl Figure {
    /// `value / limit`, to one decimal, when the value is over it (over
    /// its tolerance too, for a measured figure).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::Figure;
    /// let count = Figure { name: "insert()", value: 1060.0, reference: None, limit: Some(1000.0), tolerance: None };
    /// assert_eq!(count.ratio(), Some(1.1));
    /// let seconds = Figure { name: "seconds", value: 5.5, reference: None, limit: Some(5.0), tolerance: Some(0.2) };
    /// assert_eq!(seconds.ratio(), None);
    /// assert!(seconds.close() && !seconds.exceeded());
    /// ```
    #[must_use]
    pub fn ratio(&self) -> Option<f64> {
        let limit = self.limit?;
        if let Some(tolerance) = self.tolerance {
            return (self.value > limit * (1.0 + tolerance)).then(|| self.value / limit);
        }
        let ratio = super::model::ratio(self.value, limit);
        (ratio > 1.0).then_some(ratio)
    }

    /// Whether it is over its limit (and over its tolerance).
    #[must_use]
    pub fn exceeded(&self) -> bool {
        self.ratio().is_some()
    }

    /// Whether a measured figure is over its limit by less than its
    /// tolerance: it passes, and the report says how close it was.
    #[must_use]
    pub fn close(&self) -> bool {
        self.tolerance.is_some() && self.limit.is_some_and(|l| self.value > l) && !self.exceeded()
    }
}
