//! The incremental heuristic engines the IDA* driver moves through the
//! search tree: a node type per heuristic family, each applying and undoing
//! a slide and keeping its estimate current.
//!
//! - [`LineNode`]: Hamming, Manhattan and linear conflict, for any size and
//!   any [`Goal`]; the conflicts of each line are cached and only the two
//!   lines a move changes are recounted;
//! - [`PdbNode`]: pattern databases (3x3 and 4x4), keeping each pattern's
//!   placement, regular and reflected, and looking up only the pattern of
//!   the tile that moved;
//! - [`RankedNode`] (`ranked.rs`): the ranked four-bit databases (7-8, 6-6-6-6), with the
//!   Manhattan distance kept beside them.
//!
//! Which engine computes which heuristic is decided in one place,
//! [`with_engine`], for IDA*'s driver and the from-scratch estimates alike.

use super::Goal;
use super::heuristic::Heuristic;
use super::pdb::PatternDatabase;
use crate::Board;
use crate::board::cell_distance;

mod ranked;
pub(crate) use ranked::RankedNode;

/// A search state that slides its blank and keeps its heuristic current.
pub(crate) trait Node {
    /// What [`Node::undo`] needs.
    type Undo: Copy;
    fn blank(&self) -> usize;
    /// The heuristic; above `limit` it may return any admissible value
    /// above `limit` (a cheaper one, for pruning).
    fn h(&mut self, limit: u64) -> u64;
    /// A cheap admissible estimate of the child reached by sliding the tile
    /// at `target`, without making the move (0 when there is none). Once
    /// the estimate is known to exceed `limit` it may be returned without
    /// finishing (the move will be pruned). The node may keep what it
    /// computed for an [`Node::apply`] of the same move that follows.
    fn child_bound(&mut self, target: usize, limit: u64) -> u64 {
        let _ = (target, limit);
        0
    }
    /// Slides the tile at `target` into the blank.
    fn apply(&mut self, target: usize) -> Self::Undo;
    /// Reverses [`Node::apply`]; the blank goes back to `from`.
    fn undo(&mut self, from: usize, undo: Self::Undo);
}

/// A computation over whichever engine computes a heuristic: what a caller
/// of [`with_engine`] hands it (a generic closure, which Rust lacks). It is
/// monomorphised per engine, so IDA*'s inner loop calls the engine
/// statically.
pub(crate) trait EngineTask {
    /// What the computation returns.
    type Output;
    /// Runs the computation with `engine`, set up at the board.
    fn run<N: Node + Clone + Send>(self, engine: N) -> Self::Output;
}

/// Runs `task` with the engine of `heuristic` (and its databases `pdb`,
/// built for `goal`) set up at `board`: the one mapping from a heuristic to
/// its engine. Ranked databases go to [`RankedNode`], the others to
/// [`PdbNode`]; Hamming, Manhattan and linear conflict to [`LineNode`],
/// which also takes the pattern-database heuristic without databases
/// (where it counts Manhattan; IDA* refuses that case before it gets here).
pub(crate) fn with_engine<T: EngineTask>(
    board: &Board,
    goal: &Goal,
    heuristic: Heuristic,
    pdb: Option<&PatternDatabase>,
    task: T,
) -> T::Output {
    match (heuristic, pdb) {
        (Heuristic::PatternDatabase, Some(pdb)) if pdb.is_ranked() => {
            task.run(RankedNode::new(board, pdb))
        }
        (Heuristic::PatternDatabase, Some(pdb)) => task.run(PdbNode::new(board, pdb)),
        (
            Heuristic::PatternDatabase
            | Heuristic::Hamming
            | Heuristic::Manhattan
            | Heuristic::LinearConflict,
            _,
        ) => task.run(LineNode::new(board, goal, heuristic)),
    }
}

/// Hamming, Manhattan or linear conflict, for any size and goal.
#[derive(Clone)]
pub(crate) struct LineNode {
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
    pub(crate) fn new(board: &Board, goal: &Goal, heuristic: Heuristic) -> LineNode {
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
        // Patience sorting; lines up to 64 long need no allocation.
        let mut small = [usize::MAX; 64];
        let mut large = Vec::new();
        let tails: &mut [usize] = if n <= 64 {
            &mut small
        } else {
            large.resize(n, usize::MAX);
            &mut large
        };
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
            let at = tails[..len].partition_point(|&t| t < goal_pos);
            tails[at] = goal_pos;
            if at == len {
                len += 1;
            }
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
#[derive(Clone)]
pub(crate) struct PdbNode<'a> {
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
    /// Whether the last [`Node::child_bound`] computed the reflected side
    /// (it skips that lookup when the regular side alone prunes the move).
    pending_reflected: bool,
}

/// What [`PdbNode::undo`] restores: the regular pattern and its value, and
/// the reflected pattern and its value.
type PdbUndo = (usize, u8, usize, u8);

impl<'a> PdbNode<'a> {
    pub(crate) fn new(board: &Board, pdb: &'a PatternDatabase) -> PdbNode<'a> {
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
            pending_reflected: false,
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
    fn child_bound(&mut self, target: usize, limit: u64) -> u64 {
        self.pending.0 = target;
        let tile = self.tiles[target];
        let (from, to) = (target as u8, self.blank as u8);
        let regular = self.sum_after(0, tile, from, to);
        self.pending_reflected = false;
        if !self.reflected || regular > limit {
            return regular;
        }
        self.pending_reflected = true;
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
        if self.pending.0 != target || (self.reflected && !self.pending_reflected) {
            self.child_bound(target, u64::MAX);
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
