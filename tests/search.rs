//! IDA* and the linear-conflict heuristic against independent oracles.

mod common;

use rayon::prelude::*;
use slider::oracle::Oracle;
use slider::search::idastar::{ida_star, search};
use slider::search::linear_conflict;
use slider::search::{Heuristic, SearchError};
use slider::{Board, Solver};

#[test]
fn idastar_equals_the_oracle_on_random_3x3_boards() {
    let oracle = Oracle::new(3).unwrap();
    let mut rng = common::Rng::new(5);
    let ranks: Vec<usize> = (0..400).map(|_| rng.below(oracle.states())).collect();
    ranks.par_iter().for_each(|&rank| {
        let board = oracle.board_of_rank(rank).unwrap();
        for heuristic in [Heuristic::Manhattan, Heuristic::LinearConflict] {
            match (
                ida_star(&board, heuristic, u64::MAX),
                oracle.distance(&board),
            ) {
                (Ok(solution), Some(d)) => {
                    assert_eq!(solution.moves.len() as u32, d, "{board:?} {heuristic:?}");
                    assert_eq!(
                        common::naive_replay(&board, &solution.moves),
                        common::naive_goal(3)
                    );
                }
                (Err(SearchError::Unsolvable), None) => {}
                (other, d) => panic!("{board:?}: {other:?} vs oracle {d:?}"),
            }
        }
    });
}

#[test]
fn idastar_equals_the_reference_astar_on_4x4_walks() {
    let mut rng = common::Rng::new(44);
    let boards: Vec<Board> = (0..60)
        .map(|_| Board::from_tiles(4, &common::random_walk(4, 30, &mut rng)).unwrap())
        .collect();
    boards.par_iter().for_each(|board| {
        let reference = Solver::new(board).unwrap().moves();
        for heuristic in [Heuristic::Manhattan, Heuristic::LinearConflict] {
            let solution = ida_star(board, heuristic, u64::MAX).unwrap();
            assert_eq!(solution.moves.len(), reference, "{board:?} {heuristic:?}");
            assert_eq!(
                common::naive_replay(board, &solution.moves),
                common::naive_goal(4)
            );
        }
    });
}

#[test]
fn exhaustive_linear_conflict_is_admissible_on_every_3x3_board() {
    let oracle = Oracle::new(3).unwrap();
    let bad = (0..oracle.states())
        .into_par_iter()
        .filter(|&rank| {
            oracle.distance_of_rank(rank).is_some_and(|d| {
                let board = oracle.board_of_rank(rank).unwrap();
                let h = linear_conflict(&board, &slider::search::Goal::standard(3));
                h > u64::from(d) || h < board.manhattan() || (u64::from(d) - h) % 2 == 1
            })
        })
        .count();
    assert_eq!(
        bad, 0,
        "boards where linear conflict exceeds the distance or breaks parity"
    );
}

#[test]
fn a_budget_never_yields_a_path() {
    let board = common::course_board("puzzle4x4-hard1.txt");
    match ida_star(&board, Heuristic::Manhattan, 1000) {
        Err(SearchError::Budget { lower_bound, .. }) => {
            assert!(lower_bound >= board.manhattan() && lower_bound <= 38);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        ida_star(&board.twin(), Heuristic::Manhattan, 1000),
        Err(SearchError::Unsolvable)
    );
}

#[test]
fn idastar_solves_the_course_4x4_files_to_their_names() {
    for name in [
        "puzzle4x4-hard1.txt",
        "puzzle4x4-40.txt",
        "puzzle4x4-45.txt",
    ] {
        let board = common::course_board(name);
        let solution = ida_star(&board, Heuristic::LinearConflict, u64::MAX).unwrap();
        assert_eq!(
            Some(solution.moves.len()),
            common::moves_from_name(name),
            "{name}"
        );
        assert_eq!(
            common::naive_replay(&board, &solution.moves),
            common::naive_goal(4)
        );
    }
}

/// IDA* with threads returns the very path a single thread returns (the
/// first subtree, in a single thread's order, that holds a solution gives
/// it), so the optimum is the oracle's; short solutions, found before the
/// tree is split, included.
#[test]
fn threads_find_the_single_threaded_path() {
    use slider::search::{Goal, SearchConfig, pdb::PatternDatabase};
    let oracle = Oracle::new(3).unwrap();
    let pdb3 = PatternDatabase::build(&Goal::standard(3)).unwrap();
    let mut rng = common::Rng::new(2026);
    for k in 0..60 {
        let board = Board::from_tiles(3, &common::random_walk(3, 2 + k % 40, &mut rng)).unwrap();
        for (heuristic, pdb) in [
            (Heuristic::LinearConflict, None),
            (Heuristic::PatternDatabase, Some(&pdb3)),
        ] {
            let config = |threads| SearchConfig {
                heuristic,
                pdb,
                threads,
                ..SearchConfig::default()
            };
            let one = search(&board, &config(1)).unwrap();
            let two = search(&board, &config(2)).unwrap();
            assert_eq!(one.moves, two.moves, "{board:?} with {heuristic:?}");
            assert_eq!(
                one.moves.len() as u32,
                oracle.distance(&board).unwrap(),
                "{board:?}"
            );
        }
    }
    // 4x4 walks, far enough that the tree is split.
    for k in 0..12 {
        let board = Board::from_tiles(4, &common::random_walk(4, 30 + k, &mut rng)).unwrap();
        let config = |threads| SearchConfig {
            heuristic: Heuristic::LinearConflict,
            threads,
            ..SearchConfig::default()
        };
        let one = search(&board, &config(1)).unwrap();
        let three = search(&board, &config(3)).unwrap();
        assert_eq!(one.moves, three.moves, "{board:?}");
        assert_eq!(
            common::naive_replay(&board, &three.moves),
            common::naive_goal(4)
        );
    }
}

/// Limits hold with threads too: a spent budget or a move limit gives no
/// path, and the bound it reports is a true lower bound.
#[test]
fn threads_respect_limits() {
    use slider::search::{SearchConfig, SearchError, SearchLimits};
    let board = common::course_board("puzzle4x4-hard1.txt");
    let limited = |limits| SearchConfig {
        heuristic: Heuristic::LinearConflict,
        threads: 2,
        limits,
        ..SearchConfig::default()
    };
    let budget = search(
        &board,
        &limited(SearchLimits {
            nodes: 50_000,
            ..SearchLimits::default()
        }),
    );
    assert!(
        matches!(budget, Err(SearchError::Budget { lower_bound, .. }) if lower_bound <= 38),
        "{budget:?}"
    );
    let within = search(
        &board,
        &limited(SearchLimits {
            cost: Some(37),
            ..SearchLimits::default()
        }),
    );
    assert!(
        matches!(within, Err(SearchError::NoneWithin { lower_bound, .. }) if lower_bound >= 38),
        "{within:?}"
    );
}
