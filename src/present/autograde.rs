//! An autograder report as text (the course's kind of assessment report),
//! JSON, `JUnit`, Gradescope's `results.json` and GitHub annotations.
//!
//! The JSON is a stable format (`"format": "slider-autograde/1"`): fields
//! are added, never renamed or removed, within a major version.

use std::fmt::Write as _;

use quick_junit::{NonSuccessKind, Report as JunitReport, TestCase, TestCaseStatus, TestSuite};
use serde::Serialize;

use crate::autograde::{Category, Report, Stage, Verdict};

fn visible(text: &str) -> String {
    crate::format::visible(text.as_bytes(), true)
}

fn stage_line(stage: &Stage, not_run: Option<&str>) -> String {
    match (stage.ran, stage.passed, not_run) {
        (_, _, Some(why)) => format!("not run: {why}"),
        (false, _, None) => "not run".to_string(),
        (true, true, None) => "PASSED".to_string(),
        (true, false, None) => "FAILED".to_string(),
    }
}

/// The summary's lines: one per category, the aggregate score and weights.
fn summary(report: &Report) -> String {
    let mut out = String::new();
    let why = |c: Category| {
        report
            .not_run
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, w)| w.as_str())
    };
    for category in Category::ALL {
        let value = match category {
            Category::Compile => stage_line(&report.compilation, why(category)),
            Category::Api => stage_line(&report.api, why(category)),
            _ => {
                if let Some(why) = why(category) {
                    format!("not run: {why}")
                } else {
                    let (passed, total) = report.tally(category);
                    format!("{passed}/{total} tests passed")
                }
            }
        };
        let _ = writeln!(out, "{:<13} {value}", format!("{}:", category.name()));
    }
    let (score, weight) = report.score();
    let weights: Vec<String> = Category::ALL
        .iter()
        .map(|c| {
            let mark = if report.graded(*c) { "" } else { " not run" };
            format!("{}: {}%{mark}", c.name(), c.weight())
        })
        .collect();
    if weight == 100 {
        let _ = writeln!(out, "Aggregate score: {score:.2}%");
    } else {
        let _ = writeln!(out, "Aggregate score: {score:.2}% of the {weight}% graded");
    }
    let _ = writeln!(out, "[ {} ]", weights.join(", "));
    out
}

/// The human report: header, summary, stages' messages, then one line per
/// test with its failures.
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage, Variant};
/// let report = Report {
///     submission: "hw4".into(), variant: Variant::Coursera, detected: true, changes: vec![],
///     compilation: Stage { ran: true, passed: false, messages: vec!["Board.java:3: error: ';' expected".into()] },
///     api: Stage::default(), tests: vec![], not_run: vec![], printed: 0, elapsed: Default::default(),
/// };
/// let text = slider::present::autograde::human(&report, true);
/// assert!(text.contains("Compilation:  FAILED"));
/// assert!(text.contains("Board.java:3: error"));
/// ```
#[must_use]
pub fn human(report: &Report, with_time: bool) -> String {
    let mut out = String::new();
    let detected = if report.detected { ", detected" } else { "" };
    let _ = writeln!(
        out,
        "slider autograde: {} ({} API{detected})",
        visible(&report.submission),
        report.variant.name()
    );
    out.push('\n');
    out.push_str(&summary(report));
    for change in &report.changes {
        let _ = writeln!(out, "note: {}", visible(change));
    }
    if !report.compilation.messages.is_empty() {
        let _ = writeln!(out, "\nCompilation:");
        for line in &report.compilation.messages {
            let _ = writeln!(out, "  {}", visible(line));
        }
    }
    if !report.api.messages.is_empty() {
        let _ = writeln!(out, "\nAPI:");
        for line in &report.api.messages {
            let _ = writeln!(out, "  - {}", visible(line));
        }
    }
    let mut side = "";
    for test in &report.tests {
        let this_side = test.id.split(' ').next().unwrap_or("");
        if this_side != side {
            side = this_side;
            let _ = writeln!(out, "\n{side}");
        }
        let verdict = match test.verdict {
            Verdict::Passed => "passed",
            Verdict::Failed => "FAILED",
            Verdict::NotRun => "not run",
        };
        let _ = writeln!(
            out,
            "  {verdict:<7} {:<10} {} ({}/{})",
            test.id, test.title, test.passed, test.total
        );
        for failure in &test.failures {
            let _ = writeln!(out, "          - {}", visible(failure).replace('\n', " "));
        }
    }
    if report.printed > 0 {
        let _ = writeln!(
            out,
            "\nnote: the submission printed {} bytes to standard output while tested (not graded; debugging output?)",
            report.printed
        );
    }
    if with_time {
        let _ = writeln!(out, "\nTime: {:.1} s", report.elapsed.as_secs_f64());
    }
    out
}

