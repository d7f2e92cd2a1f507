//! The four directions the blank moves in, and their letters.

/// A direction the blank moves in; the tile on that side slides the other way.
///
/// The letters are those of move strings: `U`, `D`, `L`, `R`.
///
/// # Example
///
/// ```
/// use slider::Direction;
/// assert_eq!(Direction::Up.letter(), 'U');
/// assert_eq!(Direction::Up.opposite(), Direction::Down);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// The blank moves up (the tile above it slides down).
    Up,
    /// The blank moves down.
    Down,
    /// The blank moves left.
    Left,
    /// The blank moves right.
    Right,
}

impl Direction {
    /// All directions, in the order [`Board::neighbors`](crate::Board::neighbors) yields them.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The move-string letter of this direction (`U`, `D`, `L` or `R`).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::Direction::Left.letter(), 'L');
    /// ```
    pub fn letter(self) -> char {
        match self {
            Direction::Up => 'U',
            Direction::Down => 'D',
            Direction::Left => 'L',
            Direction::Right => 'R',
        }
    }

    /// The direction a move letter names (`U`, `D`, `L`, `R`, either case):
    /// the one parser of move letters.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::Direction;
    /// assert_eq!(Direction::from_letter('r'), Some(Direction::Right));
    /// assert_eq!(Direction::from_letter('X'), None);
    /// ```
    pub fn from_letter(letter: char) -> Option<Direction> {
        match letter.to_ascii_uppercase() {
            'U' => Some(Direction::Up),
            'D' => Some(Direction::Down),
            'L' => Some(Direction::Left),
            'R' => Some(Direction::Right),
            _ => None,
        }
    }

    /// The direction that undoes this one.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::Direction::Left.opposite(), slider::Direction::Right);
    /// ```
    #[must_use]
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// The cell the blank at `blank` reaches on an `n`-by-`n` board, if any.
    pub(crate) fn step(self, blank: usize, n: usize) -> Option<usize> {
        let (row, col) = (blank / n, blank % n);
        match self {
            Direction::Up => (row > 0).then(|| blank - n),
            Direction::Down => (row + 1 < n).then(|| blank + n),
            Direction::Left => (col > 0).then(|| blank - 1),
            Direction::Right => (col + 1 < n).then(|| blank + 1),
        }
    }
}
