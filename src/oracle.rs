//! An exhaustive breadth-first oracle over the whole state space of 2x2 and
//! 3x3 boards.
//!
//! # Why it is independent
//!
//! The oracle exists to check the solvers, so it shares no search code with
//! them. It does not use [`Board::neighbors`], [`Board::slide`],
//! [`Board::is_solvable`] or any heuristic: it ranks permutations with its
//! own Lehmer code, generates moves with its own cell arithmetic, and
//! searches breadth-first from the goal. The only thing it takes from the
//! rest of the crate is the board encoding (`Board::tiles`, row-major, `0`
//! for the blank), which is also what it is checked against.
//!
//! [`Board::neighbors`]: crate::Board::neighbors
//! [`Board::slide`]: crate::Board::slide
//! [`Board::is_solvable`]: crate::Board::is_solvable

use std::collections::VecDeque;
use std::fmt;

use crate::Board;

/// The marker for "not reachable from the goal" in the distance table.
const UNREACHABLE: u8 = u8::MAX;

/// The largest side the oracle covers: 9! = 362,880 permutations.
pub const MAX_ORACLE_SIDE: usize = 3;

/// Exact distances to the goal for every n-by-n board, n ≤ 3.
///
/// # Example
///
/// ```
/// use slider::{Board, oracle::Oracle};
/// let oracle = Oracle::new(3)?;
/// assert_eq!(oracle.reachable(), 181_440);
/// let board: Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// assert_eq!(oracle.distance(&board), Some(4));
/// assert_eq!(oracle.distance(&board.twin()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Oracle {
    n: usize,
    distances: Vec<u8>,
    reachable: usize,
    max_distance: u32,
}

/// The oracle covers only small boards.
///
/// # Example
///
/// ```
/// assert!(slider::oracle::Oracle::new(4).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OracleSizeError {
    /// The side asked for.
    pub n: usize,
}

impl fmt::Display for OracleSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the exhaustive oracle covers n = 2 and n = 3, not n = {}",
            self.n
        )
    }
}

impl std::error::Error for OracleSizeError {}

impl fmt::Debug for Oracle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Oracle")
            .field("n", &self.n)
            .field("reachable", &self.reachable)
            .field("max_distance", &self.max_distance)
            .finish_non_exhaustive()
    }
}

/// k! for k ≤ 9.
const FACTORIAL: [usize; 10] = [1, 1, 2, 6, 24, 120, 720, 5040, 40_320, 362_880];

/// The Lehmer rank of a permutation of 0..len: its index in lexicographic
/// order. Each element's count of smaller elements still unused comes
/// from a bit mask, so ranking is linear.
fn rank(perm: &[u8]) -> usize {
    let len = perm.len();
    let mut used = 0_u32;
    let mut rank = 0;
    for (i, &x) in perm.iter().enumerate() {
        let smaller_unused = u32::from(x) - (used & ((1 << x) - 1)).count_ones();
        rank += smaller_unused as usize * FACTORIAL[len - 1 - i];
        used |= 1 << x;
    }
    rank
}

/// The permutation of 0..len with the given Lehmer rank.
fn unrank(mut rank: usize, len: usize, out: &mut [u8]) {
    let mut unused: Vec<u8> = (0..len as u8).collect();
    for (i, slot) in out.iter_mut().enumerate().take(len) {
        let f = FACTORIAL[len - 1 - i];
        *slot = unused.remove(rank / f);
        rank %= f;
    }
}

/// A permutation of up to 16 cells packed 4 bits a cell.
fn pack(perm: &[u8]) -> u64 {
    perm.iter()
        .rev()
        .fold(0, |acc, &t| (acc << 4) | u64::from(t))
}

fn unpack(packed: u64, out: &mut [u8]) {
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = ((packed >> (4 * i)) & 0xF) as u8;
    }
}

