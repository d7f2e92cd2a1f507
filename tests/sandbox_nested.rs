//! slider inside a sandbox that forbids mounting a fresh `/proc` (as a
//! nested bubblewrap does, or a container with a masked `/proc`): the
//! sandbox probe tries what a real run needs, so `--sandbox auto` goes on
//! without bubblewrap, says so in one line and records it in the report,
//! and the reference still scores 100%; `--sandbox always` is a harness
//! error (exit 2), never the submission's.
//!
//! Needs bubblewrap and a JDK (`.ci/run` installs both): without them the
//! tests fail, they never pass silently.

mod common;

use std::path::Path;
use std::time::Duration;

/// The outer sandbox: the whole file system, a `/dev`, and a `/proc` of
/// its own, inside which bubblewrap cannot mount another `/proc`.
const OUTER: [&str; 8] = ["--bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--"];

/// A guard against a hang: far beyond what any of these runs takes.
const HANG: Duration = Duration::from_secs(900);

/// Fails loudly unless bubblewrap is here and the outer sandbox really
/// forbids a run's sandbox inside it (else these tests would test nothing).
fn require_nesting_refused() {
    common::require_bwrap();
    let inner = std::process::Command::new("bwrap")
        .args(OUTER)
        .args(["bwrap", "--unshare-all", "--ro-bind", "/", "/"])
        .args(["--proc", "/proc", "--dev", "/dev", "--", "true"])
        .output()
        .expect("bwrap runs");
    assert!(
        !inner.status.success(),
        "a nested bubblewrap mounted /proc here: the outer sandbox {OUTER:?} no longer reproduces the fault"
    );
}

struct Run {
    code: i32,
    stderr: String,
}

/// `slider ARGS` inside the outer sandbox, from the crate's folder.
fn nested(args: &[&str]) -> Run {
    let output = assert_cmd::Command::new("bwrap")
        .args(OUTER)
        .arg(assert_cmd::cargo::cargo_bin("slider"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .timeout(HANG)
        .output()
        .expect("bwrap runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn report(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("no JSON report: {e}"));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["reports"][0].clone()
}

/// The fallback's one line, with bubblewrap's own reason in it.
fn assert_fell_back(run: &Run) {
    let notes: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("no sandbox"))
        .collect();
    assert_eq!(notes.len(), 1, "one line says so:\n{}", run.stderr);
    assert!(
        notes[0].contains("--sandbox auto falls back to none"),
        "{}",
        notes[0]
    );
    assert!(notes[0].contains("/proc"), "{}", notes[0]);
}

/// One test, so that its autogrades run one after the other.
#[test]
fn autograde_nested_falls_back_and_the_reference_scores_100() {
    require_nesting_refused();
    common::require_jdk();
    let dir = tempfile::tempdir().unwrap();

    // Outside, the same machine sandboxes: the report says so.
    let plain = dir.path().join("plain.json");
    let output = assert_cmd::Command::cargo_bin("slider")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["autograde", "--only", "api", "--json"])
        .arg(&plain)
        .arg("fixtures/autograde/reference")
        .timeout(HANG)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(report(&plain)["sandbox"], "bwrap");

    // Inside: the API check, then the whole grade, without a sandbox.
    for (name, only) in [("api.json", &["--only", "api"][..]), ("all.json", &[][..])] {
        let json = dir.path().join(name);
        let json_arg = json.display().to_string();
        let mut args = vec!["autograde", "--json", &json_arg];
        args.extend_from_slice(only);
        args.push("fixtures/autograde/reference");
        let run = nested(&args);
        assert_eq!(run.code, 0, "{args:?}:\n{}", run.stderr);
        assert_fell_back(&run);
        let report = report(&json);
        assert_eq!(report["sandbox"], "none");
        assert_eq!(report["status"], "ok", "{report}");
        assert_eq!(report["score"], 100.0, "{report}");
    }

    // Forced, it is the harness's error, found before any compilation.
    let run = nested(&[
        "autograde",
        "--sandbox",
        "always",
        "--only",
        "api",
        "fixtures/autograde/reference",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("error: harness error: --sandbox always"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("/proc"), "{}", run.stderr);
    assert!(!run.stderr.contains("compile"), "{}", run.stderr);
}

#[test]
fn grade_nested_falls_back_and_passes() {
    require_nesting_refused();
    let stage = common::stage(&[]);
    let suite = common::grade::suite(&common::grade::PUZZLES);
    let out = tempfile::tempdir().unwrap();
    let json = out.path().join("result.json");
    let slider = stage.path().join("slider").display().to_string();
    let suite_arg = suite.path().display().to_string();
    let json_arg = json.display().to_string();
    let args = |mode: &'static str| {
        vec![
            "grade".to_string(),
            "--sandbox".into(),
            mode.into(),
            "--json".into(),
            json_arg.clone(),
            "--suite".into(),
            suite_arg.clone(),
            "--".into(),
            slider.clone(),
            "solve".into(),
            "{}".into(),
        ]
    };
    let auto = args("auto");
    let run = nested(&auto.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_fell_back(&run);
    let text = std::fs::read_to_string(&json).unwrap();
    let outcomes = common::outcomes(&serde_json::from_str(&text).unwrap());
    assert_eq!(outcomes, common::grade::all("passed"));

    std::fs::remove_file(&json).unwrap();
    let always = args("always");
    let run = nested(&always.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("error: harness error: --sandbox always"),
        "{}",
        run.stderr
    );
    // The report file is opened before any work, and left without a test.
    let left = std::fs::read_to_string(&json).unwrap_or_default();
    assert!(!left.contains("\"outcome\""), "no test ran: {left}");
}
