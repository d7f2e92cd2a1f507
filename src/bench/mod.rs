//! Benchmarks that measure, as rows (feature `cli`). Nothing here prints
//! or asserts a time: each benchmark hands its rows, as they are
//! measured, to a callback (`slider bench` renders them with
//! `present::bench`), and returns how many answers were wrong.
//!
//! - [`course`]: the reference A* on the course's timing puzzles, the
//!   exhaustive oracle's build, native against generic breadth-first
//!   search, and slider's bi-BFS against a Java one;
//! - [`search`]: IDA* on benchmark sets (Korf's 100, Korf and Felner's
//!   24-puzzles), the course's hardest files, pattern-database builds and
//!   the candidate 4x4 partitions;
//! - [`sets`]: benchmark sets, from a file or shipped in the binary.
//!
//! Every solution is replayed and its length compared with the known
//! optimum; a wrong one is counted, never hidden.

pub mod course;
pub mod search;
pub mod sets;

use std::path::PathBuf;
use std::time::Duration;

use crate::search::SearchStats;

/// The best and the median of repeated timings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Times {
    /// The fastest run.
    pub best: Duration,
    /// The median run.
    pub median: Duration,
}

impl Times {
    /// The best and median of `times` (zero when there are none).
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use slider::bench::Times;
    /// let times = Times::of(vec![Duration::from_millis(3), Duration::from_millis(1), Duration::from_millis(2)]);
    /// assert_eq!((times.best, times.median), (Duration::from_millis(1), Duration::from_millis(2)));
    /// ```
    #[must_use]
    pub fn of(mut times: Vec<Duration>) -> Times {
        times.sort();
        Times {
            best: times.first().copied().unwrap_or_default(),
            median: times.get(times.len() / 2).copied().unwrap_or_default(),
        }
    }
}

/// The length a search found for an instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    /// Solved with this many moves.
    Found(u64),
    /// Stopped by its budget, with this lower bound proved.
    AtLeast(u64),
}

