//! Optimal search beyond the course's A*: goals, admissible heuristics,
//! pattern databases, IDA* and the classic textbook algorithms.
//!
//! - [`api`](self): [`SearchConfig`], [`Limits`], [`Solution`],
//!   [`SearchStats`], [`SearchError`], shared by every search;
//! - heuristics: [`Heuristic`], its default policy and the estimates;
//! - `nodes` (private): the incremental heuristic engines;
//! - [`idastar`]: the IDA* driver; [`classic`]: breadth-first,
//!   bidirectional, A* and IDDFS; [`pdb`]: pattern databases.

mod api;
pub mod classic;
mod goal;
mod heuristic;
pub mod idastar;
mod nodes;
mod packed;
pub mod pdb;
mod prune;

pub use api::{Limits, SearchConfig, SearchError, SearchStats, Solution};
pub use goal::Goal;
pub use heuristic::{Heuristic, estimate, linear_conflict};
