//! Optimal search beyond the course's A*: admissible heuristics and IDA*.
//! (Pattern databases and the other classic algorithms are still to come.)

pub mod heuristic;
pub mod idastar;
