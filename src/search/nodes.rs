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
//! - [`RankedNode`]: the ranked four-bit databases (7-8, 6-6-6-6), with the
//!   Manhattan distance kept beside them.

use super::Goal;
use super::heuristic::Heuristic;
use super::pdb::PatternDatabase;
use super::pdb::ranked_lookup::{excess, rank};
use crate::Board;
use crate::board::cell_distance;

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

/// The most tiles a ranked pattern has (8 for 7-8).
const RANKED_K: usize = 8;

/// The group of a tile in no pattern (counted by its Manhattan distance
/// alone).
const NO_GROUP: u8 = u8::MAX;

/// Ranked four-bit databases (7-8 for 4x4, 6-6-6-6 for 5x5): the Manhattan
/// distance kept incrementally, and per pattern, regular and reflected,
/// the tiles' cells and the stored excess; a move re-ranks the one pattern
/// of the tile that moved.
#[derive(Clone)]
pub(crate) struct RankedNode<'a> {
    n: usize,
    tiles: [u8; 25],
    blank: usize,
    /// The goal cell of each tile.
    home: [u8; 25],
    manhattan: u64,
    /// The pattern of each tile and its slot in the pattern.
    group: [u8; 25],
    slot: [u8; 25],
    sizes: [usize; 4],
    tables: [&'a [u8]; 4],
    patterns: usize,
    /// Per side (regular, reflected), per pattern: its tiles' cells.
    cells: [[[u8; RANKED_K]; 4]; 2],
    excess: [[u8; 4]; 2],
    sums: [u64; 2],
    mirror_cell: [u8; 25],
    mirror_tile: [u8; 25],
    reflected: bool,
    /// The last [`Node::child_bound`]'s target, new Manhattan distance, and
    /// per side the pattern, the slot, the new cell and the new excess.
    pending: (usize, u64, [RankedPending; 2]),
    /// Whether the last [`Node::child_bound`] computed the reflected side
    /// (it skips that lookup when the regular side alone prunes the move).
    pending_reflected: bool,
}

/// One side's pending change: the pattern (`usize::MAX` for none), the
/// slot, the new cell and the new excess.
type RankedPending = (usize, usize, u8, u8);

/// What [`RankedNode::undo`] restores: the Manhattan distance, then per
/// side the pattern and its old excess.
type RankedUndo = (u64, [(usize, u8); 2]);

