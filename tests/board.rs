//! The course autograder's Board tests (COURSE.md §3.1) that apply to Rust.

mod common;

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use common::*;
use slider::{Board, BoardError};

const AUTOGRADER_FILES: [&str; 6] = [
    "puzzle04.txt",
    "puzzle00.txt",
    "puzzle07.txt",
    "puzzle17.txt",
    "puzzle27.txt",
    "puzzle2x2-unsolvable1.txt",
];
const RANDOM_SIZES: [usize; 7] = [2, 3, 4, 5, 9, 10, 127];

fn tiles(board: &Board) -> Vec<u32> {
    board.tiles().collect()
}

fn random_board(n: usize, rng: &mut Rng) -> Board {
    Board::from_tiles(n, &rng.permutation(n * n)).expect("a permutation is a board")
}

// Tests 1a/2a: hamming() and manhattan() on the autograder's files, against
// INDEX.md; and on every course file.
#[test]
fn hamming_and_manhattan_match_the_course_index() {
    let index = course_index();
    for name in AUTOGRADER_FILES {
        let board = course_board(name);
        let entry = &index[name];
        assert_eq!(board.hamming(), entry.hamming, "{name}");
        assert_eq!(board.manhattan(), entry.manhattan, "{name}");
    }
    for (name, entry) in &index {
        let board = course_board(name);
        assert_eq!(
            (board.size(), board.hamming(), board.manhattan()),
            (entry.n, entry.hamming, entry.manhattan),
            "{name}"
        );
    }
}

// Tests 1b/2b: on random boards, against naive computation.
#[test]
fn hamming_and_manhattan_on_random_boards() {
    let mut rng = Rng::new(1);
    for n in RANDOM_SIZES {
        for _ in 0..if n == 127 { 3 } else { 200 } {
            let t = rng.permutation(n * n);
            let board = Board::from_tiles(n, &t).unwrap();
            assert_eq!(board.hamming(), naive_hamming(&t));
            assert_eq!(board.manhattan(), naive_manhattan(&t, n));
        }
    }
}

#[test]
fn spec_example_board() {
    let board = Board::new(&[[8, 1, 3], [4, 0, 2], [7, 6, 5]]).unwrap();
    assert_eq!((board.hamming(), board.manhattan()), (5, 10));
}

// Test 3: dimension() (size) on random 2..6.
#[test]
fn size_and_dimension() {
    let mut rng = Rng::new(3);
    for n in 2..=6 {
        let board = random_board(n, &mut rng);
        assert_eq!((board.size(), board.dimension()), (n, n));
    }
}

// Test 4a: toString() on the autograder's files.
#[test]
fn display_on_course_files() {
    for name in [
        "puzzle04.txt",
        "puzzle00.txt",
        "puzzle06.txt",
        "puzzle09.txt",
        "puzzle23.txt",
        "puzzle2x2-unsolvable1.txt",
    ] {
        let board = course_board(name);
        assert_eq!(
            board.to_string(),
            naive_to_string(&tiles(&board), board.size()),
            "{name}"
        );
    }
    // A file already written in the course format is reproduced byte for byte.
    let text = std::fs::read_to_string(course_dir().join("puzzle3x3-17.txt")).unwrap();
    assert_eq!(course_board("puzzle3x3-17.txt").to_string(), text);
}

// Test 4b: toString() on random boards up to 127x127, and a round trip.
#[test]
fn display_on_random_boards_up_to_127() {
    let mut rng = Rng::new(4);
    for n in RANDOM_SIZES {
        let board = random_board(n, &mut rng);
        let text = board.to_string();
        assert_eq!(text, naive_to_string(&tiles(&board), n));
        assert_eq!(text.parse::<Board>().unwrap(), board);
    }
}

#[test]
fn display_widens_for_three_digit_tiles() {
    let goal = Board::goal(11).unwrap();
    let text = goal.to_string();
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("111 112 "), "{last:?}");
    assert!(last.ends_with("120  0 "), "{last:?}");
}

