//! What `slider autograde` writes, by `--format` and by file: each
//! submission's console text as it is graded, what follows the last one,
//! and the text of each report file.

use crate::autograde::Report;
use crate::autograde::calibrate::{Comparison, CourseReport, compare};
use crate::present::ConsoleFormat;

use super::gradescope::Style;

/// The report files `slider autograde` can write for all its submissions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFile {
    /// The stable JSON report (`--json`).
    Json,
    /// `JUnit` XML (`--junit`).
    Junit,
    /// Gradescope's `results.json` of the first submission (`--gradescope`).
    Gradescope,
    /// The table of scores (`--csv`).
    Csv,
    /// Every report in Markdown, for a GitHub job summary (`--markdown`).
    Markdown,
}

/// The text of report file `kind` for `reports` (Gradescope's in `style`).
///
/// # Example
///
/// ```
/// use slider::autograde::Report;
/// use slider::present::autograde::console::{ReportFile, report_file};
/// let report = Report::new("hw4".into(), slider::course::Api::Coursera, Default::default());
/// let csv = report_file(ReportFile::Csv, &[report], &Default::default());
/// assert!(csv.starts_with("submission,student,status,score"));
/// ```
#[must_use]
pub fn report_file(kind: ReportFile, reports: &[Report], style: &Style) -> String {
    match kind {
        ReportFile::Json => super::json(reports),
        ReportFile::Junit => super::junit(reports),
        ReportFile::Gradescope => reports
            .first()
            .map(|report| super::gradescope::results(report, style))
            .unwrap_or_default(),
        ReportFile::Csv => super::csv(reports),
        ReportFile::Markdown => reports
            .iter()
            .map(super::markdown)
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// One submission's console text under `format` (nothing for JSON, which
/// comes after the last), then its comparison with the course's report of
/// the same code when there is one (returned too, when the course's report
/// names its edition). `several`: a blank line follows, to part it from
/// the next.
///
/// # Example
///
/// ```
/// use slider::autograde::Report;
/// use slider::present::ConsoleFormat;
/// use slider::present::autograde::console::submission;
/// let report = Report::new("hw4".into(), slider::course::Api::Coursera, Default::default());
/// let (text, compared) = submission(&report, ConsoleFormat::Human, None, false);
/// assert!(text.starts_with("slider autograde: hw4") && compared.is_none());
/// assert!(submission(&report, ConsoleFormat::Json, None, true).0.is_empty());
/// ```
#[must_use]
pub fn submission(
    report: &Report,
    format: ConsoleFormat,
    course: Option<&CourseReport>,
    several: bool,
) -> (String, Option<Comparison>) {
    let mut out = String::new();
    match format {
        // the human report quotes the student's text (toString(), messages,
        // names): none of it may be a workflow command
        ConsoleFormat::Github => {
            out.push_str(&super::github(report));
            out.push_str(&crate::present::github::quoted(&super::human(report, true)));
        }
        ConsoleFormat::Json => {}
        ConsoleFormat::Human => out.push_str(&super::human(report, true)),
    }
    let mut compared = None;
    if let Some(course) = course {
        let text = if course.edition().is_some() {
            let mut comparison = compare(report, course);
            comparison.style = report.style.as_ref().map(|style| {
                crate::autograde::calibrate::compare_style(style, course, &|block, end| {
                    super::style::block_lines(block, end, report.edition)
                })
            });
            let text = super::compare::comparison(&report.submission, &comparison);
            compared = Some(comparison);
            text
        } else {
            super::compare::not_comparable(&report.submission, course)
        };
        out.push('\n');
        out.push_str(&text);
    }
    if several && format != ConsoleFormat::Json {
        out.push('\n');
    }
    (out, compared)
}

/// What follows the last submission on the console: the JSON report of
/// them all (`--format json`), else the class's table when there are
/// several ([`super::class_table::table`]); then the agreement with the course's `comparisons`, when
/// there are any.
///
/// # Example
///
/// ```
/// use slider::autograde::Report;
/// use slider::present::ConsoleFormat;
/// use slider::present::autograde::console::after_all;
/// let report = Report::new("hw4".into(), slider::course::Api::Coursera, Default::default());
/// assert!(after_all(&[report.clone()], ConsoleFormat::Human, &[]).is_empty());
/// assert!(after_all(&[report.clone(), report], ConsoleFormat::Human, &[]).starts_with("\nCLASS SUMMARY: 2 submissions"));
/// ```
#[must_use]
pub fn after_all(reports: &[Report], format: ConsoleFormat, comparisons: &[Comparison]) -> String {
    let mut out = if format == ConsoleFormat::Json {
        super::json(reports)
    } else if reports.len() > 1 {
        let summaries: Vec<super::summary::Summary> =
            reports.iter().map(super::summary::Summary::of).collect();
        format!("\n{}", super::class_table::table(&summaries))
    } else {
        String::new()
    };
    if !comparisons.is_empty() {
        out.push('\n');
        out.push_str(&super::compare::agreement(comparisons));
    }
    if format == ConsoleFormat::Github && !out.is_empty() {
        out = crate::present::github::quoted(&out);
    }
    out
}

/// The warning when a submission cannot be read: it is graded all the
/// same, as `unreadable` with no points, in every output.
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage, StageNote};
/// use slider::autograde::sources::{SourceError, WhyUnreadable};
/// let mut report = Report::new("class/bob".into(), slider::course::Api::Coursera, Default::default());
/// let why = WhyUnreadable::Io("No such file or directory (os error 2)".into());
/// report.compilation = Stage::failed(vec![StageNote::Sources(SourceError::Unreadable("class/bob".into(), why))]);
/// let line = slider::present::autograde::console::unreadable(&report);
/// assert!(line.starts_with("warning: class/bob cannot be read (class/bob: No such file"), "{line}");
/// ```
#[must_use]
pub fn unreadable(report: &Report) -> String {
    let why: Vec<String> = report
        .compilation
        .messages
        .iter()
        .map(ToString::to_string)
        .collect();
    format!(
        "warning: {} cannot be read ({}): graded as unreadable, with no points",
        crate::format::visible(report.submission.as_bytes(), false),
        crate::format::visible(why.join("; ").as_bytes(), false)
    )
}

/// The harness error of a submission that a tool or a JVM failed: what
/// the command ends with (exit 2).
#[must_use]
pub fn harness_error(report: &Report) -> String {
    format!(
        "harness error: {}: a JDK tool or a JVM could not be started, or a JVM ended before slider's probe started; this is not the submission's fault, and its results are void (see its report)",
        crate::format::visible(report.submission.as_bytes(), false)
    )
}
