//! The immutable [`Board`]: the Princeton `Board` API in Rust.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::error::BoardError;
use crate::tiles::{Tiles, with_tiles};

mod direction;
mod moves;
pub use direction::Direction;
pub use moves::Neighbors;

/// The smallest board side the course allows.
pub const MIN_SIZE: usize = 2;
/// The largest board side the current Princeton spec allows (2 ≤ n ≤ 32,768).
pub const MAX_SIZE: usize = 32_768;

/// An immutable n-by-n sliding-tile board; `0` is the blank.
///
/// It mirrors the Princeton `Board` API: [`size`](Board::size) (and the
/// Coursera [`dimension`](Board::dimension)), [`tile_at`](Board::tile_at),
/// [`hamming`](Board::hamming), [`manhattan`](Board::manhattan),
/// [`is_goal`](Board::is_goal), [`neighbors`](Board::neighbors),
/// [`is_solvable`](Board::is_solvable), [`twin`](Board::twin), `equals` as
/// [`Eq`] + [`Hash`], and `toString` as [`Display`](fmt::Display), byte for
/// byte the course format.
///
/// Tiles are stored in one byte each up to 16x16, two up to 256x256 and four
/// beyond, so a board takes at most 4n² bytes plus a few words.
///
/// # Example
///
/// ```
/// use slider::Board;
/// let board = Board::new(&[[8, 1, 3], [4, 0, 2], [7, 6, 5]])?;
/// assert_eq!((board.hamming(), board.manhattan()), (5, 10));
/// assert_eq!(board.to_string(), "3\n 8  1  3 \n 4  0  2 \n 7  6  5 \n");
/// assert!(board.is_solvable());
/// # Ok::<(), slider::BoardError>(())
/// ```
#[derive(Clone)]
pub struct Board {
    n: usize,
    blank: usize,
    hamming: usize,
    manhattan: u64,
    tiles: Tiles,
}

/// Where tile `tile` belongs on the standard goal of `cells` cells.
#[inline]
pub(crate) fn goal_index(tile: u32, cells: usize) -> usize {
    if tile == 0 {
        cells - 1
    } else {
        tile as usize - 1
    }
}

/// Manhattan distance between two cells of an `n`-wide grid.
#[inline]
pub(crate) fn cell_distance(a: usize, b: usize, n: usize) -> u64 {
    ((a / n).abs_diff(b / n) + (a % n).abs_diff(b % n)) as u64
}

