//! The classic algorithms (pathfinding's breadth-first, bidirectional,
//! A* and iterative deepening over slider's puzzle graph) against the
//! exhaustive oracle, which shares no code with them.

mod common;

use rayon::prelude::*;
use slider::Board;
use slider::oracle::Oracle;
use slider::search::classic::{solve, solve_generic};
use slider::search::pdb::PatternDatabase;
use slider::search::{Algorithm, Goal, Heuristic, SearchConfig, SearchError, SearchLimits};

#[test]
fn every_classic_algorithm_equals_the_oracle_on_random_3x3_boards() {
    let oracle = Oracle::new(3).unwrap();
    let goal = Goal::standard(3);
    let pdb = PatternDatabase::build(&goal).unwrap();
    let mut rng = common::Rng::new(31);
    let ranks: Vec<usize> = (0..120).map(|_| rng.below(oracle.states())).collect();
    ranks.par_iter().for_each(|&rank| {
        let board = oracle.board_of_rank(rank).unwrap();
        let expected = oracle.distance(&board);
        let mut runs = vec![
            (Algorithm::Bfs, Heuristic::Manhattan),
            (Algorithm::Bibfs, Heuristic::Manhattan),
        ];
        for heuristic in [
            Heuristic::Hamming,
            Heuristic::Manhattan,
            Heuristic::LinearConflict,
            Heuristic::PatternDatabase,
        ] {
            runs.push((Algorithm::Astar, heuristic));
        }
        // Iterative deepening re-walks every path; keep it to short optima.
        if expected.is_none_or(|d| d <= 12) {
            runs.push((Algorithm::Iddfs, Heuristic::Manhattan));
        }
        for (algorithm, heuristic) in runs {
            let config = SearchConfig {
                heuristic,
                pdb: Some(&pdb),
                ..SearchConfig::default()
            };
            match (solve(&board, algorithm, &config), expected) {
                (Ok(solution), Some(d)) => {
                    assert_eq!(
                        solution.moves.len() as u32,
                        d,
                        "{board:?} {algorithm} {heuristic:?}"
                    );
                    assert_eq!(common::naive_replay(&board, &solution.moves), goal.cells());
                    assert!(solution.stats.generated >= u64::from(d));
                }
                (Err(SearchError::Unsolvable), None) => {}
                (other, d) => panic!("{board:?} {algorithm}: {other:?} vs oracle {d:?}"),
            }
        }
    });
}

#[test]
fn classic_algorithms_reach_a_custom_goal_optimally() {
    let goal = Goal::from_board(&"3  1 2 3  8 0 4  7 6 5".parse().unwrap());
    let distances = common::naive_bfs_from(goal.cells(), 3, 40);
    let mut rng = common::Rng::new(8);
    for _ in 0..20 {
        let tiles = rng.permutation(9);
        let board = Board::from_tiles(3, &tiles).unwrap();
        let config = SearchConfig {
            goal: Some(&goal),
            heuristic: Heuristic::LinearConflict,
            ..SearchConfig::default()
        };
        for algorithm in [Algorithm::Bfs, Algorithm::Bibfs, Algorithm::Astar] {
            match (solve(&board, algorithm, &config), distances.get(&tiles)) {
                (Ok(solution), Some(&d)) => {
                    assert_eq!(solution.moves.len(), d, "{board:?} {algorithm}");
                    assert_eq!(common::naive_replay(&board, &solution.moves), goal.cells());
                }
                (Err(SearchError::Unsolvable), None) => {}
                (other, d) => panic!("{board:?} {algorithm}: {other:?} vs {d:?}"),
            }
        }
    }
}

#[test]
fn node_time_and_memory_limits_stop_every_classic_algorithm_without_a_path() {
    let board = common::course_board("puzzle4x4-hard1.txt");
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Bibfs,
        Algorithm::Astar,
        Algorithm::Iddfs,
    ] {
        let config = SearchConfig {
            limits: SearchLimits {
                nodes: 5_000,
                ..SearchLimits::default()
            },
            ..SearchConfig::default()
        };
        let result = solve(&board, algorithm, &config);
        assert!(
            matches!(result, Err(SearchError::Budget { .. })),
            "{algorithm}: {result:?}"
        );
        let config = SearchConfig {
            limits: SearchLimits {
                time: Some(std::time::Duration::ZERO),
                ..SearchLimits::default()
            },
            ..SearchConfig::default()
        };
        let result = solve(&board, algorithm, &config);
        assert!(
            matches!(result, Err(SearchError::TimeLimit { .. })),
            "{algorithm}: {result:?}"
        );
        // 64 KB hold about a thousand boxed 4x4 states (generic) or 2,730
        // packed ones (native breadth-first searches).
        let config = SearchConfig {
            limits: SearchLimits {
                bytes: Some(64 << 10),
                ..SearchLimits::default()
            },
            ..SearchConfig::default()
        };
        let result = solve(&board, algorithm, &config);
        assert!(
            matches!(result, Err(SearchError::MemoryLimit { stats, bytes: 65_536 }) if stats.generated < 4 * 2_730),
            "{algorithm}: {result:?}"
        );
        assert_eq!(
            solve(&board.twin(), algorithm, &SearchConfig::default()),
            Err(SearchError::Unsolvable)
        );
    }
}

#[test]
fn the_classic_runner_refuses_the_searches_it_does_not_run() {
    let board: Board = "3  1 2 3  4 0 5  7 8 6".parse().unwrap();
    for algorithm in [Algorithm::Idastar, Algorithm::Reference] {
        for result in [
            solve(&board, algorithm, &SearchConfig::default()),
            solve_generic(&board, algorithm, &SearchConfig::default()),
        ] {
            assert!(
                matches!(&result, Err(SearchError::Config(m)) if m.contains("not one of the classic")),
                "{algorithm}: {result:?}"
            );
        }
    }
}
