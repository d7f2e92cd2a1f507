//! The course client's answer format, written and read in one place: the
//! header, the unsolvable messages of each course API, the board blocks,
//! and the move letters. `slider solve` writes with these functions and
//! `slider-check` reads with these constants, so the two cannot drift apart.

use std::io::{self, Write};

use crate::{Board, Direction};

/// The first words of a solution: `Minimum number of moves = N`.
pub const HEADER: &str = "Minimum number of moves = ";

/// Princeton's line for an unsolvable puzzle.
pub const PRINCETON_UNSOLVABLE: &str = "Unsolvable puzzle";

/// Coursera's line for an unsolvable puzzle.
pub const COURSERA_UNSOLVABLE: &str = "No solution possible";

/// The course API whose unsolvable message is printed or required.
///
/// # Example
///
/// ```
/// use slider::format::Api;
/// assert_eq!(Api::Coursera.unsolvable_message(), "No solution possible");
/// assert_eq!(Api::of_message(b"Unsolvable puzzle"), Some(Api::Princeton));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Api {
    /// Either message (when checking); Princeton's (when printing).
    #[default]
    Any,
    /// Princeton (2015 on): `Unsolvable puzzle`.
    Princeton,
    /// Coursera: `No solution possible`.
    Coursera,
}

impl Api {
    /// The line this API prints for an unsolvable puzzle (`Any` prints
    /// Princeton's).
    pub fn unsolvable_message(self) -> &'static str {
        match self {
            Api::Any | Api::Princeton => PRINCETON_UNSOLVABLE,
            Api::Coursera => COURSERA_UNSOLVABLE,
        }
    }

    /// The API whose unsolvable message `line` is, if any.
    pub fn of_message(line: &[u8]) -> Option<Api> {
        if line == PRINCETON_UNSOLVABLE.as_bytes() {
            Some(Api::Princeton)
        } else if line == COURSERA_UNSOLVABLE.as_bytes() {
            Some(Api::Coursera)
        } else {
            None
        }
    }

    /// Whether an answer in `found`'s message satisfies this requirement.
    pub fn accepts(self, found: Api) -> bool {
        self == Api::Any || self == found
    }
}

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
