//! The autograder report as data for tools: the stable JSON, CSV, `JUnit`
//! XML, Gradescope's `results.json` and GitHub annotations.
//!
//! The JSON is a stable format (`"format": "slider-autograde/2"`): fields
//! are added, never renamed or removed, within a major version.

use std::fmt::Write as _;

use quick_junit::{NonSuccessKind, Report as JunitReport, TestCase, TestCaseStatus, TestSuite};
use serde::Serialize;

use super::describe;
use crate::autograde::catalog::Classes;
use crate::autograde::{Category, Report, Verdict};

use super::{one_line, visible};

fn outcome_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Passed => "passed",
        Verdict::Failed => "failed",
        Verdict::NotRun => "not_run",
    }
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
struct FailureJson {
    input: String,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    detail: String,
}

#[derive(Serialize)]
struct FigureJson {
    name: &'static str,
    value: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ratio: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tolerance: Option<f64>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    close: bool,
}

#[derive(Serialize)]
struct TestJson {
    row: String,
    outcome: &'static str,
    passed: usize,
    total: usize,
    failures: Vec<FailureJson>,
    more_failures: usize,
    figures: Vec<FigureJson>,
}

#[derive(Serialize)]
struct SectionJson {
    id: String,
    category: &'static str,
    title: String,
    board: &'static str,
    time_ms: u128,
    tests: Vec<TestJson>,
}

#[derive(Serialize)]
struct ReportJson {
    format: &'static str,
    submission: String,
    student: String,
    api: &'static str,
    api_detected: bool,
    edition: String,
    files: Vec<String>,
    status: &'static str,
    score: f64,
    graded_weight: u32,
    categories: std::collections::BTreeMap<&'static str, CategoryJson>,
    compilation: Vec<String>,
    api_check: Vec<String>,
    changes: Vec<String>,
    warnings: Vec<String>,
    sections: Vec<SectionJson>,
    printed_bytes: u64,
    elapsed_ms: u128,
}

fn figure_json(f: &crate::autograde::Figure) -> FigureJson {
    FigureJson {
        name: f.name,
        value: f.value,
        reference: f.reference,
        limit: f.limit,
        ratio: f.ratio(),
        tolerance: f.tolerance,
        close: f.close(),
    }
}

