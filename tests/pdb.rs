//! Pattern databases and IDA* with them, against independent oracles: the
//! exhaustive 3x3 table, a naive breadth-first search for other goals, and
//! the reference A* on 4x4 walks. Also the cache: missing, corrupt,
//! truncated and foreign files are rebuilt.

mod common;

use std::sync::OnceLock;

use rayon::prelude::*;
use slider::oracle::Oracle;
use slider::search::Goal;
use slider::search::idastar::search;
use slider::search::pdb::{PatternDatabase, PdbError, Provenance};
use slider::search::{Heuristic, SearchConfig, SearchError};
use slider::{Board, Solver};

/// The 4x4 databases, built once for this test binary.
fn pdb4() -> &'static PatternDatabase {
    static PDB: OnceLock<PatternDatabase> = OnceLock::new();
    PDB.get_or_init(|| PatternDatabase::build(&Goal::standard(4)).unwrap())
}

/// The textbook goal with the blank in the centre.
fn centre_goal() -> Goal {
    Goal::from_board(&"3  1 2 3  4 0 5  6 7 8".parse().unwrap())
}

#[test]
fn exhaustive_3x3_databases_are_admissible() {
    let oracle = Oracle::new(3).unwrap();
    let pdb = PatternDatabase::build(&Goal::standard(3)).unwrap();
    assert!(pdb.is_reflected());
    let bad = (0..oracle.states())
        .into_par_iter()
        .filter(|&rank| {
            let Some(d) = oracle.distance_of_rank(rank) else {
                return false;
            };
            let board = oracle.board_of_rank(rank).unwrap();
            let h = pdb.lookup(&board).unwrap();
            // Admissible and at least Manhattan. (Not consistent: a
            // placement's value is its least over the blank's regions, so
            // one slide can lower it by more than one.)
            h > u64::from(d) || h < board.manhattan()
        })
        .count();
    assert_eq!(bad, 0, "boards where the databases overestimate");
}

#[test]
fn databases_for_a_custom_goal_are_admissible_on_every_reachable_board() {
    let goal = centre_goal();
    let pdb = PatternDatabase::build(&goal).unwrap();
    let distances = common::naive_bfs_from(goal.cells(), 3, 40);
    assert_eq!(distances.len(), 181_440);
    let worst = distances
        .par_iter()
        .map(|(tiles, &d)| {
            let board = Board::from_tiles(3, tiles).unwrap();
            let h = pdb.lookup(&board).unwrap();
            assert!(h <= d as u64, "{board:?}: h {h} > distance {d}");
            assert!(h >= goal.manhattan(&board));
            d as u64 - h
        })
        .max();
    assert!(worst.is_some());
}

#[test]
fn databases_4x4_are_admissible_on_walks_solved_by_the_reference() {
    let pdb = pdb4();
    assert_eq!(
        pdb.patterns()
            .iter()
            .map(|p| p.tiles.len())
            .collect::<Vec<_>>(),
        [6, 6, 3]
    );
    let mut rng = common::Rng::new(404);
    let boards: Vec<Board> = (0..120)
        .map(|_| Board::from_tiles(4, &common::random_walk(4, 34, &mut rng)).unwrap())
        .collect();
    boards.par_iter().for_each(|board| {
        let d = Solver::new(board).unwrap().moves() as u64;
        let h = pdb.lookup(board).unwrap();
        assert!(h <= d, "{board:?}: h {h} > {d}");
        assert!(h >= board.manhattan(), "{board:?}: below Manhattan");
    });
}

fn config<'a>(
    heuristic: Heuristic,
    goal: &'a Goal,
    pdb: Option<&'a PatternDatabase>,
) -> SearchConfig<'a> {
    SearchConfig {
        heuristic,
        goal: Some(goal),
        pdb,
        ..SearchConfig::default()
    }
}

