//! `slider grade` as staff set it up: bad limits and an unwritable report
//! path are usage errors, found before any test runs; symlinked puzzles
//! are followed and skipped files named; a mislabelled optimum is a suite
//! error, not a wrong answer; a real Java submission grades under the
//! default flags. Hostile submissions are in `tests/grade_hostile.rs`.
//!
//! The Java test needs a JDK (`.ci/run` installs one); without it it
//! fails, it never passes silently. Every grade is bounded by a timeout.

mod common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use common::grade::*;

#[test]
fn bad_limits_are_usage_errors() {
    let dir = suite(&PUZZLES);
    for flags in [
        &["--memory", "0"][..],
        &["--memory", "1"][..],
        &["--memory", "18014398509481984"][..],
        &["--memory", "100"][..],
        &["--memory", "1024", "--memory-mode", "address-space"][..],
        &["--jobs", "0"][..],
        &["--timeout", "0.5"][..],
        &["--cpu-time", "0"][..],
        &["--processes", "3"][..],
        &["--max-output", "0"][..],
    ] {
        Command::cargo_bin("slider")
            .unwrap()
            .args(["grade", "--suite"])
            .arg(dir.path())
            .args(flags)
            .args(["--", "true", "{}"])
            .assert()
            .code(2);
    }
}

#[test]
fn an_unwritable_report_path_fails_before_any_test_runs() {
    let dir = suite(&PUZZLES);
    let marker = dir.path().join("ran");
    let script = format!("touch {}", marker.display());
    Command::cargo_bin("slider")
        .unwrap()
        .args(["grade", "--sandbox", "never", "--user", "keep", "--suite"])
        .arg(dir.path())
        .args([
            "--json",
            "/nonexistent/folder/result.json",
            "--",
            "sh",
            "-c",
            &script,
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "cannot write /nonexistent/folder/result.json",
        ));
    assert!(
        !marker.exists(),
        "a test ran before the report path was checked"
    );
}

#[test]
fn symlinked_puzzles_are_followed_and_skipped_files_named() {
    let dir = tempfile::tempdir().unwrap();
    let course = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/course");
    for name in ["puzzle04.txt", "puzzle3x3-unsolvable.txt"] {
        std::os::unix::fs::symlink(course.join(name), dir.path().join(name)).unwrap();
    }
    std::os::unix::fs::symlink("/nonexistent", dir.path().join("broken.txt")).unwrap();
    std::fs::create_dir(dir.path().join("folder.txt")).unwrap();
    let stage = common::stage(&[]);
    let g = grade(
        dir.path(),
        stage.path(),
        &[],
        &[
            &stage.path().join("slider").display().to_string(),
            "solve",
            "{}",
        ],
    );
    assert_eq!(g.outcomes.len(), 2, "{:?}", g.outcomes);
    assert_eq!(g.code, 0, "{}\n{}", g.stdout, g.stderr);
    assert!(
        g.stderr.contains("note: skipped broken.txt: unreadable"),
        "{}",
        g.stderr
    );
    assert!(
        g.stderr
            .contains("note: skipped folder.txt: not a regular file"),
        "{}",
        g.stderr
    );
}

#[test]
fn a_mislabelled_optimum_is_a_suite_error_not_a_wrong_answer() {
    // The goal board named as 5 moves: the exhaustive table refutes it
    // before anything runs.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("puzzle3x3-05.txt"),
        "3\n1 2 3\n4 5 6\n7 8 0\n",
    )
    .unwrap();
    Command::cargo_bin("slider")
        .unwrap()
        .args(["grade", "--suite"])
        .arg(dir.path())
        .args(["--", "true", "{}"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "puzzle3x3-05.txt: it is marked as 5 moves, but the parity of every path's length is even",
        ));
    // Right parity, wrong number: the table gives the truth.
    std::fs::remove_file(dir.path().join("puzzle3x3-05.txt")).unwrap();
    std::fs::write(
        dir.path().join("puzzle3x3-06.txt"),
        "3\n1 2 3\n4 0 6\n7 5 8\n",
    )
    .unwrap();
    Command::cargo_bin("slider")
        .unwrap()
        .args(["grade", "--suite"])
        .arg(dir.path())
        .args(["--", "true", "{}"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "it is marked as 6 moves, but the exhaustive table says 2",
        ));
}

#[test]
fn a_real_java_submission_grades_under_the_default_flags() {
    common::require_jdk();
    let stage = common::stage(&[]);
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/grade/java/Solver.java");
    let compiled = std::process::Command::new("javac")
        .arg("-d")
        .arg(stage.path())
        .arg(&source)
        .output()
        .unwrap();
    assert!(compiled.status.success(), "{compiled:?}");
    for class in std::fs::read_dir(stage.path()).unwrap().flatten() {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(class.path(), std::fs::Permissions::from_mode(0o755));
    }
    // The course's small files, a solvable 3x3 of 20 moves and the
    // unsolvable ones: one JVM per test, no flag changed.
    let course = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/course");
    let dir = tempfile::tempdir().unwrap();
    let names = [
        "puzzle04.txt",
        "puzzle2x2-06.txt",
        "puzzle3x3-20.txt",
        "puzzle3x3-unsolvable.txt",
        "puzzle2x2-unsolvable1.txt",
    ];
    for name in names {
        std::fs::copy(course.join(name), dir.path().join(name)).unwrap();
    }
    let classes = stage.path().display().to_string();
    let g = grade(
        dir.path(),
        stage.path(),
        &[],
        &["java", "-cp", &classes, "Solver", "{}"],
    );
    assert_eq!(g.code, 0, "{}\n{}", g.stdout, g.stderr);
    assert_eq!(g.outcomes.len(), names.len());
    assert!(
        g.outcomes.values().all(|o| o == "passed"),
        "{:?}",
        g.outcomes
    );
    for test in g.json["tests"].as_array().unwrap() {
        // A JVM is measured: some CPU time and tens of MB resident.
        assert!(test["cpu_ms"].as_f64().unwrap() > 0.0, "{test}");
        assert!(
            test["peak_rss_bytes"].as_u64().unwrap() > 10 << 20,
            "{test}"
        );
    }
}
