//! Error types, one per layer, each a kind that carries its data. All the
//! wording users see for them is in the `Display` impls here.

use std::fmt;

use crate::format::Span;

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

/// What is wrong with a puzzle file.
///
/// # Example
///
/// ```
/// use slider::{format::parse_puzzle, PuzzleErrorKind};
/// let err = parse_puzzle(b"2\n1 2\n3").unwrap_err();
/// assert_eq!(err.kind, PuzzleErrorKind::TooFewTiles { expected: 4, found: 3 });
/// assert_eq!(err.to_string(), "3:2: expected 4 tiles after the size 2, found 3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleErrorKind {
    /// The file holds nothing but whitespace.
    Empty,
    /// A token is not valid UTF-8.
    InvalidUtf8,
    /// The first token is not an integer.
    SizeNotInteger {
        /// The token (shortened if long).
        token: String,
    },
    /// The size is not in 2..=32,768.
    SizeOutOfRange {
        /// The token as written.
        token: String,
    },
    /// A tile token is not an integer.
    TileNotInteger {
        /// The token (shortened if long).
        token: String,
    },
    /// A tile is negative or above n² − 1.
    TileOutOfRange {
        /// The token as written.
        token: String,
        /// n² − 1.
        max: u32,
    },
    /// A tile appears a second time; the finding's `other` span is the first.
    DuplicateTile {
        /// The tile.
        tile: u32,
    },
    /// The file ends before n² tiles.
    TooFewTiles {
        /// n².
        expected: usize,
        /// Tiles found.
        found: usize,
    },
    /// More tokens follow the n² tiles.
    TooManyTiles {
        /// n².
        expected: usize,
        /// Tokens after the size.
        found: usize,
    },
    /// Reading the input failed.
    Io {
        /// The system's message.
        message: String,
    },
    /// The input is larger than the reader's cap (the span is where reading
    /// stopped).
    TooLarge {
        /// The cap, in bytes.
        cap: u64,
    },
}

impl PuzzleErrorKind {
    /// Whether more input could mend the error: an empty file, too few
    /// tiles, or reading that stopped early.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::PuzzleErrorKind;
    /// assert!(PuzzleErrorKind::Empty.needs_more_input());
    /// assert!(!PuzzleErrorKind::DuplicateTile { tile: 3 }.needs_more_input());
    /// ```
    pub fn needs_more_input(&self) -> bool {
        matches!(
            self,
            PuzzleErrorKind::Empty
                | PuzzleErrorKind::TooFewTiles { .. }
                | PuzzleErrorKind::Io { .. }
                | PuzzleErrorKind::TooLarge { .. }
        )
    }
}

/// A puzzle-file error: what is wrong, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleError {
    /// What is wrong.
    pub kind: PuzzleErrorKind,
    /// Where: the offending token, or the end of the input.
    pub span: Span,
    /// A second place that matters (the first copy of a duplicate tile).
    pub other: Option<Span>,
}

impl PuzzleError {
    /// A short label for the primary span, for diagnostics.
    ///
    /// # Example
    ///
    /// ```
    /// let err = slider::format::parse_puzzle(b"").unwrap_err();
    /// assert_eq!(err.label(), "the file ends here");
    /// ```
    pub fn label(&self) -> String {
        match &self.kind {
            PuzzleErrorKind::Empty | PuzzleErrorKind::TooFewTiles { .. } => {
                "the file ends here".to_string()
            }
            PuzzleErrorKind::InvalidUtf8 => "not UTF-8 text".to_string(),
            PuzzleErrorKind::SizeNotInteger { .. } | PuzzleErrorKind::SizeOutOfRange { .. } => {
                "the board size n must be an integer in 2..=32768".to_string()
            }
            PuzzleErrorKind::TileNotInteger { .. } => "expected an integer tile".to_string(),
            PuzzleErrorKind::TileOutOfRange { max, .. } => {
                format!("tiles must be in 0..={max}")
            }
            PuzzleErrorKind::DuplicateTile { tile } => format!("second {tile}"),
            PuzzleErrorKind::TooManyTiles { .. } => "first token after the last tile".to_string(),
            PuzzleErrorKind::Io { .. } | PuzzleErrorKind::TooLarge { .. } => {
                "reading stopped here".to_string()
            }
        }
    }
}

impl fmt::Display for PuzzleErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleErrorKind::Empty => f.write_str("the puzzle is empty: expected the size n"),
            PuzzleErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8 in the puzzle"),
            PuzzleErrorKind::SizeNotInteger { token } => {
                write!(f, "the size must be an integer, found `{token}`")
            }
            PuzzleErrorKind::SizeOutOfRange { token } => {
                write!(f, "the size {token} is out of range 2..=32768")
            }
            PuzzleErrorKind::TileNotInteger { token } => {
                write!(f, "a tile must be an integer, found `{token}`")
            }
            PuzzleErrorKind::TileOutOfRange { token, max } => {
                write!(f, "tile {token} is out of range 0..={max}")
            }
            PuzzleErrorKind::DuplicateTile { tile } => write!(f, "tile {tile} appears twice"),
            PuzzleErrorKind::TooFewTiles { expected, found } => {
                let n = expected.isqrt();
                write!(
                    f,
                    "expected {expected} tiles after the size {n}, found {found}"
                )
            }
            PuzzleErrorKind::TooManyTiles { expected, found } => {
                let n = expected.isqrt();
                write!(
                    f,
                    "expected {expected} tiles after the size {n}, found {found} tokens"
                )
            }
            PuzzleErrorKind::Io { message } => write!(f, "cannot read the puzzle: {message}"),
            PuzzleErrorKind::TooLarge { cap } => write!(
                f,
                "the puzzle is larger than {}; slider reads no more of it",
                crate::format::size_text(*cap)
            ),
        }
    }
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.span, self.kind)
    }
}

impl std::error::Error for PuzzleError {}

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
