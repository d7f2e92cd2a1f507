//! Optimal search beyond the course's A*: goals, admissible heuristics,
//! pattern databases, IDA* and the classic textbook algorithms.
//!
//! - [`api`](self): [`SearchConfig`], [`Limits`], [`Solution`],
//!   [`SearchStats`], [`SearchError`], shared by every search;
//! - heuristics: [`Heuristic`] and its default policy; the estimates
//!   ([`estimate`], [`linear_conflict`]);
//! - `nodes` (private): the incremental heuristic engines;
//! - [`idastar`]: the IDA* driver; [`classic`]: breadth-first,
//!   bidirectional, A* and IDDFS; [`pdb`]: pattern databases;
//! - [`solve`]: one entry point for all of them, chosen by [`Method`].

mod api;
pub mod classic;
mod estimate;
mod goal;
mod heuristic;
pub mod idastar;
mod method;
mod nodes;
mod packed;
pub mod pdb;
mod prune;

pub use api::{Limits, SearchConfig, SearchError, SearchStats, Solution};
pub use estimate::{estimate, linear_conflict};
pub use goal::Goal;
pub use heuristic::{Heuristic, HeuristicChoice};
pub use method::{Algorithm, DEFAULT_MAX_NODES, Method, Outcome, Request, run, solve};
