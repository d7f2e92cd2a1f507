//! IDA*: one depth-first driver over the incremental heuristic engines of
//! the `nodes` module, for every heuristic, any goal and any size.

use std::time::Instant;

use super::nodes::{EngineTask, Node, with_engine};
use super::prune::{Pruner, Trail};
use super::{Goal, Heuristic, SearchConfig, SearchError, SearchLimits, SearchStats, Solution};
use crate::{Board, Direction};

/// Why the depth-first pass stopped early.
#[derive(Clone, Copy)]
enum Stop {
    Nodes,
    Time,
    /// An earlier subtree of a parallel iteration found a solution.
    Overtaken,
}

impl Stop {
    /// The error a search stopped this way returns, with what it searched
    /// and the bound it proved (`Overtaken` never reaches a caller: a
    /// solution was found).
    fn into_error(self, stats: SearchStats, lower_bound: u64) -> SearchError {
        match self {
            Stop::Nodes => SearchError::Budget { stats, lower_bound },
            Stop::Time | Stop::Overtaken => SearchError::TimeLimit { stats, lower_bound },
        }
    }
}

/// The slides from one cell: how many, and each direction and target.
#[derive(Clone, Copy)]
struct Slides {
    count: usize,
    moves: [(Direction, usize); 4],
}

/// The slides from each cell of an `n`-by-`n` board (no division in the
/// search's inner loop).
fn slide_table(n: usize) -> Vec<Slides> {
    (0..n * n)
        .map(|cell| {
            let mut slides = Slides {
                count: 0,
                moves: [(Direction::Up, 0); 4],
            };
            for direction in Direction::ALL {
                if let Some(target) = direction.step(cell, n) {
                    slides.moves[slides.count] = (direction, target);
                    slides.count += 1;
                }
            }
            slides
        })
        .collect()
}

struct Driver<N> {
    node: N,
    slides: Vec<Slides>,
    /// Duplicate-path pruning (see `prune.rs`).
    pruner: &'static Pruner,
    budget: u64,
    max_cost: Option<u64>,
    deadline: Option<Instant>,
    stats: SearchStats,
    path: Vec<Direction>,
    /// In a parallel iteration: the lowest subtree index that found a
    /// solution so far, and this subtree's index. A later subtree stops
    /// when an earlier one has succeeded.
    overtaken: Option<(std::sync::Arc<std::sync::atomic::AtomicUsize>, usize)>,
}

impl<N: Node> Driver<N> {
    /// Starts an iteration at `bound`, unless the move limit is passed.
    fn begin_iteration(&mut self, bound: u64) -> Result<(), SearchError> {
        if self.max_cost.is_some_and(|cost| bound > cost) {
            return Err(SearchError::NoneWithin {
                stats: self.stats,
                lower_bound: bound,
            });
        }
        self.stats.iterations += 1;
        Ok(())
    }

    /// Depth-first search below `bound`: `Ok(true)` when the goal is found,
    /// `Ok(false)` with `next` lowered to the least f above the bound.
    fn dfs(&mut self, g: u64, bound: u64, next: &mut u64, trail: Trail) -> Result<bool, Stop> {
        let h = self.node.h(bound - g);
        if g + h > bound {
            *next = (*next).min(g + h);
            return Ok(false);
        }
        // Every heuristic here is zero exactly at the goal: each counts
        // something that is non-zero while any tile is away from home.
        if h == 0 {
            return Ok(true);
        }
        self.stats.expanded += 1;
        let from = self.node.blank();
        let slides = self.slides[from];
        for &(direction, target) in &slides.moves[..slides.count] {
            let Some(child_trail) = self.pruner.step(trail, direction) else {
                continue;
            };
            self.stats.generated += 1;
            if self.stats.generated > self.budget {
                return Err(Stop::Nodes);
            }
            // Prune without making the move when a cheap bound suffices.
            let quick = g + 1 + self.node.child_bound(target, bound - g - 1);
            if quick > bound {
                *next = (*next).min(quick);
                continue;
            }
            if self.stats.generated.trailing_zeros() >= 12 {
                if let Some((first, index)) = &self.overtaken
                    && first.load(std::sync::atomic::Ordering::Relaxed) < *index
                {
                    return Err(Stop::Overtaken);
                }
                if self.stats.generated.trailing_zeros() >= 16
                    && self.deadline.is_some_and(|d| Instant::now() > d)
                {
                    return Err(Stop::Time);
                }
            }
            let undo = self.node.apply(target);
            self.path.push(direction);
            if self.dfs(g + 1, bound, next, child_trail)? {
                return Ok(true);
            }
            self.path.pop();
            self.node.undo(from, undo);
        }
        Ok(false)
    }