impl Board {
    /// Builds a board from rows of tiles, like `Board(int[][] tiles)`.
    ///
    /// Accepts any slice of rows: `&[[u32; 3]; 3]`, `&[Vec<i32>]`, ...
    /// The rows are copied; changing them later does not change the board.
    ///
    /// # Errors
    ///
    /// [`BoardError`] unless the grid is square with 2 ≤ n ≤ 32,768 and the
    /// tiles are a permutation of 0..n²−1. The error names the offending row,
    /// column or tile.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::{Board, BoardError};
    /// assert!(Board::new(&[vec![1, 2], vec![3, 0]]).is_ok());
    /// assert_eq!(
    ///     Board::new(&[[1, 2], [3, 3]]).unwrap_err(),
    ///     BoardError::DuplicateTile { tile: 3, first: (1, 0), second: (1, 1) }
    /// );
    /// ```
    pub fn new<R, T>(rows: &[R]) -> Result<Board, BoardError>
    where
        R: AsRef<[T]>,
        T: Copy + Into<i64>,
    {
        let n = rows.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(BoardError::SizeOutOfRange { n });
        }
        let max = (n * n - 1) as i64;
        let mut flat = Vec::with_capacity(n * n);
        for (row, cells) in rows.iter().enumerate() {
            let cells = cells.as_ref();
            if cells.len() != n {
                return Err(BoardError::NotSquare {
                    row,
                    found: cells.len(),
                    expected: n,
                });
            }
            for (col, &cell) in cells.iter().enumerate() {
                let tile: i64 = cell.into();
                if !(0..=max).contains(&tile) {
                    return Err(BoardError::TileOutOfRange {
                        row,
                        col,
                        tile,
                        max: max as u32,
                    });
                }
                flat.push(tile as u32);
            }
        }
        Board::from_tiles(n, &flat)
    }

    /// Builds an `n`-by-`n` board from its tiles in row-major order.
    ///
    /// # Errors
    ///
    /// As [`Board::new`], plus [`BoardError::WrongTileCount`] unless there
    /// are exactly n² tiles.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::Board;
    /// let board = Board::from_tiles(2, &[1, 2, 3, 0])?;
    /// assert!(board.is_goal());
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn from_tiles(n: usize, tiles: &[u32]) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(BoardError::SizeOutOfRange { n });
        }
        let cells = n * n;
        if tiles.len() != cells {
            return Err(BoardError::WrongTileCount {
                expected: cells,
                found: tiles.len(),
            });
        }
        let mut seen = vec![false; cells];
        for (index, &tile) in tiles.iter().enumerate() {
            let at = (index / n, index % n);
            if tile as usize >= cells {
                return Err(BoardError::TileOutOfRange {
                    row: at.0,
                    col: at.1,
                    tile: i64::from(tile),
                    max: (cells - 1) as u32,
                });
            }
            if std::mem::replace(&mut seen[tile as usize], true) {
                let first = tiles.iter().position(|&t| t == tile).unwrap_or(index);
                return Err(BoardError::DuplicateTile {
                    tile,
                    first: (first / n, first % n),
                    second: at,
                });
            }
        }
        Ok(Board::from_valid(n, &Tiles::from_u32s(n, tiles)))
    }

    /// Builds a board from tiles already known to be a permutation.
    #[allow(clippy::useless_conversion)] // `into()` is a no-op only for the u32 arm
    pub(crate) fn from_valid(n: usize, tiles: &Tiles) -> Board {
        let cells = n * n;
        let mut blank = 0;
        let mut hamming = 0;
        let mut manhattan = 0;
        with_tiles!(tiles, t => {
            for (index, &cell) in t.iter().enumerate() {
                let tile: u32 = cell.into();
                if tile == 0 {
                    blank = index;
                    continue;
                }
                let goal = goal_index(tile, cells);
                if goal != index {
                    hamming += 1;
                    manhattan += cell_distance(index, goal, n);
                }
            }
        });
        Board {
            n,
            blank,
            hamming,
            manhattan,
            tiles: tiles.clone(),
        }
    }

    /// The goal board of side `n`: 1..n²−1 in row-major order, blank last.
    ///
    /// # Errors
    ///
    /// [`BoardError::SizeOutOfRange`] unless 2 ≤ n ≤ 32,768.
    ///
    /// # Example
    ///
    /// ```
    /// let goal = slider::Board::goal(3)?;
    /// assert_eq!(goal.to_string(), "3\n 1  2  3 \n 4  5  6 \n 7  8  0 \n");
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn goal(n: usize) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(BoardError::SizeOutOfRange { n });
        }
        let cells = n * n;
        let tiles: Vec<u32> = (1..cells as u32).chain([0]).collect();
        Ok(Board::from_valid(n, &Tiles::from_u32s(n, &tiles)))
    }

    /// The board side n (Princeton `size()`).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::Board::goal(4)?.size(), 4);
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn size(&self) -> usize {
        self.n
    }

    /// The board side n (Coursera `dimension()`); the same as [`size`](Board::size).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::Board::goal(5)?.dimension(), 5);
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn dimension(&self) -> usize {
        self.n
    }

    /// The tile at `row`, `col` (0-based), `0` for the blank.
    ///
    /// # Errors
    ///
    /// [`BoardError::IndexOutOfBounds`] unless both are in 0..n−1, as Java
    /// throws `IllegalArgumentException`.
    ///
    /// # Example
    ///
    /// ```
    /// let goal = slider::Board::goal(3)?;
    /// assert_eq!(goal.tile_at(2, 2)?, 0);
    /// assert!(goal.tile_at(3, 0).is_err());
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn tile_at(&self, row: usize, col: usize) -> Result<u32, BoardError> {
        if row >= self.n || col >= self.n {
            return Err(BoardError::IndexOutOfBounds {
                row,
                col,
                n: self.n,
            });
        }
        Ok(self.tiles.get(row * self.n + col))
    }

    /// Number of tiles out of place (the blank is not a tile). O(1).
    ///
    /// # Example
    ///
    /// ```
    /// let board: slider::Board = "3  8 1 3  4 0 2  7 6 5".parse()?;
    /// assert_eq!(board.hamming(), 5);
    /// # Ok::<(), slider::PuzzleError>(())
    /// ```
    pub fn hamming(&self) -> usize {
        self.hamming
    }

    /// Sum of the tiles' Manhattan distances to their goal cells (the blank
    /// is not a tile). O(1).
    ///
    /// # Example
    ///
    /// ```
    /// let board: slider::Board = "3  8 1 3  4 0 2  7 6 5".parse()?;
    /// assert_eq!(board.manhattan(), 10);
    /// # Ok::<(), slider::PuzzleError>(())
    /// ```
    pub fn manhattan(&self) -> u64 {
        self.manhattan
    }

    /// Whether this is the goal board. O(1).
    ///
    /// # Example
    ///
    /// ```
    /// assert!(slider::Board::goal(100)?.is_goal());
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn is_goal(&self) -> bool {
        // Every tile in place leaves the blank in the last cell.
        self.hamming == 0
    }

    /// The blank's cell as (row, column).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::Board::goal(3)?.blank(), (2, 2));
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn blank(&self) -> (usize, usize) {
        (self.blank / self.n, self.blank % self.n)
    }

    /// The tiles in row-major order.
    ///
    /// # Example
    ///
    /// ```
    /// let tiles: Vec<u32> = slider::Board::goal(2)?.tiles().collect();
    /// assert_eq!(tiles, [1, 2, 3, 0]);
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn tiles(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        (0..self.tiles.len()).map(|i| self.tiles.get(i))
    }

    /// The rows, as the `int[][]` the Java constructor takes.
    ///
    /// # Example
    ///
    /// ```
    /// let board = slider::Board::new(&[[0, 1], [3, 2]])?;
    /// assert_eq!(board.rows(), vec![vec![0, 1], vec![3, 2]]);
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn rows(&self) -> Vec<Vec<u32>> {
        self.tiles
            .to_u32s()
            .chunks(self.n)
            .map(<[u32]>::to_vec)
            .collect()
    }

    /// Whether the goal can be reached, by inversion parity, in O(n²).
    ///
    /// A slide is a transposition of the blank with a tile, so it flips the
    /// parity of the permutation that maps the board onto the goal, and it
    /// moves the blank one cell, flipping the parity of the blank's distance
    /// to its goal cell. The board is solvable exactly when the two parities
    /// agree. The permutation's parity (equal to the parity of its inversion
    /// count) is found by counting cycles, which is linear.
    ///
    /// # Example
    ///
    /// ```
    /// let board: slider::Board = "3  1 2 3  4 6 5  7 8 0".parse()?;
    /// assert!(!board.is_solvable());
    /// assert!(board.twin().is_solvable());
    /// # Ok::<(), slider::PuzzleError>(())
    /// ```
    pub fn is_solvable(&self) -> bool {
        let cells = self.n * self.n;
        let goal_of = |index: usize| goal_index(self.tiles.get(index), cells);
        permutation_is_odd(cells, goal_of)
            == (cell_distance(self.blank, cells - 1, self.n) % 2 == 1)
    }

    /// The board with two non-blank tiles of one row exchanged: the first
    /// two cells of row 0, or of row 1 when the blank is in row 0.
    ///
    /// Deterministic; exactly one of a board and its twin is solvable.
    ///
    /// # Example
    ///
    /// ```
    /// let board = slider::Board::goal(3)?;
    /// assert_eq!(board.twin().to_string(), "3\n 2  1  3 \n 4  5  6 \n 7  8  0 \n");
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    #[must_use]
    pub fn twin(&self) -> Board {
        let row = usize::from(self.blank < self.n);
        let first = row * self.n;
        Board::from_valid(self.n, &self.tiles.swapped(first, first + 1))
    }

    /// The raw tile storage, for the solvers.
    pub(crate) fn cells(&self) -> &Tiles {
        &self.tiles
    }

    /// The blank's row-major index.
    pub(crate) fn blank_index(&self) -> usize {
        self.blank
    }
}

