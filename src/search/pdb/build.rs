//! Building one pattern's table by a blank-aware breadth-first search.
//!
//! The search runs backwards from the goal over abstract states: where the
//! pattern's tiles are, and which region of the other cells the blank is
//! in. The blank roams its region for free (moving a tile outside the
//! pattern is not counted, which is what keeps databases of disjoint
//! patterns additive), and sliding a pattern tile into the region costs
//! one move and leaves the blank where the tile was. Tracking the blank
//! keeps the values as strong as additivity allows: a pattern tile can
//! only move when the blank can get next to it. A placement's value is
//! its least cost over the blank's regions. Moves are reversible, so the
//! distance from the goal is the distance to it.

use super::pattern::{Pattern, direct_index, direct_len, placements, rank, unrank};
use crate::search::Goal;

/// The cells next to each cell, as bit masks.
pub(crate) fn adjacency(n: usize) -> Vec<u32> {
    (0..n * n)
        .map(|cell| {
            let (row, col) = (cell / n, cell % n);
            let mut mask = 0_u32;
            if row > 0 {
                mask |= 1 << (cell - n);
            }
            if row + 1 < n {
                mask |= 1 << (cell + n);
            }
            if col > 0 {
                mask |= 1 << (cell - 1);
            }
            if col + 1 < n {
                mask |= 1 << (cell + 1);
            }
            mask
        })
        .collect()
}

/// The cells of `free` the blank reaches from `start` (grown from the
/// newly reached edge only).
#[inline]
pub(crate) fn region(start: usize, free: u32, adjacent: &[u32]) -> u32 {
    let mut region = 1_u32 << start;
    let mut edge = region;
    while edge != 0 {
        let mut grown = 0;
        while edge != 0 {
            let cell = edge.trailing_zeros() as usize;
            edge &= edge - 1;
            grown |= adjacent[cell];
        }
        edge = grown & free & !region;
        region |= edge;
    }
    region
}

/// The table of `pattern`, directly indexed (see
/// [`direct_index`](super::pattern::direct_index)): for each placement, the
/// fewest pattern-tile moves that bring the pattern home (any blank
/// position). Entries of impossible placements (two tiles on one cell) are 0
/// and never read.
pub(crate) fn build_table(goal: &Goal, pattern: &Pattern) -> Vec<u8> {
    let cells = goal.size() * goal.size();
    let k = pattern.tiles.len();
    let ranked = build_ranked(goal, pattern);
    let mut table = vec![0_u8; direct_len(cells, k)];
    let mut positions = [0_u8; 16];
    for (r, &value) in ranked.iter().enumerate() {
        unrank(r, k, cells, &mut positions);
        table[direct_index(&positions[..k], cells)] = value;
    }
    table
}

/// The same values indexed by placement rank, from the breadth-first search.
/// Every placement is reached (the grid is connected), so no entry keeps
/// its initial 255.
fn build_ranked(goal: &Goal, pattern: &Pattern) -> Vec<u8> {
    let n = goal.size();
    let cells = n * n;
    let all = if cells == 32 {
        u32::MAX
    } else {
        (1_u32 << cells) - 1
    };
    let adjacent = adjacency(n);
    let k = pattern.tiles.len();
    let total = placements(cells, k);
    let mut table = vec![u8::MAX; total];
    // Blank cells already reached, per placement.
    let mut seen = vec![0_u32; total];
    let home: Vec<u8> = pattern
        .tiles
        .iter()
        .map(|&t| goal.home(u32::from(t)) as u8)
        .collect();
    let mut frontier: Vec<u64> = vec![encode(rank(&home, cells), goal.home(0))];
    let mut positions = [0_u8; 16];
    let mut depth = 0_u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &state in &frontier {
            let (r, blank) = decode(state);
            if seen[r] >> blank & 1 == 1 {
                continue;
            }
            unrank(r, k, cells, &mut positions);
            let occupied = positions[..k].iter().fold(0_u32, |m, &p| m | 1 << p);
            let reach = region(blank, all & !occupied, &adjacent);
            seen[r] |= reach;
            if table[r] == u8::MAX {
                table[r] = depth;
            }
            for i in 0..k {
                let from = positions[i];
                let mut targets = adjacent[from as usize] & reach;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    positions[i] = to;
                    let moved = rank(&positions[..k], cells);
                    positions[i] = from;
                    if seen[moved] >> from & 1 == 0 {
                        next.push(encode(moved, usize::from(from)));
                    }
                }
            }
        }
        frontier = next;
        depth = depth.saturating_add(1);
    }
    table
}

fn encode(rank: usize, blank: usize) -> u64 {
    (rank as u64) << 8 | blank as u64
}

fn decode(state: u64) -> (usize, usize) {
    ((state >> 8) as usize, (state & 0xff) as usize)
}
