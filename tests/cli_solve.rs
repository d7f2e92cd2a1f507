//! `slider solve` as a user runs it: output bytes, streams and exit codes.

mod common;

use assert_cmd::Command;
use predicates::prelude::*;

fn slider() -> Command {
    Command::cargo_bin("slider").unwrap()
}

#[test]
fn prints_the_course_client_output_byte_for_byte() {
    // The spec's sample transcript for puzzle04, written out by hand (with
    // no blank line after the header, as the real client prints).
    let expected = std::fs::read_to_string("fixtures/solve/puzzle04-expected.txt").unwrap();
    slider()
        .args(["solve", "fixtures/puzzles/3x3-spec-sample-04.txt"])
        .assert()
        .code(0)
        .stdout(expected.clone())
        .stderr("");
    let course = common::course_dir().join("puzzle04.txt");
    slider()
        .arg("solve")
        .arg(course)
        .assert()
        .code(0)
        .stdout(expected);
}

#[test]
fn reads_standard_input_for_a_dash() {
    let expected = std::fs::read_to_string("fixtures/solve/puzzle04-expected.txt").unwrap();
    slider()
        .args(["solve", "-"])
        .write_stdin("3 0 1 3 4 2 5 7 8 6")
        .assert()
        .code(0)
        .stdout(expected);
}

#[test]
fn unsolvable_puzzles_print_the_chosen_api_message() {
    let file = common::course_dir().join("puzzle3x3-unsolvable.txt");
    slider()
        .arg("solve")
        .arg(&file)
        .assert()
        .code(0)
        .stdout("Unsolvable puzzle\n");
    slider()
        .args(["solve", "--api", "princeton"])
        .arg(&file)
        .assert()
        .code(0)
        .stdout("Unsolvable puzzle\n");
    slider()
        .args(["solve", "--api", "coursera"])
        .arg(&file)
        .assert()
        .code(0)
        .stdout("No solution possible\n");
}

#[test]
fn malformed_puzzles_exit_2_with_a_located_diagnostic() {
    slider()
        .args(["solve", "fixtures/parse/bad/duplicate-tile.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("error[E0107]: tile 8 appears twice").and(
                predicate::str::contains("--> fixtures/parse/bad/duplicate-tile.txt:4:5"),
            ),
        );
    slider()
        .args(["solve", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--> <stdin>:1:1"));
}

/// Four numbers are a square count: `solve` reads them as `slider-check`
/// does, a one-line 2x2 board, whose first tile is out of range (and
/// nothing the size of 32768² is allocated).
#[test]
fn a_huge_declared_size_fails_fast() {
    slider()
        .args(["solve", "fixtures/parse/bad/size-32768-three-numbers.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error[E0105]: tile 32768 is out of range 0..=3",
        ));
}

#[test]
fn a_missing_file_exits_2() {
    slider()
        .args(["solve", "fixtures/no-such-file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "error: cannot read fixtures/no-such-file.txt: No such file",
        ));
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    slider()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Usage"));
    slider().args(["solve"]).assert().code(2);
    slider()
        .args(["solve", "--api", "java", "x.txt"])
        .assert()
        .code(2);
    slider().args(["frobnicate"]).assert().code(2);
    slider()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("solve"));
    slider()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("slider "));
}

#[test]
fn the_node_limit_exits_1() {
    let file = common::course_dir().join("puzzle36.txt");
    slider()
        .args(["solve", "--max-nodes", "1000"])
        .arg(file)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("limit of 1001 enqueued nodes"));
}

#[test]
fn stats_go_to_stderr() {
    slider()
        .args([
            "solve",
            "--stats",
            "fixtures/puzzles/3x3-spec-sample-04.txt",
        ])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("4 moves; enqueued 10, dequeued 5"));
}

