//! A file of many boards, one per line: each line a one-line board or a
//! course file written on one line, as [`parse_puzzle_any`] reads it;
//! blank lines and lines starting with `#` are skipped.

use super::error::{PuzzleError, PuzzleErrorKind};
use super::puzzle::parse_puzzle_any;
use super::span::Span;
use crate::board::Board;

/// One board of a file of boards, and the line it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLine {
    /// The 1-based line.
    pub line: usize,
    /// The board.
    pub board: Board,
}

/// Reads every board of a file of boards, one per line.
///
/// # Errors
///
/// The first line that is not a board: its error, placed in the whole
/// file (line and column, byte offsets); [`PuzzleErrorKind::Empty`] when
/// no line holds a board.
///
/// # Example
///
/// ```
/// use slider::format::parse_board_lines;
/// let boards = parse_board_lines(b"# two boards\n1 2 3 4 0 6 7 5 8\n\n12345678x\n")?;
/// assert_eq!(boards.iter().map(|b| b.line).collect::<Vec<_>>(), [2, 4]);
/// let wrong = parse_board_lines(b"1 2 3 4 0 6 7 5 8\n1 2 3 4 0 6 7 5 5\n").unwrap_err();
/// assert_eq!((wrong.span.line, wrong.span.column), (2, 17));
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn parse_board_lines(bytes: &[u8]) -> Result<Vec<BoardLine>, PuzzleError> {
    let mut boards = Vec::new();
    let mut offset = 0;
    for (index, raw) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let start = offset;
        offset += raw.len();
        let text = raw.trim_ascii();
        if text.is_empty() || text.starts_with(b"#") {
            continue;
        }
        let line = index + 1;
        match parse_puzzle_any(raw) {
            Ok(board) => boards.push(BoardLine { line, board }),
            Err(mut error) => {
                error.span = placed(error.span, start, line);
                error.other = error.other.map(|span| placed(span, start, line));
                return Err(error);
            }
        }
    }
    if boards.is_empty() {
        return Err(PuzzleError {
            kind: PuzzleErrorKind::Empty,
            span: Span {
                start: bytes.len(),
                end: bytes.len(),
                line: bytes.split(|&b| b == b'\n').count().max(1),
                column: 1,
            },
            other: None,
        });
    }
    Ok(boards)
}

/// A span of a line read alone, placed in the file: the line starts at
/// byte `start` and is line `line`.
fn placed(span: Span, start: usize, line: usize) -> Span {
    Span {
        start: span.start + start,
        end: span.end + start,
        line: line + span.line.saturating_sub(1),
        column: span.column,
    }
}