#[test]
fn idastar_with_every_heuristic_equals_the_oracle_on_random_3x3_boards() {
    let oracle = Oracle::new(3).unwrap();
    let goal = Goal::standard(3);
    let pdb = PatternDatabase::build(&goal).unwrap();
    let mut rng = common::Rng::new(77);
    let ranks: Vec<usize> = (0..300).map(|_| rng.below(oracle.states())).collect();
    ranks.par_iter().for_each(|&rank| {
        let board = oracle.board_of_rank(rank).unwrap();
        for heuristic in [
            Heuristic::Hamming,
            Heuristic::Manhattan,
            Heuristic::LinearConflict,
            Heuristic::PatternDatabase,
        ] {
            match (
                search(&board, &config(heuristic, &goal, Some(&pdb))),
                oracle.distance(&board),
            ) {
                (Ok(solution), Some(d)) => {
                    assert_eq!(solution.moves.len() as u32, d, "{board:?} {heuristic:?}");
                    assert_eq!(common::naive_replay(&board, &solution.moves), goal.cells());
                }
                (Err(SearchError::Unsolvable), None) => {}
                (other, d) => panic!("{board:?} {heuristic:?}: {other:?} vs oracle {d:?}"),
            }
        }
    });
}

#[test]
fn idastar_with_databases_equals_the_reference_astar_on_4x4_walks() {
    let pdb = pdb4();
    let goal = Goal::standard(4);
    let mut rng = common::Rng::new(4040);
    let boards: Vec<Board> = (0..60)
        .map(|_| Board::from_tiles(4, &common::random_walk(4, 30, &mut rng)).unwrap())
        .collect();
    boards.par_iter().for_each(|board| {
        let reference = Solver::new(board).unwrap().moves();
        let solution =
            search(board, &config(Heuristic::PatternDatabase, &goal, Some(pdb))).unwrap();
        assert_eq!(solution.moves.len(), reference, "{board:?}");
        assert_eq!(common::naive_replay(board, &solution.moves), goal.cells());
    });
}

#[test]
fn idastar_with_databases_solves_the_hardest_course_files() {
    let pdb = pdb4();
    let goal = Goal::standard(4);
    for name in [
        "puzzle4x4-hard1.txt",
        "puzzle4x4-50.txt",
        "puzzle4x4-78.txt",
    ] {
        let board = common::course_board(name);
        let solution = search(
            &board,
            &config(Heuristic::PatternDatabase, &goal, Some(pdb)),
        )
        .unwrap();
        assert_eq!(
            Some(solution.moves.len()),
            common::moves_from_name(name),
            "{name}"
        );
        assert_eq!(common::naive_replay(&board, &solution.moves), goal.cells());
    }
}

#[test]
fn custom_goal_search_and_solvability_match_a_naive_search_from_the_goal() {
    let goal = centre_goal();
    let pdb = PatternDatabase::build(&goal).unwrap();
    assert!(pdb.is_reflected(), "the centre is on the diagonal");
    let distances = common::naive_bfs_from(goal.cells(), 3, 40);
    // Solvability relative to the goal is reachability from it, over all 9! arrangements.
    let oracle = Oracle::new(3).unwrap();
    let wrong = (0..oracle.states())
        .into_par_iter()
        .filter(|&rank| {
            let board = oracle.board_of_rank(rank).unwrap();
            let tiles: Vec<u32> = board.tiles().collect();
            goal.reaches(&board) != distances.contains_key(&tiles)
        })
        .count();
    assert_eq!(wrong, 0);
    let mut rng = common::Rng::new(9);
    let ranks: Vec<usize> = (0..200).map(|_| rng.below(oracle.states())).collect();
    ranks.par_iter().for_each(|&rank| {
        let board = oracle.board_of_rank(rank).unwrap();
        let tiles: Vec<u32> = board.tiles().collect();
        for heuristic in [
            Heuristic::Hamming,
            Heuristic::Manhattan,
            Heuristic::LinearConflict,
            Heuristic::PatternDatabase,
        ] {
            let result = search(&board, &config(heuristic, &goal, Some(&pdb)));
            match (result, distances.get(&tiles)) {
                (Ok(solution), Some(&d)) => {
                    assert_eq!(solution.moves.len(), d, "{board:?} {heuristic:?}");
                    assert_eq!(common::naive_replay(&board, &solution.moves), goal.cells());
                }
                (Err(SearchError::Unsolvable), None) => {}
                (other, d) => panic!("{board:?} {heuristic:?}: {other:?} vs naive {d:?}"),
            }
        }
    });
}

