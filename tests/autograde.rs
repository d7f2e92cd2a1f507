//! `slider autograde` on the fixture submissions of `fixtures/autograde/`:
//! the project's Java reference scores 100%; each buggy copy (one classic
//! mistake each) and each behaviour the course's reports taught
//! (`learned/`) fails exactly the tests `fixtures/autograde/expected.txt`
//! lists for it; each hostile one is contained, graded with its finding,
//! and its report still comes out; `.zip` submissions are read safely; a
//! course report is read and compared. Every report is snapshotted under
//! `snapshots/`.
//!
//! These tests need a JDK, and the hostile ones bubblewrap (`.ci/run`
//! installs both). Without them they fail; they never pass silently.
//! Every run is bounded (trial timeout, JVM limits, a watchdog), and any
//! process a run leaves behind is found by its toolkit folder and ended by
//! pid.

mod common;

use common::autograde::*;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn snapshot(name: &str, report: &str) {
    let name = format!("report-{}", name.replace('/', "-"));
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => true,
        omit_expression => true,
        filters => vec![
            (r"Time: [0-9.]+ s", "Time: [time]"),
            // CPU seconds measured, and seconds a limit was passed by
            (r"(?m)^(=> \S+ +puzzle\d+\.txt +-?\d+ +\d+) +\d+\.\d+$", "$1 [seconds]"),
            (r"\b\d+\.\d s\b", "[t] s"),
        ],
    }, {
        insta::assert_snapshot!(name, report.trim_end());
    });
}