#[derive(Serialize)]
struct CategoryJson {
    passed: usize,
    total: usize,
    graded: bool,
    weight: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_run: Option<String>,
}

#[derive(Serialize)]
struct TestJson<'a> {
    id: &'a str,
    category: &'static str,
    title: &'a str,
    outcome: &'static str,
    passed: usize,
    total: usize,
    /// The failures in one text (as `slider grade`'s JSON has it).
    detail: String,
    details: &'a [String],
    time_ms: u128,
}

#[derive(Serialize)]
struct ReportJson<'a> {
    format: &'static str,
    submission: &'a str,
    variant: &'static str,
    variant_detected: bool,
    score: f64,
    graded_weight: u32,
    categories: std::collections::BTreeMap<&'static str, CategoryJson>,
    compilation: &'a [String],
    api: &'a [String],
    changes: &'a [String],
    tests: Vec<TestJson<'a>>,
    printed_bytes: u64,
    elapsed_ms: u128,
}

fn outcome_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Passed => "passed",
        Verdict::Failed => "failed",
        Verdict::NotRun => "not_run",
    }
}

/// A category's key in the JSON.
fn category_key(category: Category) -> &'static str {
    match category {
        Category::Compile => "compilation",
        Category::Api => "api",
        Category::Correctness => "correctness",
        Category::Memory => "memory",
        Category::Timing => "timing",
    }
}

fn json_value(report: &Report) -> ReportJson<'_> {
    let (score, graded_weight) = report.score();
    let categories = Category::ALL
        .iter()
        .map(|c| {
            let (passed, total) = report.tally(*c);
            let key = category_key(*c);
            let not_run = report
                .not_run
                .iter()
                .find(|(k, _)| k == c)
                .map(|(_, w)| w.clone());
            (
                key,
                CategoryJson {
                    passed,
                    total,
                    graded: report.graded(*c),
                    weight: c.weight(),
                    not_run,
                },
            )
        })
        .collect();
    ReportJson {
        format: "slider-autograde/1",
        submission: &report.submission,
        variant: report.variant.name(),
        variant_detected: report.detected,
        score: (score * 100.0).round() / 100.0,
        graded_weight,
        categories,
        compilation: &report.compilation.messages,
        api: &report.api.messages,
        changes: &report.changes,
        tests: report
            .tests
            .iter()
            .map(|t| TestJson {
                id: &t.id,
                category: category_key(t.category),
                title: &t.title,
                outcome: outcome_name(t.verdict),
                passed: t.passed,
                total: t.total,
                detail: t.failures.join("\n"),
                details: &t.failures,
                time_ms: t.time.as_millis(),
            })
            .collect(),
        printed_bytes: report.printed,
        elapsed_ms: report.elapsed.as_millis(),
    }
}

/// The stable JSON of several reports: `{"reports": [...]}`.
///
/// # Example
///
/// ```
/// let text = slider::present::autograde::json(&[]);
/// assert!(text.contains("\"reports\": []"));
/// ```
#[must_use]
pub fn json(reports: &[Report]) -> String {
    #[derive(Serialize)]
    struct All<'a> {
        reports: Vec<ReportJson<'a>>,
    }
    let all = All {
        reports: reports.iter().map(json_value).collect(),
    };
    let mut text = serde_json::to_string_pretty(&all).unwrap_or_default();
    text.push('\n');
    text
}

/// One row per submission: `submission,score,compilation,api,correctness`.
///
/// # Example
///
/// ```
/// assert_eq!(slider::present::autograde::csv(&[]), "submission,score,compilation,api,correctness,memory,timing\n");
/// ```
#[must_use]
pub fn csv(reports: &[Report]) -> String {
    let mut out = String::from("submission,score,compilation,api,correctness,memory,timing\n");
    for report in reports {
        let cell = |c: Category| {
            if report.graded(c) {
                let (passed, total) = report.tally(c);
                format!("{passed}/{total}")
            } else {
                String::new()
            }
        };
        let name = report.submission.replace('"', "\"\"");
        let _ = writeln!(
            out,
            "\"{name}\",{:.2},{},{},{},{},{}",
            report.score().0,
            cell(Category::Compile),
            cell(Category::Api),
            cell(Category::Correctness),
            cell(Category::Memory),
            cell(Category::Timing)
        );
    }
    out
}

