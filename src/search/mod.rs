//! Optimal search beyond the course's A*: goals, admissible heuristics,
//! pattern databases, IDA* and the classic textbook algorithms.
//!
//! - [`vocabulary`](self): [`SearchConfig`], [`SearchLimits`], [`Solution`],
//!   [`SearchStats`], [`SearchError`], shared by every search;
//! - heuristics: [`Heuristic`] and its default policy; the estimates
//!   ([`estimate`], [`linear_conflict`]);
//! - `nodes` (private): the incremental heuristic engines, and the one
//!   mapping from a heuristic to its engine that IDA* and [`estimate`] share;
//! - [`idastar`]: the IDA* driver; [`classic`]: breadth-first,
//!   bidirectional, A* and IDDFS; [`pdb`]: pattern databases;
//! - [`Algorithm`]: which search, the one enum for it (the course's A*
//!   and every optimal search); [`solve`]: one entry point for all of the
//!   optimal ones.

mod algorithm;
pub mod classic;
mod estimate;
mod goal;
mod heuristic;
pub mod idastar;
mod nodes;
mod packed;
pub mod pdb;
mod prune;
mod vocabulary;

pub use algorithm::{Algorithm, DEFAULT_MAX_NODES, SearchRequest, Searched, run, solve};
pub use estimate::{estimate, linear_conflict};
pub use goal::Goal;
pub use heuristic::{Heuristic, HeuristicChoice};
pub use vocabulary::{SearchConfig, SearchError, SearchLimits, SearchStats, Solution};
