//! The properties the fuzz targets check, shared with the stable test that
//! replays the committed corpus (`tests/fuzz_corpus.rs`). Each check panics
//! when a property fails; that is how a fuzzer sees a bug.

use arbitrary::{Arbitrary, Unstructured};

use crate::{Board, Solver, SolverError};

/// Bytes decoded the way `fuzz_target!` decodes a typed input.
fn decode<'a, T: Arbitrary<'a>>(data: &'a [u8]) -> Option<T> {
    if data.len() < T::size_hint(0).0 {
        return None;
    }
    T::arbitrary_take_rest(Unstructured::new(data)).ok()
}

/// Parsing arbitrary bytes as a puzzle never panics; errors point inside
/// the input; a board that parses prints and parses back to itself.
///
/// # Panics
///
/// When a property fails.
///
/// # Example
///
/// ```
/// slider::fuzz_checks::parse_puzzle(b"2 1 2 3 0");
/// slider::fuzz_checks::parse_puzzle(b"\xff garbage");
/// ```
pub fn parse_puzzle(data: &[u8]) {
    match crate::format::parse_puzzle(data) {
        Ok(board) => {
            let text = board.to_string();
            let again = crate::format::parse_puzzle(text.as_bytes())
                .unwrap_or_else(|e| panic!("Display output does not parse: {e}\n{text}"));
            assert_eq!(again, board, "round trip changed the board");
        }
        Err(e) => {
            for span in std::iter::once(e.span).chain(e.other) {
                assert!(
                    span.start <= span.end && span.end <= data.len(),
                    "span {span:?} outside {} input bytes",
                    data.len()
                );
            }
        }
    }
}

/// A small board for the solver target: any 2x2 or 3x3 permutation.
#[derive(Debug, Clone, Arbitrary)]
pub struct SolverInput {
    /// Picks 2x2 when true, 3x3 otherwise.
    pub small: bool,
    /// Shuffle keys: tile i goes where its key sorts.
    pub keys: [u8; 9],
}

impl SolverInput {
    /// The board these bytes describe.
    ///
    /// # Panics
    ///
    /// Never: the keys always order a permutation.
    ///
    /// # Example
    ///
    /// ```
    /// let input = slider::fuzz_checks::SolverInput { small: true, keys: [0; 9] };
    /// assert_eq!(input.board().size(), 2);
    /// ```
    pub fn board(&self) -> Board {
        let n = if self.small { 2 } else { 3 };
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

/// The Solver succeeds exactly on solvable boards, and its solution replays
/// legally from the board to the goal in `moves()` slides, no fewer than
/// the Manhattan distance and of the same parity.
///
/// # Panics
///
/// When a property fails.
///
/// # Example
///
/// ```
/// let input = slider::fuzz_checks::SolverInput { small: false, keys: [3, 1, 4, 1, 5, 9, 2, 6, 5] };
/// slider::fuzz_checks::solver(&input);
/// ```
pub fn solver(input: &SolverInput) {
    let board = input.board();
    match Solver::new(&board) {
        Ok(solver) => {
            assert!(board.is_solvable(), "solved an unsolvable board {board:?}");
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
            assert!(moves >= board.manhattan() && (moves - board.manhattan()).is_multiple_of(2));
        }
        Err(SolverError::Unsolvable) => assert!(!board.is_solvable(), "refused {board:?}"),
        Err(e) => panic!("unexpected {e}"),
    }
}