/// Every stage and test as a row: `(name, passed, detail)`.
fn rows(report: &Report) -> Vec<(String, bool, String)> {
    let mut rows = Vec::new();
    if report.compilation.ran {
        rows.push((
            "Compilation".to_string(),
            report.compilation.passed,
            report.compilation.messages.join("\n"),
        ));
    }
    if report.api.ran {
        rows.push((
            "API".to_string(),
            report.api.passed,
            report.api.messages.join("\n"),
        ));
    }
    for t in &report.tests {
        rows.push((
            format!("{}: {}", t.id, t.title),
            t.verdict == Verdict::Passed,
            format!(
                "{}/{} inputs passed\n{}",
                t.passed,
                t.total,
                t.failures.join("\n")
            ),
        ));
    }
    rows
}

/// `JUnit` XML: a suite per submission, a case per stage and test.
///
/// # Example
///
/// ```
/// assert!(slider::present::autograde::junit(&[]).contains("<testsuites"));
/// ```
#[must_use]
pub fn junit(reports: &[Report]) -> String {
    let mut junit = JunitReport::new("slider-autograde");
    for report in reports {
        let mut suite = TestSuite::new(report.submission.as_str());
        for (name, passed, detail) in rows(report) {
            let status = if passed {
                TestCaseStatus::success()
            } else {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status.set_description(detail.as_str());
                status
            };
            let mut case = TestCase::new(name.as_str(), status);
            case.set_classname(report.submission.as_str());
            suite.add_test_case(case);
        }
        junit.add_test_suite(suite);
    }
    junit.to_string().unwrap_or_default()
}

/// Gradescope's `results.json` for one submission: the score out of 100
/// (over the graded categories), the summary as output, a test per row.
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage, Variant};
/// let report = Report {
///     submission: "s".into(), variant: Variant::Coursera, detected: false, changes: vec![],
///     compilation: Stage { ran: true, passed: true, messages: vec![] }, api: Stage::default(),
///     tests: vec![], not_run: vec![], printed: 0, elapsed: Default::default(),
/// };
/// let v: serde_json::Value = serde_json::from_str(&slider::present::autograde::gradescope(&report)).unwrap();
/// assert_eq!(v["max_score"], 100.0);
/// assert_eq!(v["tests"][0]["status"], "passed");
/// ```
#[must_use]
pub fn gradescope(report: &Report) -> String {
    #[derive(Serialize)]
    struct Test {
        name: String,
        status: &'static str,
        output: String,
    }
    #[derive(Serialize)]
    struct Results {
        score: f64,
        max_score: f64,
        output: String,
        execution_time: u64,
        tests: Vec<Test>,
    }
    let results = Results {
        score: (report.score().0 * 100.0).round() / 100.0,
        max_score: 100.0,
        output: summary(report),
        execution_time: report.elapsed.as_secs(),
        tests: rows(report)
            .into_iter()
            .map(|(name, passed, output)| Test {
                name,
                status: if passed { "passed" } else { "failed" },
                output,
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&results).unwrap_or_default();
    text.push('\n');
    text
}

/// GitHub Actions annotations: an error per failed stage or test, on the
/// submission's `Board.java` or `Solver.java`.
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage, Variant};
/// let report = Report {
///     submission: "hw".into(), variant: Variant::Coursera, detected: false, changes: vec![],
///     compilation: Stage { ran: true, passed: false, messages: vec!["x".into()] }, api: Stage::default(),
///     tests: vec![], not_run: vec![], printed: 0, elapsed: Default::default(),
/// };
/// assert!(slider::present::autograde::github(&report).starts_with("::error file=hw/Board.java"));
/// ```
#[must_use]
pub fn github(report: &Report) -> String {
    let mut out = String::new();
    for (name, passed, detail) in rows(report) {
        if passed {
            continue;
        }
        let class = if name.starts_with("Solver") {
            "Solver.java"
        } else {
            "Board.java"
        };
        let file = super::github::escape(&format!("{}/{class}", report.submission), true);
        let _ = writeln!(
            out,
            "::error file={file},title={}::{}",
            super::github::escape(&name, true),
            super::github::escape(&detail, false)
        );
    }
    out
}
