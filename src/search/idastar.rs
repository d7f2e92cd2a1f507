//! IDA* over a packed state, with an incremental heuristic: Manhattan, or
//! Manhattan plus linear conflicts with the conflicts of each line cached
//! and recomputed only for the two lines a move changes.

use std::fmt;

use crate::board::{cell_distance, goal_index};
use crate::{Board, Direction};

/// An admissible heuristic for [`ida_star`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Heuristic {
    /// Sum of the tiles' Manhattan distances.
    Manhattan,
    /// Manhattan plus 2 per tile that must leave its goal line.
    #[default]
    LinearConflict,
}

/// What the search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Nodes expanded (children generated from them).
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Depth-first iterations run.
    pub iterations: u32,
    /// The heuristic of the start.
    pub initial_h: u64,
}

/// Why [`ida_star`] returned no path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchError {
    /// The goal cannot be reached.
    Unsolvable,
    /// The node budget ran out; every solution has at least `lower_bound`
    /// moves.
    Budget {
        /// What was searched.
        stats: SearchStats,
        /// The proven lower bound on the optimum.
        lower_bound: u64,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Unsolvable => f.write_str("the puzzle is unsolvable"),
            SearchError::Budget { stats, lower_bound } => write!(
                f,
                "the search budget ran out after {} nodes; the optimum is at least {lower_bound}",
                stats.generated
            ),
        }
    }
}

impl std::error::Error for SearchError {}

/// An optimal solution: the blank's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The moves, in order.
    pub moves: Vec<Direction>,
    /// What the search did.
    pub stats: SearchStats,
}

struct State<'a> {
    n: usize,
    tiles: Vec<u32>,
    blank: usize,
    heuristic: Heuristic,
    /// Per line (rows then columns): 2 × tiles that must leave it.
    conflicts: Vec<u64>,
    manhattan: u64,
    budget: u64,
    stats: &'a mut SearchStats,
    path: Vec<Direction>,
}

/// Tiles that must leave a line so that the rest are in goal order.
fn line_conflicts(tiles: &[u32], n: usize, line: usize) -> u64 {
    let cells = n * n;
    let (is_row, index) = (line < n, line % n);
    let mut goals = Vec::with_capacity(n);
    for k in 0..n {
        let cell = if is_row { index * n + k } else { k * n + index };
        let tile = tiles[cell];
        if tile == 0 {
            continue;
        }
        let goal = goal_index(tile, cells);
        let (goal_line, goal_pos) = if is_row {
            (goal / n, goal % n)
        } else {
            (goal % n, goal / n)
        };
        if goal_line == index {
            goals.push(goal_pos);
        }
    }
    let mut tails: Vec<usize> = Vec::with_capacity(goals.len());
    for &g in &goals {
        let at = tails.partition_point(|&t| t < g);
        if at == tails.len() {
            tails.push(g);
        } else {
            tails[at] = g;
        }
    }
    2 * (goals.len() - tails.len()) as u64
}

impl State<'_> {
    fn h(&self) -> u64 {
        match self.heuristic {
            Heuristic::Manhattan => self.manhattan,
            Heuristic::LinearConflict => self.manhattan + self.conflicts.iter().sum::<u64>(),
        }
    }

    /// Moves the blank to `target`; returns what to restore.
    fn apply(&mut self, target: usize) -> (u64, [(usize, u64); 2]) {
        let n = self.n;
        let tile = self.tiles[target];
        let goal = goal_index(tile, n * n);
        let old_manhattan = self.manhattan;
        self.manhattan =
            self.manhattan - cell_distance(target, goal, n) + cell_distance(self.blank, goal, n);
        self.tiles.swap(self.blank, target);
        // A horizontal move changes two columns' members; a vertical one two rows'.
        let lines = if target / n == self.blank / n {
            [n + target % n, n + self.blank % n]
        } else {
            [target / n, self.blank / n]
        };
        let saved = [
            (lines[0], self.conflicts[lines[0]]),
            (lines[1], self.conflicts[lines[1]]),
        ];
        if self.heuristic == Heuristic::LinearConflict {
            for line in lines {
                self.conflicts[line] = line_conflicts(&self.tiles, n, line);
            }
        }
        self.blank = target;
        (old_manhattan, saved)
    }

    fn undo(&mut self, from: usize, (manhattan, saved): (u64, [(usize, u64); 2])) {
        self.tiles.swap(self.blank, from);
        self.blank = from;
        self.manhattan = manhattan;
        for (line, value) in saved {
            self.conflicts[line] = value;
        }
    }

    /// Depth-first search below `bound`; `Ok(true)` when the goal is found,
    /// `Ok(false)` with `next` lowered to the least f over the bound.
    fn dfs(
        &mut self,
        g: u64,
        bound: u64,
        next: &mut u64,
        last: Option<Direction>,
    ) -> Result<bool, ()> {
        let h = self.h();
        if g + h > bound {
            *next = (*next).min(g + h);
            return Ok(false);
        }
        if h == 0 {
            return Ok(true);
        }
        self.stats.expanded += 1;
        for direction in Direction::ALL {
            if last == Some(direction.opposite()) {
                continue;
            }
            let Some(target) = direction.step(self.blank, self.n) else {
                continue;
            };
            self.stats.generated += 1;
            if self.stats.generated > self.budget {
                return Err(());
            }
            let from = self.blank;
            let saved = self.apply(target);
            self.path.push(direction);
            let found = self.dfs(g + 1, bound, next, Some(direction))?;
            if found {
                return Ok(true);
            }
            self.path.pop();
            self.undo(from, saved);
        }
        Ok(false)
    }
}

/// Finds an optimal solution by IDA*, generating at most `budget` nodes.
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
/// use slider::search::idastar::{Heuristic, ida_star};
/// let board: slider::Board = "3  8 1 3  4 0 2  7 6 5".parse()?;
/// let solution = ida_star(&board, Heuristic::LinearConflict, u64::MAX)?;
/// assert_eq!(solution.moves.len(), 14);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ida_star(board: &Board, heuristic: Heuristic, budget: u64) -> Result<Solution, SearchError> {
    if !board.is_solvable() {
        return Err(SearchError::Unsolvable);
    }
    let n = board.size();
    let tiles: Vec<u32> = board.tiles().collect();
    let conflicts = (0..2 * n)
        .map(|line| line_conflicts(&tiles, n, line))
        .collect();
    let mut counters = SearchStats::default();
    let mut state = State {
        n,
        tiles,
        blank: board.blank_index(),
        heuristic,
        conflicts,
        manhattan: board.manhattan(),
        budget,
        stats: &mut counters,
        path: Vec::new(),
    };
    let mut bound = state.h();
    state.stats.initial_h = bound;
    loop {
        state.stats.iterations += 1;
        let mut next = u64::MAX;
        match state.dfs(0, bound, &mut next, None) {
            Ok(true) => {
                let moves = std::mem::take(&mut state.path);
                return Ok(Solution {
                    moves,
                    stats: counters,
                });
            }
            Ok(false) => bound = next,
            Err(()) => {
                let snapshot = *state.stats;
                return Err(SearchError::Budget {
                    stats: snapshot,
                    lower_bound: bound,
                });
            }
        }
    }
}
