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

#[test]
fn a_huge_declared_size_fails_fast() {
    slider()
        .args(["solve", "fixtures/parse/bad/size-32768-three-numbers.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "expected 1073741824 tiles after the size 32768, found 3",
        ));
}

#[test]
fn a_missing_file_exits_2() {
    slider()
        .args(["solve", "fixtures/no-such-file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "error: cannot open fixtures/no-such-file.txt",
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
