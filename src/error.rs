//! The errors of the bottom floor, each a kind that carries its data:
//! boards ([`BoardError`]) and the course's solver ([`SolverError`]). The
//! puzzle-file errors are the format's (`format::error`).

use std::fmt;

/// Why a grid of tiles is not a board.
///
/// # Example
///
/// ```
/// use slider::{Board, BoardError};
/// let err = Board::new(&[[1, 2], [3, 9]]).unwrap_err();
/// assert_eq!(err, BoardError::TileOutOfRange { row: 1, col: 1, tile: 9, max: 3 });
/// assert_eq!(err.to_string(), "tile 9 at row 1, column 1 is out of range 0..=3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The side n is not in 2..=32,768.
    SizeOutOfRange {
        /// The side that was given.
        n: usize,
    },
    /// A row's length differs from the number of rows.
    NotSquare {
        /// The 0-based row.
        row: usize,
        /// Its length.
        found: usize,
        /// The number of rows.
        expected: usize,
    },
    /// A flat tile list does not hold n² tiles.
    WrongTileCount {
        /// n².
        expected: usize,
        /// Tiles given.
        found: usize,
    },
    /// A tile is negative or larger than n² − 1.
    TileOutOfRange {
        /// The 0-based row.
        row: usize,
        /// The 0-based column.
        col: usize,
        /// The value found.
        tile: i64,
        /// n² − 1.
        max: u32,
    },
    /// A tile appears twice (so another is missing).
    DuplicateTile {
        /// The repeated tile.
        tile: u32,
        /// (row, column) of its first place.
        first: (usize, usize),
        /// (row, column) of its second place.
        second: (usize, usize),
    },
    /// `tile_at` was called outside the board.
    IndexOutOfBounds {
        /// The row asked for.
        row: usize,
        /// The column asked for.
        col: usize,
        /// The board side.
        n: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::SizeOutOfRange { n } => {
                write!(f, "board size {n} is out of range 2..=32768")
            }
            BoardError::NotSquare {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row} has {found} tiles, but the board has {expected} rows"
            ),
            BoardError::WrongTileCount { expected, found } => {
                write!(f, "expected {expected} tiles, found {found}")
            }
            BoardError::TileOutOfRange {
                row,
                col,
                tile,
                max,
            } => write!(
                f,
                "tile {tile} at row {row}, column {col} is out of range 0..={max}"
            ),
            BoardError::DuplicateTile {
                tile,
                first,
                second,
            } => write!(
                f,
                "tile {tile} appears twice, at row {}, column {} and at row {}, column {}",
                first.0, first.1, second.0, second.1
            ),
            BoardError::IndexOutOfBounds { row, col, n } => {
                write!(f, "cell ({row}, {col}) is outside the {n}x{n} board")
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// Why the [`Solver`](crate::Solver) gave no solution.
///
/// # Example
///
/// ```
/// let board: slider::Board = "2  2 1  3 0".parse()?;
/// let err = slider::Solver::new(&board).unwrap_err();
/// assert_eq!(err, slider::SolverError::Unsolvable);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolverError {
    /// The board cannot reach the goal (Princeton: `IllegalArgumentException`).
    Unsolvable,
    /// The search enqueued more nodes than its limit allowed.
    NodeLimit {
        /// Nodes enqueued when it stopped.
        enqueued: u64,
        /// A lower bound on the optimum proved so far (the priority of the
        /// last node taken from the queue; Manhattan is consistent, so no
        /// solution is shorter).
        bound: u64,
    },
    /// The game tree and queue would have outgrown the memory budget.
    MemoryLimit {
        /// Nodes enqueued when it stopped.
        enqueued: u64,
        /// The budget, in bytes.
        bytes: u64,
        /// A lower bound on the optimum proved so far.
        bound: u64,
    },
    /// The search ran out of time.
    TimeLimit {
        /// Nodes enqueued when it stopped.
        enqueued: u64,
        /// A lower bound on the optimum proved so far.
        bound: u64,
    },
}

impl fmt::Display for SolverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverError::Unsolvable => f.write_str("the puzzle is unsolvable"),
            SolverError::NodeLimit { enqueued, bound } => write!(
                f,
                "the A* search stopped at its limit of {enqueued} enqueued nodes; the optimum is at least {bound}"
            ),
            SolverError::MemoryLimit {
                enqueued,
                bytes,
                bound,
            } => write!(
                f,
                "the A* search stopped before outgrowing its memory budget of {} MB ({enqueued} nodes enqueued); the optimum is at least {bound}",
                bytes / 1_000_000
            ),
            SolverError::TimeLimit { enqueued, bound } => write!(
                f,
                "the A* search ran out of time ({enqueued} nodes enqueued); the optimum is at least {bound}"
            ),
        }
    }
}

impl std::error::Error for SolverError {}
