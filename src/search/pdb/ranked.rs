//! Large pattern tables: densely ranked, four bits per placement, built by a
//! parallel breadth-first search.
//!
//! The 7-8 partition of the 4x4 board has 518,918,400 placements for its
//! 8-tile pattern, and each 6-tile pattern of 5x5 has 127,512,000: too many
//! for a directly indexed byte table (`cells^k`). These tables are indexed
//! by the placement's dense rank ([`rank`](super::pattern::rank)) and hold,
//! in four bits, the *excess* of the value over the pattern tiles'
//! Manhattan distance, halved: a pattern's value and its Manhattan distance
//! have the same parity (every pattern move changes the latter by one), so
//! `value = manhattan + 2 × excess`. Four bits hold excesses up to 15 (30
//! moves beyond Manhattan); a larger one would be stored as 15, which keeps
//! the heuristic admissible, and the build counts such entries (none occur
//! for the partitions slider ships).
//!
//! The search is the blank-aware one of `build.rs` (the blank roams its
//! region of the free cells for nothing, a pattern tile's slide costs one),
//! organised for size and threads: each placement has one machine word with
//! two bits per cell for the states "blank in this cell": unseen, reached
//! in the current layer, reached for the next layer, done. A layer is one
//! parallel sweep over the placements (rayon); a thread expands the current
//! cells of its own placements and marks the children's cells for the next
//! layer with atomic `or`s, so no queue is stored: the 8-tile build needs
//! 4 bytes per placement (2.1 GB) plus the table.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use rayon::prelude::*;

use super::build::{adjacency, region};
use super::pattern::{Pattern, placements, rank, unrank};
use crate::board::cell_distance;
use crate::search::Goal;

/// The excess stored for a placement of rank `r` in a ranked table.
#[inline]
pub(crate) fn excess(table: &[u8], r: usize) -> u8 {
    (table[r >> 1] >> ((r & 1) << 2)) & 0x0f
}

/// The bytes of a ranked table for `count` placements.
pub(crate) fn table_len(count: usize) -> usize {
    count.div_ceil(2)
}

/// How far a build has come, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildProgress {
    /// The pattern being built (0-based) and how many there are.
    pub pattern: usize,
    /// How many patterns the database has.
    pub patterns: usize,
    /// Placements whose value is known.
    pub valued: u64,
    /// Placements in all.
    pub placements: u64,
    /// Breadth-first layers finished (pattern moves from the goal).
    pub layers: u32,
}

/// What one ranked build found besides the table.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct BuildReport {
    /// The largest value (pattern moves).
    pub(crate) max_value: u32,
    /// Entries whose excess did not fit in four bits (stored as 15).
    pub(crate) saturated: u64,
}

/// Per-placement state words: `u32` for up to 16 cells, `u64` beyond.
trait Word: Send + Sync {
    fn zero() -> Self;
    fn get(&self) -> u64;
    fn or(&self, bits: u64);
}

impl Word for AtomicU32 {
    fn zero() -> Self {
        AtomicU32::new(0)
    }
    #[inline]
    fn get(&self) -> u64 {
        u64::from(self.load(Ordering::Relaxed))
    }
    #[inline]
    fn or(&self, bits: u64) {
        self.fetch_or(bits as u32, Ordering::Relaxed);
    }
}

impl Word for AtomicU64 {
    fn zero() -> Self {
        AtomicU64::new(0)
    }
    #[inline]
    fn get(&self) -> u64 {
        self.load(Ordering::Relaxed)
    }
    #[inline]
    fn or(&self, bits: u64) {
        self.fetch_or(bits, Ordering::Relaxed);
    }
}

