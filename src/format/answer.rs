//! The course client's answer format, written and read in one place: the
//! board blocks and the move letters (the header and the unsolvable
//! messages are course facts, in [`course`](crate::course)). `slider solve` writes with these functions and
//! `slider-check` reads with these constants, so the two cannot drift apart.

use std::io::{self, Write};

use crate::board::{Board, Direction};

use crate::course::HEADER;

/// Writes a solution as the course client prints it: the header with the
/// number of moves, then every board of `path` (its `Display`) followed by
/// an empty line.
///
/// # Errors
///
/// The writer's.
///
/// # Example
///
/// ```
/// let board: slider::Board = "2  1 2  0 3".parse()?;
/// let path = board.follow(&[slider::Direction::Right]).unwrap();
/// let mut out = Vec::new();
/// slider::format::write_solution(&mut out, &path)?;
/// assert_eq!(String::from_utf8(out)?, "Minimum number of moves = 1\n2\n 1  2 \n 0  3 \n\n2\n 1  2 \n 3  0 \n\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_solution<W: Write>(mut out: W, path: &[Board]) -> io::Result<()> {
    writeln!(out, "{HEADER}{}", path.len().saturating_sub(1))?;
    for board in path {
        writeln!(out, "{board}")?;
    }
    out.flush()
}

/// The letters of the blank's moves along `path` (`RDRD`).
///
/// # Example
///
/// ```
/// use slider::{Board, Direction::*};
/// let board: Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let path = board.follow(&[Right, Down, Right, Down]).unwrap();
/// assert_eq!(slider::format::move_letters(&path), "RDRD");
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn move_letters(path: &[Board]) -> String {
    path.windows(2)
        .filter_map(|pair| pair[0].step_to(&pair[1]))
        .map(Direction::letter)
        .collect()
}
