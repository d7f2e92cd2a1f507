//! Patterns (groups of tiles) and the ranking of their placements.
//!
//! A placement of a k-tile pattern on C cells is the sequence of the tiles'
//! cells. Its rank is a mixed-radix number whose i-th digit is the i-th
//! tile's cell counted among the cells not taken by tiles before it, so the
//! C!/(C-k)! placements rank densely from 0 and a table needs no padding.

use crate::search::Goal;

/// A group of tiles whose moves one database counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// The tiles, in the order their cells are ranked.
    pub tiles: Vec<u8>,
}

/// The number of placements of `k` tiles on `cells` cells.
pub(crate) fn placements(cells: usize, k: usize) -> usize {
    (cells - k + 1..=cells).product()
}

/// The length of a directly indexed table: `cells^k`.
pub(crate) fn direct_len(cells: usize, k: usize) -> usize {
    cells.pow(k as u32)
}

/// The direct index of a placement: its cells as the digits of a base-`cells`
/// number, slot i weighing `cells^i`. Moving one tile changes the index by
/// (new cell − old cell) × its weight, so the search updates it in O(1);
/// the price is a sparse table (`cells^k` entries for C!/(C-k)! placements).
pub(crate) fn direct_index(positions: &[u8], cells: usize) -> usize {
    positions
        .iter()
        .rev()
        .fold(0, |index, &cell| index * cells + cell as usize)
}

/// The rank of a placement (`positions[i]` is the cell of tile i).
#[inline]
pub(crate) fn rank(positions: &[u8], cells: usize) -> usize {
    let mut used = 0_u32;
    let mut rank = 0;
    for (i, &cell) in positions.iter().enumerate() {
        let below = (used & ((1 << cell) - 1)).count_ones() as usize;
        rank = rank * (cells - i) + cell as usize - below;
        used |= 1 << cell;
    }
    rank
}

/// The placement of a rank; the inverse of [`rank`].
pub(crate) fn unrank(mut rank: usize, k: usize, cells: usize, positions: &mut [u8]) {
    let mut digits = [0_usize; 16];
    for i in (0..k).rev() {
        let radix = cells - i;
        digits[i] = rank % radix;
        rank /= radix;
    }
    let mut used = 0_u32;
    for i in 0..k {
        // The digits[i]-th cell not yet used.
        let mut skip = digits[i];
        let mut cell = 0;
        loop {
            if used >> cell & 1 == 0 {
                if skip == 0 {
                    break;
                }
                skip -= 1;
            }
            cell += 1;
        }
        positions[i] = cell as u8;
        used |= 1 << cell;
    }
}

/// The 4x4 partitions `slider bench partitions` measures, as regions of
/// goal cells (the blank's goal cell belongs to none), each with its name.
/// The first is the default (`slider bench partitions` measured it best).
pub const CANDIDATES_4X4: [(&str, [&[usize]; 3]); 4] = [
    // Top row and the two cells below its middle; the right block below;
    // the left column. Blank-last, after the measured solvers of PERFORMANCE.md.
    (
        "top-right-left",
        [&[0, 1, 2, 3, 5, 6], &[7, 9, 10, 11, 13, 14], &[4, 8, 12]],
    ),
    // Left and right halves of the top three rows; the bottom row (Korf &
    // Felner's 6-6-3 as first built here).
    (
        "halves-bottom",
        [
            &[0, 1, 4, 5, 8, 9],
            &[2, 3, 6, 7, 10, 11],
            &[12, 13, 14, 15],
        ],
    ),
    // The top two rows' left and right halves, padded; the bottom two rows' rest.
    (
        "top-left-right",
        [
            &[0, 1, 2, 4, 5, 8],
            &[3, 6, 7, 10, 11, 14],
            &[9, 12, 13, 15],
        ],
    ),
    // Rows: the top row and the left of the second; the rest of the middle; the bottom.
    (
        "rows",
        [
            &[0, 1, 2, 3, 4, 5],
            &[6, 7, 8, 9, 10, 11],
            &[12, 13, 14, 15],
        ],
    ),
];

/// The patterns of `goal`'s tiles in the given regions of goal cells (the
/// blank's goal cell, where a region holds it, belongs to no pattern).
///
/// # Example
///
/// ```
/// use slider::search::{Goal, pdb::Pattern};
/// let patterns = Pattern::from_regions(&Goal::standard(3), &[&[0, 1, 2, 3], &[4, 5, 6, 7, 8]]);
/// assert_eq!(patterns[1].tiles, vec![5, 6, 7, 8]);
/// ```
impl Pattern {
    /// See the type's example.
    pub fn from_regions(goal: &Goal, regions: &[&[usize]]) -> Vec<Pattern> {
        regions
            .iter()
            .map(|cells| Pattern {
                tiles: cells
                    .iter()
                    .map(|&cell| goal.tile_at(cell) as u8)
                    .filter(|&tile| tile != 0)
                    .collect(),
            })
            .filter(|pattern| !pattern.tiles.is_empty())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_and_dense() {
        for (cells, k) in [(9, 4), (16, 3), (9, 1)] {
            let total = placements(cells, k);
            let mut positions = [0_u8; 16];
            let mut seen = vec![false; total];
            for r in 0..total {
                unrank(r, k, cells, &mut positions);
                let mut distinct = 0_u32;
                for &p in &positions[..k] {
                    assert!((p as usize) < cells);
                    distinct |= 1 << p;
                }
                assert_eq!(distinct.count_ones() as usize, k);
                let back = rank(&positions[..k], cells);
                assert_eq!(back, r);
                seen[back] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn every_kind_covers_every_tile_once() {
        for kind in super::super::Partition::ALL {
            let n = kind.size();
            let goal = Goal::standard(n);
            let mut tiles: Vec<u8> = kind
                .patterns(&goal)
                .into_iter()
                .flat_map(|p| p.tiles)
                .collect();
            tiles.sort_unstable();
            assert_eq!(tiles, (1..(n * n) as u8).collect::<Vec<_>>(), "{kind}");
        }
        let sizes = |kind: super::super::Partition| -> Vec<usize> {
            kind.patterns(&Goal::standard(kind.size()))
                .iter()
                .map(|p| p.tiles.len())
                .collect()
        };
        assert_eq!(sizes(super::super::Partition::SixSixThree), [6, 6, 3]);
        assert_eq!(sizes(super::super::Partition::SevenEight), [8, 7]);
        assert_eq!(sizes(super::super::Partition::SixSixSixSix), [6, 6, 6, 6]);
    }
}
