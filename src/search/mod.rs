//! Optimal search beyond the course's A*: admissible heuristics (and, in
//! later work, IDA* with pattern databases and the classic algorithms).

pub mod heuristic;
