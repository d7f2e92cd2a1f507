//! `slider grade` with real programs: the reference solver, deliberately
//! broken solvers (`fixtures/solvers/`), the course's files, and reports.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;

const SUITE: &str = "fixtures/grade/suite";

/// The slider binary and the solver scripts, staged where the unprivileged
/// uids of a root grader can read them.
fn staged() -> &'static std::path::Path {
    static STAGE: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    STAGE
        .get_or_init(|| {
            let solvers: Vec<String> = std::fs::read_dir("fixtures/solvers")
                .unwrap()
                .map(|e| {
                    format!(
                        "fixtures/solvers/{}",
                        e.unwrap().file_name().to_string_lossy()
                    )
                })
                .collect();
            common::stage(&solvers.iter().map(String::as_str).collect::<Vec<_>>())
        })
        .path()
}

fn slider_bin() -> String {
    staged().join("slider").display().to_string()
}

fn solver(name: &str) -> String {
    staged().join(format!("{name}.sh")).display().to_string()
}

/// Grades `solver` over the small suite with a 1 s wall limit; returns the
/// exit code and each puzzle's outcome from the JSON report.
fn grade(solver_name: &str, extra: &[&str]) -> (i32, BTreeMap<String, String>, serde_json::Value) {
    grade_within(solver_name, "1", extra)
}

/// [`grade`] with a wall limit of `timeout` seconds.
fn grade_within(
    solver_name: &str,
    timeout: &str,
    extra: &[&str],
) -> (i32, BTreeMap<String, String>, serde_json::Value) {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("result.json");
    let output = Command::cargo_bin("slider")
        .unwrap()
        .env("SLIDER", slider_bin())
        .args([
            "grade",
            "--env",
            "SLIDER",
            "--suite",
            SUITE,
            "--timeout",
            timeout,
            "--memory",
            "256",
            "--max-output",
            "1",
            "--json",
        ])
        .arg(&json)
        .args(extra)
        .args(["--", "sh", &solver(solver_name), "{}"])
        .output()
        .unwrap();
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let outcomes = common::outcomes(&value);
    (output.status.code().unwrap(), outcomes, value)
}

fn all(outcome: &str) -> BTreeMap<String, String> {
    [
        "puzzle with spaces; $(touch pwned) 'q'.txt",
        "puzzle2x2-06.txt",
        "puzzle3x3-04.txt",
        "puzzle3x3-unsolvable.txt",
    ]
    .iter()
    .map(|n| ((*n).to_string(), outcome.to_string()))
    .collect()
}

fn with(mut map: BTreeMap<String, String>, name: &str, outcome: &str) -> BTreeMap<String, String> {
    map.insert(name.to_string(), outcome.to_string());
    map
}

#[test]
fn the_reference_solver_passes_everything() {
    let (code, outcomes, value) = grade("correct", &[]);
    assert_eq!((code, outcomes), (0, all("passed")));
    assert_eq!(
        (value["score"].as_f64(), value["max_score"].as_f64()),
        (Some(5.0), Some(5.0)),
        "weights from the manifest"
    );
    assert!(
        !Path::new("pwned").exists() && !Path::new(SUITE).join("pwned").exists(),
        "a file name was interpolated by a shell"
    );
}

/// `--format json` prints the JSON report on standard output, the same
/// as the `--json` file's, and no table.
#[test]
fn format_json_prints_the_report_the_file_holds() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("result.json");
    let output = Command::cargo_bin("slider")
        .unwrap()
        .env("SLIDER", slider_bin())
        .args([
            "grade",
            "--env",
            "SLIDER",
            "--suite",
            SUITE,
            "--timeout",
            "5",
        ])
        .args(["--format", "json", "--json"])
        .arg(&json)
        .args(["--", "sh", &solver("suboptimal"), "{}"])
        .output()
        .unwrap();
    let printed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    });
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let outcomes = common::outcomes(&printed);
    assert_eq!(outcomes, common::outcomes(&file));
    assert_eq!(outcomes.len(), all("passed").len());
    assert_eq!(output.status.code(), Some(1), "a suboptimal solver fails");
}

#[test]
fn a_suboptimal_path_is_not_optimal() {
    let (code, outcomes, _) = grade("suboptimal", &[]);
    assert_eq!(
        (code, outcomes),
        (
            1,
            with(all("not optimal"), "puzzle3x3-unsolvable.txt", "passed")
        )
    );
}

#[test]
fn an_illegal_move_is_a_wrong_answer() {
    let (code, outcomes, _) = grade("illegal", &[]);
    assert_eq!(
        (code, outcomes),
        (
            1,
            with(all("wrong answer"), "puzzle3x3-unsolvable.txt", "passed")
        )
    );
}

#[test]
fn a_hang_times_out_and_the_group_is_killed() {
    let started = Instant::now();
    let (code, outcomes, _) = grade("hangs", &["--jobs", "4"]);
    assert_eq!((code, outcomes), (1, all("timeout")));
    // Four 1-second limits at once: the harness ends within its bound, not
    // after the 600-second sleep of the solver's child.
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "the harness waited {:?}",
        started.elapsed()
    );
}

#[test]
fn a_flood_hits_the_output_limit() {
    let (code, outcomes, _) = grade("floods", &[]);
    assert_eq!((code, outcomes), (1, all("output limit")));
}