/// Whether the permutation `index -> goal_of(index)` of `cells` elements is
/// odd: `cells` minus its number of cycles is odd.
pub(crate) fn permutation_is_odd(cells: usize, goal_of: impl Fn(usize) -> usize) -> bool {
    let mut visited = vec![0_u64; cells.div_ceil(64)];
    let mut cycles = 0_usize;
    for start in 0..cells {
        if visited[start / 64] >> (start % 64) & 1 == 1 {
            continue;
        }
        cycles += 1;
        let mut at = start;
        while visited[at / 64] >> (at % 64) & 1 == 0 {
            visited[at / 64] |= 1 << (at % 64);
            at = goal_of(at);
        }
    }
    (cells - cycles) % 2 == 1
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        // Equal tiles imply equal size; every other field derives from them.
        self.tiles == other.tiles
    }
}

impl Eq for Board {}

impl Hash for Board {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.tiles.hash(state);
    }
}

impl fmt::Display for Board {
    /// The course's `toString()`: `n`, then each row as `%2d ` per tile.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.n)?;
        for row in 0..self.n {
            for col in 0..self.n {
                write!(f, "{:2} ", self.tiles.get(row * self.n + col))?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    /// One line: `Board(3: 8 1 3 / 4 0 2 / 7 6 5)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}:", self.n)?;
        for index in 0..self.n * self.n {
            if index > 0 && index % self.n == 0 {
                f.write_str(" /")?;
            }
            write!(f, " {}", self.tiles.get(index))?;
        }
        f.write_str(")")
    }
}