    fn run(mut self) -> Result<Solution, SearchError> {
        let mut bound = self.node.h(u64::MAX);
        self.stats.initial_h = bound;
        loop {
            self.begin_iteration(bound)?;
            let mut next = u64::MAX;
            match self.dfs(0, bound, &mut next, Trail::default()) {
                Ok(true) => {
                    return Ok(Solution {
                        moves: self.path,
                        stats: self.stats,
                    });
                }
                Ok(false) if next == u64::MAX => return Err(SearchError::Unsolvable),
                Ok(false) => bound = next,
                Err(why) => return Err(why.into_error(self.stats, bound)),
            }
        }
    }
}

/// Finds an optimal solution by IDA* towards the course's goal, generating
/// at most `budget` nodes. [`Heuristic::PatternDatabase`] needs [`search`].
///
/// # Errors
///
/// [`SearchError::Unsolvable`] by parity; [`SearchError::Budget`] when the
/// budget ran out (with the lower bound proved so far). A path is only ever
/// returned when it is optimal.
///
/// # Example
///
/// ```
/// use slider::search::Heuristic;
/// use slider::search::idastar::ida_star;
/// let board: slider::Board = "3  8 1 3  4 0 2  7 6 5".parse()?;
/// let solution = ida_star(&board, Heuristic::LinearConflict, u64::MAX)?;
/// assert_eq!(solution.moves.len(), 14);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ida_star(board: &Board, heuristic: Heuristic, budget: u64) -> Result<Solution, SearchError> {
    search(
        board,
        &SearchConfig {
            heuristic,
            limits: SearchLimits {
                nodes: budget,
                ..SearchLimits::default()
            },
            ..SearchConfig::default()
        },
    )
}

/// Finds an optimal solution by IDA* as `config` says.
///
/// # Errors
///
/// [`SearchError::Unsolvable`] when the goal is unreachable (by parity);
/// [`SearchError::Budget`] or [`SearchError::TimeLimit`] when a limit ran
/// out; [`SearchError::Config`] when the goal, the board and the databases
/// do not fit together. A path is only ever returned when it is optimal.
///
/// # Example
///
/// ```
/// use slider::search::{Goal, Heuristic, SearchConfig, idastar::search};
/// // The textbook goal, blank in the centre.
/// let goal = Goal::from_board(&"3  1 2 3  8 0 4  7 6 5".parse()?);
/// let board: slider::Board = "3  2 8 3  1 6 4  7 0 5".parse()?;
/// let config = SearchConfig { goal: Some(&goal), heuristic: Heuristic::Manhattan, ..Default::default() };
/// assert_eq!(search(&board, &config)?.moves.len(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search(board: &Board, config: &SearchConfig<'_>) -> Result<Solution, SearchError> {
    let standard;
    let goal = if let Some(goal) = config.goal {
        goal
    } else {
        standard = Goal::standard(board.size());
        &standard
    };
    if goal.size() != board.size() {
        return Err(SearchError::Config(format!(
            "the goal is {0}x{0}, the board {1}x{1}",
            goal.size(),
            board.size()
        )));
    }
    if !goal.reaches(board) {
        return Err(SearchError::Unsolvable);
    }
    if config.heuristic == Heuristic::PatternDatabase {
        let Some(pdb) = config.pdb else {
            return Err(SearchError::Config(
                "the pattern-database heuristic needs its databases".into(),
            ));
        };
        if pdb.goal() != goal {
            return Err(SearchError::Config(
                "the pattern databases were built for another goal".into(),
            ));
        }
    }
    let ida = Ida {
        n: board.size(),
        limits: config.limits,
        deadline: config.limits.time.map(|t| Instant::now() + t),
        threads: config.threads,
    };
    with_engine(board, goal, config.heuristic, config.pdb, ida)
}

/// IDA* over whichever engine computes the heuristic, on this thread or
/// split among `threads`.
struct Ida {
    n: usize,
    limits: SearchLimits,
    deadline: Option<Instant>,
    threads: usize,
}

impl EngineTask for Ida {
    type Output = Result<Solution, SearchError>;

