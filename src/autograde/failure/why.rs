//! Why a trial failed, in the detail a [`Failure`](super::Failure) holds:
//! each a value with its stable name in the JSON (`reason`).

/// What showed that a timing puzzle was looked up ([`Failure::LookedUp`](super::Failure::LookedUp)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookedUpBy {
    /// `MinPQ` insertions per insertion of the course's reference.
    Insertions,
    /// Boards made per insertion of the course's reference.
    Boards,
}

/// Why a fresh timing puzzle gave no pace of its own: it then counts as
/// the course's reference's work, never as nothing to compare
/// ([`Failure::LookedUp`](super::Failure::LookedUp)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FreshMiss {
    /// The Solver threw on it (or lacks a method it needs).
    Threw,
    /// Its `moves()` was not the optimum.
    Wrong,
    /// A limit ended it (CPU or wall time), or its JVM ended (memory).
    Ended,
    /// It was not run: the submission's time ran out, or an easier
    /// puzzle ran out of time.
    NotRun,
}

impl FreshMiss {
    /// Its stable name: the JSON's `reason` of a row it failed.
    ///
    /// ```
    /// assert_eq!(slider::autograde::FreshMiss::Threw.kind(), "fresh_threw");
    /// ```
    #[must_use]
    pub fn kind(self) -> &'static str {
        match self {
            FreshMiss::Threw => "fresh_threw",
            FreshMiss::Wrong => "fresh_wrong",
            FreshMiss::Ended => "fresh_ended",
            FreshMiss::NotRun => "fresh_not_run",
        }
    }
}

/// What Solver 1's order audit found ([`Failure::QueueKeyChanged`](super::Failure::QueueKeyChanged)). The
/// classes are the probe's names of them (`Solver$Node`: a nested class).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueueChange {
    /// A comparison of two keys, both in the `MinPQ` from the first
    /// comparison to the second, changed its sign.
    Order {
        /// The class of the key compared (the one inserted last).
        key: String,
        /// The class of the key it was compared with.
        other: String,
        /// The queue's comparator's class; `None`: `compareTo()`.
        by: Option<String>,
        /// The sign of the first comparison (-1, 0, 1).
        before: i8,
        /// The sign of the second.
        after: i8,
    },
    /// A comparison of the audit threw (and the exception went on to the
    /// Solver, as one the heap's own comparisons threw would).
    Threw {
        /// The class of the key compared.
        key: String,
        /// The queue's comparator's class; `None`: `compareTo()`.
        by: Option<String>,
        /// The exception's class.
        class: String,
        /// Its message.
        message: String,
    },
}

/// Why a Solver's `MinPQ` is not the queue its search used
/// ([`Failure::QueueNotUsed`](super::Failure::QueueNotUsed)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unqueued {
    /// Nothing was inserted into algs4's `MinPQ`.
    NoInsert,
    /// Keys were inserted, none of them a search node (none is or reaches
    /// a Board): the queue is a decoy.
    NoSearchNode {
        /// The keys the probe looked at.
        keys: u64,
    },
}

impl Unqueued {
    /// Its stable name: the JSON's `reason`.
    ///
    /// ```
    /// assert_eq!(slider::autograde::Unqueued::NoInsert.kind(), "no_insert");
    /// ```
    #[must_use]
    pub fn kind(self) -> &'static str {
        match self {
            Unqueued::NoInsert => "no_insert",
            Unqueued::NoSearchNode { .. } => "no_search_node",
        }
    }
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
