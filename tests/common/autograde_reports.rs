//! What the autograde test files (`tests/autograde.rs`,
//! `tests/autograde_hostile.rs`, `tests/autograde_platforms.rs`) do with
//! whole reports: snapshot a human report under `snapshots/`, grade a
//! fixture folder against `fixtures/autograde/expected.txt`, write every
//! report format, check a Gradescope `results.json` against Gradescope's
//! schema, and strip a report of its times to compare two runs.

use std::collections::BTreeSet;

use super::autograde::{Run, autograde, expected, fixtures_in, human_reports, mismatches, reports};

/// Snapshots a human report as `snapshots/autograde__report-NAME.snap`
/// (`/` in the fixture's name as `-`). The file's name is spelled out here
/// rather than taken from the calling test binary's module (insta's
/// `prepend_module_to_snapshot`), so every autograde test file finds the
/// snapshots the one `tests/autograde.rs` used to write.
pub fn snapshot(name: &str, report: &str) {
    let name = format!("autograde__report-{}", name.replace('/', "-"));
    insta::with_settings!({
        // relative to this file's folder, tests/common/
        snapshot_path => "../../snapshots",
        prepend_module_to_snapshot => false,
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
pub fn grade_set(set: &str, flags: &[&str]) -> Run {
    let batch = format!("fixtures/autograde/{set}");
    // The time a submission may take is the course's concern on a quiet
    // machine; here other tests share the cores, so it is generous.
    // -v: every full report on standard output, as it is graded
    let mut args = vec![
        "-v",
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

/// Grades with every report format written: `(format, text)`.
pub fn autograde_to(files: &tempfile::TempDir, args: &[&str]) -> Vec<(&'static str, String)> {
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

/// Checks a Gradescope `results.json` against Gradescope's documented
/// schema: a numeric `score` (no top-level `max_score`: the tests' maxima add up to the assignment's points), optional `output`
/// and `execution_time`, and `tests` with a `name`, a `status` of
/// `passed` or `failed`, and an `output`.
pub fn assert_gradescope_schema(results: &serde_json::Value) {
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

/// A report without its times and names, to compare two runs of the same
/// code.
pub fn timeless(report: &serde_json::Value) -> serde_json::Value {
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