fn assert_neighbors_match(board: &Board) {
    let n = board.size();
    let mut ours: Vec<Vec<u32>> = board.neighbors().map(|b| tiles(&b)).collect();
    let mut naive = naive_neighbors(&tiles(board), n);
    ours.sort();
    naive.sort();
    assert_eq!(ours, naive, "{board:?}");
    assert!((2..=4).contains(&ours.len()));
    // Each neighbor's cached values are those of its own tiles.
    for neighbor in board.neighbors() {
        let t = tiles(&neighbor);
        assert_eq!(neighbor.hamming(), naive_hamming(&t));
        assert_eq!(neighbor.manhattan(), naive_manhattan(&t, n));
    }
}

// Tests 5a/5b: neighbors() on files and random boards.
#[test]
fn neighbors_on_files_and_random_boards() {
    for name in [
        "puzzle04.txt",
        "puzzle00.txt",
        "puzzle06.txt",
        "puzzle09.txt",
        "puzzle23.txt",
        "puzzle2x2-unsolvable1.txt",
    ] {
        assert_neighbors_match(&course_board(name));
    }
    let mut rng = Rng::new(5);
    for n in RANDOM_SIZES {
        for _ in 0..if n == 127 { 10 } else { 1000 } {
            assert_neighbors_match(&random_board(n, &mut rng));
        }
    }
}

// Tests 6a/6b: neighbors of neighbors, and the board is among them.
#[test]
fn neighbors_of_neighbors() {
    let mut boards: Vec<Board> = [
        "puzzle04.txt",
        "puzzle00.txt",
        "puzzle06.txt",
        "puzzle2x2-unsolvable1.txt",
    ]
    .iter()
    .map(|f| course_board(f))
    .collect();
    let mut rng = Rng::new(6);
    for n in 2..=10 {
        boards.push(random_board(n, &mut rng));
    }
    for board in &boards {
        for neighbor in board.neighbors() {
            assert_neighbors_match(&neighbor);
            assert!(
                neighbor.neighbors().any(|b| &b == board),
                "{board:?} not a neighbor of its neighbor"
            );
        }
    }
}

fn assert_is_twin(board: &Board, twin: &Board) {
    let (a, b) = (tiles(board), tiles(twin));
    let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    assert_eq!(diff.len(), 2, "{board:?} vs {twin:?}");
    let (i, j) = (diff[0], diff[1]);
    assert_eq!((a[i], a[j]), (b[j], b[i]), "not a swap");
    assert!(a[i] != 0 && a[j] != 0, "the blank moved");
    assert_eq!(i / board.size(), j / board.size(), "not in one row");
    assert_ne!(board.is_solvable(), twin.is_solvable());
}

// Tests 7a/7b: twin() is one swap of two non-blank tiles, deterministic.
#[test]
fn twin_on_files_and_random_boards() {
    for name in [
        "puzzle04.txt",
        "puzzle00.txt",
        "puzzle06.txt",
        "puzzle09.txt",
        "puzzle23.txt",
        "puzzle2x2-unsolvable1.txt",
    ] {
        let board = course_board(name);
        assert_is_twin(&board, &board.twin());
    }
    let mut rng = Rng::new(7);
    for n in 2..=10 {
        for _ in 0..200 {
            let board = random_board(n, &mut rng);
            let twin = board.twin();
            assert_is_twin(&board, &twin);
            assert_eq!(board.twin(), twin, "twin() is not deterministic");
        }
    }
}