    fn run<N: Node + Clone + Send>(self, node: N) -> Result<Solution, SearchError> {
        let driver = Driver {
            node,
            slides: slide_table(self.n),
            pruner: Pruner::get(),
            budget: self.limits.nodes,
            max_cost: self.limits.cost,
            deadline: self.deadline,
            stats: SearchStats::default(),
            path: Vec::new(),
            overtaken: None,
        };
        if self.threads <= 1 {
            return driver.run();
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build();
        match pool {
            Ok(pool) => pool.install(|| driver.run_parallel()),
            Err(_) => driver.run(), // no threads to be had: one is enough
        }
    }
}

/// How deep the top of the tree is split for threads: about `2^FRONTIER_DEPTH`
/// subtrees, enough to keep a few threads busy to the end of an iteration.
const FRONTIER_DEPTH: u64 = 8;

/// A node at the frontier depth, with the moves that reach it.
struct Frontier<N> {
    node: N,
    path: Vec<Direction>,
    trail: Trail,
}

impl<N: Node + Clone + Send> Driver<N> {
    /// The nodes at `depth` below the root that a single thread would
    /// reach under `bound`, in its order (pruned nodes lower `next`).
    fn frontier(
        &mut self,
        g: u64,
        depth: u64,
        bound: u64,
        next: &mut u64,
        trail: Trail,
        out: &mut Vec<Frontier<N>>,
    ) {
        let h = self.node.h(bound - g);
        if g + h > bound {
            *next = (*next).min(g + h);
            return;
        }
        if g == depth {
            out.push(Frontier {
                node: self.node.clone(),
                path: self.path.clone(),
                trail,
            });
            return;
        }
        self.stats.expanded += 1;
        let from = self.node.blank();
        let slides = self.slides[from];
        for &(direction, target) in &slides.moves[..slides.count] {
            let Some(child_trail) = self.pruner.step(trail, direction) else {
                continue;
            };
            self.stats.generated += 1;
            let undo = self.node.apply(target);
            self.path.push(direction);
            self.frontier(g + 1, depth, bound, next, child_trail, out);
            self.path.pop();
            self.node.undo(from, undo);
        }
    }

    /// IDA* with the subtrees below the frontier searched in parallel (on
    /// the current rayon pool). Solutions no longer than the frontier depth
    /// are looked for first, on this thread. Of the subtrees that hold a
    /// solution, the first in a single thread's order gives it, so the path
    /// is the single-threaded one.
    fn run_parallel(mut self) -> Result<Solution, SearchError> {
        use rayon::prelude::*;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let depth = FRONTIER_DEPTH;
        let shallow = Driver {
            node: self.node.clone(),
            slides: self.slides.clone(),
            pruner: self.pruner,
            budget: self.budget,
            max_cost: Some(self.max_cost.map_or(depth, |c| c.min(depth))),
            deadline: self.deadline,
            stats: SearchStats::default(),
            path: Vec::new(),
            overtaken: None,
        };
        let mut bound = match shallow.run() {
            Err(SearchError::NoneWithin { stats, lower_bound }) => {
                self.stats = stats;
                lower_bound
            }
            other => return other,
        };
        loop {
            self.begin_iteration(bound)?;
            let mut next = u64::MAX;
            let mut tops = Vec::new();
            self.frontier(0, depth, bound, &mut next, Trail::default(), &mut tops);
            let first_found = std::sync::Arc::new(AtomicUsize::new(usize::MAX));
            let remaining = self.budget.saturating_sub(self.stats.generated);
            let results: Vec<_> = tops
                .into_par_iter()
                .enumerate()
                .map(|(index, top)| {
                    if index > first_found.load(Ordering::Relaxed) {
                        return (
                            index,
                            Ok(false),
                            u64::MAX,
                            SearchStats::default(),
                            Vec::new(),
                        );
                    }
                    let mut driver = Driver {
                        node: top.node,
                        slides: self.slides.clone(),
                        pruner: self.pruner,
                        budget: remaining,
                        max_cost: None,
                        deadline: self.deadline,
                        stats: SearchStats::default(),
                        path: top.path,
                        overtaken: Some((first_found.clone(), index)),
                    };
                    let mut next = u64::MAX;
                    let found = driver.dfs(depth, bound, &mut next, top.trail);
                    if matches!(found, Ok(true)) {
                        first_found.fetch_min(index, Ordering::Relaxed);
                    }
                    (index, found, next, driver.stats, driver.path)
                })
                .collect();
            let mut solution = None;
            let mut stop = None;
            for (index, found, below, stats, path) in results {
                self.stats.expanded += stats.expanded;
                self.stats.generated += stats.generated;
                next = next.min(below);
                match found {
                    Ok(true) if solution.is_none() => solution = Some((index, path)),
                    Err(Stop::Overtaken) | Ok(_) => {}
                    Err(why) => stop = Some(why),
                }
            }
            if let Some((_, moves)) = solution {
                return Ok(Solution {
                    moves,
                    stats: self.stats,
                });
            }
            match stop {
                Some(why) => return Err(why.into_error(self.stats, bound)),
                None if next == u64::MAX => return Err(SearchError::Unsolvable),
                None => bound = next,
            }
        }
    }
}
