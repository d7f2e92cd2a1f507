//! The `solver` target: the course's A* against the exhaustive oracle
//! (2x2, 3x3) and IDA* (4x4 walks).

use arbitrary::Arbitrary;

use super::decode;
use super::fixed::fixed;
use crate::{Board, Solver, SolverError};

/// A board for the solver target: any 2x2 or 3x3 permutation, or a 4x4
/// board a bounded random walk from the goal.
#[derive(Debug, Clone, Arbitrary)]
pub struct SolverInput {
    /// 2x2, 3x3 or 4x4 (modulo 3).
    pub size: u8,
    /// Shuffle keys for 2x2 and 3x3: tile i goes where its key sorts.
    pub keys: [u8; 9],
    /// The walk's choices for 4x4 (at most [`MAX_WALK`] are used).
    pub walk: Vec<u8>,
}

/// The longest 4x4 walk the solver target takes: the course's A* stays
/// fast well past this.
pub const MAX_WALK: usize = 30;

impl SolverInput {
    /// The board these bytes describe.
    ///
    /// # Panics
    ///
    /// Never: the keys always order a permutation, and walks stay on the board.
    ///
    /// # Example
    ///
    /// ```
    /// let input = slider::fuzz_checks::SolverInput { size: 2, keys: [0; 9], walk: vec![1, 2, 3] };
    /// assert_eq!(input.board().size(), 4);
    /// ```
    pub fn board(&self) -> Board {
        let n = 2 + usize::from(self.size % 3);
        if n == 4 {
            let mut board = Board::goal(4).expect("4x4 goal");
            for &choice in self.walk.iter().take(MAX_WALK) {
                let options: Vec<Board> = board.neighbors().collect();
                board = options[usize::from(choice) % options.len()].clone();
            }
            return board;
        }
        let mut order: Vec<u32> = (0..(n * n) as u32).collect();
        order.sort_by_key(|&t| (self.keys[t as usize], t));
        Board::from_tiles(n, &order).expect("a permutation is a board")
    }
}

/// The solver target on raw bytes (the corpus replay uses this).
///
/// # Example
///
/// ```
/// slider::fuzz_checks::solver_bytes(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
/// ```
pub fn solver_bytes(data: &[u8]) {
    if let Some(input) = decode::<SolverInput>(data) {
        solver(&input);
    }
}

/// The Solver succeeds exactly on boards the oracle reaches (for 2x2 and
/// 3x3), with `moves()` equal to the oracle's distance; on 4x4 walks it
/// succeeds within the walk's length, of the walk's parity, at or above the
/// linear-conflict bound. Every solution replays legally to the goal.
///
/// # Panics
///
/// When a property fails.
///
/// # Example
///
/// ```
/// let input = slider::fuzz_checks::SolverInput { size: 1, keys: [3, 1, 4, 1, 5, 9, 2, 6, 5], walk: vec![] };
/// slider::fuzz_checks::solver(&input);
/// ```
pub fn solver(input: &SolverInput) {
    let board = input.board();
    let n = board.size();
    let result = Solver::new(&board);
    if n <= 3 {
        let oracle = if n == 2 {
            &fixed().small
        } else {
            &fixed().oracle
        };
        let distance = oracle.distance(&board);
        match (&result, distance) {
            (Ok(solver), Some(d)) => assert_eq!(solver.moves() as u32, d, "{board:?}"),
            (Err(SolverError::Unsolvable), None) => {}
            (other, d) => panic!(
                "{board:?}: solver {:?}, oracle {d:?}",
                other.as_ref().map(Solver::moves)
            ),
        }
    }
    let Ok(solver) = result else {
        assert!(n <= 3, "a 4x4 walk was refused: {board:?}");
        return;
    };
    let path = solver.solution();
    assert_eq!(path.len(), solver.moves() + 1);
    assert_eq!(path.first(), Some(&board));
    assert!(
        path.last().is_some_and(Board::is_goal),
        "does not end at the goal"
    );
    for pair in path.windows(2) {
        assert!(
            pair[0].neighbors().any(|b| b == pair[1]),
            "illegal step {:?} -> {:?}",
            pair[0],
            pair[1]
        );
    }
    let moves = solver.moves() as u64;
    assert!(
        moves
            >= crate::search::linear_conflict(&board, &crate::search::Goal::standard(board.size()))
    );
    if n == 4 {
        let walk = input.walk.len().min(MAX_WALK) as u64;
        assert!(
            moves <= walk && (walk - moves).is_multiple_of(2),
            "{moves} moves after a {walk}-step walk"
        );
        // The fast search (IDA*, linear conflict) agrees.
        let fast = crate::search::idastar::ida_star(
            &board,
            crate::search::Heuristic::LinearConflict,
            u64::MAX,
        )
        .expect("a walk from the goal is solvable");
        assert_eq!(fast.moves.len() as u64, moves, "{board:?}");
    }
}