/// One row of a benchmark's table, handed over as soon as it is measured.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum BenchLine {
    /// `bench reference`: the table's heading.
    ReferenceHeading {
        /// Runs per puzzle.
        runs: usize,
    },
    /// `bench reference`: one timing puzzle.
    Reference {
        /// The puzzle's name.
        puzzle: String,
        /// The solution's length.
        moves: usize,
        /// Boards enqueued and dequeued by the reference A*.
        enqueued: u64,
        /// Boards dequeued.
        dequeued: u64,
        /// Timings of the whole solve.
        times: Times,
    },
    /// `bench reference`: the sum over the puzzles.
    ReferenceTotal(Times),
    /// `bench oracle`: the heading.
    OracleHeading {
        /// Builds per size.
        runs: usize,
    },
    /// `bench oracle`: one size.
    Oracle {
        /// The board side.
        n: usize,
        /// Tile arrangements indexed.
        states: usize,
        /// Arrangements that reach the goal.
        reachable: usize,
        /// The largest distance.
        diameter: u32,
        /// Timings of the build.
        times: Times,
    },
    /// `bench classic`: the heading.
    ClassicHeading,
    /// `bench classic`: one puzzle and algorithm, both implementations.
    Classic {
        /// The puzzle's file name.
        puzzle: String,
        /// `bfs` or `bibfs`.
        algorithm: &'static str,
        /// The solution's length.
        moves: usize,
        /// Nodes generated and time, native.
        native: (u64, Duration),
        /// Nodes generated and time, generic.
        generic: (u64, Duration),
    },
    /// Two implementations, or a program and the reference, disagree.
    Disagree {
        /// The puzzle.
        puzzle: String,
        /// What disagreed, in words.
        what: String,
    },
    /// `bench reference`, second part: the heading.
    BiBfsHeading,
    /// One puzzle, whole process each.
    BiBfs {
        /// The puzzle's file name.
        puzzle: String,
        /// The solution's length.
        moves: usize,
        /// `slider solve --algorithm bibfs`'s wall time.
        slider: Duration,
        /// `java BiBfs`'s wall time.
        java: Duration,
    },
    /// The sums over the puzzles.
    BiBfsTotal {
        /// slider's.
        slider: Duration,
        /// Java's.
        java: Duration,
    },
    /// `bench korf`: what runs on which instances.
    KorfHeading {
        /// The heuristic, or the databases' kind, in words.
        what: String,
        /// The benchmark file.
        file: PathBuf,
        /// Instances run.
        count: usize,
        /// Their board side.
        n: usize,
        /// IDA* threads.
        threads: usize,
        /// The budget per instance.
        budget: Option<Duration>,
    },
    /// `bench korf`: one instance.
    Korf {
        /// Its 1-based number in the file.
        number: usize,
        /// The published optimum.
        optimum: u64,
        /// What IDA* found.
        length: Length,
        /// Its nodes.
        stats: SearchStats,
        /// Its time.
        elapsed: Duration,
    },
    /// `bench korf`: the totals.
    KorfTotal {
        /// Solved with the published length, replayed.
        solved: usize,
        /// Instances run.
        count: usize,
        /// Wrong lengths or paths.
        wrong: usize,
        /// The sum of the solved lengths.
        sum: u64,
        /// Nodes expanded, in all.
        expanded: u64,
        /// Nodes generated, in all.
        generated: u64,
        /// Time, in all.
        elapsed: Duration,
    },
    /// `bench korf --processes`: one `slider solve` process per instance.
    Processes {
        /// Processes run.
        count: usize,
        /// The `--heuristic` they were given.
        heuristic: crate::search::Heuristic,
        /// Wall time of them all.
        elapsed: Duration,
        /// Wrong lengths.
        wrong: usize,
    },
    /// `bench hardest`: the heading.
    HardestHeading,
    /// `bench hardest`: the databases a puzzle runs with.
    HardestDatabases {
        /// The puzzle's file name.
        puzzle: String,
        /// The databases' kind.
        kind: crate::search::pdb::Partition,
    },
    /// `bench hardest`: one puzzle (the error when the search stopped).
    Hardest {
        /// The puzzle's file name.
        puzzle: String,
        /// The length and nodes, or why there are none.
        result: Result<(usize, SearchStats), String>,
        /// The time.
        elapsed: Duration,
    },
    /// `bench pdb`: the cold build.
    PdbBuild {
        /// The board side.
        n: usize,
        /// Tiles per pattern.
        sizes: Vec<usize>,
        /// Whether lookups are also reflected.
        reflected: bool,
        /// Build time.
        elapsed: Duration,
        /// rayon threads.
        threads: usize,
        /// Table bytes.
        bytes: usize,
        /// The process's peak memory, when known.
        peak: Option<u64>,
    },
    /// `bench pdb`: the loads.
    PdbLoad {
        /// Loads timed.
        runs: usize,
        /// Their timings.
        times: Times,
    },
    /// `bench partitions`: the heading.
    PartitionsHeading {
        /// The benchmark file.
        file: PathBuf,
        /// Its instances.
        count: usize,
        /// Random boards besides.
        random: usize,
        /// Their seed.
        seed: u64,
    },
    /// `bench partitions`: one partition.
    Partition {
        /// Its name.
        name: &'static str,
        /// Its cold build time.
        build: Duration,
        /// Nodes expanded and seconds on the file's boards.
        file: (u64, f64),
        /// Nodes expanded and seconds on the random boards.
        random: (u64, f64),
    },
    /// `bench partitions`: every partition agreed.
    PartitionsAgree,
    /// The process's peak resident memory, in bytes.
    PeakMemory(u64),
}

/// The process's peak resident memory in bytes (Linux's `VmHWM`; `None`
/// elsewhere).
///
/// # Example
///
/// ```
/// assert!(slider::bench::peak_memory().is_some_and(|bytes| bytes > 0));
/// ```
#[must_use]
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The file name of `path`, for a table.
fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .map_or_else(String::new, |f| f.to_string_lossy().into_owned())
}
