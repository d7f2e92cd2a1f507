//! `slider solve` reads what `slider-check` reads: a one-line board, and
//! with `--lines` a file of boards, one answer per line. Each answer is
//! replayed on a naive grid and its length compared with a naive
//! breadth-first search's (tests/common).

mod common;

use assert_cmd::Command;
use common::{naive_bfs_from, naive_goal};

fn slider(cache: &std::path::Path) -> Command {
    let mut command = Command::cargo_bin("slider").unwrap();
    command.env("SLIDER_PDB_DIR", cache);
    command
}

/// A one-line board read naively: tiles, `x` for the blank, or one token
/// of digits; or a course file on one line (`n` then n² tiles).
fn naive_board(line: &str) -> (Vec<u32>, usize) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let tile = |w: &str| {
        if w.eq_ignore_ascii_case("x") {
            0
        } else {
            w.parse().unwrap()
        }
    };
    let tiles: Vec<u32> = if words.len() == 1 {
        words[0].chars().map(|c| tile(&c.to_string())).collect()
    } else {
        words.iter().map(|w| tile(w)).collect()
    };
    let n = tiles.len().isqrt();
    if n * n == tiles.len() {
        (tiles, n)
    } else {
        (tiles[1..].to_vec(), tiles[0] as usize)
    }
}

/// The board after the blank moves as `moves` say (`U`, `D`, `L`, `R`).
fn naive_replay(tiles: &[u32], n: usize, moves: &str) -> Vec<u32> {
    let mut tiles = tiles.to_vec();
    for letter in moves.chars() {
        let at = tiles.iter().position(|&t| t == 0).unwrap();
        let (row, col) = (at / n, at % n);
        let to = match letter {
            'U' => (row > 0).then(|| at - n),
            'D' => (row + 1 < n).then(|| at + n),
            'L' => (col > 0).then(|| at - 1),
            'R' => (col + 1 < n).then(|| at + 1),
            other => panic!("not a move: {other}"),
        }
        .unwrap_or_else(|| panic!("{letter} leaves the board"));
        tiles.swap(at, to);
    }
    tiles
}

/// Every board of the fixture: its answer on its own line, in order,
/// legal and as short as breadth-first search finds (or the unsolvable
/// message where no search from the goal reaches it), with the reference
/// A* and with IDA*.
#[test]
fn lines_solves_every_board_one_answer_per_line() {
    let cache = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("fixtures/solve/lines.txt").unwrap();
    let boards: Vec<(Vec<u32>, usize)> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(naive_board)
        .collect();
    for flags in [
        &[][..],
        &["--algorithm", "idastar", "--heuristic", "linear-conflict"][..],
    ] {
        let out = slider(cache.path())
            .args(["solve", "--lines", "fixtures/solve/lines.txt"])
            .args(flags)
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        let stdout = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = stdout.split_terminator('\n').collect();
        assert_eq!(answers.len(), boards.len(), "{flags:?}: {stdout}");
        for ((tiles, n), answer) in boards.iter().zip(&answers) {
            // the whole space of 2x2 and 3x3, a few moves of 4x4
            let depth = match n {
                2 => 6,
                3 => 31,
                _ => 8,
            };
            let distances = naive_bfs_from(&naive_goal(*n), *n, depth);
            if let Some(&optimum) = distances.get(tiles) {
                assert_eq!(naive_replay(tiles, *n, answer), naive_goal(*n), "{answer}");
                assert_eq!(answer.len(), optimum, "{tiles:?}: {answer}");
            } else {
                assert!(*n <= 3, "{tiles:?}: beyond the oracle's depth");
                assert_eq!(*answer, "Unsolvable puzzle", "{tiles:?}");
            }
        }
    }
    let out = slider(cache.path())
        .args(["solve", "--lines", "fixtures/solve/lines.txt"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true, omit_expression => true}, {
        insta::assert_snapshot!("lines", String::from_utf8(out).unwrap());
    });
}

/// A line that is not a board: exit 2 before any answer, with the
/// file's line and column.
#[test]
fn a_bad_line_is_named_by_file_line_and_column() {
    let cache = tempfile::tempdir().unwrap();
    slider(cache.path())
        .args(["solve", "--lines", "fixtures/solve/lines-bad.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "fixtures/solve/lines-bad.txt:3:17",
        ));
}

/// `--lines` prints move strings: the course client's output is refused.
#[test]
fn lines_refuses_the_course_output() {
    let cache = tempfile::tempdir().unwrap();
    slider(cache.path())
        .args([
            "solve",
            "--lines",
            "--output",
            "course",
            "fixtures/solve/lines.txt",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "--lines prints one answer per line",
        ));
}

/// A pasted 15-puzzle line is a 4x4 board, not a size-1 file: the course
/// client's output for it, two moves.
#[test]
fn a_one_line_15_puzzle_is_solved() {
    let cache = tempfile::tempdir().unwrap();
    let out = slider(cache.path())
        .args(["solve", "fixtures/solve/one-line-15.txt"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let stdout = String::from_utf8(out).unwrap();
    assert!(
        stdout.starts_with("Minimum number of moves = 2\n4\n"),
        "{stdout}"
    );
    let (tiles, n) =
        naive_board(&std::fs::read_to_string("fixtures/solve/one-line-15.txt").unwrap());
    assert_eq!(naive_replay(&tiles, n, "RR"), naive_goal(n));
}
