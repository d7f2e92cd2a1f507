//! IDA* over a packed state with an incremental heuristic.
//!
//! One depth-first driver serves every heuristic; each heuristic is a node
//! type that applies and undoes a slide and keeps its estimate up to date:
//!
//! - [`Heuristic::Hamming`], [`Heuristic::Manhattan`] and
//!   [`Heuristic::LinearConflict`] work for any size and any [`Goal`]; the
//!   conflicts of each line are cached and only the two lines a move
//!   changes are recounted;
//! - [`Heuristic::PatternDatabase`] (3x3 and 4x4) keeps each pattern's
//!   placement, regular and reflected, and looks up only the pattern of the
//!   tile that moved.

use std::fmt;
use std::time::{Duration, Instant};

use crate::board::cell_distance;
use crate::search::Goal;
use crate::search::pdb::PatternDatabase;
use crate::{Board, Direction};

/// An admissible heuristic for [`ida_star`] and [`search`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Heuristic {
    /// Tiles out of place.
    Hamming,
    /// Sum of the tiles' Manhattan distances.
    Manhattan,
    /// Manhattan plus 2 per tile that must leave its goal line.
    #[default]
    LinearConflict,
    /// Additive pattern databases (see [`crate::search::pdb`]); needs
    /// [`SearchConfig::pdb`].
    PatternDatabase,
}

impl Heuristic {
    /// The strongest heuristic available: the pattern databases when there
    /// are some, else linear conflict.
    ///
    /// ```
    /// use slider::search::idastar::Heuristic;
    /// assert_eq!(Heuristic::strongest(true), Heuristic::PatternDatabase);
    /// assert_eq!(Heuristic::strongest(false), Heuristic::LinearConflict);
    /// ```
    pub fn strongest(has_databases: bool) -> Heuristic {
        if has_databases {
            Heuristic::PatternDatabase
        } else {
            Heuristic::LinearConflict
        }
    }
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

/// Limits on a search. The default is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most nodes to generate.
    pub nodes: u64,
    /// Longest time to search.
    pub time: Option<Duration>,
    /// Look only for solutions of at most this many moves: once every
    /// solution is proved longer, stop with [`SearchError::NoneWithin`]. A
    /// checker holding a legal path of L moves sets L - 1, and so skips
    /// IDA*'s last and largest iteration. (IDA* only; the classic
    /// algorithms ignore it.)
    pub cost: Option<u64>,
    /// Most bytes the stored states may take (the classic algorithms, which
    /// store every state they generate; IDA* stores none).
    pub bytes: Option<u64>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            nodes: u64::MAX,
            time: None,
            cost: None,
            bytes: None,
        }
    }
}

/// How [`search`] runs: the heuristic, the goal, the databases and limits.
#[derive(Debug, Clone, Copy, Default)]
pub struct SearchConfig<'a> {
    /// The heuristic.
    pub heuristic: Heuristic,
    /// The goal (`None`: the course's).
    pub goal: Option<&'a Goal>,
    /// The pattern databases, for [`Heuristic::PatternDatabase`]; they must
    /// be for the same goal.
    pub pdb: Option<&'a PatternDatabase>,
    /// Node and time limits.
    pub limits: Limits,
}

/// Why a search returned no path.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// The time limit ran out; every solution has at least `lower_bound`
    /// moves.
    TimeLimit {
        /// What was searched.
        stats: SearchStats,
        /// The proven lower bound on the optimum.
        lower_bound: u64,
    },
    /// No solution within [`Limits::cost`] moves exists: every solution
    /// has at least `lower_bound` moves.
    NoneWithin {
        /// What was searched.
        stats: SearchStats,
        /// The proven lower bound on the optimum (above the limit).
        lower_bound: u64,
    },
    /// The stored states would outgrow [`Limits::bytes`].
    MemoryLimit {
        /// What was searched.
        stats: SearchStats,
        /// The budget, in bytes.
        bytes: u64,
    },
    /// The configuration cannot be searched (the message says why).
    Config(String),
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
            SearchError::TimeLimit { stats, lower_bound } => write!(
                f,
                "the time limit ran out after {} nodes; the optimum is at least {lower_bound}",
                stats.generated
            ),
            SearchError::NoneWithin { lower_bound, .. } => write!(
                f,
                "no solution within the move limit; the optimum is at least {lower_bound}"
            ),
            SearchError::MemoryLimit { stats, bytes } => write!(
                f,
                "the stored states would outgrow the memory budget of {} MB after {} nodes",
                bytes / 1_000_000,
                stats.generated
            ),
            SearchError::Config(message) => f.write_str(message),
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