#[test]
fn databases_for_another_goal_or_size_are_refused() {
    let pdb = PatternDatabase::build(&Goal::standard(3)).unwrap();
    let board: Board = "3  1 2 3  4 0 5  6 7 8".parse().unwrap();
    let centre = centre_goal();
    let result = search(
        &board,
        &config(Heuristic::PatternDatabase, &centre, Some(&pdb)),
    );
    assert!(matches!(result, Err(SearchError::Config(_))), "{result:?}");
    let result = search(
        &board,
        &config(Heuristic::PatternDatabase, &Goal::standard(3), None),
    );
    assert!(matches!(result, Err(SearchError::Config(_))), "{result:?}");
    assert!(matches!(
        PatternDatabase::build(&Goal::standard(5)),
        Err(PdbError::UnsupportedSize(5))
    ));
    assert!(matches!(
        pdb.lookup(&Board::goal(4).unwrap()),
        Err(PdbError::SizeMismatch { .. })
    ));
}

#[test]
fn the_cache_rebuilds_missing_corrupt_truncated_and_foreign_files() {
    let dir = tempfile::tempdir().unwrap();
    let goal = Goal::standard(3);
    let (built, opened) = PatternDatabase::open(&goal, dir.path()).unwrap();
    assert_eq!(opened.provenance, Provenance::BuiltMissing);
    assert!(opened.save_error.is_none());
    let (_, again) = PatternDatabase::open(&goal, dir.path()).unwrap();
    assert_eq!(again.provenance, Provenance::Loaded);
    let path = opened.path.clone();
    let pristine = std::fs::read(&path).unwrap();
    assert_eq!(pristine.len(), built.size_bytes());

    // One flipped bit in a table.
    let mut flipped = pristine.clone();
    flipped[200] ^= 0x10;
    std::fs::write(&path, &flipped).unwrap();
    let (_, opened) = PatternDatabase::open(&goal, dir.path()).unwrap();
    match opened.provenance {
        Provenance::BuiltCorrupt(reason) => assert!(reason.contains("checksum"), "{reason}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(std::fs::read(&path).unwrap(), pristine, "rewritten intact");

    // Truncated, empty, garbage, and a database of another goal.
    let foreign = dir.path().join("foreign.pdb");
    PatternDatabase::build(&centre_goal())
        .unwrap()
        .save(&foreign)
        .unwrap();
    for (bytes, needle) in [
        (pristine[..pristine.len() - 100].to_vec(), "truncated"),
        (Vec::new(), "magic"),
        (b"definitely not a database".repeat(400), "magic"),
        (std::fs::read(&foreign).unwrap(), "another goal"),
    ] {
        std::fs::write(&path, &bytes).unwrap();
        match PatternDatabase::load(&goal, &path) {
            Err(PdbError::Corrupt { reason, .. }) => assert!(reason.contains(needle), "{reason}"),
            other => panic!("{needle}: {other:?}"),
        }
        let (_, opened) = PatternDatabase::open(&goal, dir.path()).unwrap();
        assert!(matches!(opened.provenance, Provenance::BuiltCorrupt(_)));
        assert_eq!(std::fs::read(&path).unwrap(), pristine);
    }
    // A folder where the file should be cannot be replaced: an error, not a panic.
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    let (_, opened) = PatternDatabase::open(&goal, dir.path()).unwrap();
    assert!(opened.save_error.is_some());
}

#[test]
fn a_move_limit_proves_that_no_shorter_path_exists() {
    use slider::search::SearchLimits;
    let pdb = pdb4();
    let goal = Goal::standard(4);
    let mut rng = common::Rng::new(7070);
    for _ in 0..20 {
        let board = Board::from_tiles(4, &common::random_walk(4, 40, &mut rng)).unwrap();
        let optimum = Solver::new(&board).unwrap().moves() as u64;
        let limited = |cost| SearchConfig {
            limits: SearchLimits {
                cost: Some(cost),
                ..SearchLimits::default()
            },
            ..config(Heuristic::PatternDatabase, &goal, Some(pdb))
        };
        match search(&board, &limited(optimum.saturating_sub(1))) {
            Err(SearchError::NoneWithin { lower_bound, .. }) => assert!(lower_bound >= optimum),
            other => panic!("{board:?} (optimum {optimum}): {other:?}"),
        }
        let found = search(&board, &limited(optimum)).unwrap();
        assert_eq!(found.moves.len() as u64, optimum);
    }
}

#[test]
fn optima_towards_a_custom_goal_are_proved_against_a_naive_search() {
    use slider::check::{Provers, prove_optimum_with};
    let goal = centre_goal();
    let distances = common::naive_bfs_from(goal.cells(), 3, 40);
    let mut rng = common::Rng::new(515);
    for _ in 0..60 {
        let tiles = rng.permutation(9);
        let board = Board::from_tiles(3, &tiles).unwrap();
        let provers = Provers {
            goal: Some(&goal),
            ..Provers::default()
        };
        let optimum = prove_optimum_with(&board, None, u64::MAX, provers).unwrap();
        assert_eq!(
            optimum.moves,
            distances.get(&tiles).map(|&d| d as u64),
            "{board:?}"
        );
    }
}

/// The checksum is verified once: a marker beside the file records its
/// length, time and inode, and later loads read only the header. A write
/// changes the time, so damage is still caught; only a write that also
/// restores the time slips past a load, and `verify` catches that too.
#[test]
fn the_checksum_is_verified_once_and_on_demand() {
    use std::io::{Seek, SeekFrom, Write};
    let goal = Goal::standard(3);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("3x3.pdb");
    let marker = dir.path().join("3x3.pdb.verified");
    PatternDatabase::build(&goal).unwrap().save(&path).unwrap();
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    let age = |path: &std::path::Path| {
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(an_hour_ago)
            .unwrap();
    };
    // A fresh file is not stamped (a write in the same clock tick could hide).
    PatternDatabase::load(&goal, &path).unwrap();
    assert!(!marker.exists());
    age(&path);
    PatternDatabase::load(&goal, &path).unwrap();
    assert!(marker.exists(), "a settled, intact file is stamped");
    // Damage a table byte in place.
    let len = std::fs::metadata(&path).unwrap().len();
    let mut file = std::fs::File::options()
        .read(true)
        .write(true)
        .open(&path)
        .unwrap();
    file.seek(SeekFrom::Start(len / 2)).unwrap();
    file.write_all(&[0x5a]).unwrap();
    drop(file);
    // The write moved the time: the stamp no longer matches, and the load
    // checks the whole file.
    assert!(matches!(
        PatternDatabase::load(&goal, &path),
        Err(PdbError::Corrupt { .. })
    ));
    // A write that puts the time back (here: to what the marker recorded)
    // slips past a load, not past `verify`.
    age(&path);
    assert!(PatternDatabase::load(&goal, &path).is_ok());
    assert!(matches!(
        PatternDatabase::verify(&goal, &path),
        Err(PdbError::Corrupt { .. })
    ));
}

/// The ranked four-bit layout of the 7-8 and 6-6-6-6 kinds (too large to
/// build in a test) on partitions small enough to check everywhere: on
/// 3x3, the same values as the directly indexed tables on every reachable
/// board, admissible against the exhaustive table; IDA* through the
/// incremental ranked engine (duplicate pruning included) finds the
/// oracle's length.
#[test]
fn ranked_layout_equals_the_direct_one_on_every_3x3_board() {
    use slider::search::pdb::Pattern;
    let oracle = Oracle::new(3).unwrap();
    let goal = Goal::standard(3);
    let regions: [&[usize]; 2] = [&[0, 1, 2, 3], &[4, 5, 6, 7, 8]];
    let direct =
        PatternDatabase::build_with(&goal, Pattern::from_regions(&goal, &regions)).unwrap();
    let ranked =
        PatternDatabase::build_ranked_with(&goal, Pattern::from_regions(&goal, &regions)).unwrap();
    assert!(ranked.is_reflected());
    let mismatches = (0..oracle.states())
        .into_par_iter()
        .filter(|&rank| {
            let Some(d) = oracle.distance_of_rank(rank) else {
                return false;
            };
            let board = oracle.board_of_rank(rank).unwrap();
            let h = ranked.lookup(&board).unwrap();
            h != direct.lookup(&board).unwrap() || h > u64::from(d)
        })
        .count();
    assert_eq!(mismatches, 0);
    let mut rng = common::Rng::new(78);
    let ranks: Vec<usize> = (0..300).map(|_| rng.below(oracle.states())).collect();
    ranks.par_iter().for_each(|&rank| {
        let board = oracle.board_of_rank(rank).unwrap();
        let solution = search(
            &board,
            &config(Heuristic::PatternDatabase, &goal, Some(&ranked)),
        );
        match (oracle.distance_of_rank(rank), solution) {
            (Some(d), Ok(solution)) => {
                assert_eq!(solution.moves.len(), d as usize, "{board:?}");
                assert_eq!(common::naive_replay(&board, &solution.moves), goal.cells());
            }
            (None, Err(SearchError::Unsolvable)) => {}
            (d, other) => panic!("{board:?}: oracle {d:?}, IDA* {other:?}"),
        }
    });
}

/// On 4x4 (4-4-4-3 regions) and 5x5 (a corner block of three tiles per
/// pattern, four patterns, the other tiles counted by Manhattan), ranked
/// and direct tables agree on random walks, and IDA* with the ranked ones,
/// on 1 and 2 threads, finds the reference A*'s length (4x4) or that of
/// IDA* with linear conflict (5x5).
#[test]
fn ranked_layout_equals_the_direct_one_on_4x4_and_5x5_walks() {
    use slider::search::pdb::Pattern;
    let cases: [(usize, &[&[usize]]); 2] = [
        (
            4,
            &[&[0, 1, 2, 3], &[4, 5, 6, 7], &[8, 9, 10, 11], &[12, 13, 14]],
        ),
        (5, &[&[0, 1, 5], &[3, 4, 9], &[15, 20, 21], &[18, 19, 23]]),
    ];
    for (n, regions) in cases {
        let goal = Goal::standard(n);
        let direct = PatternDatabase::build_with(&goal, Pattern::from_regions(&goal, regions));
        if n == 5 {
            // The direct layout is for 3x3 and 4x4 only.
            assert!(matches!(direct, Err(PdbError::UnsupportedSize(5))));
        }
        let ranked =
            PatternDatabase::build_ranked_with(&goal, Pattern::from_regions(&goal, regions))
                .unwrap();
        let mut rng = common::Rng::new(4100 + n as u64);
        let boards: Vec<Board> = (0..40)
            .map(|_| Board::from_tiles(n, &common::random_walk(n, 26, &mut rng)).unwrap())
            .collect();
        boards.par_iter().for_each(|board| {
            let h = ranked.lookup(board).unwrap();
            if let Ok(direct) = &direct {
                assert_eq!(h, direct.lookup(board).unwrap(), "{board:?}");
            }
            assert!(h >= board.manhattan(), "{board:?}");
            {
                // The course's A* on 4x4; on 5x5 (where it can take minutes)
                // IDA* with linear conflict, another engine.
                let reference = if n == 4 {
                    Solver::new(board).unwrap().moves()
                } else {
                    search(board, &config(Heuristic::LinearConflict, &goal, None))
                        .unwrap()
                        .moves
                        .len()
                };
                for threads in [1, 2] {
                    let mut cfg = config(Heuristic::PatternDatabase, &goal, Some(&ranked));
                    cfg.threads = threads;
                    let solution = search(board, &cfg).unwrap();
                    assert_eq!(solution.moves.len(), reference, "{board:?}");
                    assert_eq!(common::naive_replay(board, &solution.moves), goal.cells());
                }
            }
        });
    }
}
