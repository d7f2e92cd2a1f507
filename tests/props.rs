//! Property tests: one named law each, over boards valid by construction.
//! Case counts follow `PROPTEST_CASES`; failures are persisted to
//! `tests/proptest-regressions/props.txt` (committed) and replayed first.

mod common;

use std::sync::OnceLock;

use common::{naive_goal, naive_neighbors, one_slide_apart};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use slider::generate::{Scramble, generate, seeded};
use slider::oracle::Oracle;
use slider::{Board, Solver};

fn oracle(n: usize) -> &'static Oracle {
    static TWO: OnceLock<Oracle> = OnceLock::new();
    static THREE: OnceLock<Oracle> = OnceLock::new();
    let cell = if n == 2 { &TWO } else { &THREE };
    cell.get_or_init(|| Oracle::new(n).unwrap())
}

/// A uniformly shuffled n-by-n board, n in `sizes`.
fn any_board(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Board> {
    sizes.prop_flat_map(|n| {
        Just((0..(n * n) as u32).collect::<Vec<u32>>())
            .prop_shuffle()
            .prop_map(move |t| Board::from_tiles(n, &t).unwrap())
    })
}

/// A walk from the goal: each step picks one of the blank's moves (naively).
fn walk(n: usize, choices: &[u8]) -> Vec<u32> {
    let mut tiles = naive_goal(n);
    for &choice in choices {
        let options = naive_neighbors(&tiles, n);
        tiles.clone_from(&options[choice as usize % options.len()]);
    }
    tiles
}

/// A board a random walk from the goal, n in `sizes`.
fn walked_board(
    sizes: std::ops::RangeInclusive<usize>,
    max_steps: usize,
) -> impl Strategy<Value = Board> {
    (sizes, prop::collection::vec(any::<u8>(), 0..=max_steps))
        .prop_map(|(n, choices)| Board::from_tiles(n, &walk(n, &choices)).unwrap())
}

/// A solvable 2x2 or 3x3 board (a uniform one, or its twin).
fn small_solvable() -> impl Strategy<Value = Board> {
    any_board(2..=3).prop_map(|b| if b.is_solvable() { b } else { b.twin() })
}

fn tiles(board: &Board) -> Vec<u32> {
    board.tiles().collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn prop_parse_display_roundtrip(board in any_board(2..=12)) {
        let text = board.to_string();
        prop_assert_eq!(text.parse::<Board>().unwrap(), board);
    }

    #[test]
    fn prop_every_neighbor_is_one_slide_away(board in any_board(2..=8)) {
        let n = board.size();
        for neighbor in board.neighbors() {
            prop_assert!(one_slide_apart(&tiles(&board), &tiles(&neighbor), n), "{:?} -> {:?}", board, neighbor);
        }
    }

    #[test]
    fn prop_board_is_among_its_neighbors_neighbors(board in any_board(2..=8)) {
        for neighbor in board.neighbors() {
            prop_assert!(neighbor.neighbors().any(|b| b == board));
        }
    }

    #[test]
    fn prop_twin_flips_solvability(board in any_board(2..=10)) {
        prop_assert_ne!(board.is_solvable(), board.twin().is_solvable());
    }

    #[test]
    fn prop_twin_swaps_two_non_blank_tiles_of_one_row(board in any_board(2..=10)) {
        let (a, b) = (tiles(&board), tiles(&board.twin()));
        let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
        prop_assert_eq!(diff.len(), 2);
        let (i, j) = (diff[0], diff[1]);
        prop_assert!(a[i] != 0 && a[j] != 0 && a[i] == b[j] && a[j] == b[i]);
        prop_assert_eq!(i / board.size(), j / board.size());
    }

    #[test]
    fn prop_hamming_le_manhattan_le_optimal(board in small_solvable()) {
        let optimal = u64::from(oracle(board.size()).distance(&board).unwrap());
        prop_assert!(board.hamming() as u64 <= board.manhattan());
        prop_assert!(board.manhattan() <= optimal);
    }

    #[test]
    fn prop_manhattan_has_the_parity_of_optimal_moves(board in small_solvable()) {
        let optimal = u64::from(oracle(board.size()).distance(&board).unwrap());
        prop_assert_eq!(board.manhattan() % 2, optimal % 2);
    }

    #[test]
    fn prop_random_walks_are_solvable(board in walked_board(2..=10, 200)) {
        prop_assert!(board.is_solvable());
    }

    #[test]
    fn prop_swapping_two_tiles_makes_a_solvable_board_unsolvable(
        board in walked_board(2..=10, 200), a in any::<prop::sample::Index>(), b in any::<prop::sample::Index>()
    ) {
        let mut t = tiles(&board);
        let cells: Vec<usize> = (0..t.len()).filter(|&i| t[i] != 0).collect();
        let (i, j) = (a.get(&cells), b.get(&cells));
        prop_assume!(i != j);
        t.swap(*i, *j);
        prop_assert!(!Board::from_tiles(board.size(), &t).unwrap().is_solvable());
    }

    #[test]
    fn prop_solver_moves_equal_the_oracle(board in small_solvable()) {
        let solver = Solver::new(&board).unwrap();
        prop_assert_eq!(solver.moves() as u32, oracle(board.size()).distance(&board).unwrap());
    }

    #[test]
    fn prop_solver_solution_is_legal(board in small_solvable()) {
        let solver = Solver::new(&board).unwrap();
        let path = solver.solution();
        prop_assert_eq!(path.first(), Some(&board));
        prop_assert_eq!(tiles(path.last().unwrap()), naive_goal(board.size()));
        for pair in path.windows(2) {
            prop_assert!(one_slide_apart(&tiles(&pair[0]), &tiles(&pair[1]), board.size()));
        }
    }

    #[test]
    fn prop_generated_k_move_3x3_board_has_oracle_distance_k(k in 0_u32..=31, seed in any::<u64>()) {
        let board = generate(3, Scramble::ExactMoves(k), &mut seeded(seed), Some(oracle(3))).unwrap();
        prop_assert_eq!(oracle(3).distance(&board), Some(k));
    }
}
