//! `slider grade` against hostile submissions (`fixtures/grade/hostile/`):
//! each is graded with the expected outcome, and afterwards no process it
//! started is alive and the suite is unchanged.
//!
//! The default mode is what CI has: root (so each job runs under a uid of
//! its own) and bubblewrap (which `.ci/run` installs). A test that needs
//! bubblewrap or a JDK fails when it is missing; it never passes silently.
//! Every fixture is bounded, and anything that escapes is found by the
//! marker in its command line and ended by pid.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The puzzles every hostile run is graded on.
const PUZZLES: [&str; 2] = ["puzzle2x2-06.txt", "puzzle3x3-04.txt"];

struct Graded {
    code: i32,
    outcomes: BTreeMap<String, String>,
    json: serde_json::Value,
    stdout: String,
    stderr: String,
}

/// A private copy of `puzzles` from the grade suite, readable by all.
fn suite(puzzles: &[&str]) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    for name in puzzles {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/grade/suite")
            .join(name);
        std::fs::copy(from, dir.path().join(name)).unwrap();
    }
    dir
}

fn fingerprint(dir: &Path) -> u64 {
    slider::grade::suite::fingerprint(dir).unwrap()
}

/// Grades `command` (after `--`; `{}` for the puzzle) over `suite`.
fn grade(suite: &Path, stage: &Path, flags: &[&str], command: &[&str]) -> Graded {
    let out = tempfile::tempdir().unwrap();
    let json = out.path().join("result.json");
    let output = Command::cargo_bin("slider")
        .unwrap()
        .env("SLIDER", stage.join("slider"))
        .env("SLIDER_TEST_SECRET", "hunter2")
        .args(["grade", "--env", "SLIDER", "--json"])
        .arg(&json)
        .arg("--suite")
        .arg(suite)
        .args(flags)
        .arg("--")
        .args(command)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let text = std::fs::read_to_string(&json)
        .unwrap_or_else(|e| panic!("no JSON report ({e}); stdout:\n{stdout}\nstderr:\n{stderr}"));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let outcomes = common::outcomes(&json);
    Graded {
        code: output.status.code().unwrap_or(-1),
        outcomes,
        json,
        stdout,
        stderr,
    }
}

fn all(outcome: &str) -> BTreeMap<String, String> {
    PUZZLES
        .iter()
        .map(|n| ((*n).to_string(), outcome.to_string()))
        .collect()
}

