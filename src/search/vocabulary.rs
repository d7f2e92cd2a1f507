//! The vocabulary every search shares: what it is given ([`SearchConfig`],
//! [`SearchLimits`]), what it returns ([`Solution`], [`SearchStats`]) and why it
//! may return nothing ([`SearchError`]).

use std::fmt;
use std::time::Duration;

use super::Goal;
use super::heuristic::Heuristic;
use super::pdb::PatternDatabase;
use crate::Direction;

/// What the search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Nodes expanded (children generated from them).
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Depth-first iterations run.
    pub iterations: u32,
    /// The heuristic of the start.
    pub initial_h: u64,
}

/// Limits on a search. The default is none; set the ones wanted and take
/// the rest from it (`..SearchLimits::default()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchLimits {
    /// Most nodes to generate.
    pub nodes: u64,
    /// Longest time to search.
    pub time: Option<Duration>,
    /// Look only for solutions of at most this many moves: once every
    /// solution is proved longer, stop with [`SearchError::NoneWithin`]. A
    /// checker holding a legal path of L moves sets L - 1, and so skips
    /// IDA*'s last and largest iteration. (IDA* only; the classic
    /// algorithms ignore it.)
    pub cost: Option<u64>,
    /// Most bytes the stored states may take (the classic algorithms, which
    /// store every state they generate; IDA* stores none).
    pub bytes: Option<u64>,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits {
            nodes: u64::MAX,
            time: None,
            cost: None,
            bytes: None,
        }
    }
}

/// How a search runs ([`solve`](super::solve),
/// [`idastar::search`](super::idastar::search),
/// [`classic::solve`](super::classic::solve)): the heuristic, the goal, the
/// databases, limits and threads.
///
/// Build one by naming what differs from the default and taking the rest
/// from it (`..SearchConfig::default()`, and `..SearchLimits::default()` within),
/// so that a new field, given a default, needs no edit where configurations
/// are built. The default: linear conflict towards the course's goal, no
/// databases, no limits, this thread only.
///
/// # Example
///
/// ```
/// use slider::search::{Heuristic, SearchLimits, SearchConfig, idastar::search};
/// let config = SearchConfig {
///     heuristic: Heuristic::Manhattan,
///     limits: SearchLimits { nodes: 1_000_000, ..SearchLimits::default() },
///     ..SearchConfig::default()
/// };
/// let board: slider::Board = "3  8 1 3  4 0 2  7 6 5".parse()?;
/// assert_eq!(search(&board, &config)?.moves.len(), 14);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct SearchConfig<'a> {
    /// The heuristic.
    pub heuristic: Heuristic,
    /// The goal (`None`: the course's).
    pub goal: Option<&'a Goal>,
    /// The pattern databases, for [`Heuristic::PatternDatabase`]; they must
    /// be for the same goal.
    pub pdb: Option<&'a PatternDatabase>,
    /// Node and time limits.
    pub limits: SearchLimits,
    /// Threads for IDA* (0 or 1: this thread only). The top of each
    /// iteration's tree is split among them; the path found is the one a
    /// single thread finds, and the node budget is checked per subtree (it
    /// may be passed by up to a subtree's worth).
    pub threads: usize,
}

/// Why a search returned no path.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchError {
    /// The goal cannot be reached.
    Unsolvable,
    /// The node budget ran out; every solution has at least `lower_bound`
    /// moves.
    Budget {
        /// What was searched.
        stats: SearchStats,
        /// The proven lower bound on the optimum.
        lower_bound: u64,
    },
    /// The time limit ran out; every solution has at least `lower_bound`
    /// moves.
    TimeLimit {
        /// What was searched.
        stats: SearchStats,
        /// The proven lower bound on the optimum.
        lower_bound: u64,
    },
    /// No solution within [`SearchLimits::cost`] moves exists: every solution
    /// has at least `lower_bound` moves.
    NoneWithin {
        /// What was searched.
        stats: SearchStats,
        /// The proven lower bound on the optimum (above the limit).
        lower_bound: u64,
    },
    /// The stored states would outgrow [`SearchLimits::bytes`].
    MemoryLimit {
        /// What was searched.
        stats: SearchStats,
        /// The budget, in bytes.
        bytes: u64,
    },
    /// The configuration cannot be searched (the message says why).
    Config(String),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Unsolvable => f.write_str("the puzzle is unsolvable"),
            SearchError::Budget { stats, lower_bound } => write!(
                f,
                "the search budget ran out after {} nodes; the optimum is at least {lower_bound}",
                stats.generated
            ),
            SearchError::TimeLimit { stats, lower_bound } => write!(
                f,
                "the time limit ran out after {} nodes; the optimum is at least {lower_bound}",
                stats.generated
            ),
            SearchError::NoneWithin { lower_bound, .. } => write!(
                f,
                "no solution within the move limit; the optimum is at least {lower_bound}"
            ),
            SearchError::MemoryLimit { stats, bytes } => write!(
                f,
                "the stored states would outgrow the memory budget of {} MB after {} nodes",
                bytes / 1_000_000,
                stats.generated
            ),
            SearchError::Config(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for SearchError {}

/// An optimal solution: the blank's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The moves, in order.
    pub moves: Vec<Direction>,
    /// What the search did.
    pub stats: SearchStats,
}
