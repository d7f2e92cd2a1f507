//! Admissible heuristics: lower bounds on the number of moves to the goal.

use crate::Board;
use crate::board::goal_index;

/// Manhattan distance plus linear conflicts, an admissible lower bound at
/// least as strong as [`Board::manhattan`] and of the same parity.
///
/// Two tiles are in linear conflict when both are in their goal row (or
/// column) but in the wrong order: one of them must leave the line and come
/// back, two moves beyond Manhattan. Within each line, the fewest tiles that
/// must leave are those outside a longest increasing run of goal positions,
/// so the bound adds 2 × (tiles in their goal line − that run's length).
///
/// # Example
///
/// ```
/// use slider::{Board, search::heuristic::linear_conflict};
/// // 3 2 1 in the top row: all three in their goal row, reversed, so two of
/// // them must leave it: 2 × 2 moves beyond Manhattan.
/// let board: Board = "3  3 2 1  4 5 6  7 8 0".parse()?;
/// assert_eq!(board.manhattan(), 4);
/// assert_eq!(linear_conflict(&board), 8);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn linear_conflict(board: &Board) -> u64 {
    let n = board.size();
    let cells = n * n;
    let tiles: Vec<u32> = board.tiles().collect();
    let mut extra = 0;
    let mut line = Vec::with_capacity(n);
    for row in 0..n {
        line.clear();
        for col in 0..n {
            let tile = tiles[row * n + col];
            if tile != 0 && goal_index(tile, cells) / n == row {
                line.push(goal_index(tile, cells) % n);
            }
        }
        extra += line.len() - longest_increasing(&line);
    }
    for col in 0..n {
        line.clear();
        for row in 0..n {
            let tile = tiles[row * n + col];
            if tile != 0 && goal_index(tile, cells) % n == col {
                line.push(goal_index(tile, cells) / n);
            }
        }
        extra += line.len() - longest_increasing(&line);
    }
    board.manhattan() + 2 * extra as u64
}

/// Length of a longest strictly increasing subsequence (patience sorting).
fn longest_increasing(values: &[usize]) -> usize {
    let mut tails: Vec<usize> = Vec::with_capacity(values.len());
    for &v in values {
        let at = tails.partition_point(|&t| t < v);
        if at == tails.len() {
            tails.push(v);
        } else {
            tails[at] = v;
        }
    }
    tails.len()
}
