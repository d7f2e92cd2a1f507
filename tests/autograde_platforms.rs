//! `slider autograde` on the platforms it grades for, and as students and
//! staff call it: a Gradescope bundle with baked flags, unzipped and run
//! in a root laid out as Gradescope lays it out, its `results.json`
//! checked against Gradescope's schema; the GitHub Classroom action's
//! script (`classroom/grade.sh`), its step outputs in the reporter's
//! format with partial credit, and a typo in its flags; usage and setup
//! errors, each exiting 2 with a reason; sources as students save them (a
//! byte-order mark, Windows-1252).
//!
//! The tests that grade need a JDK (`.ci/run` installs one). Without it
//! they fail; they never pass silently. Every run is bounded (trial
//! timeout, JVM limits, a watchdog), and any process a run leaves behind
//! is found by its toolkit folder and ended by pid.

mod common;

use common::autograde::*;
use common::autograde_reports::*;

use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn usage_and_setup_errors_exit_2_with_a_reason() {
    let slider = || {
        let mut command = assert_cmd::Command::cargo_bin("slider").unwrap();
        command.current_dir(root_dir()).arg("autograde");
        command
    };
    let output = slider()
        .arg("fixtures/autograde/expected.txt")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a folder or a .zip file"));

    let output = slider()
        .env("JAVA_HOME", "/nonexistent")
        .env("PATH", "/nonexistent")
        .arg("fixtures/autograde/reference")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("openjdk-17-jdk-headless"), "{stderr}");

    // A path after `--` would be graded beside every student's submission.
    let bundle = tempfile::tempdir().unwrap();
    let output = slider()
        .arg("--gradescope-bundle")
        .arg(bundle.path().join("autograder.zip"))
        .args(["--", "--max-score", "40", "stray/submission"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("`stray/submission` after `--` is not a flag"),
        "{stderr}"
    );
    assert!(!bundle.path().join("autograder.zip").exists());

    // Flags that make slider's own submission fail would fail every
    // student: the bundle grades it first, and is not written.
    let output = slider()
        .arg("--gradescope-bundle")
        .arg(bundle.path().join("autograder.zip"))
        .args([
            "--",
            "--only",
            "compile,api",
            "--algs4",
            "/nonexistent/algs4.jar",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "not written: slider's own submission, which scores 100%, does not with these flags"
        ) && stderr.contains("(Compilation)"),
        "{stderr}"
    );
    assert!(!bundle.path().join("autograder.zip").exists());

    // A hidden category's points would show through the total.
    let output = slider()
        .arg("--gradescope-bundle")
        .arg(bundle.path().join("autograder.zip"))
        .args(["--", "--gradescope-visibility", "timing=hidden"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("timing=hidden would still show timing's points in the total"),
        "{stderr}"
    );
    assert!(!bundle.path().join("autograder.zip").exists());
}

#[test]
fn sources_as_students_save_them_compile_and_pass() {
    common::require_jdk();
    // A UTF-8 byte-order mark, and a Windows-1252 (Latin-1) comment.
    let run = autograde(&[
        "--only",
        "api,correctness",
        "--jobs",
        "2",
        "fixtures/autograde/layouts/bom",
        "fixtures/autograde/layouts/latin1",
    ]);
    run.assert_code(0);
    let reports = reports(&run.json);
    for (name, said) in [
        ("layouts/bom", "byte-order mark removed"),
        ("layouts/latin1", "read as Windows-1252"),
    ] {
        let report = reports[name];
        assert_eq!(report["score"], 100.0, "{name}");
        assert!(report["changes"].to_string().contains(said), "{name}");
    }
}

/// The bundle's setup.sh installs the style section's PMD with the
/// installer CI runs, and its Checkstyle.
fn installs_the_style_tools(source: &std::path::Path) {
    let installer = std::fs::read_to_string(source.join("pmd.sh")).unwrap();
    assert_eq!(
        installer,
        std::fs::read_to_string(root_dir().join("src/autograde/style/pmd/install.sh")).unwrap()
    );
    let setup = std::fs::read_to_string(source.join("setup.sh")).unwrap();
    assert!(
        setup.contains("pmd.sh") && setup.contains("checkstyle"),
        "{setup}"
    );
}

#[test]
fn a_gradescope_bundle_grades_submissions_in_a_gradescope_root() {
    use std::os::unix::fs::PermissionsExt;
    common::require_jdk();
    let root = tempfile::tempdir().unwrap();
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let bundle = root.path().join("autograder.zip");
    // The whole course report takes ~25 s; the points and visibility need
    // less. The flags are baked in, as staff would bake theirs.
    let written = Command::new(assert_cmd::cargo::cargo_bin("slider"))
        .args(["autograde", "--gradescope-bundle"])
        .arg(&bundle)
        .args(["--", "--only", "compile,api,memory", "--max-score", "40"])
        .args(["--gradescope-visibility", "memory=after_due_date"])
        .output()
        .unwrap();
    assert!(written.status.success(), "{written:?}");
    let said = String::from_utf8_lossy(&written.stdout);
    assert!(
        said.contains("autograder.zip") && said.contains("Zip file upload"),
        "{said}"
    );
    // Gradescope unzips the bundle into /autograder/source.
    let source = root.path().join("source");
    unzip_bundle(&bundle, &source);
    installs_the_style_tools(&source);
    // 40 points: compilation and API 10 each, memory 20 in hundredths over
    // 22 tests (the Board's 10, the first, fail in buggy/board-goal-array).
    let memory: f64 = slider::present::autograde::points_each(20.0, 22)[10..]
        .iter()
        .sum();
    for (fixture, score) in [
        ("reference", 40.0),
        ("buggy/board-goal-array", 20.0 + memory),
        ("buggy/compile-error", 0.0),
    ] {
        let submission = root.path().join("submission");
        let _ = std::fs::remove_dir_all(&submission);
        std::fs::create_dir(&submission).unwrap();
        for file in ["Board.java", "Solver.java"] {
            let from = root_dir()
                .join("fixtures/autograde")
                .join(fixture)
                .join(file);
            std::fs::copy(from, submission.join(file)).unwrap();
        }
        let _ = std::fs::remove_dir_all(root.path().join("results"));
        let ran = Command::new("bash")
            .arg(source.join("run_autograder"))
            .env("AUTOGRADER_ROOT", root.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(ran.status.success(), "{ran:?}");
        let text = std::fs::read_to_string(root.path().join("results/results.json")).unwrap();
        let results: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_gradescope_schema(&results);
        let total = results["score"].as_f64().unwrap();
        assert!(
            (total - score).abs() < 0.005,
            "{fixture}: {total} != {score}"
        );
        let tests = results["tests"].as_array().unwrap();
        let sum = |field: &str| -> f64 { tests.iter().map(|t| t[field].as_f64().unwrap()).sum() };
        assert!((sum("score") - total).abs() < 0.005, "{fixture}: {results}");
        if fixture != "buggy/compile-error" {
            assert!(
                (sum("max_score") - 40.0).abs() < 1e-9,
                "{fixture}: {results}"
            );
            assert_eq!(tests.len(), 2 + 22, "{fixture}");
        }
        for test in tests {
            let memory = test["name"].as_str().unwrap().starts_with("Memory");
            let shown = if memory { "after_due_date" } else { "visible" };
            assert_eq!(test["visibility"], shown, "{test}");
            let failed = test["status"] == "failed";
            assert_eq!(
                failed,
                test["score"] == 0.0 && test["max_score"] != 0.0,
                "{test}"
            );
            // a failed test's output has its input, drawn, and a hint; a
            // passed one has no hint
            let output = test["output"].as_str().unwrap();
            assert_eq!(
                output.contains("**Hint:** "),
                failed && fixture != "buggy/compile-error",
                "{test}"
            );
            let name = test["name"].as_str().unwrap();
            if let Some(n) = name.strip_prefix("Memory 1 n = ")
                && failed
            {
                assert!(
                    output.contains(&format!("**Input:** n = {n}\n\n```\n{n}")),
                    "{output}"
                );
            }
        }
        let failed = tests.iter().any(|t| t["status"] == "failed");
        assert_eq!(failed, score < 40.0, "{fixture}: {results}");
        // The summary keeps its columns: a fenced Markdown block.
        assert_eq!(results["output_format"], "md");
        assert!(results["output"].as_str().unwrap().starts_with("```\n"));
    }
}

/// A typo in the action's flags: Classroom still gets a result (0, with
/// slider's message), the job summary says so, and the step fails loudly.
#[test]
fn a_typo_in_the_classroom_flags_records_a_result_and_fails_loudly() {
    let work = tempfile::tempdir().unwrap();
    let summary = work.path().join("step-summary.md");
    let grade = |flags: &str, outputs: &Path| {
        Command::new("bash")
            .current_dir(root_dir())
            .arg("classroom/grade.sh")
            .arg("fixtures/autograde/buggy/board-goal-array")
            .env("SLIDER", assert_cmd::cargo::cargo_bin("slider"))
            .env("SLIDER_FLAGS", flags)
            .env("SLIDER_MAX_SCORE", "40")
            .env("GITHUB_OUTPUT", outputs)
            .env("GITHUB_STEP_SUMMARY", &summary)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    // A typo in the action's flags: Classroom still gets a result (0, with
    // slider's message), and the step fails loudly.
    let broken = work.path().join("broken-output.txt");
    let ran = grade("--only compile,api,memory --max-scor 3", &broken);
    assert_eq!(ran.status.code(), Some(2), "{ran:?}");
    let log = String::from_utf8_lossy(&ran.stdout);
    assert!(
        log.contains("::error title=slider autograde could not grade::")
            && log.contains("--max-scor"),
        "{log}"
    );
    let recorded = step_outputs(&broken);
    assert_eq!(recorded["runners"], "configuration");
    let result = decode_base64_json(&recorded["configuration"]);
    assert_eq!(result["status"], "fail");
    assert_eq!(result["max_score"], 40);
    assert_eq!(result["tests"][0]["score"], 0);
    let message = result["tests"][0]["message"].as_str().unwrap();
    assert!(
        message.contains("unexpected argument '--max-scor'"),
        "{message}"
    );
    let said = std::fs::read_to_string(&summary).unwrap();
    assert!(
        said.starts_with("## slider autograde could not grade"),
        "{said}"
    );
}

/// The Classroom action's script on a fixture: a step output per category
/// in the format of Classroom's graders, which its grading reporter reads
/// (`version` 1, `status` pass or fail, `max_score`, `tests` with `name`,
/// `status`, `score` and `message`), with partial credit.
#[test]
fn the_classroom_script_gives_the_reporter_points_per_category() {
    common::require_jdk();
    let work = tempfile::tempdir().unwrap();
    let outputs = work.path().join("github-output.txt");
    let summary = work.path().join("step-summary.md");
    let grade = |flags: &str, outputs: &Path| {
        Command::new("bash")
            .current_dir(root_dir())
            .arg("classroom/grade.sh")
            .arg("fixtures/autograde/buggy/board-goal-array")
            .env("SLIDER", assert_cmd::cargo::cargo_bin("slider"))
            .env("SLIDER_FLAGS", flags)
            .env("SLIDER_MAX_SCORE", "40")
            .env("GITHUB_OUTPUT", outputs)
            .env("GITHUB_STEP_SUMMARY", &summary)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let ran = grade("--only compile,api,memory", &outputs);
    assert!(ran.status.success(), "{ran:?}");
    // The annotations name the failing file: one per failing test (Memory
    // 1's ten rows), within GitHub's ten per step.
    let log = String::from_utf8_lossy(&ran.stdout);
    let annotations: Vec<&str> = log.lines().filter(|l| l.starts_with("::error")).collect();
    assert_eq!(annotations.len(), 10, "{log}");
    assert!(
        annotations.iter().all(|a| a.starts_with(
            "::error file=fixtures/autograde/buggy/board-goal-array/Board.java,title=Memory 1 n = "
        )),
        "{log}"
    );
    // The job summary: the report, and each failed test with its hint.
    let said = std::fs::read_to_string(&summary).unwrap();
    assert!(
        said.starts_with("## slider autograde: fixtures/autograde/buggy/board\\-goal\\-array\n"),
        "{said}"
    );
    assert_eq!(said.matches("\n### Memory 1 n = ").count(), 10, "{said}");
    assert_eq!(said.matches("**Hint:** ").count(), 10, "{said}");
    let outputs = step_outputs(&outputs);
    assert_eq!(outputs["runners"], "compilation,api,memory");
    let action = std::fs::read_to_string(root_dir().join("action.yml")).unwrap();
    let (mut max, mut score) = (0.0, 0.0);
    for runner in ["configuration", "compilation", "api", "memory"] {
        let env = format!(
            "{}_RESULTS: ${{{{ steps.slider.outputs.{runner} }}}}",
            runner.to_uppercase()
        );
        assert!(action.contains(&env), "action.yml passes {env}");
        if runner == "configuration" {
            continue;
        }
        let result = decode_base64_json(&outputs[runner]);
        assert_eq!(result["version"], 1, "{result}");
        let tests = result["tests"].as_array().unwrap();
        let all_pass = tests.iter().all(|t| t["status"] == "pass");
        assert_eq!(result["status"], if all_pass { "pass" } else { "fail" });
        for test in tests {
            assert!(
                test["name"].is_string() && test["message"].is_string(),
                "{test}"
            );
            assert!(
                ["pass", "fail"].contains(&test["status"].as_str().unwrap()),
                "{test}"
            );
            score += test["score"].as_f64().unwrap();
        }
        max += result["max_score"].as_f64().unwrap();
        if runner == "memory" {
            assert_eq!(tests.len(), 22);
            assert_eq!(result["status"], "fail");
            // each failed row carries its figures and its hint
            for test in tests.iter().filter(|t| t["status"] == "fail") {
                let message = test["message"].as_str().unwrap();
                assert!(
                    message.contains("bytes = ") && message.contains("\nhint: "),
                    "{message}"
                );
            }
        }
    }
    // Compilation 10 points, API 10, memory 20 in hundredths over 22 tests,
    // the first 10 failed.
    assert!((max - 40.0).abs() < 1e-9, "{max}");
    let memory: f64 = slider::present::autograde::points_each(20.0, 22)[10..]
        .iter()
        .sum();
    let expected = 20.0 + memory;
    assert!((score - expected).abs() < 1e-9, "{score} != {expected}");
}
