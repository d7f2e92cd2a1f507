//! GitHub Classroom's grading reporter input: a result per category, in the
//! format of Classroom's own graders (`version` 1, a `status`, a
//! `max_score`, and `tests` each with a `name`, a `status`, a `score` and a
//! `message`). The reporter reads each as `<RUNNER>_RESULTS`, base64, adds
//! the tests' scores and sends the total to Classroom; `action.yml` wires
//! it up.

use serde::Serialize;

use super::formats::{TestRow, rows};
use crate::autograde::{Category, Report};

/// One test, with the fields Classroom's graders write (`test_code`,
/// `filename`, `line_no` and `duration` are part of that format).
#[derive(Serialize)]
#[allow(clippy::struct_field_names)]
struct Test {
    name: String,
    status: &'static str,
    score: f64,
    message: String,
    test_code: String,
    filename: String,
    line_no: u32,
    duration: u64,
}

#[derive(Serialize)]
struct Runner {
    version: u32,
    status: &'static str,
    max_score: f64,
    tests: Vec<Test>,
}

/// The reporter's input for each category, `(runner id, JSON)`: the
/// category's share of `max_score` by the course's weights (over the
/// categories not left out with `--only`), split evenly over its tests as
/// the course counts them. A category that could not run (compilation
/// failed) is one failed test worth its whole share, so the points always
/// add up to `max_score`. A category left out has no result. The style
/// section, when it ran, is a last runner, `style`, worth nothing.
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage, StageNote};
/// let mut report = Report::new("s".into(), slider::course::Api::Coursera, Default::default());
/// report.compilation = Stage::failed(vec![StageNote::Javac("Board.java:3: error: x".into())]);
/// report.not_run = vec![(slider::autograde::Category::Api, slider::autograde::Skipped::CompilationFailed)];
/// let runners = slider::present::autograde::classroom::runners(&report, 100.0);
/// assert_eq!(runners[0].0, "compilation");
/// let v: serde_json::Value = serde_json::from_str(&runners[0].1).unwrap();
/// assert_eq!((v["status"].as_str(), v["max_score"].as_f64()), (Some("fail"), Some(5.0)));
/// ```
#[must_use]
pub fn runners(report: &Report, max_score: f64) -> Vec<(&'static str, String)> {
    let weight: u32 = Category::ALL
        .iter()
        .filter(|c| !report.left_out(**c))
        .map(|c| c.weight())
        .sum();
    let rows = rows(report);
    let mut out = Vec::new();
    for category in Category::ALL {
        if report.left_out(category) || weight == 0 {
            continue;
        }
        let share = max_score * f64::from(category.weight()) / f64::from(weight);
        let mine: Vec<&TestRow> = rows.iter().filter(|r| r.category == category).collect();
        let tests: Vec<Test> = if mine.is_empty() {
            let why = report
                .not_run
                .iter()
                .find(|(c, _)| *c == category)
                .map_or_else(|| "not run".to_string(), |(_, why)| why.to_string());
            vec![test(
                format!("{}: not run", category.key()),
                false,
                0.0,
                why,
            )]
        } else {
            let each = super::points_each(share, mine.len());
            mine.iter()
                .zip(each)
                .map(|(r, each)| {
                    let score = if r.passed { each } else { 0.0 };
                    test(r.name.clone(), r.passed, score, message(r))
                })
                .collect()
        };
        let passed = tests.iter().all(|t| t.status == "pass");
        let runner = Runner {
            version: 1,
            status: if passed { "pass" } else { "fail" },
            max_score: (share * 100.0).round() / 100.0,
            tests,
        };
        out.push((
            category.key(),
            serde_json::to_string(&runner).unwrap_or_default(),
        ));
    }
    if let Some(runner) = style_runner(report) {
        out.push(("style", runner));
    }
    out
}

/// The style section as a runner worth nothing: a test per tool that ran,
/// failed where the course's summary says FAILED. The runner itself
/// passes, since the reporter fails the whole job on a failed runner and
/// the course weighs style 0%.
fn style_runner(report: &Report) -> Option<String> {
    let tests: Vec<Test> = super::style::tools_shown(report)
        .into_iter()
        .filter_map(|tool| {
            let passed = tool.passed?;
            let name = format!("style: {}", tool.name);
            Some(test(name, passed, 0.0, tool.text))
        })
        .collect();
    if tests.is_empty() {
        return None;
    }
    let runner = Runner {
        version: 1,
        status: "pass",
        max_score: 0.0,
        tests,
    };
    Some(serde_json::to_string(&runner).unwrap_or_default())
}

/// A test's `message`, which the reporter prints under a failed test: a
/// passed one's figures; a failed one's figures, each failing input (at
/// most 3) with its board and the student's and the reference's values,
/// and the hint.
fn message(row: &TestRow) -> String {
    if row.passed || row.inputs.is_empty() {
        return row.detail.clone();
    }
    let mut lines: Vec<String> = row.figures.lines().map(str::to_string).collect();
    for input in row.inputs.iter().take(3) {
        lines.push(format!("input: {}", input.input));
        if let Some(board) = &input.board {
            lines.extend(super::failure::board_lines(board, "  "));
        }
        lines.extend(input.lines.iter().map(|l| format!("  {l}")));
    }
    if row.inputs.len() > 3 {
        lines.push(format!("and {} more failing inputs", row.inputs.len() - 3));
    }
    if let Some(hint) = &row.hint {
        lines.push(format!("hint: {hint}"));
    }
    lines.join("\n")
}

fn test(name: String, passed: bool, score: f64, message: String) -> Test {
    Test {
        name,
        status: if passed { "pass" } else { "fail" },
        score,
        message,
        test_code: String::new(),
        filename: String::new(),
        line_no: 0,
        duration: 0,
    }
}

/// Writes [`runners`] into `dir`, one `RUNNER.json` each (`--classroom DIR`).
///
/// # Errors
///
/// `cannot create` / `cannot write PATH: why`.
pub fn write(dir: &std::path::Path, report: &Report, max_score: f64) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (runner, json) in runners(report, max_score) {
        let path = dir.join(format!("{runner}.json"));
        std::fs::write(&path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}