/// Grades every submission of a fixture folder in one batch and checks
/// each against `expected.txt`, with a snapshot of its report.
fn grade_set(set: &str, flags: &[&str]) -> Run {
    let batch = format!("fixtures/autograde/{set}");
    // The time a submission may take is the course's concern on a quiet
    // machine; here other tests share the cores, so it is generous.
    let mut args = vec![
        "--batch",
        batch.as_str(),
        "--jobs",
        "2",
        "--time-limit",
        "900",
    ];
    args.extend_from_slice(flags);
    let run = autograde(&args);
    let all = expected();
    let reports = reports(&run.json);
    let humans = human_reports(&run.stdout);
    let fixtures = fixtures_in(set);
    let graded: BTreeSet<String> = reports.keys().cloned().collect();
    assert_eq!(graded, fixtures, "every fixture of {set} is graded once");
    let mut wrong = Vec::new();
    for name in &fixtures {
        let Some(want) = all.get(name) else {
            wrong.push(format!("{name}: not in fixtures/autograde/expected.txt"));
            continue;
        };
        wrong.extend(mismatches(reports[name], want));
        // A report with speed-dependent outcomes (CPU seconds, which input
        // ran out of time first) is checked by its stable part only.
        if want.either.is_empty() {
            snapshot(name, &humans[name]);
        }
    }
    assert!(
        wrong.is_empty(),
        "{} mismatches:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    run
}

#[test]
#[allow(clippy::too_many_lines)] // one run, every format checked
fn the_reference_scores_100_percent_in_every_report_format() {
    common::require_jdk();
    let files = tempfile::tempdir().unwrap();
    let path = |name: &str| files.path().join(name).display().to_string();
    let run = autograde(&[
        "--jobs",
        "2",
        "--junit",
        &path("junit.xml"),
        "--gradescope",
        &path("results.json"),
        "--csv",
        &path("scores.csv"),
        "--html",
        &path("html"),
        "fixtures/autograde/reference",
    ]);
    run.assert_code(0);
    // Nothing failed, so nothing has a hint.
    assert!(!run.stdout.contains("hint:"), "{}", run.stdout);
    let page = std::fs::read_dir(path("html"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.extension().is_some_and(|e| e == "html")
                && p.file_name().is_some_and(|n| n != "index.html")
        })
        .unwrap();
    let page = std::fs::read_to_string(page).unwrap();
    assert!(!page.contains("Hint:"), "a hint on a page that passes");
    let report = &run.json["reports"][0];
    assert_eq!(report["format"], "slider-autograde/2");
    assert_eq!(report["score"], 100.0);
    assert_eq!(report["graded_weight"], 100);
    assert_eq!(report["api"], "coursera");
    assert_eq!(report["edition"], "52 correctness tests (current)");
    for (category, passed, total) in [
        ("compilation", 1, 1),
        ("api", 1, 1),
        ("correctness", 52, 52),
        ("memory", 22, 22),
        ("timing", 125, 125),
    ] {
        assert_eq!(
            report["categories"][category]["passed"], passed,
            "{category}"
        );
        assert_eq!(report["categories"][category]["total"], total, "{category}");
    }
    let want = &expected()["reference"];
    let wrong = mismatches(report, want);
    assert!(wrong.is_empty(), "{wrong:?}");
    for section in report["sections"].as_array().unwrap() {
        for key in ["id", "category", "title", "board", "time_ms", "tests"] {
            assert!(!section[key].is_null(), "{key} in {section}");
        }
        let id = section["id"].as_str().unwrap();
        let (category, board) = match id.split(' ').next() {
            Some("Memory") if id == "Memory 1" => ("memory", "student"),
            Some("Memory") => ("memory", "reference"),
            Some("Timing") => ("timing", "reference"),
            Some("Board") => ("correctness", "student"),
            _ => ("correctness", "reference"),
        };
        assert_eq!(section["category"], category, "{id}");
        assert_eq!(
            section["board"], board,
            "{id}: the course substitutes its Board in every Solver test"
        );
    }
    // The timing rows carry the course's figures, each under its limit.
    let timing2 = report["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "Timing 2")
        .unwrap();
    let rows = timing2["tests"].as_array().unwrap();
    assert_eq!(rows.len(), 25);
    for row in rows {
        let figures = row["figures"].as_array().unwrap();
        assert_eq!(figures[0]["name"], "insert()", "{row}");
        assert!(
            figures[0]["value"].as_f64().unwrap() <= figures[0]["limit"].as_f64().unwrap(),
            "{row}"
        );
    }
    let human = &human_reports(&run.stdout)["reference"];
    assert!(
        human.contains("Correctness:  52/52 tests passed"),
        "{human}"
    );
    snapshot("reference", human);

    let gradescope: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path("results.json")).unwrap()).unwrap();
    assert_eq!(gradescope["score"], 100.0);
    let rows = gradescope["tests"].as_array().unwrap();
    let max: f64 = rows.iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
    assert!((max - 100.0).abs() < 1e-9, "{max}");
    assert_eq!(
        rows.len(),
        2 + 52 + 22 + 125,
        "compilation, API and every test"
    );
    assert!(rows.iter().all(|t| t["status"] == "passed"));
    let junit = std::fs::read_to_string(path("junit.xml")).unwrap();
    assert_eq!(
        junit.matches("<testcase ").count(),
        2 + 52 + 22 + 125,
        "{junit}"
    );
    assert!(!junit.contains("<failure"), "{junit}");
    let csv = std::fs::read_to_string(path("scores.csv")).unwrap();
    assert_eq!(
        csv,
        "submission,student,status,score,compilation_passed,compilation_total,api_passed,api_total,\
         correctness_passed,correctness_total,memory_passed,memory_total,timing_passed,timing_total\n\
         \"fixtures/autograde/reference\",\"reference\",ok,100.00,1,1,1,1,52,52,22,22,125,125\n"
    );
    drop(run.files);
}

