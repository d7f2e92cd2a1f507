//! `slider grade` against hostile submissions (`fixtures/grade/hostile/`):
//! each is graded with the expected outcome, and afterwards no process it
//! started is alive and the suite is unchanged; and a JVM starts under the
//! default limits (`Unsolvable.java`). Usage errors, how a suite is read
//! and a real Java submission are in `tests/grade_setup.rs`.
//!
//! The default mode is what CI has: root (so each job runs under a uid of
//! its own) and bubblewrap (which `.ci/run` installs). A test that needs
//! bubblewrap or a JDK fails when it is missing; it never passes silently.
//! Every fixture is bounded, and anything that escapes is found by the
//! marker in its command line and ended by pid.

mod common;

use std::collections::BTreeMap;

use common::grade::*;

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

/// The sandbox is the outer wall of `slider autograde` too: its JVMs run
/// under this same runner and isolation (`src/run/sandbox.rs`), so what the
/// Security Manager once stopped and the allow-list does not name is
/// stopped here, shown with a shell where it is not refused up front.
#[test]
fn a_sandboxed_program_writes_nothing_outside_its_own_folder() {
    use std::os::unix::fs::PermissionsExt;
    common::require_bwrap();
    let stage = common::stage(&[&hostile("write-outside.sh")]);
    let script = staged_script(stage.path(), "write-outside.sh");
    let dir = suite(&PUZZLES);
    let outside = tempfile::tempdir().unwrap();
    // world-writable, so that only the sandbox can stop the write
    std::fs::set_permissions(outside.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let target = outside.path().join("written-by-the-submission");
    let path = outside.path().display().to_string();
    let g = grade(
        dir.path(),
        stage.path(),
        &["--sandbox", "always"],
        &["sh", &script, &path, "{}"],
    );
    assert_eq!((g.code, &g.outcomes), (0, &all("passed")), "{}", g.stderr);
    assert!(!target.exists(), "the sandbox let a write out");
    // The control: without the sandbox the same program's file is there.
    let g = grade(
        dir.path(),
        stage.path(),
        &["--sandbox", "never", "--user", "keep"],
        &["sh", &script, &path, "{}"],
    );
    assert_eq!((g.code, &g.outcomes), (0, &all("passed")), "{}", g.stderr);
    assert!(
        target.exists(),
        "the control wrote nothing: the test proves nothing"
    );
}

#[test]
fn a_sandboxed_program_reaches_no_network() {
    use std::io::Read;
    common::require_bwrap();
    let stage = common::stage(&[&hostile("network.sh")]);
    let script = staged_script(stage.path(), "network.sh");
    let dir = suite(&PUZZLES);
    // Counts the lines that reach a listener on the loopback.
    let heard = |flags: &[&str]| -> usize {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port().to_string();
        let g = grade(
            dir.path(),
            stage.path(),
            flags,
            &["sh", &script, &port, "{}"],
        );
        assert_eq!((g.code, &g.outcomes), (0, &all("passed")), "{}", g.stderr);
        let mut lines = 0;
        while let Ok((mut stream, _)) = listener.accept() {
            stream.set_nonblocking(false).unwrap();
            let mut text = String::new();
            let _ = stream.read_to_string(&mut text);
            lines += text.lines().filter(|l| *l == "escaped").count();
        }
        lines
    };
    assert_eq!(
        heard(&["--sandbox", "always"]),
        0,
        "the sandbox let a connection out"
    );
    // The control: without the sandbox every test's line arrives.
    assert_eq!(
        heard(&["--sandbox", "never", "--user", "keep"]),
        PUZZLES.len()
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
