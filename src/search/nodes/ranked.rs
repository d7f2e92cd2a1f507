//! [`RankedNode`]: the ranked four-bit databases (7-8, 6-6-6-6) with the
//! Manhattan distance kept beside them.

use super::Node;
use crate::Board;
use crate::board::cell_distance;
use crate::search::pdb::PatternDatabase;
use crate::search::pdb::ranked_lookup::{excess, rank};

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