#[test]
fn the_princeton_variant_is_detected_and_each_reference_fails_the_other_api() {
    common::require_jdk();
    let run = autograde(&["--jobs", "2", "fixtures/autograde/princeton"]);
    run.assert_code(0);
    let report = &run.json["reports"][0];
    assert_eq!(report["api"], "princeton");
    assert_eq!(report["api_detected"], true);
    let wrong = mismatches(report, &expected()["princeton"]);
    assert!(wrong.is_empty(), "{wrong:?}");
    let ids: Vec<&str> = report["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert!(ids.iter().any(|t| t.contains("tileAt()")), "{ids:?}");
    snapshot("princeton", &human_reports(&run.stdout)["princeton"]);

    // Each reference against the other variant's API: the members the
    // variants differ in are findings.
    let run = autograde(&[
        "--only",
        "api",
        "--api",
        "princeton",
        "fixtures/autograde/reference",
    ]);
    let api = run.json["reports"][0]["api_check"].to_string();
    for member in [
        "int size()",
        "int tileAt(int, int)",
        "Board twin()",
        "int dimension()",
    ] {
        assert!(api.contains(member), "{member} in {api}");
    }
    let run = autograde(&[
        "--only",
        "api",
        "--api",
        "coursera",
        "fixtures/autograde/princeton",
    ]);
    let api = run.json["reports"][0]["api_check"].to_string();
    for member in ["int dimension()", "Board twin()", "int size()"] {
        assert!(api.contains(member), "{member} in {api}");
    }
}

#[test]
fn buggy_submissions_fail_exactly_the_tests_the_course_fails() {
    common::require_jdk();
    let run = grade_set("buggy", &[]);
    run.assert_code(1);
    // The one mistake no correctness test can see (its BUG.md proves it).
    let reports = reports(&run.json);
    assert_eq!(reports["buggy/stop-on-enqueue"]["score"], 100.0);
    assert!(
        run.stdout.contains("submission,student,status,score,"),
        "--batch prints a CSV table"
    );
}

#[test]
fn what_the_course_reports_taught_is_graded_as_the_course_grades_it() {
    common::require_jdk();
    let run = grade_set("learned", &["--compare-reports"]);
    run.assert_code(1);
    let reports = reports(&run.json);
    // The Solver that breaks ties as the course's reference does makes, in
    // slider's Java with slider's reference Board and MinPQ, exactly the
    // counts slider's Rust model of that reference computes (no code shared).
    let ties = reports["learned/arbitrary-ties"];
    let model_counts = slider::autograde::model::CountsCache::default();
    let timing2 = ties["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "Timing 2")
        .unwrap();
    for (row, puzzle) in timing2["tests"]
        .as_array()
        .unwrap()
        .iter()
        .zip(slider::course::TIMING_PUZZLES)
    {
        let board: slider::Board = slider::course::file(puzzle).unwrap().parse().unwrap();
        let counts = model_counts.reference(&board).unwrap();
        let figures = row["figures"].as_array().unwrap();
        assert_eq!(
            figures[0]["value"], counts.inserts as f64,
            "{puzzle} inserts"
        );
        assert_eq!(
            figures[1]["value"], counts.deletes as f64,
            "{puzzle} delMin"
        );
    }
    // The course-style report of one fixture is read and agrees.
    assert!(
        run.stdout.contains("learned/manhattan-undercounts: against the course's report\n  Correctness  course   48/52  slider   48/52  agrees"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("aggregates within 1 point: 1 of 1"),
        "{}",
        run.stdout
    );
}

// What every failure of a submission names (or, in a JVM where the
// first attempt already failed, what the JVM says from then on).
const NAMED_FAILURES: [(&str, &str, Option<&str>); 14] = [
    ("hostile/exit", "System.exit(0) is not allowed", None),
    ("hostile/exec", "\"execute\"", None),
    ("hostile/reads-files", "\"read\"", None),
    (
        "hostile/forge-channel",
        "\"/proc/self/fd/3\" \"write\"",
        None,
    ),
    ("hostile/out-of-memory", "java.lang.OutOfMemoryError", None),
    (
        "hostile/stack-overflow",
        "java.lang.StackOverflowError",
        None,
    ),
    ("hostile/equals-loop", "of CPU time in its threads", None),
    (
        "hostile/static-init",
        "java.lang.NumberFormatException",
        Some("Could not initialize class Board"),
    ),
    ("hostile/message-hangs", "of CPU time in its threads", None),
    ("hostile/sleeper", "sleeping or waiting", None),
    (
        "hostile/audit-aware",
        "Solver$Node.tieBreak changed from 0 to 1",
        None,
    ),
    (
        "hostile/search-in-moves",
        "Solver$Node.tieBreak changed from 0 to 1",
        None,
    ),
    ("hostile/escapes", "java.lang.IllegalStateException", None),
    (
        "hostile/own-queue",
        "no key was inserted into algs4's MinPQ",
        None,
    ),
];

#[test]
fn hostile_submissions_are_contained_and_their_reports_come_out() {
    common::require_jdk();
    common::require_bwrap();
    // The `exec` fixture tries to write this file through a shell, the
    // `agent-shadow` one this.
    let exec_mark = Path::new("/tmp/slider-hostile-exec");
    let agent_mark = Path::new("/tmp/slider-hostile-agent");
    let _ = std::fs::remove_file(exec_mark);
    let _ = std::fs::remove_file(agent_mark);
    // Containment is the point here: timing adds nothing but minutes.
    let run = grade_set(
        "hostile",
        &["--sandbox", "always", "--only", "api,correctness,memory"],
    );
    run.assert_code(1);
    assert!(!exec_mark.exists(), "Runtime.exec ran a command");
    assert!(!agent_mark.exists(), "a student's SliderAgent ran");
    let reports = reports(&run.json);
    // What the student printed never passes for a result, and is counted.
    let prints = reports["hostile/prints"];
    assert_eq!(prints["score"], 100.0);
    assert!(prints["printed_bytes"].as_u64().unwrap() > 0);
    for (name, what, after) in NAMED_FAILURES {
        let details = reports[name]["sections"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["tests"].as_array().unwrap())
            .flat_map(|t| t["failures"].as_array().unwrap())
            .filter(|f| f["kind"] != "not_run")
            .map(|f| f["detail"].as_str().unwrap().to_string())
            .collect::<Vec<_>>();
        assert!(
            details.iter().any(|d| d.contains(what)),
            "{name}: some failure names {what:?}: {details:#?}"
        );
        assert!(
            details
                .iter()
                .all(|d| d.contains(what) || after.is_some_and(|a| d.contains(a))),
            "{name}: every failure names {what:?}: {details:#?}"
        );
    }
    // A default-package or nested MinPQ is refused, naming itself.
    let own = reports["hostile/own-minpq"]["compilation"].to_string();
    assert!(own.contains("declares a class MinPQ"), "{own}");
    let nested = reports["hostile/nested-minpq"]["compilation"].to_string();
    assert!(nested.contains("declares a class Solver.MinPQ"), "{nested}");
    // Nothing the submissions printed or threw reaches slider's output raw,
    // in any format.
    let files = tempfile::tempdir().unwrap();
    let formats = autograde_to(
        &files,
        &[
            "--only",
            "correctness",
            "fixtures/autograde/hostile/escapes",
        ],
    );
    for (name, text) in std::iter::once(("stdout", run.stdout.clone())).chain(formats) {
        for c in [
            '\u{1b}', '\u{7}', '\r', '\0', '\u{9b}', '\u{202e}', '\u{2028}', '\u{2029}',
        ] {
            assert!(!text.contains(c), "{c:?} in {name}");
        }
        assert!(
            !text.contains("\n::error::forged"),
            "a forged workflow command in {name}"
        );
    }
}

/// Grades with every report format written: `(format, text)`.
fn autograde_to(files: &tempfile::TempDir, args: &[&str]) -> Vec<(&'static str, String)> {
    let path = |name: &str| files.path().join(name).display().to_string();
    let (junit, gradescope, csv) = (path("junit.xml"), path("results.json"), path("scores.csv"));
    let mut all = vec![
        "--format",
        "github",
        "--junit",
        &junit,
        "--gradescope",
        &gradescope,
        "--csv",
        &csv,
    ];
    all.extend_from_slice(args);
    let run = autograde(&all);
    let read = |p: &str| std::fs::read_to_string(p).unwrap();
    vec![
        ("text and github", run.stdout.clone()),
        ("json", run.json.to_string()),
        ("junit", read(&junit)),
        ("gradescope", read(&gradescope)),
        ("csv", read(&csv)),
    ]
}

#[test]
fn attacks_on_the_measured_runs_are_caught() {
    common::require_jdk();
    // Forging the counters is refused: the counts stay over the limit. A
    // table of the public timing puzzles' solutions is found out.
    // CPU spent on a helper thread counts, on whatever thread it runs: in
    // another thread group, behind a lying getId(), in a finalizer, in
    // threads too short-lived for any sampler to see.
    let helpers = [
        "hostile/helper-thread",
        "hostile/helper-parent-group",
        "hostile/helper-getid",
        "hostile/helper-finalizer",
        "hostile/helper-short",
    ];
    let mut args = vec!["--only", "memory,timing", "--jobs", "2"];
    let paths: Vec<String> = ["hostile/forge-counters", "hostile/timing-table"]
        .iter()
        .chain(&helpers)
        .map(|name| format!("fixtures/autograde/{name}"))
        .collect();
    args.extend(paths.iter().map(String::as_str));
    let run = autograde(&args);
    let all = expected();
    let reports = reports(&run.json);
    let mut wrong = Vec::new();
    for name in ["hostile/forge-counters", "hostile/timing-table"]
        .iter()
        .chain(&helpers)
    {
        wrong.extend(mismatches(reports[*name], &all[*name]));
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    // The public timing puzzles looked up, not solved: fresh puzzles tell.
    let table = reports["hostile/timing-table"]["sections"].to_string();
    assert!(table.contains("looked up, not solved"), "{table}");
    for name in helpers {
        let sections = reports[name]["sections"].to_string();
        assert!(
            sections.contains("of CPU time in its threads"),
            "{name}: {sections}"
        );
    }
}

/// Copies the fixture submission `name` into `dir` under the folder name `as_name`.
fn copy_fixture(name: &str, dir: &Path, as_name: &str) {
    let to = dir.join(as_name);
    std::fs::create_dir_all(&to).unwrap();
    for file in ["Board.java", "Solver.java"] {
        std::fs::copy(
            root_dir().join("fixtures/autograde").join(name).join(file),
            to.join(file),
        )
        .unwrap();
    }
}

#[test]
fn no_name_or_student_text_forges_a_line_a_command_or_a_page() {
    common::require_jdk();
    let class = tempfile::tempdir().unwrap();
    // a name with line breaks, a forged summary line, a workflow command and
    // a terminal escape; a student named like the class page; and a Board
    // whose toString() and messages hold workflow commands
    let forged = "evil\nCompilation:  PASSED\n::notice ::forged\u{1b}]0;owned\u{7}";
    copy_fixture("reference", class.path(), forged);
    copy_fixture("reference", class.path(), "index");
    copy_fixture("hostile/forge-github", class.path(), "forge-github");
    let pages = tempfile::tempdir().unwrap();
    let html = pages.path().join("html");
    let batch = class.path().to_str().unwrap().to_string();
    let run = autograde(&[
        "--only",
        "api,correctness",
        "--format",
        "github",
        "--html",
        html.to_str().unwrap(),
        "--batch",
        &batch,
    ]);
    // nothing raw reaches the terminal or the log
    for (what, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
        assert!(
            !text.contains('\u{1b}'),
            "{what} holds a raw escape:\n{text}"
        );
        assert!(!text.contains("##["), "{what} holds ##[:\n{text}");
    }
    // every line a runner would read as a command (leading spaces trimmed)
    // is an annotation of slider's, or inside a quote whose token no
    // student text can know
    let mut quote: Option<String> = None;
    for line in run.stdout.lines() {
        let command = line.trim_start();
        if let Some(token) = &quote {
            if command == format!("::{token}::") {
                quote = None;
            }
            continue;
        }
        if let Some(token) = command.strip_prefix("::stop-commands::") {
            assert!(token.starts_with("slider") && token.len() >= 38, "{line}");
            quote = Some(token.to_string());
            continue;
        }
        assert!(
            !command.starts_with("::")
                || command.starts_with("::error file=")
                || command.starts_with("::error title="),
            "a workflow command outside a quote: {line:?}\n{}",
            run.stdout
        );
        assert!(
            !command.starts_with("Compilation:"),
            "a forged line: {line:?}"
        );
    }
    assert_eq!(quote, None, "every quote is closed");
    // the forged name is shown, on one line
    assert!(
        run.stdout.contains(
            "evil\u{240a}Compilation:  PASSED\u{240a}::notice ::forged\u{241b}]0;owned\u{2407}"
        ),
        "{}",
        run.stdout
    );
    // the class page and the student named index each have their page
    let class_page = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert!(class_page.contains("index-2.html"), "{class_page}");
    let student = std::fs::read_to_string(html.join("index-2.html")).unwrap();
    assert!(
        student.contains("100.00%") || student.contains("100%"),
        "{student}"
    );
}

#[test]
fn zip_submissions_are_read_in_memory_under_caps() {
    common::require_jdk();
    let run = autograde(&[
        "--only",
        "api",
        "fixtures/autograde/zip/nested.zip",
        "fixtures/autograde/zip/bomb.zip",
        "fixtures/autograde/zip/traversal.zip",
        "fixtures/autograde/zip/garbage.zip",
    ]);
    run.assert_code(1);
    let reports = reports(&run.json);
    let nested = reports["zip/nested.zip"];
    assert_eq!(stage_outcome(nested, "compilation"), "passed", "{nested}");
    assert_eq!(stage_outcome(nested, "api"), "passed", "{nested}");
    assert_eq!(
        nested["changes"],
        serde_json::json!([
            "Board.java: `package hw4;` removed (graded in the default package)",
            "Solver.java: `package hw4;` removed (graded in the default package)"
        ])
    );
    for (name, why) in [
        ("zip/bomb.zip", "bomb.zip/Board.java: larger than 1024 KiB"),
        (
            "zip/traversal.zip",
            "Board.java not found in the submission",
        ),
        ("zip/garbage.zip", "not a readable .zip"),
    ] {
        let report = reports[name];
        assert_eq!(stage_outcome(report, "compilation"), "failed", "{name}");
        let messages = report["compilation"].to_string();
        assert!(messages.contains(why), "{name}: {messages} lacks {why:?}");
        assert_eq!(report["categories"]["api"]["not_run"], "compilation failed");
    }
}

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

/// Checks a Gradescope `results.json` against Gradescope's documented
/// schema: a numeric `score` (no top-level `max_score`: the tests' maxima add up to the assignment's points), optional `output`
/// and `execution_time`, and `tests` with a `name`, a `status` of
/// `passed` or `failed`, and an `output`.
fn assert_gradescope_schema(results: &serde_json::Value) {
    let score = results["score"].as_f64().expect("a numeric score");
    assert!(score >= 0.0, "{results}");
    assert!(results["output"].is_string(), "{results}");
    assert!(results["execution_time"].is_u64(), "{results}");
    // the specification's top-level fields only
    let top = [
        "score",
        "execution_time",
        "output",
        "output_format",
        "test_output_format",
        "test_name_format",
        "visibility",
        "stdout_visibility",
        "extra_data",
        "tests",
        "leaderboard",
    ];
    for key in results.as_object().unwrap().keys() {
        assert!(
            top.contains(&key.as_str()),
            "{key} is not a Gradescope field"
        );
    }
    for test in results["tests"].as_array().expect("a tests array") {
        assert!(test["name"].is_string(), "{test}");
        assert!(
            ["passed", "failed"].contains(&test["status"].as_str().unwrap()),
            "{test}"
        );
        assert!(test["output"].is_string(), "{test}");
        let known = [
            "name",
            "status",
            "output",
            "score",
            "max_score",
            "visibility",
            "tags",
            "number",
            "name_format",
            "output_format",
        ];
        for key in test.as_object().unwrap().keys() {
            assert!(
                known.contains(&key.as_str()),
                "{key} is not a Gradescope test field"
            );
        }
    }
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

#[test]
fn sigterm_ends_every_jvm_and_removes_every_folder() {
    common::require_jdk();
    let args = ["--jobs", "2", "fixtures/autograde/hostile/sleeper"];
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("slider"))
        .current_dir(root_dir())
        .arg("autograde")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    // Wait until a probe's JVM runs (its command line names the toolkit).
    let mark = format!("slider-autograde-{pid}");
    let started = Instant::now();
    let running = || {
        std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
            std::fs::read(e.path().join("cmdline")).is_ok_and(|c| {
                String::from_utf8_lossy(&c).contains("slider.probe.Probe")
                    && String::from_utf8_lossy(&c).contains(&mark)
            })
        })
    };
    // On a busy machine javac and the plan can take a minute or more
    // before the first probe: the bound is slider's own cap, a backstop.
    while !running() {
        assert!(started.elapsed() < watchdog(&args), "no probe started");
        assert!(
            child.try_wait().unwrap().is_none(),
            "slider ended before a probe started"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(pid as i32),
        nix::sys::signal::Signal::SIGTERM,
    )
    .unwrap();
    let signalled = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(120),
            "slider did not end on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(128 + 15));
    let leftovers = end_leftovers(pid);
    assert!(
        leftovers.is_empty(),
        "processes outlived SIGTERM: {leftovers:?}"
    );
    let folders: Vec<String> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            n.starts_with("slider-")
                && (n.ends_with(&format!("-{pid}")) || n.contains(&format!("-{pid}-")))
        })
        .collect();
    assert!(folders.is_empty(), "folders left behind: {folders:?}");
}

/// A report without its times and names, to compare two runs of the same
/// code.
fn timeless(report: &serde_json::Value) -> serde_json::Value {
    let mut report = report.clone();
    report["elapsed_ms"] = serde_json::Value::Null;
    report["profile"] = serde_json::Value::Null;
    report["submission"] = serde_json::Value::Null;
    report["student"] = serde_json::Value::Null;
    report["files"] = serde_json::Value::Null;
    for section in report["sections"].as_array_mut().unwrap() {
        section["time_ms"] = serde_json::Value::Null;
    }
    report
}

#[test]
fn a_hostile_submission_in_a_batch_leaves_the_others_reports_as_they_are_alone() {
    common::require_jdk();
    let batch = tempfile::tempdir().unwrap();
    for (name, fixture) in [
        ("a-hostile", "hostile/static-init"),
        ("b-attacker", "hostile/forge-counters"),
        ("c-student", "reference"),
    ] {
        let to = batch.path().join(name);
        std::fs::create_dir(&to).unwrap();
        for file in ["Board.java", "Solver.java"] {
            std::fs::copy(
                root_dir()
                    .join("fixtures/autograde")
                    .join(fixture)
                    .join(file),
                to.join(file),
            )
            .unwrap();
        }
    }
    let flags = ["--only", "correctness,memory", "--jobs", "2"];
    let batch_dir = batch.path().display().to_string();
    let mut args = flags.to_vec();
    args.extend(["--batch", batch_dir.as_str()]);
    let together = autograde(&args);
    let mut args = flags.to_vec();
    args.push("fixtures/autograde/reference");
    let alone = autograde(&args);
    let student = together.json["reports"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["submission"].as_str().unwrap().ends_with("c-student"))
        .unwrap();
    assert_eq!(timeless(student), timeless(&alone.json["reports"][0]));
}

#[test]
fn a_source_javac_cannot_finish_is_held_to_the_submission_time_limit() {
    common::require_jdk();
    // javac would spend hours on this Solver; the submission has 15 s of
    // CPU time, and twice that of wall time as a backstop (other tests
    // share the cores: javac may get less than a core).
    let cap = Duration::from_secs(30);
    let run = autograde(&[
        "--time-limit",
        "15",
        "fixtures/autograde/hostile/javac-bomb",
    ]);
    run.assert_code(1);
    let reports = reports(&run.json);
    let report = reports["hostile/javac-bomb"];
    assert_eq!(report["status"], "compile-error");
    // its CPU limit or the wall backstop, whichever comes first
    assert_eq!(
        report["compilation"],
        serde_json::json!(["javac was stopped by its time limit"])
    );
    // The cap is the submission's whole grade, javac included; what is
    // over its wall backstop is the time to kill javac's JVM and write the
    // report.
    let elapsed = Duration::from_millis(report["elapsed_ms"].as_u64().unwrap());
    assert!(
        elapsed < cap + Duration::from_secs(5),
        "the autograde took {elapsed:?} against a cap of {cap:?}"
    );
}