// Tests 8a/8b: isGoal() on files and on goal boards 2..6 and 100x100.
#[test]
fn is_goal_on_files_and_goal_boards() {
    for name in [
        "puzzle00.txt",
        "puzzle04.txt",
        "puzzle16.txt",
        "puzzle06.txt",
        "puzzle09.txt",
        "puzzle23.txt",
        "puzzle2x2-unsolvable1.txt",
        "puzzle3x3-unsolvable1.txt",
        "puzzle3x3-00.txt",
        "puzzle4x4-00.txt",
    ] {
        let board = course_board(name);
        assert_eq!(
            board.is_goal(),
            tiles(&board) == naive_goal(board.size()),
            "{name}"
        );
    }
    assert!(
        course_board("puzzle00.txt").is_goal(),
        "the 10x10 puzzle00 is a goal"
    );
    for n in (2..=6).chain([100]) {
        let goal = Board::new(
            &naive_goal(n)
                .chunks(n)
                .map(<[u32]>::to_vec)
                .collect::<Vec<_>>(),
        )
        .unwrap();
        assert!(goal.is_goal());
        assert_eq!(goal, Board::goal(n).unwrap());
        assert!(!goal.twin().is_goal());
    }
}

// Test 9: two boards at the same time (no shared state).
#[test]
fn two_boards_at_the_same_time() {
    let pairs = [
        ("puzzle04.txt", "puzzle3x3-00.txt"),
        ("puzzle4x4-00.txt", "puzzle4x4-10.txt"),
        ("puzzle2x2-00.txt", "puzzle2x2-03.txt"),
        ("puzzle04.txt", "puzzle4x4-10.txt"),
        ("puzzle4x4-10.txt", "puzzle04.txt"),
    ];
    for (x, y) in pairs {
        let (a, b) = (course_board(x), course_board(y));
        let a_before = (a.to_string(), a.hamming(), a.manhattan());
        let _ = (b.neighbors().count(), b.twin(), b.hamming());
        assert_eq!(a_before, (a.to_string(), a.hamming(), a.manhattan()));
    }
}

fn hash_of(board: &Board) -> u64 {
    let mut h = DefaultHasher::new();
    board.hash(&mut h);
    h.finish()
}

// Tests 10a/10b/10c: the equality laws, and different sizes.
#[test]
// The laws are spelled out on purpose, even where clippy finds them redundant.
#[allow(clippy::nonminimal_bool, clippy::eq_op)]
fn equality_laws() {
    let mut rng = Rng::new(10);
    for n in 2..=9 {
        for _ in 0..50 {
            let t = rng.permutation(n * n);
            let a = Board::from_tiles(n, &t).unwrap();
            let b = Board::from_tiles(n, &t).unwrap();
            let c = b.clone();
            let other = random_board(n, &mut rng);
            assert_eq!(a, a, "reflexive");
            assert!(a == b && b == a, "symmetric");
            assert!(a == b && b == c && a == c, "transitive");
            assert_eq!(hash_of(&a), hash_of(&b), "equal boards hash alike");
            assert_eq!(a == other, t == tiles(&other));
        }
    }
    for (m, n) in [(4, 5), (2, 5), (5, 3), (2, 3), (3, 2)] {
        assert_ne!(Board::goal(m).unwrap(), Board::goal(n).unwrap());
    }
}

// Test 11: changing the caller's array after construction changes nothing.
#[test]
fn immutable_after_the_callers_array_changes() {
    let mut rows = vec![vec![8, 1, 3], vec![4, 0, 2], vec![7, 6, 5]];
    let board = Board::new(&rows).unwrap();
    let before = board.to_string();
    rows[0][0] = 1;
    rows[0][1] = 8;
    assert_eq!(board.to_string(), before);
    assert_eq!(board.tile_at(0, 0), Ok(8));
}

// Test 12: methods return the same values whatever the call order.
#[test]
fn same_answers_in_any_call_order() {
    let mut boards: Vec<Board> = ["puzzle10.txt", "puzzle20.txt", "puzzle30.txt"]
        .iter()
        .map(|f| course_board(f))
        .collect();
    let mut rng = Rng::new(12);
    for n in 2..=4 {
        boards.push(random_board(n, &mut rng));
    }
    for board in boards {
        let first = (
            board.twin(),
            board.hamming(),
            board.manhattan(),
            board.neighbors().collect::<Vec<_>>(),
            board.is_goal(),
            board.to_string(),
        );
        let _ = (
            board.to_string(),
            board.neighbors().count(),
            board.is_solvable(),
        );
        let second = (
            board.twin(),
            board.hamming(),
            board.manhattan(),
            board.neighbors().collect::<Vec<_>>(),
            board.is_goal(),
            board.to_string(),
        );
        assert_eq!(first, second);
    }
}