/// Spreads the low 32 bits of `x` to the even bits of a `u64` (cell c's bit
/// to bit 2c).
#[inline]
fn spread(x: u32) -> u64 {
    let mut x = u64::from(x);
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

/// The inverse of [`spread`]: the even bits gathered into a cell mask.
#[inline]
fn gather(x: u64) -> u32 {
    let mut x = x & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    ((x | x >> 16) & 0xffff_ffff) as u32
}

/// Builds the ranked table of `pattern` towards `goal`, calling `progress`
/// after every layer with the pattern's index `which` of `of`.
pub(crate) fn build(
    goal: &Goal,
    pattern: &Pattern,
    (which, of): (usize, usize),
    progress: &(dyn Fn(BuildProgress) + Sync),
) -> (Vec<u8>, BuildReport) {
    if goal.size() * goal.size() <= 16 {
        build_with::<AtomicU32>(goal, pattern, (which, of), progress)
    } else {
        build_with::<AtomicU64>(goal, pattern, (which, of), progress)
    }
}

/// Placements a parallel task sweeps at a time (an even number, so that no
/// two tasks write one table byte).
const CHUNK: usize = 1 << 14;

/// What every sweep of one build shares.
struct Space<'a, W> {
    n: usize,
    cells: usize,
    k: usize,
    total: usize,
    /// Every cell of the board.
    all: u32,
    adjacent: Vec<u32>,
    /// The pattern tiles' goal cells.
    home: Vec<u8>,
    words: &'a [W],
}

/// Counts from one sweep: placements valued, children marked, excesses
/// saturated.
type SweepCounts = (u64, u64, u64);

impl<W: Word> Space<'_, W> {
    /// Expands, in layer `layer`, the current states of the placements of
    /// chunk `chunk`, writing their excesses into `bytes` (the chunk's part
    /// of the table).
    fn sweep(&self, layer: u32, chunk: usize, bytes: &mut [u8]) -> SweepCounts {
        // Layer parity decides which of the codes 0b01 and 0b10 is "current".
        let (current_low, next_code) = if layer.is_multiple_of(2) {
            (true, 0b10_u64)
        } else {
            (false, 0b01_u64)
        };
        let (n, cells, k) = (self.n, self.cells, self.k);
        let mut positions = [0_u8; 16];
        let (mut found, mut marked, mut saturated) = (0_u64, 0_u64, 0_u64);
        let first = chunk * CHUNK;
        let last = (first + CHUNK).min(self.total);
        for p in first..last {
            let word = self.words[p].get();
            let low = word & 0x5555_5555_5555_5555;
            let high = (word >> 1) & 0x5555_5555_5555_5555;
            let current = if current_low {
                low & !high
            } else {
                high & !low
            };
            if current == 0 {
                continue;
            }
            unrank(p, k, cells, &mut positions);
            let occupied = positions[..k].iter().fold(0_u32, |m, &c| m | 1 << c);
            if low & high == 0 {
                // The first of this placement's states to be expanded.
                let manhattan: u64 = positions[..k]
                    .iter()
                    .zip(&self.home)
                    .map(|(&c, &h)| cell_distance(c as usize, h as usize, n))
                    .sum();
                let extra = (u64::from(layer) - manhattan) / 2;
                if extra > 15 {
                    saturated += 1;
                }
                let nibble = extra.min(15) as u8;
                bytes[(p - first) / 2] |= nibble << ((p & 1) * 4);
                found += 1;
            }
            let mut pending = gather(current);
            while pending != 0 {
                let cell = pending.trailing_zeros() as usize;
                let reach = region(cell, self.all & !occupied, &self.adjacent);
                pending &= !reach;
                self.words[p].or(spread(reach) * 3);
                for i in 0..k {
                    let from = positions[i];
                    let mut targets = self.adjacent[from as usize] & reach;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        positions[i] = to;
                        let child = rank(&positions[..k], cells);
                        positions[i] = from;
                        let shift = 2 * u32::from(from);
                        // Unseen (0b00): mark it for the next layer.
                        if (self.words[child].get() >> shift).trailing_zeros() >= 2 {
                            self.words[child].or(next_code << shift);
                            marked += 1;
                        }
                    }
                }
            }
        }
        (found, marked, saturated)
    }
}

