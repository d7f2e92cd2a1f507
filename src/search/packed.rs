//! Breadth-first and bidirectional breadth-first search at native speed,
//! for boards up to 4x4: a state is a `u64` with four bits per cell, the
//! visited set an `FxHashMap` from state to the move that reached it and
//! its depth (no boxed states, no parent pointers: a path is walked back by
//! undoing the recorded moves).
//!
//! The generic versions over boxed tile arrays (the `pathfinding` crate's
//! algorithms, [`super::classic::solve_generic`]) stay for larger boards
//! and as the comparison `slider bench classic` prints.

use std::time::Instant;

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;

use crate::Direction;
use crate::search::{SearchConfig, SearchError, SearchStats, Solution};

/// Bytes a visited state costs: key, value and the hash table's control
/// byte, at its maximum load (7/8), rounded up.
pub(crate) const STATE_BYTES: u64 = 24;

/// A packed board: cell `c`'s tile in bits `4c..4c+4`.
pub(crate) type Packed = u64;

/// Packs tiles (row-major; at most 16 cells, tiles below 16).
pub(crate) fn pack(tiles: impl Iterator<Item = u32>) -> Packed {
    tiles.enumerate().fold(0, |packed, (cell, tile)| {
        packed | u64::from(tile) << (4 * cell)
    })
}

/// The blank's cell: the one zero nibble among the first `cells`.
#[inline]
fn blank_of(state: Packed, cells: usize) -> usize {
    let inverted = !state;
    let zero =
        inverted & (inverted >> 1) & (inverted >> 2) & (inverted >> 3) & 0x1111_1111_1111_1111;
    let mask = if cells == 16 {
        u64::MAX
    } else {
        (1 << (4 * cells)) - 1
    };
    ((zero & mask).trailing_zeros() / 4) as usize
}

/// The state after the blank at `blank` moves to `target`.
#[inline]
fn slide(state: Packed, blank: usize, target: usize) -> Packed {
    let tile = (state >> (4 * target)) & 0xf;
    (state & !(0xf << (4 * target))) | tile << (4 * blank)
}

/// What a visited state records: the move that reached it (from the side's
/// root) and its depth.
#[derive(Clone, Copy)]
struct Seen {
    direction: Direction,
    depth: u32,
}

/// One side's search: visited states and the current layer.
struct Side {
    seen: FxHashMap<Packed, Seen>,
    layer: Vec<Packed>,
    depth: u32,
}

impl Side {
    fn new(root: Packed) -> Side {
        let mut seen = FxHashMap::default();
        seen.insert(
            root,
            Seen {
                direction: Direction::Up,
                depth: 0,
            },
        );
        Side {
            seen,
            layer: vec![root],
            depth: 0,
        }
    }

    /// The moves from this side's root to `state`.
    fn path_to(&self, mut state: Packed, n: usize) -> Vec<Direction> {
        let mut moves = Vec::new();
        loop {
            let seen = self.seen[&state];
            if seen.depth == 0 {
                break;
            }
            moves.push(seen.direction);
            let blank = blank_of(state, n * n);
            let back = seen
                .direction
                .opposite()
                .step(blank, n)
                .expect("the recorded move is reversible");
            state = slide(state, blank, back);
        }
        moves.reverse();
        moves
    }
}

/// Limits and counts shared by both algorithms.
struct Budget<'a> {
    config: &'a SearchConfig<'a>,
    deadline: Option<Instant>,
    max_states: u64,
    stats: SearchStats,
}

impl Budget<'_> {
    fn check(&self, stored: u64) -> Result<(), SearchError> {
        if self.stats.generated > self.config.limits.nodes {
            return Err(SearchError::Budget {
                stats: self.stats,
                lower_bound: 0,
            });
        }
        if stored > self.max_states {
            return Err(SearchError::MemoryLimit {
                stats: self.stats,
                bytes: self.config.limits.bytes.unwrap_or(u64::MAX),
            });
        }
        if self.deadline.is_some_and(|d| Instant::now() > d) {
            return Err(SearchError::TimeLimit {
                stats: self.stats,
                lower_bound: 0,
            });
        }
        Ok(())
    }
}

