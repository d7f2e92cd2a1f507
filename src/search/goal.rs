//! Goal boards: the course's (blank last) or any other arrangement.

use std::fmt;

use crate::Board;
use crate::board::{cell_distance, permutation_is_odd};

/// A goal arrangement: where each tile belongs.
///
/// The standard goal is the course's (`1 2 … N-1` row-major, blank last).
/// Any board can serve as a goal, for example the textbook 8-puzzle goal
/// with the blank in the centre; solvability and every heuristic are then
/// relative to it.
///
/// # Example
///
/// ```
/// use slider::{Board, search::Goal};
/// let centre: Board = "3  1 2 3  4 0 5  6 7 8".parse()?;
/// let goal = Goal::from_board(&centre);
/// let board: Board = "3  1 2 3  4 5 0  6 7 8".parse()?;
/// assert!(goal.reaches(&board));
/// assert_eq!(goal.manhattan(&board), 1);
/// assert!(!goal.reaches(&board.twin()));
/// # Ok::<(), slider::PuzzleError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Goal {
    n: usize,
    /// The tile at each cell, row-major (0 is the blank).
    tile_at: Vec<u32>,
    /// The cell of each tile (index 0: the blank).
    home: Vec<usize>,
}

impl Goal {
    /// The course's goal for an `n`-by-`n` board (blank last).
    ///
    /// # Example
    ///
    /// ```
    /// let goal = slider::search::Goal::standard(3);
    /// assert_eq!(goal.home(1), 0);
    /// assert_eq!(goal.home(0), 8);
    /// assert!(goal.is_standard());
    /// ```
    pub fn standard(n: usize) -> Goal {
        let cells = n * n;
        let tile_at: Vec<u32> = (0..cells)
            .map(|c| if c + 1 == cells { 0 } else { c as u32 + 1 })
            .collect();
        Goal::from_cells(n, tile_at)
    }

    /// The arrangement of `board`, as a goal.
    ///
    /// # Example
    ///
    /// ```
    /// let board: slider::Board = "2  0 1  2 3".parse()?;
    /// let goal = slider::search::Goal::from_board(&board);
    /// assert_eq!(goal.home(0), 0);
    /// assert!(!goal.is_standard());
    /// # Ok::<(), slider::PuzzleError>(())
    /// ```
    pub fn from_board(board: &Board) -> Goal {
        Goal::from_cells(board.size(), board.tiles().collect())
    }

    fn from_cells(n: usize, tile_at: Vec<u32>) -> Goal {
        let mut home = vec![0; tile_at.len()];
        for (cell, &tile) in tile_at.iter().enumerate() {
            home[tile as usize] = cell;
        }
        Goal { n, tile_at, home }
    }

    /// The board side.
    ///
    /// ```
    /// assert_eq!(slider::search::Goal::standard(4).size(), 4);
    /// ```
    pub fn size(&self) -> usize {
        self.n
    }

    /// The goal cell (row-major index) of `tile`; tile 0 is the blank.
    ///
    /// # Panics
    ///
    /// When `tile` is not a tile of this goal's size.
    ///
    /// ```
    /// assert_eq!(slider::search::Goal::standard(4).home(5), 4);
    /// ```
    pub fn home(&self, tile: u32) -> usize {
        self.home[tile as usize]
    }

    /// The tile whose goal cell is `cell`.
    ///
    /// # Panics
    ///
    /// When `cell` is outside the board.
    ///
    /// ```
    /// assert_eq!(slider::search::Goal::standard(3).tile_at(8), 0);
    /// ```
    pub fn tile_at(&self, cell: usize) -> u32 {
        self.tile_at[cell]
    }

    /// The tiles cell by cell, row-major.
    ///
    /// ```
    /// assert_eq!(slider::search::Goal::standard(2).cells(), &[1, 2, 3, 0]);
    /// ```
    pub fn cells(&self) -> &[u32] {
        &self.tile_at
    }

    /// Whether this is the course's goal.
    ///
    /// ```
    /// assert!(slider::search::Goal::standard(5).is_standard());
    /// ```
    pub fn is_standard(&self) -> bool {
        *self == Goal::standard(self.n)
    }

    /// The goal as a board.
    ///
    /// # Panics
    ///
    /// Never: a goal holds every tile once.
    ///
    /// ```
    /// let goal = slider::search::Goal::standard(3);
    /// assert!(goal.board().is_goal());
    /// ```
    pub fn board(&self) -> Board {
        Board::from_tiles(self.n, &self.tile_at).expect("a goal holds every tile once")
    }

    /// Whether `board` can reach this goal: the same size, and the parity of
    /// the permutation mapping it onto the goal equals the parity of the
    /// blank's distance to its goal cell (each slide flips both).
    ///
    /// ```
    /// let goal = slider::search::Goal::standard(3);
    /// let board: slider::Board = "3  1 2 3  4 5 6  8 7 0".parse()?;
    /// assert!(!goal.reaches(&board));
    /// # Ok::<(), slider::PuzzleError>(())
    /// ```
    pub fn reaches(&self, board: &Board) -> bool {
        if board.size() != self.n {
            return false;
        }
        let tiles: Vec<u32> = board.tiles().collect();
        let odd = permutation_is_odd(tiles.len(), |cell| self.home(tiles[cell]));
        let blank = board.blank_index();
        odd == (cell_distance(blank, self.home(0), self.n) % 2 == 1)
    }

    /// Tiles (not the blank) away from their goal cell.
    ///
    /// ```
    /// let goal = slider::search::Goal::standard(3);
    /// let board: slider::Board = "3  1 2 3  4 5 6  7 0 8".parse()?;
    /// assert_eq!(goal.hamming(&board), 1);
    /// # Ok::<(), slider::PuzzleError>(())
    /// ```
    pub fn hamming(&self, board: &Board) -> u64 {
        board
            .tiles()
            .enumerate()
            .filter(|&(cell, tile)| tile != 0 && self.home(tile) != cell)
            .count() as u64
    }

    /// Sum of the tiles' grid distances to their goal cells.
    ///
    /// ```
    /// let goal = slider::search::Goal::standard(3);
    /// let board: slider::Board = "3  8 1 3  4 0 2  7 6 5".parse()?;
    /// assert_eq!(goal.manhattan(&board), 10);
    /// # Ok::<(), slider::PuzzleError>(())
    /// ```
    pub fn manhattan(&self, board: &Board) -> u64 {
        board
            .tiles()
            .enumerate()
            .filter(|&(_, tile)| tile != 0)
            .map(|(cell, tile)| cell_distance(cell, self.home(tile), self.n))
            .sum()
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.board())
    }
}