#[test]
fn colour_follows_the_flag() {
    let bad = "fixtures/parse/bad/tile-out-of-range.txt";
    slider()
        .args(["--color", "always", "solve", bad])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\u{1b}["));
    slider()
        .args(["--color", "never", "solve", bad])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\u{1b}[").not());
    slider()
        .args(["solve", bad])
        .env("NO_COLOR", "1")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\u{1b}[").not());
}

/// `slider` with its pattern-database cache in a fresh folder.
fn slider_with_cache(dir: &std::path::Path) -> Command {
    let mut command = slider();
    command.env("SLIDER_PDB_DIR", dir);
    command
}

#[test]
fn every_algorithm_and_heuristic_prints_an_optimal_course_answer() {
    let cache = tempfile::tempdir().unwrap();
    let reference = slider()
        .args(["solve", "fixtures/puzzles/puzzle3x3-24.txt"])
        .output()
        .unwrap();
    let header = String::from_utf8(reference.stdout)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert_eq!(header, "Minimum number of moves = 24");
    let runs: &[(&str, &str)] = &[
        ("bfs", "auto"),
        ("bibfs", "auto"),
        ("astar", "hamming"),
        ("astar", "manhattan"),
        ("astar", "linear-conflict"),
        ("astar", "pdb"),
        ("idastar", "hamming"),
        ("idastar", "manhattan"),
        ("idastar", "linear-conflict"),
        ("idastar", "pdb"),
    ];
    for &(algorithm, heuristic) in runs {
        let output = slider_with_cache(cache.path())
            .args(["solve", "--algorithm", algorithm, "--heuristic", heuristic])
            .arg("fixtures/puzzles/puzzle3x3-24.txt")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{algorithm} {heuristic}");
        // The answer is accepted by the checker: legal, optimal, course format.
        let answer = cache.path().join("answer.txt");
        std::fs::write(&answer, &output.stdout).unwrap();
        Command::cargo_bin("slider-check")
            .unwrap()
            .args(["--strict", "fixtures/puzzles/puzzle3x3-24.txt"])
            .arg(&answer)
            .assert()
            .code(0);
    }
}

#[test]
fn iddfs_and_stats_report_nodes_time_and_memory() {
    slider()
        .args([
            "solve",
            "--algorithm",
            "iddfs",
            "--stats",
            "--output",
            "moves",
        ])
        .arg("fixtures/puzzles/puzzle3x3-12.txt")
        .assert()
        .code(0)
        .stdout(predicate::function(|out: &str| out.trim().len() == 12))
        .stderr(
            predicate::str::contains("12 moves; iddfs: expanded ")
                .and(predicate::str::contains("generated"))
                .and(predicate::str::contains("peak memory")),
        );
}

#[test]
fn a_custom_goal_is_solved_towards_and_decides_solvability() {
    let cache = tempfile::tempdir().unwrap();
    for algorithm in ["bfs", "bibfs", "astar", "idastar", "iddfs"] {
        let output = slider_with_cache(cache.path())
            .args(["solve", "--algorithm", algorithm])
            .args(["--goal", "fixtures/goals/3x3-textbook-goal.txt"])
            .arg("fixtures/goals/3x3-textbook-start-05.txt")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{algorithm}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            text.starts_with("Minimum number of moves = 5\n"),
            "{algorithm}: {text}"
        );
        assert!(
            text.ends_with(" 1  2  3 \n 8  0  4 \n 7  6  5 \n\n"),
            "{algorithm}: {text}"
        );
        slider_with_cache(cache.path())
            .args(["solve", "--algorithm", algorithm])
            .args(["--goal", "fixtures/goals/3x3-textbook-goal.txt"])
            .arg("fixtures/goals/3x3-textbook-unsolvable.txt")
            .assert()
            .code(0)
            .stdout("Unsolvable puzzle\n");
    }
    // The reference A* knows only the course goal.
    slider()
        .args(["solve", "--goal", "fixtures/goals/3x3-textbook-goal.txt"])
        .arg("fixtures/goals/3x3-textbook-start-05.txt")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("course's goal only"));
    // A goal of another size, and a malformed goal, are errors with exit 2.
    slider()
        .args([
            "solve",
            "--algorithm",
            "idastar",
            "--goal",
            "fixtures/puzzles/puzzle4x4-16.txt",
        ])
        .arg("fixtures/goals/3x3-textbook-start-05.txt")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the goal is 4x4, the puzzle 3x3"));
    slider()
        .args([
            "solve",
            "--algorithm",
            "idastar",
            "--goal",
            "fixtures/parse/bad/duplicate-tile.txt",
        ])
        .arg("fixtures/goals/3x3-textbook-start-05.txt")
        .assert()
        .code(2);
}

#[test]
fn limits_and_unsupported_databases_are_reported() {
    slider()
        .args([
            "solve",
            "--algorithm",
            "idastar",
            "--heuristic",
            "manhattan",
            "--max-nodes",
            "1000",
        ])
        .arg(common::course_dir().join("puzzle4x4-hard1.txt"))
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            predicate::str::contains("budget ran out").and(predicate::str::contains("at least")),
        );
    slider()
        .args(["solve", "--algorithm", "bfs", "--time-limit", "0.000001"])
        .arg(common::course_dir().join("puzzle4x4-hard1.txt"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("time limit ran out"));
    // 5x5 databases are used when cached, never built by `solve`.
    let empty = tempfile::tempdir().unwrap();
    slider()
        .args(["solve", "--algorithm", "idastar", "--heuristic", "pdb"])
        .arg("--pdb-dir")
        .arg(empty.path())
        .arg("fixtures/puzzles/puzzle5x5-20.txt")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the 5x5 pattern databases (6-6-6-6) are not built; `slider pdb build 6-6-6-6` builds them",
        ));
    assert_eq!(std::fs::read_dir(empty.path()).unwrap().count(), 0);
}