/// The k-th neighbor: the first neighbor, taken k times.
fn kth_neighbor(board: &Board, k: usize) -> Board {
    (0..k).fold(board.clone(), |b, _| b.neighbors().next().unwrap())
}

// Tests 13-17: size, hamming and manhattan on the k-th neighbor and twin.
#[test]
fn values_on_the_kth_neighbor_and_kth_twin() {
    let cases = [
        ("puzzle27.txt", 0),
        ("puzzle27.txt", 1),
        ("puzzle27.txt", 2),
        ("puzzle27.txt", 13),
        ("puzzle00.txt", 13),
        ("puzzle2x2-unsolvable1.txt", 13),
    ];
    for (name, k) in cases {
        let board = course_board(name);
        let n = board.size();
        let neighbor = kth_neighbor(&board, k);
        let t = tiles(&neighbor);
        assert_eq!(
            (neighbor.size(), neighbor.hamming(), neighbor.manhattan()),
            (n, naive_hamming(&t), naive_manhattan(&t, n)),
            "{name} neighbor {k}"
        );
        let twin = (0..k).fold(board.clone(), |b, _| b.twin());
        let t = tiles(&twin);
        assert_eq!(
            (twin.size(), twin.hamming(), twin.manhattan()),
            (n, naive_hamming(&t), naive_manhattan(&t, n)),
            "{name} twin {k}"
        );
    }
}

#[test]
fn tile_at_checks_bounds() {
    let board = course_board("puzzle04.txt");
    assert_eq!(board.tile_at(0, 0), Ok(0));
    assert_eq!(board.tile_at(2, 2), Ok(6));
    assert_eq!(
        board.tile_at(3, 0),
        Err(BoardError::IndexOutOfBounds {
            row: 3,
            col: 0,
            n: 3
        })
    );
    assert_eq!(
        board.tile_at(0, 3),
        Err(BoardError::IndexOutOfBounds {
            row: 0,
            col: 3,
            n: 3
        })
    );
}

#[test]
fn constructor_errors_name_the_place() {
    assert_eq!(Board::new(&[[0]]), Err(BoardError::SizeOutOfRange { n: 1 }));
    assert_eq!(
        Board::new::<Vec<u32>, u32>(&[]),
        Err(BoardError::SizeOutOfRange { n: 0 })
    );
    assert_eq!(
        Board::new(&[vec![1, 2], vec![3]]),
        Err(BoardError::NotSquare {
            row: 1,
            found: 1,
            expected: 2
        })
    );
    assert_eq!(
        Board::new(&[[1, 2], [3, -1]]),
        Err(BoardError::TileOutOfRange {
            row: 1,
            col: 1,
            tile: -1,
            max: 3
        })
    );
    assert_eq!(
        Board::new(&[[1, 2], [2, 0]]),
        Err(BoardError::DuplicateTile {
            tile: 2,
            first: (0, 1),
            second: (1, 0)
        })
    );
    assert_eq!(
        Board::from_tiles(2, &[1, 2, 0]),
        Err(BoardError::WrongTileCount {
            expected: 4,
            found: 3
        })
    );
    assert_eq!(
        Board::goal(32_769),
        Err(BoardError::SizeOutOfRange { n: 32_769 })
    );
}

#[test]
fn solvability_agrees_with_the_course_names() {
    for name in course_index().keys() {
        assert_eq!(
            course_board(name).is_solvable(),
            !name.contains("unsolvable"),
            "{name}"
        );
    }
}
