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
//! pass the optimum. (After Taylor and Korf's finite-state machines, derived
//! here by simulating every string on an open grid rather than by a
//! string-matching construction.)
//!
//! The windows are found once per process by brute force: every
//! reversal-free string of 2 to [`WINDOW`] moves is played on a grid large
//! enough never to be left, and strings are grouped by the grid they leave.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use crate::Direction;

/// The longest forbidden window, in moves.
pub(crate) const WINDOW: usize = 8;

/// Moves of history the automaton keeps (one less than [`WINDOW`]).
const HISTORY: usize = WINDOW - 1;

/// The automaton's state: how many moves are remembered (up to
/// [`HISTORY`]) and the last ones, two bits each, newest lowest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Trail {
    len: u8,
    moves: u16,
}

/// The forbidden (history, next move) pairs.
pub(crate) struct Pruner {
    forbidden: Vec<bool>,
}

fn index(direction: Direction) -> usize {
    match direction {
        Direction::Up => 0,
        Direction::Down => 1,
        Direction::Left => 2,
        Direction::Right => 3,
    }
}

impl Trail {
    /// The state after `direction`.
    #[inline]
    pub(crate) fn then(self, direction: Direction) -> Trail {
        let mask = (1_u16 << (2 * HISTORY)) - 1;
        Trail {
            len: (self.len + 1).min(HISTORY as u8),
            moves: ((self.moves << 2) | index(direction) as u16) & mask,
        }
    }

    #[inline]
    fn slot(self, direction: Direction) -> usize {
        ((usize::from(self.len) << (2 * HISTORY)) | usize::from(self.moves)) * 4 + index(direction)
    }
}

impl Pruner {
    /// The automaton, derived on first use.
    pub(crate) fn get() -> &'static Pruner {
        static PRUNER: OnceLock<Pruner> = OnceLock::new();
        PRUNER.get_or_init(Pruner::derive)
    }

    /// Whether `direction` may follow `trail`.
    #[inline]
    pub(crate) fn allows(&self, trail: Trail, direction: Direction) -> bool {
        !self.forbidden[trail.slot(direction)]
    }

    fn derive() -> Pruner {
        let states = (HISTORY + 1) << (2 * HISTORY);
        let mut forbidden = vec![false; states * 4];
        // A window of L moves bans its last move after every history that
        // ends with its first L - 1 moves, whatever came before them.
        for window in forbidden_windows() {
            let (last, prefix) = window.split_last().expect("windows have 2 moves or more");
            let known = prefix.len();
            let ending = prefix
                .iter()
                .fold(0_usize, |bits, &m| bits << 2 | usize::from(m));
            for len in known..=HISTORY {
                for older in 0..1_usize << (2 * (len - known)) {
                    let moves = older << (2 * known) | ending;
                    let slot = ((len << (2 * HISTORY)) | moves) * 4 + usize::from(*last);
                    forbidden[slot] = true;
                }
            }
        }
        Pruner { forbidden }
    }
}

/// The blank's step for a move index (U, D, L, R).
const STEPS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// A string played on the grid, with the bounding box of the blank's cells
/// (rows min and max, columns min and max).
type Played = (Vec<u8>, [i32; 4]);

/// Every forbidden window (move indices).
fn forbidden_windows() -> HashSet<Vec<u8>> {
    const SIDE: i32 = 2 * WINDOW as i32 + 3;
    let mut forbidden = HashSet::new();
    // Immediate reversals.
    for a in 0..4_u8 {
        forbidden.insert(vec![a, a ^ 1]);
    }
    for len in 2..=WINDOW {
        // Effect → the strings with it and their bounding boxes.
        let mut groups: HashMap<Vec<u8>, Vec<Played>> = HashMap::new();
        let mut string = vec![0_u8; len];
        let total = 4_usize.pow(len as u32);
        'strings: for code in 0..total {
            for (i, slot) in string.iter_mut().enumerate() {
                *slot = (code >> (2 * (len - 1 - i)) & 3) as u8;
            }
            if string.windows(2).any(|w| w[1] == w[0] ^ 1) {
                continue 'strings;
            }
            let mut grid: Vec<u8> = (0..SIDE * SIDE).map(|c| c as u8).collect();
            let (mut row, mut col) = (SIDE / 2, SIDE / 2);
            let mut bbox = [row, row, col, col];
            for &m in &string {
                let (dr, dc) = STEPS[m as usize];
                let (r, c) = (row + dr, col + dc);
                grid.swap((row * SIDE + col) as usize, (r * SIDE + c) as usize);
                (row, col) = (r, c);
                bbox = [
                    bbox[0].min(r),
                    bbox[1].max(r),
                    bbox[2].min(c),
                    bbox[3].max(c),
                ];
            }
            groups.entry(grid).or_default().push((string.clone(), bbox));
        }
        for members in groups.values() {
            for (window, bbox) in members {
                let earlier_inside = members.iter().any(|(other, b)| {
                    other < window
                        && b[0] >= bbox[0]
                        && b[1] <= bbox[1]
                        && b[2] >= bbox[2]
                        && b[3] <= bbox[3]
                });
                if earlier_inside {
                    forbidden.insert(window.clone());
                }
            }
        }
    }
    forbidden
}

#[cfg(test)]
mod tests {
    use super::*;

    fn string(text: &str) -> Vec<u8> {
        text.chars()
            .map(|c| "UDLR".find(c).expect("a move letter") as u8)
            .collect()
    }

    #[test]
    fn the_two_ways_round_a_block_keep_one() {
        let windows = forbidden_windows();
        // Round a 2x2 block: right, down, left, up, right, down equals
        // down, right, up, left, down, right; only the later one is banned.
        let (a, b) = (string("DRULDR"), string("RDLURD"));
        assert!(!windows.contains(&a));
        assert!(windows.contains(&b));
        assert!(windows.contains(&string("UD")));
        assert!(!windows.contains(&string("URDL")));
    }

    #[test]
    fn the_automaton_bans_a_window_at_its_last_move() {
        let pruner = Pruner::derive();
        let mut trail = Trail::default();
        let moves = [
            Direction::Right,
            Direction::Down,
            Direction::Left,
            Direction::Up,
            Direction::Right,
        ];
        for m in moves {
            assert!(pruner.allows(trail, m));
            trail = trail.then(m);
        }
        assert!(!pruner.allows(trail, Direction::Down));
        assert!(!pruner.allows(trail, Direction::Left));
        assert!(pruner.allows(trail, Direction::Up));
    }
}
