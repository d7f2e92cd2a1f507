//! `slider autograde` on the fixture submissions of `fixtures/autograde/`:
//! the project's Java reference scores 100% in every report format; the
//! Princeton variant is detected, and each reference fails the other's
//! API; each buggy copy (one classic mistake each) and each behaviour the
//! course's reports taught (`learned/`) fails exactly the tests
//! `fixtures/autograde/expected.txt` lists for it; a course report is read
//! and compared. Every report is snapshotted under `snapshots/`. Hostile
//! submissions are graded in `tests/autograde_hostile.rs`; Gradescope,
//! Classroom, usage errors and students' sources in
//! `tests/autograde_platforms.rs`.
//!
//! These tests need a JDK (`.ci/run` installs one). Without it they fail;
//! they never pass silently. Every run is bounded (trial timeout, JVM
//! limits, a watchdog), and any process a run leaves behind is found by
//! its toolkit folder and ended by pid.

mod common;

use common::autograde::*;
use common::autograde_reports::*;

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
    let (style, rows): (Vec<_>, Vec<_>) = rows.iter().partition(|t| t["tags"][0] == "style");
    assert_eq!(
        rows.len(),
        2 + 52 + 22 + 125,
        "compilation, API and every test"
    );
    assert!(rows.iter().all(|t| t["status"] == "passed"));
    // the style section: the tools that ran, each passed and worth nothing
    let names: Vec<&str> = style.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Style: PMD", "Style: Checkstyle"]);
    assert!(
        style
            .iter()
            .all(|t| t["status"] == "passed" && t["max_score"] == 0.0)
    );
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
        run.stdout
            .contains("\nCLASS SUMMARY: 24 submissions\nstudent "),
        "--batch ends with the class's table"
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