impl<'a> RankedNode<'a> {
    pub(crate) fn new(board: &Board, pdb: &'a PatternDatabase) -> RankedNode<'a> {
        let n = board.size();
        let cells = n * n;
        let goal = pdb.goal();
        let mut node = RankedNode {
            n,
            tiles: [0; 25],
            blank: board.blank_index(),
            home: [0; 25],
            manhattan: goal.manhattan(board),
            group: [NO_GROUP; 25],
            slot: [0; 25],
            sizes: [0; 4],
            tables: [&[]; 4],
            patterns: pdb.patterns().len(),
            cells: [[[0; RANKED_K]; 4]; 2],
            excess: [[0; 4]; 2],
            sums: [0; 2],
            mirror_cell: std::array::from_fn(|c| c as u8),
            mirror_tile: std::array::from_fn(|t| t as u8),
            reflected: false,
            pending: (usize::MAX, 0, [(0, 0, 0, 0); 2]),
            pending_reflected: false,
        };
        for (cell, tile) in board.tiles().enumerate() {
            node.tiles[cell] = tile as u8;
            node.home[tile as usize] = goal.home(tile) as u8;
        }
        for (g, pattern) in pdb.patterns().iter().enumerate() {
            node.tables[g] = pdb.table(g);
            node.sizes[g] = pattern.tiles.len();
            for (i, &tile) in pattern.tiles.iter().enumerate() {
                node.group[tile as usize] = g as u8;
                node.slot[tile as usize] = i as u8;
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
            if node.group[tile] != NO_GROUP {
                let (g, i) = (node.group[tile] as usize, node.slot[tile] as usize);
                node.cells[0][g][i] = cell as u8;
            }
            let mirrored = node.mirror_tile[tile] as usize;
            if node.group[mirrored] != NO_GROUP {
                let (g, i) = (node.group[mirrored] as usize, node.slot[mirrored] as usize);
                node.cells[1][g][i] = node.mirror_cell[cell];
            }
        }
        for side in 0..2 {
            for g in 0..node.patterns {
                let r = rank(&node.cells[side][g][..node.sizes[g]], cells);
                node.excess[side][g] = excess(node.tables[g], r);
                node.sums[side] += u64::from(node.excess[side][g]);
            }
        }
        node
    }

    /// One side's excess sum after `tile` moves to cell `to`, without
    /// moving it; remembers what [`RankedNode::commit`] needs.
    #[inline]
    fn sum_after(&mut self, side: usize, tile: u8, to: u8) -> u64 {
        if self.group[tile as usize] == NO_GROUP {
            self.pending.2[side] = (usize::MAX, 0, 0, 0);
            return self.sums[side];
        }
        let g = self.group[tile as usize] as usize;
        let i = self.slot[tile as usize] as usize;
        let mut placed = self.cells[side][g];
        placed[i] = to;
        let value = excess(
            self.tables[g],
            rank(&placed[..self.sizes[g]], self.n * self.n),
        );
        self.pending.2[side] = (g, i, to, value);
        self.sums[side] + u64::from(value) - u64::from(self.excess[side][g])
    }

    #[inline]
    fn commit(&mut self, side: usize) -> (usize, u8) {
        let (g, i, to, value) = self.pending.2[side];
        if g == usize::MAX {
            return (g, 0);
        }
        let old = self.excess[side][g];
        self.cells[side][g][i] = to;
        self.excess[side][g] = value;
        self.sums[side] = self.sums[side] + u64::from(value) - u64::from(old);
        (g, old)
    }
}

impl Node for RankedNode<'_> {
    type Undo = RankedUndo;

    #[inline]
    fn blank(&self) -> usize {
        self.blank
    }

    #[inline]
    fn h(&mut self, _limit: u64) -> u64 {
        self.manhattan + 2 * self.sums[0].max(self.sums[1])
    }

    #[inline]
    fn child_bound(&mut self, target: usize, limit: u64) -> u64 {
        let tile = self.tiles[target];
        let home = self.home[tile as usize] as usize;
        let manhattan = self.manhattan - cell_distance(target, home, self.n)
            + cell_distance(self.blank, home, self.n);
        self.pending.0 = target;
        self.pending.1 = manhattan;
        let regular = self.sum_after(0, tile, self.blank as u8);
        self.pending_reflected = false;
        if !self.reflected || manhattan + 2 * regular > limit {
            return manhattan + 2 * regular;
        }
        self.pending_reflected = true;
        let mirrored = self.sum_after(
            1,
            self.mirror_tile[tile as usize],
            self.mirror_cell[self.blank],
        );
        manhattan + 2 * regular.max(mirrored)
    }

    #[inline]
    fn apply(&mut self, target: usize) -> RankedUndo {
        if self.pending.0 != target || (self.reflected && !self.pending_reflected) {
            self.child_bound(target, u64::MAX);
        }
        self.pending.0 = usize::MAX;
        let old_manhattan = self.manhattan;
        self.manhattan = self.pending.1;
        let first = self.commit(0);
        let second = if self.reflected {
            self.commit(1)
        } else {
            (0, self.excess[1][0])
        };
        let tile = self.tiles[target];
        self.tiles[self.blank] = tile;
        self.tiles[target] = 0;
        self.blank = target;
        (old_manhattan, [first, second])
    }

    #[inline]
    fn undo(&mut self, from: usize, (manhattan, saved): RankedUndo) {
        // The tile at `from` goes back to the blank's cell.
        self.pending.0 = usize::MAX;
        let tile = self.tiles[from];
        let back = self.blank;
        self.manhattan = manhattan;
        for (side, (g, old)) in saved.into_iter().enumerate() {
            if side == 1 && !self.reflected {
                break;
            }
            if g == usize::MAX {
                continue; // the tile is in no pattern
            }
            let (t, cell) = if side == 0 {
                (tile as usize, back as u8)
            } else {
                (
                    self.mirror_tile[tile as usize] as usize,
                    self.mirror_cell[back],
                )
            };
            self.cells[side][g][self.slot[t] as usize] = cell;
            self.sums[side] = self.sums[side] + u64::from(old) - u64::from(self.excess[side][g]);
            self.excess[side][g] = old;
        }
        self.tiles[back] = tile;
        self.tiles[from] = 0;
        self.blank = from;
    }
}