impl Oracle {
    /// Runs the breadth-first search from the goal over all n-by-n boards.
    ///
    /// # Errors
    ///
    /// [`OracleSizeError`] unless n is 2 or 3.
    ///
    /// # Example
    ///
    /// ```
    /// let oracle = slider::oracle::Oracle::new(2)?;
    /// assert_eq!((oracle.states(), oracle.reachable(), oracle.max_distance()), (24, 12, 6));
    /// # Ok::<(), slider::oracle::OracleSizeError>(())
    /// ```
    pub fn new(n: usize) -> Result<Oracle, OracleSizeError> {
        if !(2..=MAX_ORACLE_SIDE).contains(&n) {
            return Err(OracleSizeError { n });
        }
        let cells = n * n;
        let mut distances = vec![UNREACHABLE; FACTORIAL[cells]];
        let goal: Vec<u8> = (1..cells as u8).chain([0]).collect();
        distances[rank(&goal)] = 0;
        // The queue holds packed boards, so no state is ever unranked.
        let mut queue = VecDeque::from([pack(&goal)]);
        let mut perm = vec![0_u8; cells];
        let (mut reachable, mut max_distance) = (1, 0);
        while let Some(packed) = queue.pop_front() {
            unpack(packed, &mut perm);
            let next_distance = distances[rank(&perm)] + 1;
            let blank = perm.iter().position(|&t| t == 0).unwrap_or(0);
            let (row, col) = (blank / n, blank % n);
            let mut targets = [None; 4];
            if row > 0 {
                targets[0] = Some(blank - n);
            }
            if row + 1 < n {
                targets[1] = Some(blank + n);
            }
            if col > 0 {
                targets[2] = Some(blank - 1);
            }
            if col + 1 < n {
                targets[3] = Some(blank + 1);
            }
            for target in targets.into_iter().flatten() {
                perm.swap(blank, target);
                let next = rank(&perm);
                if distances[next] == UNREACHABLE {
                    distances[next] = next_distance;
                    reachable += 1;
                    max_distance = u32::from(next_distance);
                    queue.push_back(pack(&perm));
                }
                perm.swap(blank, target);
            }
        }
        Ok(Oracle {
            n,
            distances,
            reachable,
            max_distance,
        })
    }

    /// The board side this oracle covers.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::oracle::Oracle::new(2)?.size(), 2);
    /// # Ok::<(), slider::oracle::OracleSizeError>(())
    /// ```
    pub fn size(&self) -> usize {
        self.n
    }

    /// All permutations: (n²)!.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::oracle::Oracle::new(3)?.states(), 362_880);
    /// # Ok::<(), slider::oracle::OracleSizeError>(())
    /// ```
    pub fn states(&self) -> usize {
        self.distances.len()
    }

    /// Permutations reachable from the goal.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::oracle::Oracle::new(2)?.reachable(), 12);
    /// # Ok::<(), slider::oracle::OracleSizeError>(())
    /// ```
    pub fn reachable(&self) -> usize {
        self.reachable
    }

    /// The largest distance of any reachable board (the diameter: 6 for
    /// 2x2, 31 for 3x3).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::oracle::Oracle::new(3)?.max_distance(), 31);
    /// # Ok::<(), slider::oracle::OracleSizeError>(())
    /// ```
    pub fn max_distance(&self) -> u32 {
        self.max_distance
    }

    /// The exact number of moves from `board` to the goal, or `None` if the
    /// goal cannot be reached or the board is not of this oracle's size.
    ///
    /// # Example
    ///
    /// ```
    /// let oracle = slider::oracle::Oracle::new(3)?;
    /// assert_eq!(oracle.distance(&slider::Board::goal(3)?), Some(0));
    /// assert_eq!(oracle.distance(&slider::Board::goal(2)?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance(&self, board: &Board) -> Option<u32> {
        if board.size() != self.n {
            return None;
        }
        let perm: Vec<u8> = board.tiles().map(|t| t as u8).collect();
        self.distance_of_rank(rank(&perm))
    }

    /// The distance of the permutation with Lehmer rank `rank`, for
    /// enumerating the whole space; `None` if unreachable or out of range.
    ///
    /// # Example
    ///
    /// ```
    /// let oracle = slider::oracle::Oracle::new(2)?;
    /// let reachable = (0..oracle.states()).filter(|&r| oracle.distance_of_rank(r).is_some()).count();
    /// assert_eq!(reachable, 12);
    /// # Ok::<(), slider::oracle::OracleSizeError>(())
    /// ```
    pub fn distance_of_rank(&self, rank: usize) -> Option<u32> {
        match self.distances.get(rank) {
            Some(&d) if d != UNREACHABLE => Some(u32::from(d)),
            _ => None,
        }
    }

    /// The board with Lehmer rank `rank` (tiles row-major, in lexicographic
    /// order of permutations), or `None` past the last.
    ///
    /// # Example
    ///
    /// ```
    /// let oracle = slider::oracle::Oracle::new(2)?;
    /// assert_eq!(oracle.board_of_rank(0).unwrap().tiles().collect::<Vec<_>>(), [0, 1, 2, 3]);
    /// # Ok::<(), slider::oracle::OracleSizeError>(())
    /// ```
    pub fn board_of_rank(&self, rank: usize) -> Option<Board> {
        if rank >= self.distances.len() {
            return None;
        }
        let cells = self.n * self.n;
        let mut perm = vec![0_u8; cells];
        unrank(rank, cells, &mut perm);
        let tiles: Vec<u32> = perm.into_iter().map(u32::from).collect();
        Board::from_tiles(self.n, &tiles).ok()
    }
}