/// Processes whose command line holds `marker`, ended by pid (so a failing
/// test leaves nothing behind); returns how many there were.
fn escaped(marker: &str) -> usize {
    let mut found = 0;
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if text.contains(marker) && !text.contains("grade_hostile") {
            found += 1;
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(pid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
    }
    found
}

/// Stages the hostile script `name` and grades `sh SCRIPT {}` with `flags`
/// over a fresh copy of the puzzles.
fn run_hostile(name: &str, flags: &[&str]) -> Graded {
    let stage = common::stage(&[&hostile(name)]);
    let script = staged_script(stage.path(), name);
    let dir = suite(&PUZZLES);
    let before = fingerprint(dir.path());
    let graded = grade(dir.path(), stage.path(), flags, &["sh", &script, "{}"]);
    assert_eq!(fingerprint(dir.path()), before, "{name} changed the suite");
    graded
}

/// Asserts that every test passed and the grade exited 0.
fn assert_all_passed(g: &Graded, context: &str) {
    assert_eq!(
        (g.code, &g.outcomes),
        (0, &all("passed")),
        "{context}\n{}\n{}",
        g.stdout,
        g.stderr
    );
}

fn hostile(name: &str) -> String {
    format!("fixtures/grade/hostile/{name}")
}

fn staged_script(stage: &Path, name: &str) -> String {
    stage.join(name).display().to_string()
}

#[test]
fn a_setsid_grandchild_neither_hangs_the_grader_nor_outlives_it() {
    common::require_bwrap();
    // Had the grader waited for the open pipe, the wall limit would have
    // ended every test as a timeout.
    for flags in [
        &["--timeout", "20"][..],
        &["--timeout", "20", "--sandbox", "never", "--user", "keep"][..],
    ] {
        let g = run_hostile("setsid-hang.sh", flags);
        assert_all_passed(&g, &format!("{flags:?}"));
        assert_eq!(escaped("sleep 4242"), 0, "{flags:?}");
    }
}

#[test]
fn a_daemon_with_a_cleared_environment_is_killed() {
    common::require_bwrap();
    // Found by uid and by the sandbox; without either, by the final sweep.
    for flags in [&[][..], &["--sandbox", "never", "--user", "keep"][..]] {
        let g = run_hostile("daemon-leak.sh", flags);
        assert_all_passed(&g, &format!("{flags:?}"));
        assert_eq!(escaped("sleep 4243"), 0, "{flags:?}");
    }
}

#[test]
fn a_fork_bomb_is_capped_and_swept() {
    common::require_bwrap();
    let stage = common::stage(&[&hostile("fork-bomb.sh")]);
    let script = staged_script(stage.path(), "fork-bomb.sh");
    let dir = suite(&PUZZLES);
    let before = fingerprint(dir.path());
    let g = grade(
        dir.path(),
        stage.path(),
        &["--processes", "64", "--timeout", "3", "--jobs", "1"],
        &["sh", &script, "{}"],
    );
    assert_eq!(g.code, 1, "{}\n{}", g.stdout, g.stderr);
    for outcome in g.outcomes.values() {
        assert!(outcome == "timeout" || outcome == "crashed", "{outcome}");
    }
    assert_eq!(escaped("sleep 4244"), 0);
    assert_eq!(fingerprint(dir.path()), before);
}

#[test]
fn memory_is_limited_for_the_whole_tree_not_per_process() {
    common::require_bwrap();
    let stage = common::stage(&[&hostile("memory-children.sh")]);
    let script = staged_script(stage.path(), "memory-children.sh");
    let dir = suite(&PUZZLES);
    let g = grade(
        dir.path(),
        stage.path(),
        &["--memory", "256", "--timeout", "20"],
        &["sh", &script, "{}"],
    );
    assert_eq!(
        (g.code, &g.outcomes),
        (1, &all("memory limit")),
        "{}",
        g.stdout
    );
    for test in g.json["tests"].as_array().unwrap() {
        assert!(
            test["peak_rss_bytes"].as_u64().unwrap() > 256 << 20,
            "{test}"
        );
    }
    assert_eq!(escaped("4245"), 0);
}

#[test]
fn the_suite_cannot_be_changed_and_a_change_is_caught() {
    common::require_bwrap();
    let stage = common::stage(&[&hostile("tamper-suite.sh")]);
    let script = staged_script(stage.path(), "tamper-suite.sh");
    // Protected (root's per-job uid, the sandbox): the writes fail.
    let dir = suite(&PUZZLES);
    let before = fingerprint(dir.path());
    let path = dir.path().display().to_string();
    let g = grade(dir.path(), stage.path(), &[], &["sh", &script, &path, "{}"]);
    assert_eq!((g.code, g.outcomes), (0, all("passed")), "{}", g.stdout);
    assert_eq!(fingerprint(dir.path()), before);
    assert!(!dir.path().join("zz-injected.txt").exists());
    // Unprotected (same uid, no sandbox): the change is caught, exit 2.
    let g = grade(
        dir.path(),
        stage.path(),
        &["--sandbox", "never", "--user", "keep"],
        &["sh", &script, &path, "{}"],
    );
    assert_eq!(g.code, 2, "{}", g.stdout);
    assert!(
        g.stderr.contains("changed while it was graded"),
        "{}",
        g.stderr
    );
}

#[test]
fn a_submission_sees_only_its_own_copy_of_the_puzzle() {
    let stage = common::stage(&[&hostile("read-manifest.sh")]);
    let script = staged_script(stage.path(), "read-manifest.sh");
    let dir = suite(&PUZZLES);
    std::fs::write(
        dir.path().join("slider-suite.txt"),
        "puzzle2x2-06.txt 6\npuzzle3x3-04.txt 4\n",
    )
    .unwrap();
    for flags in [&[][..], &["--sandbox", "never", "--user", "keep"][..]] {
        let g = grade(dir.path(), stage.path(), flags, &["sh", &script, "{}"]);
        assert_eq!(
            (g.code, &g.outcomes),
            (0, &all("passed")),
            "{flags:?}\n{}",
            g.stdout
        );
    }
}

#[test]
fn naming_a_parent_of_the_suite_does_not_show_the_suite_again() {
    use std::os::unix::fs::PermissionsExt;
    common::require_bwrap();
    let stage = common::stage(&[&hostile("read-parent.sh")]);
    let script = staged_script(stage.path(), "read-parent.sh");
    // The suite in a folder of its own under a parent the command names.
    let parent = tempfile::tempdir().unwrap();
    std::fs::set_permissions(parent.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let dir = suite(&PUZZLES);
    let inside = parent.path().join("suite");
    std::fs::rename(dir.path(), &inside).unwrap();
    std::fs::create_dir(dir.path()).unwrap(); // for the TempDir's own cleanup
    std::fs::write(inside.join("slider-suite.txt"), "puzzle2x2-06.txt 6\n").unwrap();
    let parent_arg = parent.path().display().to_string();
    let g = grade(
        &inside,
        stage.path(),
        &["--sandbox", "always"],
        &["sh", &script, &parent_arg, "{}"],
    );
    assert_eq!(
        (g.code, &g.outcomes),
        (0, &all("passed")),
        "{}\n{}",
        g.stdout,
        g.stderr
    );
}

#[test]
fn killing_the_parent_does_not_kill_the_grader() {
    common::require_bwrap();
    assert_all_passed(&run_hostile("kill-parent.sh", &[]), "kill-parent.sh");
}

#[test]
fn nothing_a_submission_prints_reaches_the_output_unescaped() {
    let stage = common::stage(&[&hostile("inject-stderr.sh")]);
    let script = staged_script(stage.path(), "inject-stderr.sh");
    let dir = suite(&PUZZLES);
    let g = grade(
        dir.path(),
        stage.path(),
        &["--format", "github"],
        &["sh", &script, "{}"],
    );
    assert_eq!((g.code, &g.outcomes), (1, &all("crashed")), "{}", g.stdout);
    for text in [&g.stdout, &g.stderr] {
        assert!(!text.contains('\x1b') && !text.contains('\x07') && !text.contains('\r'));
        for line in text.lines() {
            assert!(
                !line.starts_with("::warning")
                    && !line.starts_with("::add-mask")
                    && !line.starts_with("::error::"),
                "a workflow command got through: {line}"
            );
        }
    }
    // The escaped text is still there to read.
    assert!(g.stdout.contains("␛[31mred"), "{}", g.stdout);
    let annotations = g
        .stdout
        .lines()
        .filter(|l| l.starts_with("::error file="))
        .count();
    assert_eq!(annotations, PUZZLES.len());
}

#[test]
fn stderr_text_cannot_claim_a_memory_limit() {
    let g = run_hostile("spoof-oom.sh", &[]);
    assert_eq!((g.code, g.outcomes), (1, all("crashed")), "{}", g.stdout);
}

#[test]
fn the_environment_is_scrubbed() {
    assert_all_passed(&run_hostile("env-leak.sh", &[]), "env-leak.sh");
}

#[test]
fn a_jvm_starts_under_the_default_limits() {
    let java = std::process::Command::new("java").arg("-version").output();
    assert!(
        java.is_ok_and(|o| o.status.success()),
        "no JDK: install one (Debian: apt-get install openjdk-17-jdk-headless); .ci/run does"
    );
    let stage = common::stage(&[&hostile("Unsolvable.java")]);
    let source = staged_script(stage.path(), "Unsolvable.java");
    let dir = suite(&["puzzle3x3-unsolvable.txt"]);
    let g = grade(dir.path(), stage.path(), &[], &["java", &source, "{}"]);
    let expected: BTreeMap<String, String> =
        [("puzzle3x3-unsolvable.txt".to_string(), "passed".to_string())].into();
    assert_eq!(
        (g.code, g.outcomes),
        (0, expected),
        "{}\n{}",
        g.stdout,
        g.stderr
    );
}

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
