//! The textbook algorithms, for teaching and comparison: breadth-first,
//! bidirectional breadth-first, A* with a closed set, and iterative
//! deepening depth-first search.
//!
//! Breadth-first and bidirectional breadth-first search on boards up to
//! 4x4 run natively on packed states (`packed.rs`). Otherwise, and in
//! [`solve_generic`], the graph algorithms are the `pathfinding` crate's;
//! this module supplies the puzzle graph (states as tile arrays,
//! neighbours by sliding), counts nodes, and enforces the node, time and
//! memory limits by offering no more successors once a limit is reached,
//! which ends every one of those searches promptly. IDA* is
//! [`crate::search::idastar`].
//!
//! The algorithms are named by [`Algorithm`], the crate's one enum of
//! searches; the functions here run its classic four
//! ([`Algorithm::Bfs`], [`Algorithm::Bibfs`], [`Algorithm::Astar`],
//! [`Algorithm::Iddfs`]) and refuse the others with
//! [`SearchError::Config`]: IDA* has its own driver, and the course's A*
//! is [`crate::Solver`].

use std::cell::Cell;
use std::time::Instant;

use pathfinding::directed::{astar::astar, bfs::bfs, bfs::bfs_bidirectional, iddfs::iddfs};

use crate::search::{Algorithm, Goal, SearchConfig, SearchError, SearchStats, Solution, estimate};
use crate::{Board, Direction};

/// The error of an algorithm this module does not run: IDA* (see
/// [`crate::search::idastar`]) and the course's A* ([`crate::Solver`]).
fn not_classic(algorithm: Algorithm) -> SearchError {
    SearchError::Config(format!(
        "{algorithm} is not one of the classic algorithms (`search::solve` runs every optimal search)"
    ))
}

/// A state: the tile at each cell.
type State = Box<[u16]>;

/// Why a search stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    Time,
    Nodes,
    Memory,
}

/// Bytes a stored state costs at most: its tiles, plus the box, the hash
/// table entry and the parent link around it.
fn state_bytes(cells: usize) -> u64 {
    (cells * std::mem::size_of::<u16>() + 64) as u64
}

/// Counts nodes and stops the search when a limit is reached.
struct Graph<'a> {
    n: usize,
    config: &'a SearchConfig<'a>,
    deadline: Option<Instant>,
    /// The most states that fit the memory budget.
    max_states: u64,
    expanded: Cell<u64>,
    generated: Cell<u64>,
    stopped: Cell<Option<Stop>>,
}

impl Graph<'_> {
    /// The states one slide away, or none once a limit is reached.
    fn successors(&self, state: &State) -> Vec<State> {
        if self.stopped.get().is_some() {
            return Vec::new();
        }
        self.expanded.set(self.expanded.get() + 1);
        if self.expanded.get().trailing_zeros() >= 12
            && self.deadline.is_some_and(|d| Instant::now() > d)
        {
            self.stopped.set(Some(Stop::Time));
            return Vec::new();
        }
        let blank = state.iter().position(|&t| t == 0).expect("a blank");
        let mut next = Vec::with_capacity(4);
        for direction in Direction::ALL {
            if let Some(target) = direction.step(blank, self.n) {
                let mut child = state.clone();
                child.swap(blank, target);
                next.push(child);
            }
        }
        self.generated.set(self.generated.get() + next.len() as u64);
        if self.generated.get() > self.config.limits.nodes {
            self.stopped.set(Some(Stop::Nodes));
            return Vec::new();
        }
        if self.generated.get() > self.max_states {
            self.stopped.set(Some(Stop::Memory));
            return Vec::new();
        }
        next
    }

    fn stats(&self) -> SearchStats {
        SearchStats {
            expanded: self.expanded.get(),
            generated: self.generated.get(),
            ..SearchStats::default()
        }
    }
}

/// Finds an optimal solution with `algorithm`, one of the classic four.
///
/// # Errors
///
/// As [`crate::search::idastar::search`]: unsolvable, a limit reached, or
/// a configuration that does not fit (boards wider than 256 here).
/// [`Algorithm::Idastar`] and [`Algorithm::Reference`] are not run here:
/// [`SearchError::Config`].
///
/// # Panics
///
/// Never: every state is a valid board.
///
/// # Example
///
/// ```
/// use slider::search::{Algorithm, SearchError, classic::solve};
/// let board: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// for algorithm in [Algorithm::Bfs, Algorithm::Bibfs, Algorithm::Astar, Algorithm::Iddfs] {
///     assert_eq!(solve(&board, algorithm, &Default::default())?.moves.len(), 4);
/// }
/// let refused = solve(&board, Algorithm::Idastar, &Default::default());
/// assert!(matches!(refused, Err(SearchError::Config(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    board: &Board,
    algorithm: Algorithm,
    config: &SearchConfig<'_>,
) -> Result<Solution, SearchError> {
    let bidirectional = match algorithm {
        Algorithm::Bfs => false,
        Algorithm::Bibfs => true,
        Algorithm::Astar | Algorithm::Iddfs => return solve_generic(board, algorithm, config),
        Algorithm::Idastar | Algorithm::Reference => return Err(not_classic(algorithm)),
    };
    let n = board.size();
    if n > 4 {
        return solve_generic(board, algorithm, config);
    }
    let goal = check_goal(board, algorithm, config)?;
    let start = super::packed::pack(board.tiles());
    let target = super::packed::pack(goal.cells().iter().copied());
    super::packed::search(start, target, n, bidirectional, config)
}

