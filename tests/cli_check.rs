//! `slider-check` as a user runs it: exit codes, streams, stdin.

mod common;

use assert_cmd::Command;
use predicates::prelude::*;

fn check() -> Command {
    Command::cargo_bin("slider-check").unwrap()
}

const CASES: &str = "fixtures/check";

#[test]
fn exit_0_on_accepted() {
    check()
        .args([
            &format!("{CASES}/a01-course-output/puzzle.txt"),
            &format!("{CASES}/a01-course-output/answer.txt"),
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("ok: "))
        .stderr("");
}

#[test]
fn exit_1_on_rejected() {
    check()
        .args([
            &format!("{CASES}/r20-not-optimal/puzzle.txt"),
            &format!("{CASES}/r20-not-optimal/answer.txt"),
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error[E0230]: legal but not optimal: 12 moves, the optimum is 4",
        ));
}

#[test]
fn exit_2_on_usage_and_puzzle_errors() {
    check()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Usage"));
    check()
        .args([
            "fixtures/parse/bad/duplicate-tile.txt",
            &format!("{CASES}/a01-course-output/answer.txt"),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("error[E0107]"));
    check()
        .args(["fixtures/no-such-puzzle.txt", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read fixtures/no-such-puzzle.txt",
        ));
    check()
        .args([
            &format!("{CASES}/a01-course-output/puzzle.txt"),
            "fixtures/no-such-answer.txt",
        ])
        .assert()
        .code(2);
    check()
        .args(["-", "-"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot both be standard input"));
    check().args(["--format", "xml", "a", "b"]).assert().code(2);
}

#[test]
fn exit_3_on_unproven() {
    check()
        .args([
            "--budget",
            "10",
            "--no-pdb",
            &format!("{CASES}/u01-budget-too-small/puzzle.txt"),
            &format!("{CASES}/u01-budget-too-small/answer.txt"),
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("unproven: "));
}

#[test]
fn pattern_databases_prove_what_linear_conflict_cannot_within_the_budget() {
    let cache = tempfile::tempdir().unwrap();
    check()
        .env("SLIDER_PDB_DIR", cache.path())
        .args([
            "--budget",
            "10",
            &format!("{CASES}/u01-budget-too-small/puzzle.txt"),
            &format!("{CASES}/u01-budget-too-small/answer.txt"),
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("pattern-database lower bound"))
        .stderr(predicate::str::contains(
            "note: built the 6-6-3 pattern databases",
        ));
    // The second run maps the cached file and says nothing.
    check()
        .env("SLIDER_PDB_DIR", cache.path())
        .args([
            &format!("{CASES}/u01-budget-too-small/puzzle.txt"),
            &format!("{CASES}/u01-budget-too-small/answer.txt"),
        ])
        .assert()
        .code(0)
        .stderr("");
    // When the 6-6-3 databases run out of budget on a 4x4 proof, the
    // stronger 7-8 ones are named (and not built).
    check()
        .env("SLIDER_PDB_DIR", cache.path())
        .args([
            "--budget",
            "1000",
            "fixtures/course/puzzle4x4-78.txt",
            "fixtures/solve/puzzle4x4-78-moves.txt",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("78 moves, legal"))
        .stderr(predicate::str::contains(
            "note: the 6-6-3 pattern databases could not prove the optimum within the budget; `slider pdb build 7-8`",
        ));
    let built: Vec<_> = std::fs::read_dir(cache.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(built.iter().all(|f| !f.contains("7-8")), "{built:?}");
}

#[test]
fn answer_from_standard_input() {
    check()
        .args(["fixtures/puzzles/3x3-spec-sample-04.txt", "-"])
        .write_stdin("RDRD")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("4 moves, legal and optimal"));
    let answer = std::fs::read_to_string("fixtures/solve/puzzle04-expected.txt").unwrap();
    check()
        .args(["--strict", "fixtures/puzzles/3x3-spec-sample-04.txt", "-"])
        .write_stdin(answer)
        .assert()
        .code(0);
}

#[test]
fn puzzle_from_standard_input() {
    check()
        .args(["-", &format!("{CASES}/a08-moves-blank/answer.txt")])
        .write_stdin("0 1 3 4 2 5 7 8 6")
        .assert()
        .code(0);
}

#[test]
fn github_annotations() {
    check()
        .args([
            "--format",
            "github",
            &format!("{CASES}/r12-two-tiles-moved/puzzle.txt"),
            &format!("{CASES}/r12-two-tiles-moved/answer.txt"),
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(format!(
            "::error file={CASES}/r12-two-tiles-moved/answer.txt,line=13,col=5,title=E0212::"
        )));
}

#[test]
fn colour_follows_the_flag() {
    let args = [
        format!("{CASES}/r20-not-optimal/puzzle.txt"),
        format!("{CASES}/r20-not-optimal/answer.txt"),
    ];
    check()
        .args(["--color", "always"])
        .args(&args)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\u{1b}["));
    check()
        .args(["--color", "never"])
        .args(&args)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\u{1b}[").not());
    check()
        .args(&args)
        .env("NO_COLOR", "1")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\u{1b}[").not());
}

#[test]
fn a_huge_answer_streams() {
    // 200,000 boards (about 6 MB) of one illegal repetition: bounded memory,
    // findings capped, and it finishes.
    let mut answer = String::from("Minimum number of moves = 199999\n");
    for _ in 0..200_000 {
        answer.push_str("3\n 0  1  3 \n 4  2  5 \n 7  8  6 \n\n");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("answer.txt");
    std::fs::write(&path, answer).unwrap();
    check()
        .args([
            "--max-findings",
            "3",
            "fixtures/puzzles/3x3-spec-sample-04.txt",
        ])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("more findings not shown")
                .and(predicate::str::contains("rejected: ")),
        );
}

#[test]
fn a_line_over_1_mib_is_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("answer.txt");
    std::fs::write(&path, "R".repeat((1 << 20) + 10)).unwrap();
    check()
        .args([
            "--format",
            "json",
            "fixtures/puzzles/3x3-spec-sample-04.txt",
        ])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\"code\": \"E0206\""));
}

#[test]
fn a_directory_as_the_answer_is_a_usage_error() {
    // Refused when opened: exit 2, as for any answer that cannot be read.
    check()
        .args([
            "--format",
            "json",
            "fixtures/puzzles/3x3-spec-sample-04.txt",
            "fixtures",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: cannot read fixtures: is a directory, not a file\n");
}

#[test]
fn a_goal_of_the_wrong_size_or_unreadable_exits_2() {
    check()
        .args(["--goal", "fixtures/goals/4x4-korf-goal.txt"])
        .args(["fixtures/goals/3x3-textbook-start-05.txt", "-"])
        .write_stdin("RDRD")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the goal is 4x4, the puzzle 3x3"));
    check()
        .args(["--goal", "fixtures/parse/bad/duplicate-tile.txt"])
        .args(["fixtures/goals/3x3-textbook-start-05.txt", "-"])
        .write_stdin("RDRD")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("duplicate-tile.txt"));
    check()
        .args(["--goal", "no/such/goal.txt"])
        .args(["fixtures/goals/3x3-textbook-start-05.txt", "-"])
        .write_stdin("RDRD")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read no/such/goal.txt"));
}

#[test]
fn a_given_optimum_that_the_answer_or_the_table_refutes_exits_2() {
    let case = "fixtures/check/a01-course-output";
    // A legal 4-move answer refutes "the optimum is 6".
    check()
        .args(["--color", "never", "--optimum", "6"])
        .arg(format!("{case}/puzzle.txt"))
        .arg(format!("{case}/answer.txt"))
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "E0232]: the given optimum 6 is wrong: this legal path reaches the goal in 4 moves",
        ));
    // An answer of 5 moves (the puzzle's optimum is 4) with `--optimum 5`:
    // the exhaustive table refutes the flag, so the answer is not blamed.
    check()
        .args([
            "--color",
            "never",
            "--optimum",
            "5",
            "--answer-format",
            "count",
        ])
        .arg(format!("{case}/puzzle.txt"))
        .arg("-")
        .write_stdin("5")
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "the given optimum 5 is wrong: the exhaustive table says 4",
        ));
}

/// `--batch`: a line per pair as written in the manifest, the counts, and
/// exit 2 when a pair could not be read (its answer is missing).
#[test]
fn batch_checks_every_pair_of_a_manifest() {
    let output = check()
        .args(["--batch", "fixtures/check-batch/pairs.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true, omit_expression => true}, {
        insta::assert_snapshot!("batch_pairs", stdout);
    });
    // Without the unreadable pair: exit 1 for the rejected ones.
    let dir = tempfile::tempdir().unwrap();
    let manifest = std::fs::read_to_string("fixtures/check-batch/pairs.txt").unwrap();
    let cases = std::fs::canonicalize(CASES).unwrap();
    let kept: String = manifest
        .lines()
        .filter(|l| !l.contains("missing-answer") && !l.starts_with('#'))
        .map(|l| l.replace("../check", &cases.display().to_string()) + "\n")
        .collect();
    std::fs::write(dir.path().join("pairs.txt"), &kept).unwrap();
    check()
        .arg("--batch")
        .arg(dir.path().join("pairs.txt"))
        .assert()
        .code(1)
        .stdout(predicate::str::ends_with(
            "6 pairs: 4 accepted, 2 rejected, 0 unproven, 0 not checked\n",
        ));
    // Only accepted pairs: exit 0.
    let accepted: String = kept
        .lines()
        .filter(|l| !l.contains("/r2"))
        .flat_map(|l| [l, "\n"])
        .collect();
    std::fs::write(dir.path().join("good.txt"), accepted).unwrap();
    check()
        .arg("--batch")
        .arg(dir.path().join("good.txt"))
        .assert()
        .code(0);
}

/// `--batch --junit --json`: the files hold a case per pair, with the
/// failures, errors and verdicts of the run.
#[test]
fn batch_writes_junit_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let (junit, json) = (dir.path().join("check.xml"), dir.path().join("check.json"));
    check()
        .args(["--batch", "fixtures/check-batch/pairs.txt", "--junit"])
        .arg(&junit)
        .arg("--json")
        .arg(&json)
        .assert()
        .code(2);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains(r#"<testsuite name="fixtures/check-batch/pairs.txt" tests="7" skipped="0" errors="1" failures="2">"#),
        "{xml}"
    );
    assert!(xml.contains(r#"type="E0230""#), "{xml}");
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let verdicts: Vec<&str> = value["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts,
        [
            "accepted", "accepted", "accepted", "rejected", "rejected", "accepted", "error"
        ]
    );
    assert_eq!(value["pairs"][3]["findings"][0]["code"], "E0230");
    assert_eq!(
        (value["accepted"].as_u64(), value["errors"].as_u64()),
        (Some(4), Some(1))
    );
}

/// A bad manifest line is a usage error with its line number.
#[test]
fn batch_manifest_errors_name_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = dir.path().join("pairs.txt");
    std::fs::write(&manifest, "# pairs\np.txt\n").unwrap();
    check()
        .arg("--batch")
        .arg(&manifest)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "{}:2: expected `puzzle answer [optimum]`",
            manifest.display()
        )));
}

/// Every code the sources can print is documented in docs/FINDINGS.md.
#[test]
fn every_finding_code_is_documented() {
    let docs = std::fs::read_to_string("docs/FINDINGS.md").unwrap();
    let mut codes = Vec::new();
    for source in ["src/check/finding.rs", "src/format/error.rs"] {
        let text = std::fs::read_to_string(source).unwrap();
        for (at, _) in text.match_indices("\"E0") {
            codes.push(text[at + 1..at + 6].to_string());
        }
    }
    assert!(codes.len() >= 30, "{codes:?}");
    let missing: Vec<&String> = codes
        .iter()
        .filter(|code| !docs.contains(&format!("| {code} |")))
        .collect();
    assert!(missing.is_empty(), "not in docs/FINDINGS.md: {missing:?}");
}
