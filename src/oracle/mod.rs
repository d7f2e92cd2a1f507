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

use std::borrow::Cow;
use std::fmt;

use crate::Board;

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
    distances: Cow<'static, [u8]>,
    /// The ranks at each distance, in order: made the first time
    /// [`Oracle::ranks_at`] is asked.
    by_distance: std::sync::OnceLock<Vec<Vec<u32>>>,
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
            .field("states", &self.distances.len())
            .finish_non_exhaustive()
    }
}

mod bfs;

use bfs::{UNREACHABLE, distance_table, rank, unrank};

/// The 3x3 table, computed by `build.rs` with [`distance_table`].
static EMBEDDED_3X3: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/oracle3.bin"));

impl Oracle {
    /// The exhaustive table for n-by-n boards: for 3x3 the one embedded at
    /// build time by the same breadth-first search, for 2x2 a search now.
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
        if n == 3 {
            return Ok(Oracle::from_table(3, Cow::Borrowed(EMBEDDED_3X3)));
        }
        Oracle::build(n)
    }

    /// Runs the breadth-first search now, even where [`Oracle::new`] would
    /// use the table embedded at build time (for tests and benchmarks).
    ///
    /// # Errors
    ///
    /// [`OracleSizeError`] unless n is 2 or 3.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::oracle::Oracle;
    /// assert_eq!(Oracle::build(2)?.reachable(), Oracle::new(2)?.reachable());
    /// # Ok::<(), slider::oracle::OracleSizeError>(())
    /// ```
    pub fn build(n: usize) -> Result<Oracle, OracleSizeError> {
        if !(2..=MAX_ORACLE_SIDE).contains(&n) {
            return Err(OracleSizeError { n });
        }
        Ok(Oracle::from_table(n, Cow::Owned(distance_table(n))))
    }

    fn from_table(n: usize, distances: Cow<'static, [u8]>) -> Oracle {
        Oracle {
            n,
            distances,
            by_distance: std::sync::OnceLock::new(),
        }
    }

    /// The Lehmer ranks of the boards exactly `moves` from the goal, in
    /// increasing order (indexed once, the first time it is asked).
    ///
    /// # Panics
    ///
    /// Never: the ranks of boards up to 3x3 (9! of them) fit in a `u32`.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::oracle::Oracle;
    /// let oracle = Oracle::new(2)?;
    /// let one = oracle.ranks_at(1);
    /// assert_eq!(one.len(), 2);
    /// assert!(one.iter().all(|&r| oracle.distance_of_rank(r as usize) == Some(1)));
    /// assert!(oracle.ranks_at(99).is_empty());
    /// # Ok::<(), slider::oracle::OracleSizeError>(())
    /// ```
    #[must_use]
    pub fn ranks_at(&self, moves: u32) -> &[u32] {
        let index = self.by_distance.get_or_init(|| {
            let mut index: Vec<Vec<u32>> = Vec::new();
            for (rank, &d) in self.distances.iter().enumerate() {
                if d == UNREACHABLE {
                    continue;
                }
                let d = usize::from(d);
                if index.len() <= d {
                    index.resize_with(d + 1, Vec::new);
                }
                index[d].push(u32::try_from(rank).expect("9! ranks fit in a u32"));
            }
            index
        });
        usize::try_from(moves)
            .ok()
            .and_then(|m| index.get(m))
            .map_or(&[], Vec::as_slice)
    }

    /// Whether two oracles hold the same table.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::oracle::Oracle;
    /// assert!(Oracle::new(3)?.same_table(&Oracle::build(3)?));
    /// # Ok::<(), slider::oracle::OracleSizeError>(())
    /// ```
    pub fn same_table(&self, other: &Oracle) -> bool {
        self.n == other.n && self.distances == other.distances
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
        // Counted on demand: a single lookup then touches one page of the
        // embedded table, not all of it.
        self.distances.iter().filter(|&&d| d != UNREACHABLE).count()
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
        self.distances
            .iter()
            .filter(|&&d| d != UNREACHABLE)
            .max()
            .map_or(0, |&d| u32::from(d))
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
