//! The autograder report as data for tools: the stable JSON, CSV, `JUnit`
//! XML, Gradescope's `results.json` and GitHub annotations.
//!
//! The JSON is a stable format (`"format": "slider-autograde/2"`): fields
//! are added, never renamed or removed, within a major version.

use std::fmt::Write as _;

use quick_junit::{NonSuccessKind, Report as JunitReport, TestCase, TestCaseStatus, TestSuite};
use serde::Serialize;

use super::describe;
use super::summary::Summary;
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
    /// The test's name in every format ([`super::test_name`]); added in
    /// slider-autograde/2.
    name: String,
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
    guard: Vec<String>,
    changes: Vec<String>,
    warnings: Vec<String>,
    sections: Vec<SectionJson>,
    printed_bytes: u64,
    sandbox: &'static str,
    elapsed_ms: u128,
    profile: Vec<PhaseJson>,
    /// The style section (added in slider-autograde/2: absent when it did
    /// not run).
    #[serde(skip_serializing_if = "Option::is_none")]
    style: Option<super::style::StyleJson>,
}

/// One phase of the grading's time ([`super::profile::totals`]).
#[derive(Serialize)]
struct PhaseJson {
    phase: String,
    runs: usize,
    first_ms: u128,
    last_ms: u128,
    wall_ms: u128,
    cpu_ms: u128,
}

fn figure_json(f: &crate::autograde::Figure) -> FigureJson {
    FigureJson {
        name: f.name,
        // rounded as printed: seconds to the millisecond, a ratio to the
        // tenth
        value: if f.name == "seconds" {
            (f.value * 1000.0).round() / 1000.0
        } else {
            f.value
        },
        reference: f.reference,
        limit: f.limit,
        ratio: f.ratio().map(|r| (r * 10.0).round() / 10.0),
        tolerance: f.tolerance,
        close: f.close(),
    }
}

fn profile_json(report: &Report) -> Vec<PhaseJson> {
    super::profile::totals(&report.profile)
        .into_iter()
        .map(|t| PhaseJson {
            phase: t.phase,
            runs: t.runs,
            first_ms: t.first.as_millis(),
            last_ms: t.last.as_millis(),
            wall_ms: t.wall.as_millis(),
            cpu_ms: t.cpu.as_millis(),
        })
        .collect()
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
                .map(|(_, w)| w.to_string());
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
            name: super::test_name(&s.id),
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
        api_detected: report.api_choice() == crate::autograde::ApiChoice::Detected,
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
        compilation: worded(&report.compilation.messages),
        api_check: worded(&report.api_check.messages),
        guard: worded(&report.guard.messages),
        changes: worded(&report.changes),
        warnings: worded(&report.warnings),
        sections,
        printed_bytes: report.printed,
        sandbox: crate::present::sandbox::name(report.sandboxed),
        elapsed_ms: report.elapsed.as_millis(),
        profile: profile_json(report),
        style: super::style::json(report),
    }
}

/// Notes in their words, made safe to show: the JSON's arrays of strings.
fn worded<T: std::fmt::Display>(notes: &[T]) -> Vec<String> {
    notes
        .iter()
        .map(|note| visible(&note.to_string()))
        .collect()
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
    let summaries: Vec<Summary> = reports.iter().map(Summary::of).collect();
    csv_of(&summaries)
}

/// [`csv`] of the submissions' lines (read back from shards' JSON by
/// `slider autograde merge`).
#[must_use]
pub fn csv_of(summaries: &[Summary]) -> String {
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
    for summary in summaries {
        let _ = write!(
            out,
            "\"{}\",\"{}\",{},{:.2}",
            cell(&summary.submission),
            cell(&summary.student),
            summary.status.name(),
            summary.score
        );
        for (_, tally) in &summary.categories {
            if let Some((passed, total)) = tally {
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
pub(super) struct TestRow {
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
    pub hint: Option<String>,
}

/// One failing input of a [`TestRow`], its text made safe to show.
pub(super) struct FailedInput {
    /// The input, as the course names it.
    pub input: String,
    /// Its board, when there is one.
    pub board: Option<crate::Board>,
    /// What went wrong (the student's and the reference's values).
    pub lines: Vec<String>,
}

/// Every stage and test as the course counts them.
pub(super) fn rows(report: &Report) -> Vec<TestRow> {
    let mut rows = Vec::new();
    for (name, category, stage) in [
        ("Compilation", Category::Compile, &report.compilation),
        ("API", Category::Api, &report.api_check),
        ("Guard", Category::Compile, &report.guard),
    ] {
        // the guard is a row of its own only when it refused: a course
        // report has no such test
        if stage.ran() && (name != "Guard" || !stage.passed()) {
            rows.push(TestRow {
                name: name.to_string(),
                category,
                passed: stage.passed(),
                detail: if name == "Compilation" && report.unreadable() {
                    visible(&format!(
                        "the submission cannot be read (unreadable): {}",
                        super::stage_text(stage)
                    ))
                } else {
                    visible(&super::stage_text(stage))
                },
                figures: String::new(),
                inputs: Vec::new(),
                hint: None,
            });
        }
    }
    for s in &report.sections {
        for t in &s.tests {
            let name = if t.row.is_empty() {
                format!("{}: {}", super::test_name(&s.id), s.title)
            } else {
                format!("{} {}", s.id, t.row)
            };
            let mut detail = String::new();
            for figure in &t.figures {
                let _ = writeln!(detail, "{}", super::figure_line(figure));
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
            rows.push(TestRow {
                name: visible(&name),
                category: s.category,
                passed: t.verdict == Verdict::Passed,
                detail: visible(&detail),
                figures,
                inputs,
                hint: if t.row.is_empty() {
                    super::hints::in_report(report, s)
                } else {
                    super::hints::for_test(s.check, t).map(str::to_string)
                },
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
        suite.add_property(quick_junit::Property::new("status", report.status().name()));
        for TestRow {
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
    // a student's text may hold characters XML 1.0 forbids
    crate::present::xml::document(&junit.to_string().unwrap_or_default()).into_owned()
}