/// A search state that slides its blank and keeps its heuristic current.
trait Node {
    /// What [`Node::undo`] needs.
    type Undo: Copy;
    fn blank(&self) -> usize;
    /// The heuristic; above `limit` it may return any admissible value
    /// above `limit` (a cheaper one, for pruning).
    fn h(&mut self, limit: u64) -> u64;
    /// A cheap admissible estimate of the child reached by sliding the tile
    /// at `target`, without making the move (0 when there is none). The
    /// node may keep what it computed for an [`Node::apply`] of the same
    /// move that follows.
    fn child_bound(&mut self, target: usize) -> u64 {
        let _ = target;
        0
    }
    /// Slides the tile at `target` into the blank.
    fn apply(&mut self, target: usize) -> Self::Undo;
    /// Reverses [`Node::apply`]; the blank goes back to `from`.
    fn undo(&mut self, from: usize, undo: Self::Undo);
}

/// Why the depth-first pass stopped early.
#[derive(Clone, Copy)]
enum Stop {
    Nodes,
    Time,
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
    budget: u64,
    max_cost: Option<u64>,
    deadline: Option<Instant>,
    stats: SearchStats,
    path: Vec<Direction>,
}

impl<N: Node> Driver<N> {
    /// Depth-first search below `bound`: `Ok(true)` when the goal is found,
    /// `Ok(false)` with `next` lowered to the least f above the bound.
    fn dfs(
        &mut self,
        g: u64,
        bound: u64,
        next: &mut u64,
        last: Option<Direction>,
    ) -> Result<bool, Stop> {
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
            if last == Some(direction.opposite()) {
                continue;
            }
            self.stats.generated += 1;
            if self.stats.generated > self.budget {
                return Err(Stop::Nodes);
            }
            // Prune without making the move when a cheap bound suffices.
            let quick = g + 1 + self.node.child_bound(target);
            if quick > bound {
                *next = (*next).min(quick);
                continue;
            }
            if self.stats.generated.trailing_zeros() >= 16
                && self.deadline.is_some_and(|d| Instant::now() > d)
            {
                return Err(Stop::Time);
            }
            let undo = self.node.apply(target);
            self.path.push(direction);
            if self.dfs(g + 1, bound, next, Some(direction))? {
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
            if self.max_cost.is_some_and(|cost| bound > cost) {
                return Err(SearchError::NoneWithin {
                    stats: self.stats,
                    lower_bound: bound,
                });
            }
            self.stats.iterations += 1;
            let mut next = u64::MAX;
            match self.dfs(0, bound, &mut next, None) {
                Ok(true) => {
                    return Ok(Solution {
                        moves: self.path,
                        stats: self.stats,
                    });
                }
                Ok(false) if next == u64::MAX => return Err(SearchError::Unsolvable),
                Ok(false) => bound = next,
                Err(Stop::Nodes) => {
                    return Err(SearchError::Budget {
                        stats: self.stats,
                        lower_bound: bound,
                    });
                }
                Err(Stop::Time) => {
                    return Err(SearchError::TimeLimit {
                        stats: self.stats,
                        lower_bound: bound,
                    });
                }
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
/// use slider::search::idastar::{Heuristic, ida_star};
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
            limits: Limits {
                nodes: budget,
                ..Limits::default()
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
/// use slider::search::{Goal, idastar::{Heuristic, SearchConfig, search}};
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
    let n = board.size();
    let deadline = config.limits.time.map(|t| Instant::now() + t);
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
        let node = PdbNode::new(board, pdb);
        return run(node, n, config.limits, deadline);
    }
    let node = LineNode::new(board, goal, config.heuristic);
    run(node, n, config.limits, deadline)
}

/// The heuristic value of `board` towards `goal`, computed from scratch.
pub(crate) fn estimate(
    board: &Board,
    goal: &Goal,
    heuristic: Heuristic,
    pdb: Option<&PatternDatabase>,
) -> u64 {
    match (heuristic, pdb) {
        (Heuristic::PatternDatabase, Some(pdb)) => PdbNode::new(board, pdb).h(u64::MAX),
        _ => LineNode::new(board, goal, heuristic).h(u64::MAX),
    }
}

fn run<N: Node>(
    node: N,
    n: usize,
    limits: Limits,
    deadline: Option<Instant>,
) -> Result<Solution, SearchError> {
    Driver {
        node,
        slides: slide_table(n),
        budget: limits.nodes,
        max_cost: limits.cost,
        deadline,
        stats: SearchStats::default(),
        path: Vec::new(),
    }
    .run()
}

/// Hamming, Manhattan or linear conflict, for any size and goal.
struct LineNode {
    n: usize,
    tiles: Vec<u32>,
    /// The goal cell of each tile.
    home: Vec<usize>,
    blank: usize,
    heuristic: Heuristic,
    misplaced: u64,
    manhattan: u64,
    /// Per line (rows then columns): 2 × tiles that must leave it.
    conflicts: Vec<u64>,
}

/// What [`LineNode::undo`] restores.
type LineUndo = (u64, u64, [(usize, u64); 2]);

impl LineNode {
    fn new(board: &Board, goal: &Goal, heuristic: Heuristic) -> LineNode {
        let n = board.size();
        let tiles: Vec<u32> = board.tiles().collect();
        let home: Vec<usize> = (0..n * n).map(|t| goal.home(t as u32)).collect();
        let mut node = LineNode {
            n,
            misplaced: goal.hamming(board),
            manhattan: goal.manhattan(board),
            blank: board.blank_index(),
            conflicts: vec![0; 2 * n],
            tiles,
            home,
            heuristic,
        };
        if heuristic == Heuristic::LinearConflict {
            for line in 0..2 * n {
                node.conflicts[line] = node.line_conflicts(line);
            }
        }
        node
    }

    /// 2 × the tiles that must leave a line so that the rest are in goal
    /// order (a longest increasing run of goal positions stays).
    fn line_conflicts(&self, line: usize) -> u64 {
        let n = self.n;
        let (is_row, index) = (line < n, line % n);
        let mut tails = [usize::MAX; 64];
        let mut len = 0;
        let mut members = 0;
        for k in 0..n {
            let cell = if is_row { index * n + k } else { k * n + index };
            let tile = self.tiles[cell];
            if tile == 0 {
                continue;
            }
            let goal = self.home[tile as usize];
            let (goal_line, goal_pos) = if is_row {
                (goal / n, goal % n)
            } else {
                (goal % n, goal / n)
            };
            if goal_line != index {
                continue;
            }
            members += 1;
            if n > 64 {
                continue;
            }
            let at = tails[..len].partition_point(|&t| t < goal_pos);
            tails[at] = goal_pos;
            if at == len {
                len += 1;
            }
        }
        if n > 64 {
            return 0; // lines this long: Manhattan only (still admissible)
        }
        2 * (members - len) as u64
    }
}

impl Node for LineNode {
    type Undo = LineUndo;

    fn blank(&self) -> usize {
        self.blank
    }

    fn h(&mut self, _limit: u64) -> u64 {
        match self.heuristic {
            Heuristic::Hamming => self.misplaced,
            Heuristic::LinearConflict => self.manhattan + self.conflicts.iter().sum::<u64>(),
            _ => self.manhattan,
        }
    }

    fn apply(&mut self, target: usize) -> LineUndo {
        let n = self.n;
        let tile = self.tiles[target];
        let goal = self.home[tile as usize];
        let saved_counts = (self.manhattan, self.misplaced);
        self.manhattan =
            self.manhattan - cell_distance(target, goal, n) + cell_distance(self.blank, goal, n);
        self.misplaced = self.misplaced - u64::from(goal != target) + u64::from(goal != self.blank);
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
        self.blank = target;
        if self.heuristic == Heuristic::LinearConflict {
            for line in lines {
                self.conflicts[line] = self.line_conflicts(line);
            }
        }
        (saved_counts.0, saved_counts.1, saved)
    }

    fn undo(&mut self, from: usize, (manhattan, misplaced, saved): LineUndo) {
        self.tiles.swap(self.blank, from);
        self.blank = from;
        self.manhattan = manhattan;
        self.misplaced = misplaced;
        for (line, value) in saved {
            self.conflicts[line] = value;
        }
    }
}

/// Pattern-database lookups for 3x3 and 4x4, regular and reflected.
struct PdbNode<'a> {
    tiles: [u8; 16],
    blank: usize,
    /// The pattern of each tile, and the weight of its cell in the
    /// pattern's direct index.
    group: [u8; 16],
    weight: [u32; 16],
    tables: [&'a [u8]; 4],
    patterns: usize,
    /// Each pattern's direct index: regular, then reflected.
    index: [[u32; 4]; 2],
    values: [[u8; 4]; 2],
    sums: [u64; 2],
    /// The reflection's cell and tile maps (identity maps when unused).
    mirror_cell: [u8; 16],
    mirror_tile: [u8; 16],
    reflected: bool,
    /// The last [`Node::child_bound`]'s move: the target cell, then per side
    /// the pattern, its new index and its new value.
    pending: (usize, [(usize, u32, u8); 2]),
}

/// What [`PdbNode::undo`] restores: the regular pattern and its value, and
/// the reflected pattern and its value.
type PdbUndo = (usize, u8, usize, u8);

impl<'a> PdbNode<'a> {
    fn new(board: &Board, pdb: &'a PatternDatabase) -> PdbNode<'a> {
        let cells = board.size() * board.size();
        let mut node = PdbNode {
            tiles: [0; 16],
            blank: board.blank_index(),
            group: [0; 16],
            weight: [0; 16],
            tables: [&[]; 4],
            patterns: pdb.patterns().len(),
            index: [[0; 4]; 2],
            values: [[0; 4]; 2],
            sums: [0; 2],
            mirror_cell: std::array::from_fn(|c| c as u8),
            mirror_tile: std::array::from_fn(|t| t as u8),
            reflected: false,
            pending: (usize::MAX, [(0, 0, 0); 2]),
        };
        for (cell, tile) in board.tiles().enumerate() {
            node.tiles[cell] = tile as u8;
        }
        for (g, pattern) in pdb.patterns().iter().enumerate() {
            node.tables[g] = pdb.table(g);
            let mut weight = 1_u32;
            for &tile in &pattern.tiles {
                node.group[tile as usize] = g as u8;
                node.weight[tile as usize] = weight;
                weight *= cells as u32;
            }
        }
        if let Some((cell, tile)) = pdb.reflection() {
            node.mirror_cell[..cells].copy_from_slice(cell);
            node.mirror_tile[..cells].copy_from_slice(tile);
            node.reflected = true;
        }
        for cell in 0..cells {
            let tile = node.tiles[cell] as usize;
            if tile == 0 {
                continue;
            }
            node.index[0][node.group[tile] as usize] += u32::from(cell as u8) * node.weight[tile];
            let mirrored = node.mirror_tile[tile] as usize;
            node.index[1][node.group[mirrored] as usize] +=
                u32::from(node.mirror_cell[cell]) * node.weight[mirrored];
        }
        for side in 0..2 {
            for g in 0..node.patterns {
                node.values[side][g] = node.tables[g][node.index[side][g] as usize];
                node.sums[side] += u64::from(node.values[side][g]);
            }
        }
        node
    }

    /// One side's sum after `tile` moves from cell `from` to cell `to`,
    /// without moving it; remembers the pattern's new index and value.
    #[inline]
    fn sum_after(&mut self, side: usize, tile: u8, from: u8, to: u8) -> u64 {
        let g = self.group[tile as usize] as usize;
        let weight = self.weight[tile as usize];
        let index = (self.index[side][g] + u32::from(to) * weight) - u32::from(from) * weight;
        let value = self.tables[g][index as usize];
        self.pending.1[side] = (g, index, value);
        self.sums[side] + u64::from(value) - u64::from(self.values[side][g])
    }

    /// Makes one side's remembered change; returns the pattern and its old
    /// value.
    #[inline]
    fn commit(&mut self, side: usize) -> (usize, u8) {
        let (g, index, value) = self.pending.1[side];
        let old = self.values[side][g];
        self.index[side][g] = index;
        self.values[side][g] = value;
        self.sums[side] = self.sums[side] + u64::from(value) - u64::from(old);
        (g, old)
    }
}

impl Node for PdbNode<'_> {
    type Undo = PdbUndo;

    #[inline]
    fn blank(&self) -> usize {
        self.blank
    }

    #[inline]
    fn h(&mut self, _limit: u64) -> u64 {
        if self.reflected {
            self.sums[0].max(self.sums[1])
        } else {
            self.sums[0]
        }
    }

    #[inline]
    fn child_bound(&mut self, target: usize) -> u64 {
        self.pending.0 = target;
        let tile = self.tiles[target];
        let (from, to) = (target as u8, self.blank as u8);
        let regular = self.sum_after(0, tile, from, to);
        if !self.reflected {
            return regular;
        }
        let mirrored = self.sum_after(
            1,
            self.mirror_tile[tile as usize],
            self.mirror_cell[from as usize],
            self.mirror_cell[to as usize],
        );
        regular.max(mirrored)
    }

    #[inline]
    fn apply(&mut self, target: usize) -> PdbUndo {
        let tile = self.tiles[target];
        if self.pending.0 != target {
            self.child_bound(target);
        }
        self.pending.0 = usize::MAX;
        let (g0, old0) = self.commit(0);
        let (g1, old1) = if self.reflected {
            self.commit(1)
        } else {
            (0, self.values[1][0])
        };
        self.tiles[self.blank] = tile;
        self.tiles[target] = 0;
        self.blank = target;
        (g0, old0, g1, old1)
    }

    #[inline]
    fn undo(&mut self, from: usize, (g0, old0, g1, old1): PdbUndo) {
        // The tile at `from` goes back to the blank's cell.
        self.pending.0 = usize::MAX;
        let tile = self.tiles[from];
        let (now, back) = (from as u8, self.blank as u8);
        let weight = self.weight[tile as usize];
        self.index[0][g0] =
            (self.index[0][g0] + u32::from(back) * weight) - u32::from(now) * weight;
        self.sums[0] = self.sums[0] + u64::from(old0) - u64::from(self.values[0][g0]);
        self.values[0][g0] = old0;
        if self.reflected {
            let mirrored = self.mirror_tile[tile as usize] as usize;
            let weight = self.weight[mirrored];
            let (now, back) = (
                self.mirror_cell[now as usize],
                self.mirror_cell[back as usize],
            );
            self.index[1][g1] =
                (self.index[1][g1] + u32::from(back) * weight) - u32::from(now) * weight;
            self.sums[1] = self.sums[1] + u64::from(old1) - u64::from(self.values[1][g1]);
            self.values[1][g1] = old1;
        }
        self.tiles[self.blank] = tile;
        self.tiles[from] = 0;
        self.blank = from;
    }
}
