//! Puzzle-file errors: what is wrong ([`PuzzleErrorKind`], with its stable
//! code and wording) and where ([`PuzzleError`]).

use std::fmt;

use super::Span;

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
    /// The first line holds several numbers, the first of them no size: the
    /// size line is missing (a board's rows, without their n).
    NoSizeLine {
        /// The first number, as written.
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
    /// The stable code of this kind (`E0100`…`E0110`), documented in the
    /// README.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::PuzzleErrorKind::Empty.code(), "E0100");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            PuzzleErrorKind::Empty => "E0100",
            PuzzleErrorKind::InvalidUtf8 => "E0101",
            PuzzleErrorKind::SizeNotInteger { .. } => "E0102",
            PuzzleErrorKind::SizeOutOfRange { .. } => "E0103",
            PuzzleErrorKind::TileNotInteger { .. } => "E0104",
            PuzzleErrorKind::TileOutOfRange { .. } => "E0105",
            PuzzleErrorKind::TooFewTiles { .. } => "E0106",
            PuzzleErrorKind::DuplicateTile { .. } => "E0107",
            PuzzleErrorKind::TooManyTiles { .. } => "E0108",
            PuzzleErrorKind::Io { .. } => "E0109",
            PuzzleErrorKind::TooLarge { .. } => "E0110",
            PuzzleErrorKind::NoSizeLine { .. } => "E0111",
        }
    }

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
        self.kind.label()
    }
}

impl PuzzleErrorKind {
    /// A short label for the place of an error of this kind.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::format::PuzzleErrorKind;
    /// assert_eq!(PuzzleErrorKind::DuplicateTile { tile: 5 }.label(), "second 5");
    /// ```
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            PuzzleErrorKind::Empty | PuzzleErrorKind::TooFewTiles { .. } => {
                "the file ends here".to_string()
            }
            PuzzleErrorKind::InvalidUtf8 => "not UTF-8 text".to_string(),
            PuzzleErrorKind::SizeNotInteger { .. } | PuzzleErrorKind::SizeOutOfRange { .. } => {
                "the board size n must be an integer in 2..=32768".to_string()
            }
            PuzzleErrorKind::NoSizeLine { .. } => {
                "a row of tiles, where the size n belongs".to_string()
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
            PuzzleErrorKind::NoSizeLine { token } => write!(
                f,
                "the puzzle starts with a row of tiles ({token} …), not the size n: a puzzle file's first line is n alone"
            ),
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