/// The goal of `config` (the standard one by default), checked against the
/// board: same size, reachable.
fn check_goal(
    board: &Board,
    algorithm: Algorithm,
    config: &SearchConfig<'_>,
) -> Result<Goal, SearchError> {
    let n = board.size();
    let goal = config.goal.cloned().unwrap_or_else(|| Goal::standard(n));
    if goal.size() != n {
        return Err(SearchError::Config(format!(
            "the goal is {0}x{0}, the board {n}x{n}",
            goal.size()
        )));
    }
    if n > 256 {
        return Err(SearchError::Config(format!(
            "{algorithm} stores every state; {n}x{n} boards are too large for it"
        )));
    }
    if !goal.reaches(board) {
        return Err(SearchError::Unsolvable);
    }
    Ok(goal)
}

/// [`solve`] with the `pathfinding` crate's algorithms over boxed tile
/// arrays for every size (what [`solve`] uses beyond 4x4, and the
/// comparison for its native breadth-first searches).
///
/// # Errors
///
/// As [`solve`].
///
/// # Panics
///
/// Never: every state is a valid board.
///
/// # Example
///
/// ```
/// use slider::search::{Algorithm, classic::solve_generic};
/// let board: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// assert_eq!(solve_generic(&board, Algorithm::Bibfs, &Default::default())?.moves.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_generic(
    board: &Board,
    algorithm: Algorithm,
    config: &SearchConfig<'_>,
) -> Result<Solution, SearchError> {
    if let Algorithm::Idastar | Algorithm::Reference = algorithm {
        return Err(not_classic(algorithm));
    }
    let n = board.size();
    let goal = &check_goal(board, algorithm, config)?;
    let start: State = board.tiles().map(|t| t as u16).collect();
    let target: State = goal.cells().iter().map(|&t| t as u16).collect();
    let graph = Graph {
        n,
        config,
        deadline: config.limits.time.map(|t| Instant::now() + t),
        max_states: config
            .limits
            .bytes
            .map_or(u64::MAX, |bytes| bytes / state_bytes(n * n)),
        expanded: Cell::new(0),
        generated: Cell::new(0),
        stopped: Cell::new(None),
    };
    let mut initial_h = 0;
    let path = match algorithm {
        Algorithm::Bfs => bfs(&start, |s| graph.successors(s), |s| *s == target),
        Algorithm::Bibfs => bfs_bidirectional(
            &start,
            &target,
            |s| graph.successors(s),
            |s| graph.successors(s),
        ),
        Algorithm::Iddfs => iddfs(start.clone(), |s| graph.successors(s), |s| *s == target),
        Algorithm::Astar => {
            let h = |s: &State| {
                let tiles: Vec<u32> = s.iter().map(|&t| u32::from(t)).collect();
                let board = Board::from_tiles(n, &tiles).expect("states are boards");
                estimate(&board, goal, config.heuristic, config.pdb)
            };
            initial_h = estimate(board, goal, config.heuristic, config.pdb);
            astar(
                &start,
                |s| graph.successors(s).into_iter().map(|c| (c, 1_u64)),
                h,
                |s| *s == target,
            )
            .map(|(path, _)| path)
        }
        Algorithm::Idastar | Algorithm::Reference => return Err(not_classic(algorithm)),
    };
    let mut stats = graph.stats();
    stats.initial_h = initial_h;
    match (path, graph.stopped.get()) {
        (Some(path), _) => Ok(Solution {
            moves: moves_along(&path, n),
            stats,
        }),
        (None, Some(Stop::Time)) => Err(SearchError::TimeLimit {
            stats,
            lower_bound: 0,
        }),
        (None, Some(Stop::Nodes)) => Err(SearchError::Budget {
            stats,
            lower_bound: 0,
        }),
        (None, Some(Stop::Memory)) => Err(SearchError::MemoryLimit {
            stats,
            bytes: config.limits.bytes.unwrap_or(u64::MAX),
        }),
        (None, None) => Err(SearchError::Unsolvable),
    }
}

/// The blank's moves along a path of states.
fn moves_along(path: &[State], n: usize) -> Vec<Direction> {
    let blank = |s: &State| s.iter().position(|&t| t == 0).expect("a blank");
    path.windows(2)
        .map(|pair| {
            let (from, to) = (blank(&pair[0]), blank(&pair[1]));
            Direction::ALL
                .into_iter()
                .find(|d| d.step(from, n) == Some(to))
                .expect("consecutive states differ by one slide")
        })
        .collect()
}
