//! What went wrong in one trial, as data: the judge returns a [`Failure`],
//! and every report format words it (`present::autograde`) or names its
//! [`kind`](Failure::kind) (the JSON).

use std::time::Duration;

use super::protocol::LimitKind;
use crate::Board;

/// What showed that a timing puzzle was looked up ([`Failure::LookedUp`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookedUpBy {
    /// `MinPQ` insertions per insertion of the course's reference.
    Insertions,
    /// Boards made per insertion of the course's reference.
    Boards,
}

/// How a JVM ended without a record of a trial.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JvmEnd {
    /// `java` could not be started: the system's error.
    CannotStart(crate::run::OsError),
    /// Its wall-clock limit ran out.
    Wall,
    /// Its CPU limit ran out.
    Cpu,
    /// It was over its memory limit.
    Memory,
    /// The program printed more than the output cap.
    Output,
    /// The container the grader runs in ran out of memory and its kernel
    /// killed the JVM (`limit`: the container's memory, in bytes).
    ContainerMemory {
        /// The container's memory limit.
        limit: u64,
    },
    /// It exited by itself with this code.
    Exited(i32),
    /// A signal killed it.
    Killed(i32),
    /// It ended, how is not known.
    Unknown,
}

impl JvmEnd {
    /// Its stable name in the JSON.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            JvmEnd::CannotStart(_) => "cannot_start",
            JvmEnd::Wall => "wall",
            JvmEnd::Cpu => "cpu",
            JvmEnd::Memory => "memory",
            JvmEnd::Output => "output",
            JvmEnd::ContainerMemory { .. } => "container_memory",
            JvmEnd::Exited(_) => "exited",
            JvmEnd::Killed(_) => "killed",
            JvmEnd::Unknown => "unknown",
        }
    }
}

/// Why a trial was not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotRun {
    /// The submission's time (`--time-limit`, or its wall backstop) ran
    /// out first.
    TimeUp,
    /// The reference classes the test runs with did not compile.
    NoReference {
        /// javac's first error line, as javac printed it (its words, not
        /// slider's).
        javac: String,
    },
    /// An earlier input of the same test ended the JVM.
    EarlierEndedJvm,
    /// The group's JVM was ended this many times already.
    RestartsSpent(usize),
    /// An easier timing puzzle (this one, or an earlier one when unknown)
    /// ran out of time.
    Harder {
        /// The course's name of the puzzle that ran out of time.
        puzzle: Option<String>,
    },
    /// An earlier input of its list failed: the course moves on to the
    /// next list.
    EarlierInList,
    /// The probe sent no record and the JVM no reason.
    NoRecord,
}

impl NotRun {
    /// Its stable name in the JSON.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::autograde::NotRun::TimeUp.kind(), "time_up");
    /// ```
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            NotRun::TimeUp => "time_up",
            NotRun::NoReference { .. } => "no_reference",
            NotRun::EarlierEndedJvm => "earlier_ended_jvm",
            NotRun::RestartsSpent(_) => "restarts_spent",
            NotRun::Harder { .. } => "harder",
            NotRun::EarlierInList => "earlier_in_list",
            NotRun::NoRecord => "no_record",
        }
    }
}

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
    /// this run.
    LookedUp {
        /// What gave it away.
        by: LookedUpBy,
        /// How many times less than on the fresh puzzles (rounded down);
        /// `None`: none at all.
        times: Option<u64>,
    },
    /// A key changed while it was in the `MinPQ`.
    QueueKeyChanged {
        /// The first change slider found, in the probe's words (the field's
        /// path from the key, its value when inserted and when it left).
        what: String,
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
    /// The Solver inserted nothing into algs4's `MinPQ`: it searched with a
    /// queue of its own, which the course's counts and memory cannot see.
    QueueNotUsed,
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
            Failure::QueueNotUsed => "queue_not_used",
            Failure::ProbeIncomplete => "probe_incomplete",
        }
    }

    /// The stable name of its reason, for the failures that have one
    /// (a JVM's end, why it was not run, what is wrong with a path, the
    /// law of `equals()` that does not hold).
    #[must_use]
    pub fn reason(&self) -> Option<&'static str> {
        match self {
            Failure::JvmEnded { end, .. } => Some(end.kind()),
            Failure::NotRun { why } => Some(why.kind()),
            Failure::BadSolution { why, .. } => Some(why.kind()),
            Failure::EqualsLaw { law } => Some(law.name()),
            _ => None,
        }
    }
}

/// A law of `equals()` the course checks (Board 10), in the order it is
/// checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Law {
    /// `a.equals(a)`.
    Reflexive,
    /// `a.equals(b) == b.equals(a)`.
    Symmetric,
    /// `a.equals(b) && b.equals(c)` gives `a.equals(c)`.
    Transitive,
    /// `a.equals(null)` is false.
    Null,
    /// `a.equals("...")` is false.
    String,
    /// `a.equals(x)` for an `x` of a type no Board can be cast to is false.
    Uncastable,
    /// `a.equals(b)` is true with `b` an equal Board in an `Object` variable.
    ObjectBoard,
    /// `a.equals(s)` is false with `s` a String in an `Object` variable.
    ObjectString,
}

impl Law {
    /// Every law, in the order the judge checks them.
    pub const ALL: [Law; 8] = [
        Law::Reflexive,
        Law::Symmetric,
        Law::Transitive,
        Law::Null,
        Law::String,
        Law::Uncastable,
        Law::ObjectBoard,
        Law::ObjectString,
    ];

    /// Its name: the probe's field, and the JSON's `reason`.
    ///
    /// ```
    /// assert_eq!(slider::autograde::Law::ObjectBoard.name(), "object-board");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Law::Reflexive => "reflexive",
            Law::Symmetric => "symmetric",
            Law::Transitive => "transitive",
            Law::Null => "null",
            Law::String => "string",
            Law::Uncastable => "uncastable",
            Law::ObjectBoard => "object-board",
            Law::ObjectString => "object-string",
        }
    }

    /// What `equals()` must answer.
    #[must_use]
    pub fn holds_when(self) -> bool {
        matches!(
            self,
            Law::Reflexive | Law::Symmetric | Law::Transitive | Law::ObjectBoard
        )
    }
}

/// What is wrong first with a path `solution()` returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadPath {
    /// Its board at this place (from 1) is not n followed by n^2 numbers.
    NotABoard(usize),
    /// The checker's first finding on it.
    Finding(crate::check::FindingKind),
    /// The checker rejected it without a finding.
    Rejected,
}

impl BadPath {
    /// Its stable name: `not_a_board`, `rejected`, or the checker's code of
    /// its finding.
    ///
    /// ```
    /// assert_eq!(slider::autograde::BadPath::NotABoard(2).kind(), "not_a_board");
    /// ```
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            BadPath::NotABoard(_) => "not_a_board",
            BadPath::Finding(finding) => finding.code(),
            BadPath::Rejected => "rejected",
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