fn json_value(report: &Report) -> ReportJson {
    let (score, graded_weight) = report.score();
    let categories = Category::ALL
        .iter()
        .map(|c| {
            let (passed, total) = report.tally(*c);
            let not_run = report
                .not_run
                .iter()
                .find(|(k, _)| k == c)
                .map(|(_, w)| w.clone());
            (
                c.key(),
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
    let sections = report
        .sections
        .iter()
        .map(|s| SectionJson {
            id: s.id.clone(),
            category: s.category.key(),
            title: s.title.clone(),
            board: match s.classes {
                Classes::Student => "student",
                Classes::Reference => "reference",
            },
            time_ms: s.time.as_millis(),
            tests: s
                .tests
                .iter()
                .map(|t| TestJson {
                    row: t.row.clone(),
                    outcome: outcome_name(t.verdict),
                    passed: t.passed,
                    total: t.total,
                    failures: t
                        .failures
                        .iter()
                        .map(|f| FailureJson {
                            input: visible(&f.input),
                            kind: f.failure.kind(),
                            reason: f.failure.reason(),
                            detail: visible(&describe(&f.failure).join("\n")),
                        })
                        .collect(),
                    more_failures: t.more_failures,
                    figures: t.figures.iter().map(figure_json).collect(),
                })
                .collect(),
        })
        .collect();
    ReportJson {
        format: "slider-autograde/2",
        submission: one_line(&report.submission),
        student: one_line(&report.student),
        api: report.api.name(),
        api_detected: report.detected,
        edition: report.edition.describe(),
        files: report
            .files
            .iter()
            .map(|f| f.display().to_string())
            .collect(),
        status: report.status().name(),
        score: (score * 100.0).round() / 100.0,
        graded_weight,
        categories,
        compilation: report
            .compilation
            .messages
            .iter()
            .map(|m| visible(m))
            .collect(),
        api_check: report
            .api_check
            .messages
            .iter()
            .map(|m| visible(m))
            .collect(),
        changes: report.changes.iter().map(|m| visible(m)).collect(),
        warnings: report.warnings.iter().map(|m| visible(m)).collect(),
        sections,
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
    struct All {
        reports: Vec<ReportJson>,
    }
    let all = All {
        reports: reports.iter().map(json_value).collect(),
    };
    let mut text = serde_json::to_string_pretty(&all).unwrap_or_default();
    text.push('\n');
    text
}

/// CSV, a row per submission: its status (`ok`, `failed`,
/// `compile-error`, `missing-file`, `api-mismatch`, `timeout`), the score,
/// and each category's passed and total tests as plain numbers (a category
/// not graded leaves both empty). No cell reads as a date or a formula in a
/// spreadsheet.
///
/// # Example
///
/// ```
/// assert!(slider::present::autograde::csv(&[]).starts_with("submission,student,status,score,compilation_passed,compilation_total,"));
/// ```
#[must_use]
pub fn csv(reports: &[Report]) -> String {
    let mut out = String::from("submission,student,status,score");
    for category in Category::ALL {
        let name = category.key();
        let _ = write!(out, ",{name}_passed,{name}_total");
    }
    out.push('\n');
    // A leading = + - @ makes a spreadsheet read a formula.
    let cell = |text: &str| {
        let mut cell = one_line(text).replace('"', "\"\"");
        if cell.starts_with(['=', '+', '-', '@']) {
            cell.insert(0, '\'');
        }
        cell
    };
    for report in reports {
        let _ = write!(
            out,
            "\"{}\",\"{}\",{},{:.2}",
            cell(&report.submission),
            cell(&report.student),
            report.status().name(),
            report.score().0
        );
        for category in Category::ALL {
            if report.graded(category) {
                let (passed, total) = report.tally(category);
                let _ = write!(out, ",{passed},{total}");
            } else {
                out.push_str(",,");
            }
        }
        out.push('\n');
    }
    out
}

/// One stage or test as the course counts it, its text made visible.
pub(super) struct Row {
    /// `Compilation`, `Board 4a: check toString() …`, `Timing 1 puzzle20.txt`.
    pub name: String,
    /// The category it counts in.
    pub category: Category,
    /// Whether it passed.
    pub passed: bool,
    /// What it measured and what failed, one item per line.
    pub detail: String,
    /// What it measured, one figure per line (the start of `detail`).
    pub figures: String,
    /// Its failing inputs, each with its board and what went wrong.
    pub inputs: Vec<FailedInput>,
    /// What to look at, when it failed on an input that ran.
    pub hint: Option<&'static str>,
}

/// One failing input of a [`Row`], its text made safe to show.
pub(super) struct FailedInput {
    /// The input, as the course names it.
    pub input: String,
    /// Its board, when there is one.
    pub board: Option<crate::Board>,
    /// What went wrong (the student's and the reference's values).
    pub lines: Vec<String>,
}

/// Every stage and test as the course counts them.
pub(super) fn rows(report: &Report) -> Vec<Row> {
    let mut rows = Vec::new();
    for (name, category, stage) in [
        ("Compilation", Category::Compile, &report.compilation),
        ("API", Category::Api, &report.api_check),
    ] {
        if stage.ran {
            rows.push(Row {
                name: name.to_string(),
                category,
                passed: stage.passed,
                detail: visible(&stage.messages.join("\n")),
                figures: String::new(),
                inputs: Vec::new(),
                hint: None,
            });
        }
    }
    for s in &report.sections {
        for t in &s.tests {
            let name = if t.row.is_empty() {
                format!("{}: {}", s.id, s.title)
            } else {
                format!("{} {}", s.id, t.row)
            };
            let mut detail = String::new();
            for figure in &t.figures {
                let _ = write!(detail, "{} = {}", figure.name, figure.value);
                if let Some(limit) = figure.limit {
                    let _ = write!(detail, " (limit {limit:.0})");
                }
                detail.push('\n');
            }
            let figures = visible(&detail);
            for f in &t.failures {
                let _ = writeln!(detail, "{}: {}", f.input, describe(&f.failure).join("; "));
            }
            let inputs = t
                .failures
                .iter()
                .map(|f| FailedInput {
                    input: visible(&f.input),
                    board: f.board.clone(),
                    lines: describe(&f.failure).iter().map(|l| visible(l)).collect(),
                })
                .collect();
            rows.push(Row {
                name: visible(&name),
                category: s.category,
                passed: t.verdict == Verdict::Passed,
                detail: visible(&detail),
                figures,
                inputs,
                hint: super::hints::for_test(s.check, t),
            });
        }
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
        let submission = one_line(&report.submission);
        let mut suite = TestSuite::new(submission.as_str());
        for Row {
            name,
            passed,
            detail,
            ..
        } in rows(report)
        {
            let status = if passed {
                TestCaseStatus::success()
            } else {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status.set_description(detail.as_str());
                status
            };
            let mut case = TestCase::new(name.as_str(), status);
            case.set_classname(submission.as_str());
            suite.add_test_case(case);
        }
        junit.add_test_suite(suite);
    }
    junit.to_string().unwrap_or_default()
}

/// GitHub Actions annotations: an error per failed stage or test, on the
/// graded `Board.java` or `Solver.java`.
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage};
/// let mut report = Report::new("hw".into(), slider::course::Api::Coursera, Default::default());
/// report.compilation = Stage { ran: true, passed: false, messages: vec!["x".into()] };
/// assert!(slider::present::autograde::github(&report).starts_with("::error file=hw/Board.java"));
/// ```
#[must_use]
pub fn github(report: &Report) -> String {
    let escape = crate::present::github::escape;
    let property = |text: &str| escape(&crate::format::visible(text.as_bytes(), false), true);
    let failed: Vec<Row> = rows(report).into_iter().filter(|r| !r.passed).collect();
    let mut out = String::new();
    for (k, row) in failed.iter().enumerate() {
        if k + 1 == GITHUB_ANNOTATIONS && failed.len() > GITHUB_ANNOTATIONS {
            let _ = writeln!(
                out,
                "::error title=slider autograde::{} more failing tests, not annotated: see the job summary or the report",
                failed.len() - k
            );
            break;
        }
        let errors = if row.name == "Compilation" {
            javac_errors(&report.compilation.messages)
        } else {
            Vec::new()
        };
        if let Some((file, line, _)) = errors.first() {
            let all: Vec<String> = errors
                .iter()
                .map(|(file, line, message)| format!("{file}:{line}: {message}"))
                .collect();
            let _ = writeln!(
                out,
                "::error file={},line={line},title=Compilation::{}",
                property(file),
                escape(
                    &crate::format::visible(all.join("\n").as_bytes(), true),
                    false
                )
            );
            continue;
        }
        let class = annotated_class(&row.name, &row.detail);
        let file = report
            .files
            .iter()
            .find(|f| f.file_name().is_some_and(|n| n == class));
        let at = file.map_or_else(String::new, |f| {
            format!("file={},", property(&f.display().to_string()))
        });
        let _ = writeln!(
            out,
            "::error {at}title={}::{}",
            property(&row.name),
            escape(&crate::format::visible(row.detail.as_bytes(), true), false)
        );
    }
    out
}

/// The error annotations GitHub shows for one step; a report with more
/// failing tests gets this many, the last one saying how many more.
pub const GITHUB_ANNOTATIONS: usize = 10;

/// The class a failing test's annotation points at: a Board test's, or
/// Memory 1's, at Board.java; a stage's at the file its message names,
/// Board.java when it names none; any other test's at Solver.java.
fn annotated_class(name: &str, detail: &str) -> &'static str {
    let stage = name == "Compilation" || name == "API";
    if stage {
        if detail.contains("Solver.java") && !detail.contains("Board.java") {
            "Solver.java"
        } else {
            "Board.java"
        }
    } else if name.starts_with("Board") || name.starts_with("Memory 1") {
        "Board.java"
    } else {
        "Solver.java"
    }
}

/// javac's errors as `(file, line, message)`: each `PATH:LINE: error: …`
/// line with the source line and caret javac prints under it.
fn javac_errors(messages: &[String]) -> Vec<(&str, u32, String)> {
    let mut errors: Vec<(&str, u32, String)> = Vec::new();
    for line in messages {
        let parsed = line.split_once(": error: ").and_then(|(at, message)| {
            let (file, number) = at.rsplit_once(':')?;
            Some((file, number.parse().ok()?, message.to_string()))
        });
        match (parsed, errors.last_mut()) {
            (Some(error), _) => errors.push(error),
            (None, Some((_, _, message))) if !is_error_count(line) => {
                message.push('\n');
                message.push_str(line);
            }
            (None, _) => {}
        }
    }
    errors
}

/// javac's last line: `1 error`, `12 errors`.
fn is_error_count(line: &str) -> bool {
    line.split_once(' ').is_some_and(|(count, word)| {
        count.bytes().all(|b| b.is_ascii_digit()) && matches!(word, "error" | "errors")
    })
}
