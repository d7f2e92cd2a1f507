//! The wording of `slider solve`: its `--stats` lines and the hint of a
//! search that ran out of budget.

use std::time::Duration;

use crate::search::pdb::Partition;
use crate::search::{Algorithm, Heuristic, SearchError, Solution};
use crate::{SolverError, SolverStats};

/// The `--stats` line of a search other than the reference (`None` when
/// it failed with no statistics to tell).
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::Board;
/// use slider::present::search::stats;
/// use slider::search::{Algorithm, SearchConfig, solve};
/// let board: Board = "3  1 2 3  4 0 5  7 8 6".parse()?;
/// let result = solve(&board, Algorithm::Bibfs, &SearchConfig::default());
/// let line = stats("p.txt", Algorithm::Bibfs, &result, None, Duration::from_millis(5), None).unwrap();
/// assert!(line.starts_with("p.txt: 2 moves; bibfs: expanded "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn stats(
    name: &str,
    algorithm: Algorithm,
    result: &Result<Solution, SearchError>,
    heuristic: Option<Heuristic>,
    elapsed: Duration,
    peak_memory: Option<u64>,
) -> Option<String> {
    let (moves, stats) = match result {
        Ok(solution) => (Some(solution.moves.len()), solution.stats),
        Err(SearchError::Budget { stats, .. } | SearchError::TimeLimit { stats, .. }) => {
            (None, *stats)
        }
        Err(_) => return None,
    };
    let moves = moves.map_or("no answer".to_string(), |m| format!("{m} moves"));
    let heuristic = heuristic.map_or(String::new(), |h| {
        format!(" ({h:?}, initial h {})", stats.initial_h)
    });
    let memory = peak_memory.map_or(String::new(), |b| {
        format!("; peak memory {:.1} MB", b as f64 / 1e6)
    });
    Some(format!(
        "{name}: {moves}; {}{heuristic}: expanded {}, generated {}; {:.3} s{memory}",
        algorithm.name(),
        stats.expanded,
        stats.generated,
        elapsed.as_secs_f64()
    ))
}

/// The `--stats` line of the reference A*.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// let line = slider::present::search::reference_stats("p.txt", 4, &Default::default(), Duration::ZERO);
/// assert_eq!(line, "p.txt: 4 moves; enqueued 0, dequeued 0, largest queue 0; 0.000 s");
/// ```
#[must_use]
pub fn reference_stats(name: &str, moves: usize, stats: &SolverStats, elapsed: Duration) -> String {
    format!(
        "{name}: {moves} moves; enqueued {}, dequeued {}, largest queue {}; {:.3} s",
        stats.enqueued,
        stats.dequeued,
        stats.max_queue,
        elapsed.as_secs_f64()
    )
}

/// What to do when the reference A* stopped (`error`).
///
/// # Example
///
/// ```
/// use slider::SolverError;
/// let hint = slider::present::search::reference_hint(&SolverError::Unsolvable);
/// assert!(hint.ends_with("or use --algorithm idastar, which needs constant memory"));
/// ```
#[must_use]
pub fn reference_hint(error: &SolverError) -> String {
    let raise = match error {
        SolverError::TimeLimit { .. } => "raise --time-limit",
        SolverError::MemoryLimit { .. } => "raise --max-memory",
        _ => "raise --max-nodes",
    };
    format!("{raise}, or use --algorithm idastar, which needs constant memory")
}

/// What to do when a search stopped (`error`): the limit to raise, and the
/// `stronger` databases it could use.
///
/// # Example
///
/// ```
/// use slider::present::search::budget_hint;
/// use slider::search::{Algorithm, SearchError, pdb::Partition};
/// let stopped = SearchError::TimeLimit { stats: Default::default(), lower_bound: 50 };
/// let hint = budget_hint(&stopped, Algorithm::Idastar, Some(Partition::SevenEight));
/// assert!(hint.starts_with("raise --time-limit; `slider pdb build 7-8`"));
/// ```
#[must_use]
pub fn budget_hint(
    error: &SearchError,
    algorithm: Algorithm,
    stronger: Option<Partition>,
) -> String {
    let raise = match error {
        SearchError::MemoryLimit { .. } => "raise --max-memory, or use --algorithm idastar",
        SearchError::TimeLimit { .. } => "raise --time-limit",
        _ => "raise --max-nodes or --time-limit",
    };
    match stronger {
        Some(kind) => format!(
            "{raise}; {}",
            super::pdb::stronger_hint(kind, algorithm == Algorithm::Idastar)
        ),
        None => raise.to_string(),
    }
}

/// Why `slider solve --goal` is refused with the reference A*.
#[must_use]
pub fn reference_goal() -> &'static str {
    "the reference A* solves towards the course's goal only; choose --algorithm astar or idastar (or bfs, bibfs, iddfs) for --goal"
}

/// Why `slider solve --lines --output course` is refused.
#[must_use]
pub fn lines_need_moves() -> &'static str {
    "--lines prints one answer per line, a move string: the course client's output takes many lines a board (drop --output course, or solve one board a file)"
}
