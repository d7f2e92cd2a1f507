//! Optimal search beyond the course's A*: goals, admissible heuristics,
//! pattern databases, IDA* and the classic textbook algorithms.

pub mod classic;
mod goal;
pub mod heuristic;
pub mod idastar;
pub mod pdb;

pub use goal::Goal;