#[test]
fn a_crash_is_reported_with_stderr() {
    let (code, outcomes, value) = grade("crashes", &[]);
    assert_eq!((code, outcomes), (1, all("crashed")));
    assert!(
        value["tests"][0]["detail"]
            .as_str()
            .unwrap()
            .contains("NullPointerException")
    );
}

#[test]
fn the_wrong_unsolvable_message_fails_under_the_princeton_api() {
    let (code, outcomes, _) = grade("wrong-api", &["--api", "princeton"]);
    assert_eq!(
        (code, outcomes),
        (
            1,
            with(all("passed"), "puzzle3x3-unsolvable.txt", "wrong answer")
        )
    );
    let (code, outcomes, _) = grade("wrong-api", &[]);
    assert_eq!(
        (code, outcomes),
        (0, all("passed")),
        "the default accepts both messages"
    );
}

#[test]
fn garbage_is_a_wrong_answer() {
    let (code, outcomes, _) = grade("garbage", &[]);
    assert_eq!((code, outcomes), (1, all("wrong answer")));
}

#[test]
fn a_memory_hog_hits_the_memory_limit() {
    // A wall limit far away, so that only memory can end it, however busy
    // the machine.
    let (code, outcomes, _) = grade_within("memory-hog", "60", &[]);
    assert_eq!((code, outcomes), (1, all("memory limit")));
}

fn snap(name: &str, text: &str) {
    insta::with_settings!({snapshot_path => "../snapshots", filters => vec![
        (r#"time="[0-9.]+""#, r#"time="[time]""#),
        (r#"timestamp="[^"]+""#, r#"timestamp="[timestamp]""#),
        (r"[0-9.]+ s wall, [0-9.]+ s CPU, [0-9.]+ MB peak", "[usage]"),
    ]}, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn junit_and_gradescope_reports() {
    let dir = tempfile::tempdir().unwrap();
    let (junit, gradescope) = (
        dir.path().join("junit.xml"),
        dir.path().join("results.json"),
    );
    Command::cargo_bin("slider")
        .unwrap()
        .env("SLIDER", slider_bin())
        .args([
            "grade",
            "--env",
            "SLIDER",
            "--suite",
            SUITE,
            "--timeout",
            "2",
            "--api",
            "princeton",
            "--junit",
        ])
        .arg(&junit)
        .arg("--gradescope")
        .arg(&gradescope)
        .args(["--", "sh", &solver("wrong-api"), "{}"])
        .assert()
        .code(1);
    snap("grade_junit", &std::fs::read_to_string(&junit).unwrap());
    snap(
        "grade_gradescope",
        &std::fs::read_to_string(&gradescope).unwrap(),
    );
}

#[test]
fn github_annotations_name_the_failures() {
    Command::cargo_bin("slider")
        .unwrap()
        .env("SLIDER", slider_bin())
        .args([
            "grade",
            "--env",
            "SLIDER",
            "--suite",
            SUITE,
            "--format",
            "github",
            "--",
            "sh",
            &solver("crashes"),
            "{}",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "::error file=fixtures/grade/suite/puzzle2x2-06.txt,title=crashed::exit status 1",
        ));
}

#[test]
fn harness_errors_exit_2() {
    let slider = || Command::cargo_bin("slider").unwrap();
    slider()
        .args([
            "grade",
            "--env",
            "SLIDER",
            "--suite",
            "fixtures/no-such-suite",
            "--",
            "true",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read fixtures/no-such-suite",
        ));
    slider()
        .args([
            "grade",
            "--env",
            "SLIDER",
            "--suite",
            "fixtures/parse/bad",
            "--",
            "true",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("error:"));
    slider()
        .args(["grade", "--env", "SLIDER", "--suite", SUITE])
        .assert()
        .code(2);
    let empty = tempfile::tempdir().unwrap();
    slider()
        .args(["grade", "--env", "SLIDER", "--suite"])
        .arg(empty.path())
        .args(["--", "true"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no puzzle files"));
    let lying = tempfile::tempdir().unwrap();
    std::fs::write(
        lying.path().join("puzzle3x3-unsolvable.txt"),
        "3 1 2 3 4 5 6 7 8 0",
    )
    .unwrap();
    slider()
        .args(["grade", "--env", "SLIDER", "--suite"])
        .arg(lying.path())
        .args(["--", "true"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("marked unsolvable"));
}

#[test]
fn the_course_files_score_100_percent_with_the_reference_solver() {
    // The course's A* needs up to ~15 s and 2.3 GB on its hardest numbered
    // 4x4 files; the 78/80-move files are beyond it (they need the fast
    // search). The limits here give the reference room; the default
    // limits are the course's 5 s.
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("course.json");
    Command::cargo_bin("slider")
        .unwrap()
        .args(["grade", "--env", "SLIDER", "--suite"])
        .arg(common::course_dir())
        .args([
            "--exclude",
            "4x4-78",
            "--exclude",
            "4x4-80",
            "--timeout",
            "300",
            "--cpu-time",
            "300",
            "--memory",
            "6144",
            "--json",
        ])
        .arg(&json)
        .args(["--", &slider_bin(), "solve", "{}"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("score: 150/150 (100.0%)"));
}
