//! Moves as boards and boards as moves: sliding the blank, following a
//! move list, the move between two boards, and the neighbors.

use super::{Board, Direction, cell_distance, goal_index};

impl Board {
    /// The boards along `moves` from this one, this board first (so
    /// `moves.len() + 1` of them), or `None` if a move leaves the board: the
    /// one way moves become boards.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::{Board, Direction::*};
    /// let board: Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
    /// let path = board.follow(&[Right, Down, Right, Down]).unwrap();
    /// assert!(path.last().unwrap().is_goal());
    /// assert!(board.follow(&[Up]).is_none());
    /// # Ok::<(), slider::PuzzleError>(())
    /// ```
    pub fn follow(&self, moves: &[Direction]) -> Option<Vec<Board>> {
        let mut path = Vec::with_capacity(moves.len() + 1);
        path.push(self.clone());
        for &direction in moves {
            let next = path.last()?.slide(direction)?;
            path.push(next);
        }
        Some(path)
    }

    /// The move that turns this board into `next`, if they are one slide
    /// apart: the one way boards become moves (and, with
    /// [`Direction::letter`], letters).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::{Board, Direction};
    /// let goal = Board::goal(3)?;
    /// let moved = goal.slide(Direction::Up).unwrap();
    /// assert_eq!(goal.step_to(&moved), Some(Direction::Up));
    /// assert_eq!(goal.step_to(&goal), None);
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn step_to(&self, next: &Board) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| self.slide(d).is_some_and(|b| b == *next))
    }

    /// The board after the blank moves one cell in `direction`, or `None` at
    /// the edge. Hamming and Manhattan are updated in O(1); copying is O(n²).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::{Board, Direction};
    /// let goal = Board::goal(3)?;
    /// assert!(goal.slide(Direction::Down).is_none());
    /// let moved = goal.slide(Direction::Left).unwrap();
    /// assert_eq!((moved.blank(), moved.manhattan()), ((2, 1), 1));
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn slide(&self, direction: Direction) -> Option<Board> {
        let target = direction.step(self.blank, self.n)?;
        let tile = self.tiles.get(target);
        let cells = self.n * self.n;
        let goal = goal_index(tile, cells);
        // The tile moves from `target` into the old blank cell.
        let hamming = self.hamming - usize::from(target != goal) + usize::from(self.blank != goal);
        let manhattan = self.manhattan - cell_distance(target, goal, self.n)
            + cell_distance(self.blank, goal, self.n);
        Some(Board {
            n: self.n,
            blank: target,
            hamming,
            manhattan,
            tiles: self.tiles.swapped(self.blank, target),
        })
    }

    /// The boards one slide away: 2 to 4 of them, with the blank moving up,
    /// down, left, then right (those that stay on the board).
    ///
    /// # Example
    ///
    /// ```
    /// let goal = slider::Board::goal(3)?;
    /// assert_eq!(goal.neighbors().count(), 2);
    /// # Ok::<(), slider::BoardError>(())
    /// ```
    pub fn neighbors(&self) -> Neighbors<'_> {
        Neighbors {
            board: self,
            next: 0,
        }
    }
}

/// The neighbors of a board; see [`Board::neighbors`].
#[derive(Debug, Clone)]
pub struct Neighbors<'a> {
    board: &'a Board,
    next: usize,
}

impl Iterator for Neighbors<'_> {
    type Item = Board;

    fn next(&mut self) -> Option<Board> {
        while let Some(&direction) = Direction::ALL.get(self.next) {
            self.next += 1;
            if let Some(board) = self.board.slide(direction) {
                return Some(board);
            }
        }
        None
    }
}