fn build_with<W: Word>(
    goal: &Goal,
    pattern: &Pattern,
    (which, of): (usize, usize),
    progress: &(dyn Fn(BuildProgress) + Sync),
) -> (Vec<u8>, BuildReport) {
    let n = goal.size();
    let cells = n * n;
    let k = pattern.tiles.len();
    let total = placements(cells, k);
    let home: Vec<u8> = pattern
        .tiles
        .iter()
        .map(|&t| goal.home(u32::from(t)) as u8)
        .collect();
    let mut words: Vec<W> = Vec::with_capacity(total);
    words.resize_with(total, W::zero);
    // Layer 0 is the goal placement with the blank home.
    words[rank(&home, cells)].or(0b01 << (2 * goal.home(0)));
    let space = Space {
        n,
        cells,
        k,
        total,
        all: if cells == 32 {
            u32::MAX
        } else {
            (1 << cells) - 1
        },
        adjacent: adjacency(n),
        home,
        words: &words,
    };
    let mut table = vec![0_u8; table_len(total)];
    let mut report = BuildReport::default();
    let mut valued = 0_u64;
    let mut layer = 0_u32;
    loop {
        let (found, marked, saturated) = table
            .par_chunks_mut(CHUNK / 2)
            .enumerate()
            .map(|(chunk, bytes)| space.sweep(layer, chunk, bytes))
            .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
        valued += found;
        report.saturated += saturated;
        if found > 0 {
            report.max_value = layer;
        }
        layer += 1;
        progress(BuildProgress {
            pattern: which,
            patterns: of,
            valued,
            placements: total as u64,
            layers: layer,
        });
        if marked == 0 {
            break;
        }
    }
    (table, report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_and_gather_are_inverse() {
        for x in [0_u32, 1, 0x8000_0000, 0xdead_beef, u32::MAX, 0x0155_5555] {
            assert_eq!(gather(spread(x)), x);
            assert_eq!(spread(x).count_ones(), x.count_ones());
        }
        assert_eq!(spread(0b101), 0b10001);
    }

    /// The ranked build against the direct one (`build.rs`, its own
    /// search with an explicit queue): value = Manhattan + 2 × excess for
    /// every placement, on 3x3 and on 4x4 patterns of three tiles, towards
    /// the standard goal and one with the blank in a corner off the diagonal.
    #[test]
    fn ranked_values_equal_the_direct_build() {
        use super::super::build::build_table;
        use super::super::pattern::direct_index;
        let corner = Goal::from_board(
            &"4  0 1 2 3  4 5 6 7  8 9 10 11  12 13 14 15"
                .parse()
                .unwrap(),
        );
        let cases = [
            (Goal::standard(3), vec![1_u8, 2, 3, 4]),
            (Goal::standard(3), vec![5, 6, 7, 8]),
            (Goal::standard(4), vec![1, 2, 5]),
            (Goal::standard(4), vec![15, 11, 12]),
            (corner, vec![1, 4, 5]),
        ];
        for (goal, tiles) in cases {
            let n = goal.size();
            let cells = n * n;
            let pattern = Pattern { tiles };
            let k = pattern.tiles.len();
            let direct = build_table(&goal, &pattern);
            let (ranked, report) = build(&goal, &pattern, (0, 1), &|_| {});
            assert_eq!(report.saturated, 0);
            let mut positions = [0_u8; 16];
            let mut max = 0;
            for r in 0..placements(cells, k) {
                unrank(r, k, cells, &mut positions);
                let manhattan: u64 = positions[..k]
                    .iter()
                    .zip(&pattern.tiles)
                    .map(|(&c, &t)| cell_distance(c as usize, goal.home(u32::from(t)), n))
                    .sum();
                let value = manhattan + 2 * u64::from(excess(&ranked, r));
                let expected = u64::from(direct[direct_index(&positions[..k], cells)]);
                assert_eq!(
                    value,
                    expected,
                    "{:?} at {:?}",
                    pattern.tiles,
                    &positions[..k]
                );
                max = max.max(value);
            }
            assert_eq!(u64::from(report.max_value), max);
        }
    }

    #[test]
    fn nibbles_read_back() {
        let table = [0x21_u8, 0xf0];
        assert_eq!(
            (0..4).map(|r| excess(&table, r)).collect::<Vec<_>>(),
            [1, 2, 0, 15]
        );
    }
}