/// Expands `side`'s current layer; returns the first meeting with `other`
/// (a state in both, or the target when there is no other side).
///
/// The first meeting is optimal: layers are expanded whole and every new
/// state is checked against the other side at once, so before this layer
/// no state was on both sides, the optimum exceeds the two depths' sum,
/// and any state this layer shares with the other side lies on a path of
/// exactly that sum plus one.
fn expand(
    side: &mut Side,
    other: Option<&Side>,
    target: Packed,
    n: usize,
    budget: &mut Budget<'_>,
) -> Result<Option<Packed>, SearchError> {
    let cells = n * n;
    let mut next = Vec::new();
    let depth = side.depth + 1;
    for (count, &state) in std::mem::take(&mut side.layer).iter().enumerate() {
        budget.stats.expanded += 1;
        let blank = blank_of(state, cells);
        for direction in Direction::ALL {
            let Some(to) = direction.step(blank, n) else {
                continue;
            };
            let child = slide(state, blank, to);
            budget.stats.generated += 1;
            match side.seen.entry(child) {
                Entry::Occupied(_) => continue,
                Entry::Vacant(slot) => {
                    slot.insert(Seen { direction, depth });
                }
            }
            let stored = side.seen.len() as u64 + other.map_or(0, |o| o.seen.len() as u64);
            if stored > budget.max_states || budget.stats.generated > budget.config.limits.nodes {
                budget.check(stored)?;
            }
            let met = match other {
                Some(other) => other.seen.contains_key(&child),
                None => child == target,
            };
            if met {
                return Ok(Some(child));
            }
            next.push(child);
        }
        if count.trailing_zeros() >= 12 {
            let stored = side.seen.len() as u64 + other.map_or(0, |o| o.seen.len() as u64);
            budget.check(stored)?;
        }
    }
    side.layer = next;
    side.depth = depth;
    let stored = side.seen.len() as u64 + other.map_or(0, |o| o.seen.len() as u64);
    budget.check(stored)?;
    Ok(None)
}

/// Breadth-first search (`bidirectional`: from both ends, the smaller
/// layer expanded first, meeting in the middle) from `start` to `target`,
/// both packed `n`-by-`n` boards (n ≤ 4) of the same parity class.
pub(crate) fn search(
    start: Packed,
    target: Packed,
    n: usize,
    bidirectional: bool,
    config: &SearchConfig<'_>,
) -> Result<Solution, SearchError> {
    let mut budget = Budget {
        config,
        deadline: config.limits.time.map(|t| Instant::now() + t),
        max_states: config
            .limits
            .bytes
            .map_or(u64::MAX, |bytes| bytes / STATE_BYTES),
        stats: SearchStats::default(),
    };
    let mut forward = Side::new(start);
    if start == target {
        return Ok(Solution {
            moves: Vec::new(),
            stats: budget.stats,
        });
    }
    if !bidirectional {
        while !forward.layer.is_empty() {
            if let Some(state) = expand(&mut forward, None, target, n, &mut budget)? {
                return Ok(Solution {
                    moves: forward.path_to(state, n),
                    stats: budget.stats,
                });
            }
        }
        return Err(SearchError::Unsolvable);
    }
    let mut backward = Side::new(target);
    while !forward.layer.is_empty() && !backward.layer.is_empty() {
        let forward_first = forward.layer.len() <= backward.layer.len();
        let met = if forward_first {
            expand(&mut forward, Some(&backward), target, n, &mut budget)?
        } else {
            expand(&mut backward, Some(&forward), start, n, &mut budget)?
        };
        if let Some(state) = met {
            let mut moves = forward.path_to(state, n);
            // Backward moves lead from the target to the meeting state;
            // walked the other way, each is reversed.
            let back = backward.path_to(state, n);
            moves.extend(back.iter().rev().map(|d| d.opposite()));
            return Ok(Solution {
                moves,
                stats: budget.stats,
            });
        }
    }
    Err(SearchError::Unsolvable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_finds_the_blank_and_slides() {
        let state = pack([1_u32, 2, 3, 4, 0, 5, 6, 7, 8].into_iter());
        assert_eq!(blank_of(state, 9), 4);
        let moved = slide(state, 4, 5);
        assert_eq!(moved, pack([1_u32, 2, 3, 4, 5, 0, 6, 7, 8].into_iter()));
        let full = pack((0..16_u32).rev());
        assert_eq!(blank_of(full, 16), 15);
    }
}