#[test]
fn bad_time_limits_are_usage_errors_not_panics() {
    for value in ["-1", "0", "nan", "inf", "1e300", "abc"] {
        slider()
            .args(["solve", "--algorithm", "idastar"])
            .arg(format!("--time-limit={value}"))
            .arg("fixtures/puzzles/puzzle3x3-12.txt")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--time-limit"));
        slider()
            .args(["grade", "--suite", "fixtures/grade/suite"])
            .arg(format!("--timeout={value}"))
            .args(["--", "cat", "{}"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--timeout"));
    }
}

#[test]
fn threads_print_the_same_answer() {
    let run = |threads: &str| {
        let output = slider()
            .args([
                "solve",
                "--algorithm",
                "idastar",
                "--heuristic",
                "linear-conflict",
            ])
            .args(["--threads", threads, "fixtures/course/puzzle4x4-30.txt"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        output.stdout
    };
    let one = run("1");
    assert!(one.starts_with(b"Minimum number of moves = 30\n"));
    assert_eq!(run("2"), one);
    assert_eq!(run("4"), one);
    slider()
        .args(["solve", "--threads", "0", "fixtures/course/puzzle04.txt"])
        .assert()
        .code(2);
}

/// IDA* has no node cap unless asked (its memory is constant): the time
/// limit stops it, and the message names the stronger databases and how to
/// build them.
#[test]
fn idastar_runs_until_its_time_limit_and_names_the_stronger_databases() {
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("slider"))
        .args([
            "solve",
            "--algorithm",
            "idastar",
            "--heuristic",
            "linear-conflict",
        ])
        .args(["--time-limit", "0.5"])
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/course/puzzle4x4-80.txt"
        ))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("the time limit ran out"), "{stderr}");
    assert!(stderr.contains("raise --time-limit;"), "{stderr}");
    assert!(stderr.contains("`slider pdb build 7-8`"), "{stderr}");
    assert!(!stderr.contains("node limit"), "{stderr}");
}

/// `--fast` is IDA* with the default databases: an optimal answer (its
/// length checked by slider-check's exhaustive table, an independent
/// oracle), and it refuses to be combined with another algorithm.
#[test]
fn fast_finds_an_optimal_answer_and_conflicts_with_algorithm() {
    let cache = tempfile::tempdir().unwrap();
    let course = common::course_dir().join("puzzle3x3-20.txt");
    let output = slider()
        .args(["solve", "--fast", "--output", "moves"])
        .arg(&course)
        .env("SLIDER_PDB_DIR", cache.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let moves = String::from_utf8(output.stdout).unwrap();
    assert_eq!(moves.trim().len(), 20);
    Command::cargo_bin("slider-check")
        .unwrap()
        .arg(&course)
        .arg("-")
        .write_stdin(moves)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("20 moves, legal and optimal"));
    slider()
        .args(["solve", "--fast", "--algorithm", "bfs"])
        .arg(&course)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}
