//! `slider autograde` on each JDK it grades with (17 to 25; 17 is the
//! default elsewhere, `JAVA_HOME` picks another): the reference scores
//! 100% on JDK 25 with the course's memory figures, hostile and buggy
//! fixtures get the verdicts `fixtures/autograde/expected.txt` gives them
//! (those of JDK 17); a JDK older than 17 or newer than 25 is refused
//! before anything runs (exit 2); and no JVM slider starts asks for a
//! security manager, which JDK 24 and later refuse.
//!
//! The tests that grade need JDK 25: `SLIDER_JDK25`, or Temurin's in
//! `/usr/lib/jvm/temurin-25-jdk-amd64`. Without it they fail, loudly;
//! they never pass silently. (JDK 21 is not tested here.)

mod common;

use common::autograde::*;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use slider::autograde::catalog::JvmMode;
use slider::autograde::java::PROBE;
use slider::autograde::jdk::Jdk;

/// The home of JDK 25: `SLIDER_JDK25`, or Temurin's usual folder; the
/// test fails when it is not a JDK 25.
fn jdk25() -> PathBuf {
    let home = std::env::var_os("SLIDER_JDK25").map_or_else(
        || PathBuf::from("/usr/lib/jvm/temurin-25-jdk-amd64"),
        PathBuf::from,
    );
    let release = std::fs::read_to_string(home.join("release")).unwrap_or_default();
    assert!(
        release.contains("JAVA_VERSION=\"25"),
        "no JDK 25 in {}: install one (Temurin 25) or name its home in SLIDER_JDK25",
        home.display()
    );
    home
}

/// `slider autograde ARGS` with the JDK in `home`.
fn autograde_on(home: &Path, args: &[&str]) -> Run {
    autograde_with(&[("JAVA_HOME", home.as_os_str())], args)
}

/// The course's memory model, worked out by hand for
/// `src/autograde/java/submissions/coursera/Board.java` (an `int[][]` and
/// an `int`): 16-byte headers, 8-byte references, 24-byte array headers,
/// every object rounded up to 8 bytes.
fn submission_board_bytes(n: u64) -> u64 {
    let align = |b: u64| b.div_ceil(8) * 8;
    align(16 + 8 + 4) + align(24 + 8 * n) + n * align(24 + 4 * n)
}

#[test]
fn the_reference_scores_100_percent_on_jdk_25_with_the_courses_memory_figures() {
    let home = jdk25();
    let run = autograde_on(&home, &["--jobs", "1", "fixtures/autograde/reference"]);
    run.assert_code(0);
    let report = &run.json["reports"][0];
    assert_eq!(report["score"], 100.0, "{}", run.stdout);
    let wrong = mismatches(report, &expected()["reference"]);
    assert!(wrong.is_empty(), "{wrong:?}");
    // the JVM's own warnings (a deprecated flag, an unusable archive) are
    // not the student's output
    assert_eq!(report["printed_bytes"], 0, "{}", run.stderr);
    let sections = report["sections"].as_array().unwrap();
    let memory1 = sections.iter().find(|s| s["id"] == "Memory 1").unwrap();
    let rows = memory1["tests"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    for row in rows {
        let n: u64 = row["row"]
            .as_str()
            .unwrap()
            .strip_prefix("n = ")
            .unwrap()
            .parse()
            .unwrap();
        let bytes = &row["figures"][0];
        assert_eq!(bytes["name"], "bytes");
        // every array as the course counts it: JDK 22 and later lay out
        // an odd-length int[] 8 bytes smaller without compressed pointers
        assert_eq!(
            bytes["value"].as_f64(),
            Some(submission_board_bytes(n) as f64),
            "n = {n}"
        );
        if n.is_multiple_of(2) {
            assert_eq!(
                bytes["reference"].as_f64(),
                Some((4 * n * n + 32 * n + 48) as f64),
                "n = {n}"
            );
        }
    }
}

#[test]
fn buggy_and_hostile_submissions_get_their_verdicts_on_jdk_25() {
    let home = jdk25();
    let all = expected();
    // The time a submission may take is not what is checked: other tests
    // share the cores (as tests/common/autograde_reports.rs's grade_set).
    for (only, fixtures) in [
        (
            "correctness",
            &[
                "fixtures/autograde/buggy/mutates-queue",
                "fixtures/autograde/hostile/sleeper",
            ][..],
        ),
        // a Solver that fills the heap, measured: the memory JVMs run it
        // without compressed pointers, with the JDK's own Unsafe
        (
            "memory",
            &[
                "fixtures/autograde/hostile/out-of-memory",
                "fixtures/autograde/hostile/hidden-statics",
            ][..],
        ),
    ] {
        let mut args = vec!["--jobs", "1", "--time-limit", "900", "--only", only];
        args.extend_from_slice(fixtures);
        let run = autograde_on(&home, &args);
        run.assert_code(1);
        let reports = reports(&run.json);
        let mut wrong = Vec::new();
        for fixture in fixtures {
            let name = fixture.strip_prefix("fixtures/autograde/").unwrap();
            wrong.extend(mismatches(reports[name], &all[name]));
        }
        assert!(wrong.is_empty(), "--only {only}: {wrong:#?}");
    }
}

#[test]
fn a_jdk_older_than_17_or_newer_than_25_is_refused_before_anything_runs() {
    for (version, said) in [
        ("11.0.2", "version 11.0.2"),
        ("26-ea", "version 26-ea"),
        ("something", "version something"),
    ] {
        let home = tempfile::tempdir().unwrap();
        std::fs::create_dir(home.path().join("bin")).unwrap();
        for tool in ["java", "javac", "javap", "jar"] {
            // not run: the version is read from the release file
            std::fs::write(home.path().join("bin").join(tool), "#!/bin/sh\nexit 99\n").unwrap();
        }
        std::fs::write(
            home.path().join("release"),
            format!("JAVA_VERSION=\"{version}\"\n"),
        )
        .unwrap();
        let output = assert_cmd::Command::cargo_bin("slider")
            .unwrap()
            .current_dir(root_dir())
            .env("JAVA_HOME", home.path())
            .args(["autograde", "fixtures/autograde/reference"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{version}: {stderr}");
        assert!(
            stderr.contains(said) && stderr.contains("JDK 17 to 25"),
            "{version}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "{version}: graded anyway");
    }
}

#[test]
fn no_jvm_asks_for_a_security_manager_and_the_probe_names_none() {
    let jdk = Jdk {
        java: "java".into(),
        javac: "javac".into(),
        javap: "javap".into(),
        jar: "jar".into(),
        feature: 25,
    };
    for mode in [JvmMode::Correctness, JvmMode::Memory, JvmMode::Timing] {
        let args = jdk.probe_args(
            &[Path::new("/probe")],
            Path::new("plan.txt"),
            mode,
            Path::new("/agent.jar"),
            512,
        );
        assert!(
            args.iter().any(|a| a == OsStr::new("slider.probe.Probe")),
            "{mode:?}: {args:?}"
        );
        for arg in &args {
            let arg = arg.to_string_lossy();
            assert!(!arg.contains("java.security"), "{mode:?}: {arg}");
        }
    }
    for (path, text) in PROBE {
        for word in [
            "SecurityManager",
            "Policy",
            "import java.security",
            "checkPermission",
        ] {
            assert!(!text.contains(word), "{path} names {word}");
        }
        // Instances.java (the MinPQ audit) is the one file still allowed
        // the no-op AccessController, until it is rewritten
        if !path.ends_with("Instances.java") {
            assert!(!text.contains("AccessController"), "{path}");
        }
    }
}
