//! Whole-state-space verification: every 2x2 and 3x3 permutation.
//!
//! The oracle's breadth-first table is the truth; `Board::is_solvable` and
//! `Solver` are checked against it on every board there is. A second,
//! unrelated breadth-first search (`pathfinding::bfs`) checks the oracle on
//! a sample. Runs in parallel with rayon; about 20 s on 2 cores.

mod common;

use rayon::prelude::*;
use slider::oracle::Oracle;
use slider::{Board, Solver};

/// Checks a solution step by step on raw tiles: exactly two cells change,
/// one of them the blank's, and they are adjacent.
fn assert_steps_are_slides(n: usize, path: &[Board]) {
    for pair in path.windows(2) {
        let before: Vec<u32> = pair[0].tiles().collect();
        let after: Vec<u32> = pair[1].tiles().collect();
        let changed: Vec<usize> = (0..before.len())
            .filter(|&c| before[c] != after[c])
            .collect();
        assert_eq!(changed.len(), 2, "{:?} -> {:?}", pair[0], pair[1]);
        let (first, second) = (changed[0], changed[1]);
        assert!(
            before[first] == 0 || before[second] == 0,
            "the blank did not move"
        );
        assert_eq!(
            (before[first], before[second]),
            (after[second], after[first]),
            "not a swap"
        );
        let distance = (first / n).abs_diff(second / n) + (first % n).abs_diff(second % n);
        assert_eq!(distance, 1, "not adjacent: {:?} -> {:?}", pair[0], pair[1]);
    }
}

#[test]
fn exhaustive_2x2_solvability_and_moves() {
    let oracle = Oracle::new(2).unwrap();
    assert_eq!((oracle.states(), oracle.reachable()), (24, 12));
    for rank in 0..oracle.states() {
        let board = oracle.board_of_rank(rank).unwrap();
        let distance = oracle.distance_of_rank(rank);
        assert_eq!(board.is_solvable(), distance.is_some(), "{board:?}");
        match (Solver::new(&board), distance) {
            (Ok(solver), Some(d)) => {
                assert_eq!(solver.moves() as u32, d, "{board:?}");
                assert_steps_are_slides(2, solver.solution());
                assert!(solver.solution().last().unwrap().is_goal());
            }
            (Err(_), None) => {}
            (result, d) => panic!(
                "{board:?}: solver {:?}, oracle {d:?}",
                result.map(|s| s.moves())
            ),
        }
    }
}

#[test]
fn exhaustive_3x3_solvability_agrees_with_reachability() {
    let oracle = Oracle::new(3).unwrap();
    assert_eq!(oracle.states(), 362_880);
    let disagreements: Vec<usize> = (0..oracle.states())
        .into_par_iter()
        .filter(|&rank| {
            oracle.board_of_rank(rank).unwrap().is_solvable()
                != oracle.distance_of_rank(rank).is_some()
        })
        .collect();
    assert!(
        disagreements.is_empty(),
        "{} boards disagree, first rank {}",
        disagreements.len(),
        disagreements[0]
    );
    assert_eq!(oracle.reachable(), 181_440);
}

#[test]
fn exhaustive_3x3_solver_moves_equal_the_oracle_and_replay() {
    let oracle = Oracle::new(3).unwrap();
    let checked: usize = (0..oracle.states())
        .into_par_iter()
        .filter_map(|rank| oracle.distance_of_rank(rank).map(|d| (rank, d)))
        .map(|(rank, distance)| {
            let board = oracle.board_of_rank(rank).unwrap();
            let solver = Solver::new(&board).unwrap_or_else(|e| panic!("{board:?}: {e}"));
            assert_eq!(solver.moves() as u32, distance, "{board:?}");
            let path = solver.solution();
            assert_eq!(path.first(), Some(&board));
            assert!(path.last().unwrap().is_goal());
            assert_steps_are_slides(3, path);
            1
        })
        .sum();
    assert_eq!(checked, 181_440);
}

/// `pathfinding::bfs` on plain arrays: an oracle for the oracle.
fn pathfinding_distance(start: [u8; 9]) -> Option<usize> {
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let successors = |s: &[u8; 9]| {
        let blank = s.iter().position(|&t| t == 0).unwrap();
        let mut out = Vec::new();
        for (dr, dc) in [(-1_i32, 0_i32), (1, 0), (0, -1), (0, 1)] {
            let (r, c) = ((blank / 3) as i32 + dr, (blank % 3) as i32 + dc);
            if (0..3).contains(&r) && (0..3).contains(&c) {
                let mut next = *s;
                next.swap(blank, (r * 3 + c) as usize);
                out.push(next);
            }
        }
        out
    };
    pathfinding::prelude::bfs(&start, successors, |s| *s == goal).map(|path| path.len() - 1)
}

#[test]
fn oracle_agrees_with_pathfinding_bfs_on_a_sample() {
    let oracle = Oracle::new(3).unwrap();
    let mut rng = common::Rng::new(99);
    let sample: Vec<usize> = (0..120).map(|_| rng.below(oracle.states())).collect();
    sample.into_par_iter().for_each(|rank| {
        let board = oracle.board_of_rank(rank).unwrap();
        let tiles: Vec<u8> = board.tiles().map(|t| t as u8).collect();
        let expected = if board.is_solvable() {
            pathfinding_distance(tiles.try_into().unwrap())
        } else {
            None
        };
        assert_eq!(
            oracle.distance(&board).map(|d| d as usize),
            expected,
            "{board:?}"
        );
    });
}

#[test]
fn oracle_agrees_with_the_course_index() {
    let oracle3 = Oracle::new(3).unwrap();
    let oracle2 = Oracle::new(2).unwrap();
    for (name, entry) in common::course_index() {
        let oracle = match entry.n {
            2 => &oracle2,
            3 => &oracle3,
            _ => continue,
        };
        let board = common::course_board(&name);
        assert_eq!(
            oracle.distance(&board).map(|d| d as usize),
            entry.moves,
            "{name}"
        );
    }
}

#[test]
fn exhaustive_embedded_3x3_table_equals_a_fresh_search() {
    let embedded = Oracle::new(3).unwrap();
    let fresh = Oracle::build(3).unwrap();
    assert!(embedded.same_table(&fresh));
    assert_eq!(
        (embedded.reachable(), embedded.max_distance()),
        (181_440, 31)
    );
}
