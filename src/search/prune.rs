//! Duplicate-path pruning for IDA*: a finite automaton over the last moves.
//!
//! Many move strings have the same effect: the blank going round a 2x2
//! block one way for six moves leaves the board as going round it the other
//! way does. IDA* would search both subtrees. The automaton forbids every
//! window (up to [`WINDOW`] moves) that has an equivalent string of the same
//! length, earlier in the order U < D < L < R, that is legal wherever the
//! window is (its blank stays within the window's bounding box), and every
//! immediate reversal.
//!
//! Why this keeps IDA* optimal: take the least optimal path in that order.
//! Had it a forbidden window, replacing the window by its earlier
//! equivalent would give a legal path of the same length to the same board
//! that comes earlier, a contradiction. So that path survives, every prefix
//! of it has f at most the optimum, and each iteration's next bound cannot
//! pass the optimum. (After Taylor and Korf's finite-state machines.)
//!
//! The windows (`prune_words.rs`) are found level by level: every string
//! of 2 to 12 moves with no forbidden part is played on an open grid and
//! strings are grouped by what they do; the minimal forbidden words feed
//! an Aho-Corasick automaton (11,469 states). Deriving it takes about 3 s,
//! so the table is kept in the source tree (`prune12.bin`, 92 KB) and a
//! test derives it again and compares.

use std::sync::OnceLock;

use crate::Direction;

#[cfg(test)]
mod words {
    include!("prune_words.rs");
}

/// The longest forbidden word, in moves.
#[cfg(test)]
const WINDOW: usize = 12;

/// The automaton for words of up to 12 moves, derived once and kept in the source tree
/// (deriving it takes seconds): per state and move, the next state as a
/// little-endian `u16`, `0xffff` for a refused move. The test
/// `the_embedded_automaton_is_the_derived_one` derives it again and
/// compares; `SLIDER_BLESS_PRUNE=1` makes that test rewrite the file.
static EMBEDDED: &[u8] = include_bytes!("prune12.bin");

/// The automaton's state (0 at the root of the search).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Trail(u32);

/// The automaton: per state and move, the next state or `u32::MAX` for a
/// refused move.
pub(crate) struct Pruner {
    next: Vec<u32>,
}

fn index(direction: Direction) -> usize {
    match direction {
        Direction::Up => 0,
        Direction::Down => 1,
        Direction::Left => 2,
        Direction::Right => 3,
    }
}

impl Pruner {
    /// The automaton, decoded from the embedded table on first use.
    pub(crate) fn get() -> &'static Pruner {
        static PRUNER: OnceLock<Pruner> = OnceLock::new();
        PRUNER.get_or_init(|| Pruner {
            next: EMBEDDED
                .chunks_exact(2)
                .map(|pair| match u16::from_le_bytes([pair[0], pair[1]]) {
                    u16::MAX => u32::MAX,
                    state => u32::from(state),
                })
                .collect(),
        })
    }

    /// The state after `direction`, or `None` when it is refused.
    #[inline]
    pub(crate) fn step(&self, trail: Trail, direction: Direction) -> Option<Trail> {
        let to = self.next[trail.0 as usize * 4 + index(direction)];
        (to != u32::MAX).then_some(Trail(to))
    }

    /// How many states the automaton has.
    #[cfg(test)]
    pub(crate) fn states(&self) -> usize {
        self.next.len() / 4
    }
}

#[cfg(test)]
mod tests {
    use super::words::{automaton, forbidden_words};
    use super::*;

    fn string(text: &str) -> Vec<u8> {
        text.chars()
            .map(|c| "UDLR".find(c).expect("a move letter") as u8)
            .collect()
    }

    fn refused(next: &[u32], moves: &[u8]) -> bool {
        let mut state = 0_u32;
        for &m in moves {
            state = next[state as usize * 4 + m as usize];
            if state == u32::MAX {
                return true;
            }
        }
        false
    }

    /// The table in the source tree is what the derivation gives.
    #[test]
    fn the_embedded_automaton_is_the_derived_one() {
        let next = automaton(&forbidden_words(WINDOW));
        let encoded: Vec<u8> = next
            .iter()
            .flat_map(|&to| {
                let to = if to == u32::MAX {
                    u16::MAX
                } else {
                    u16::try_from(to).expect("fewer than 65535 states")
                };
                to.to_le_bytes()
            })
            .collect();
        if std::env::var_os("SLIDER_BLESS_PRUNE").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/search/prune12.bin");
            std::fs::write(path, &encoded).expect("write the automaton");
        }
        assert!(
            EMBEDDED == &encoded[..],
            "src/search/prune12.bin is stale: run this test with SLIDER_BLESS_PRUNE=1"
        );
        assert_eq!(Pruner::get().next, next);
    }

    #[test]
    fn the_two_ways_round_a_block_keep_one() {
        let words = forbidden_words(8);
        // Round a 2x2 block: right, down, left, up, right, down equals
        // down, right, up, left, down, right; only the later one is banned.
        assert!(words.contains(&string("RDLURD")));
        assert!(!words.contains(&string("DRULDR")));
        assert!(words.contains(&string("UD")));
        let next = automaton(&words);
        assert!(refused(&next, &string("LLRDLURD")));
        assert!(!refused(&next, &string("LLDRULDR")) || words.iter().any(|w| w.len() > 6));
        assert!(refused(&next, &string("LDRULD")));
        assert!(!refused(&next, &string("DLURDL")));
        assert!(!refused(&next, &string("URDL")));
    }

    /// Every refused string of up to 8 moves leaves a board that an
    /// accepted string of the same length, or a shorter one (replacing a
    /// window can make a reversal, which shortens the path), also leaves,
    /// checked by playing the strings on a grid independently of the
    /// derivation. (The proof of optimality in the module docs needs less:
    /// only that each forbidden window has an earlier equivalent.)
    #[test]
    fn every_refused_string_has_an_accepted_equivalent() {
        let next = automaton(&forbidden_words(WINDOW));
        let side = 17_i32;
        let play = |moves: &[u8]| -> Option<Vec<u16>> {
            let mut grid: Vec<u16> = (0..(side * side) as u16).collect();
            let (mut r, mut c) = (side / 2, side / 2);
            for &m in moves {
                let (dr, dc) = [(-1, 0), (1, 0), (0, -1), (0, 1)][m as usize];
                let (nr, nc) = (r + dr, c + dc);
                grid.swap((r * side + c) as usize, (nr * side + nc) as usize);
                (r, c) = (nr, nc);
            }
            Some(grid)
        };
        let mut accepted = std::collections::HashSet::new();
        accepted.insert(play(&[]));
        for len in 1..=8_usize {
            let mut refused_ones = Vec::new();
            for code in 0..4_usize.pow(len as u32) {
                let moves: Vec<u8> = (0..len)
                    .map(|i| (code >> (2 * (len - 1 - i)) & 3) as u8)
                    .collect();
                if moves.windows(2).any(|w| w[1] == w[0] ^ 1) {
                    continue;
                }
                let grid = play(&moves);
                if refused(&next, &moves) {
                    refused_ones.push(grid);
                } else {
                    accepted.insert(grid);
                }
            }
            for grid in refused_ones {
                assert!(
                    accepted.contains(&grid),
                    "a refused {len}-move string has no accepted twin"
                );
            }
        }
        assert!(Pruner::get().states() > 1);
    }
}
