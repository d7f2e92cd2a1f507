//! GitHub Actions annotations of a report: what a student sees on their
//! file in a pull request or a run's summary. Every text is escaped so
//! that nothing a submission holds becomes a workflow command.

use std::fmt::Write as _;

use super::formats::{TestRow, rows};
use crate::autograde::{Report, StageNote};

/// GitHub Actions annotations: one error per failed stage or test, on the
/// graded `Board.java` or `Solver.java` (none when that file is not
/// there), the most important first (compilation, the API, then the
/// course's order), at most [`GITHUB_ANNOTATIONS`].
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage, StageNote};
/// let mut report = Report::new("hw".into(), slider::course::Api::Coursera, Default::default());
/// report.files = vec!["hw/Board.java".into(), "hw/Solver.java".into()];
/// report.compilation = Stage::failed(vec![StageNote::Javac("x".into())]);
/// assert!(slider::present::autograde::github(&report).starts_with("::error file=hw/Board.java"));
/// ```
#[must_use]
pub fn github(report: &Report) -> String {
    let escape = crate::present::github::escape;
    let property = |text: &str| escape(&crate::format::visible(text.as_bytes(), false), true);
    let failed: Vec<TestRow> = rows(report).into_iter().filter(|r| !r.passed).collect();
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
        let errors = match row.name.as_str() {
            "Compilation" => javac_errors(&report.compilation.messages),
            "Guard" => refusals(&report.guard.messages),
            _ => Vec::new(),
        };
        if let Some((file, line, _)) = errors.first() {
            let all: Vec<String> = errors
                .iter()
                .map(|(file, line, message)| format!("{file}:{line}: {message}"))
                .collect();
            let _ = writeln!(
                out,
                "::error file={},line={line},title={}::{}",
                property(file),
                row.name,
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
/// line of javac's with the source line and caret it prints under it (and
/// whatever follows, as the report words it).
fn javac_errors(messages: &[StageNote]) -> Vec<(&str, u32, String)> {
    let mut errors: Vec<(&str, u32, String)> = Vec::new();
    for note in messages {
        let parsed = match note {
            StageNote::Javac(line) => line.split_once(": error: ").and_then(|(at, message)| {
                let (file, number) = at.rsplit_once(':')?;
                Some((file, number.parse().ok()?, message.to_string()))
            }),
            _ => None,
        };
        let line = note.to_string();
        match (parsed, errors.last_mut()) {
            (Some(error), _) => errors.push(error),
            (None, Some((_, _, message))) if !is_error_count(&line) => {
                message.push('\n');
                message.push_str(&line);
            }
            (None, _) => {}
        }
    }
    errors
}

/// The guard's refusals that have a line, as javac's errors are read.
fn refusals(messages: &[StageNote]) -> Vec<(&str, u32, String)> {
    messages
        .iter()
        .filter_map(|note| match note {
            StageNote::Refused(refusal) => {
                let line = refusal.line?;
                let message = note.to_string();
                let message = message
                    .split_once(": error: ")
                    .map_or(message.clone(), |(_, m)| m.to_string());
                Some((refusal.file.as_str(), line, message))
            }
            _ => None,
        })
        .collect()
}

/// javac's last line: `1 error`, `12 errors`.
fn is_error_count(line: &str) -> bool {
    line.split_once(' ').is_some_and(|(count, word)| {
        count.bytes().all(|b| b.is_ascii_digit()) && matches!(word, "error" | "errors")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autograde::catalog::{Check, Classes};
    use crate::autograde::{Category, Failure, SectionReport, Stage, TestResult, TrialFailure};

    fn report(failing: usize) -> Report {
        let mut report = Report::new(
            "hw".into(),
            crate::course::Api::Coursera,
            crate::course::Edition::default(),
        );
        report.files = vec!["hw/Board.java".into(), "hw/Solver.java".into()];
        report.compilation = Stage::passed_clean();
        report.api_check = report.compilation.clone();
        let row = |k: usize| {
            let failure = TrialFailure {
                input: format!("n = {k}"),
                board: None,
                failure: Failure::OverLimit,
            };
            TestResult::row(format!("n = {k}"), Some(failure), vec![])
        };
        report.sections.push(SectionReport {
            id: "Memory 1".into(),
            category: Category::Memory,
            title: String::new(),
            check: Check::BoardMemory,
            classes: Classes::Student,
            tests: (0..failing).map(row).collect(),
            time: std::time::Duration::ZERO,
        });
        report
    }

    #[test]
    fn one_annotation_per_failing_test_and_ten_at_most() {
        let ten = github(&report(10));
        assert_eq!(ten.lines().count(), 10, "{ten}");
        assert!(
            ten.lines()
                .all(|l| l.starts_with("::error file=hw/Board.java,title=Memory 1 n = ")),
            "{ten}"
        );
        let twelve = github(&report(12));
        let lines: Vec<&str> = twelve.lines().collect();
        assert_eq!(lines.len(), GITHUB_ANNOTATIONS, "{twelve}");
        assert_eq!(
            lines[9],
            "::error title=slider autograde::3 more failing tests, not annotated: see the job summary or the report"
        );
    }

    #[test]
    fn a_missing_file_is_not_annotated_on_the_other_one() {
        let mut report = report(0);
        report.files = vec!["hw/Board.java".into()];
        let missing = crate::autograde::sources::SourceError::Missing {
            name: "Solver.java",
            near: None,
        };
        report.compilation = Stage::failed(vec![StageNote::Sources(missing)]);
        let said = github(&report);
        assert!(
            said.starts_with("::error title=Compilation::Solver.java not found"),
            "{said}"
        );
    }
}
