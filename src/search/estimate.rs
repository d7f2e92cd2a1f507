//! From-scratch estimates of a board's distance to a goal, computed by the
//! same engines IDA* moves through its tree, chosen as IDA* chooses them
//! (`nodes::with_engine`).

use super::Goal;
use super::heuristic::Heuristic;
use super::nodes::{EngineTask, Node, with_engine};
use super::pdb::PatternDatabase;
use crate::Board;

/// An engine's estimate where it was set up.
struct FromScratch;

impl EngineTask for FromScratch {
    type Output = u64;

    fn run<N: Node + Clone + Send>(self, mut engine: N) -> u64 {
        engine.h(u64::MAX)
    }
}

/// The value of `heuristic` for `board` towards `goal`, computed from
/// scratch (the pattern databases need `pdb`, built for `goal`; without them
/// this is Manhattan).
///
/// # Example
///
/// ```
/// use slider::search::{Goal, Heuristic, estimate};
/// let board: slider::Board = "3  8 1 3  4 0 2  7 6 5".parse()?;
/// let goal = Goal::standard(3);
/// assert_eq!(estimate(&board, &goal, Heuristic::Manhattan, None), board.manhattan());
/// assert_eq!(estimate(&board, &goal, Heuristic::Hamming, None), board.hamming() as u64);
/// assert_eq!(estimate(&board, &goal, Heuristic::PatternDatabase, None), board.manhattan());
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn estimate(
    board: &Board,
    goal: &Goal,
    heuristic: Heuristic,
    pdb: Option<&PatternDatabase>,
) -> u64 {
    with_engine(board, goal, heuristic, pdb, FromScratch)
}

/// Manhattan distance plus linear conflicts towards `goal`: an admissible
/// lower bound at least as strong as Manhattan and of the same parity.
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
/// use slider::{Board, search::{Goal, linear_conflict}};
/// // 3 2 1 in the top row: all three in their goal row, reversed, so two of
/// // them must leave it: 2 × 2 moves beyond Manhattan.
/// let board: Board = "3  3 2 1  4 5 6  7 8 0".parse()?;
/// assert_eq!(board.manhattan(), 4);
/// assert_eq!(linear_conflict(&board, &Goal::standard(3)), 8);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn linear_conflict(board: &Board, goal: &Goal) -> u64 {
    estimate(board, goal, Heuristic::LinearConflict, None)
}
