//! A class on the console (`slider autograde --batch`): a line per
//! student as each is graded, the progress display's ETA, and the table
//! that ends the batch (students by categories, the mean and median
//! score, how many of each status).

use std::fmt::Write as _;
use std::time::Duration;

use super::summary::{ClassStats, Summary};
use crate::autograde::{Category, Report};

/// The line that ends the class's reports on the console, and starts its
/// table.
pub const TABLE_HEADING: &str = "CLASS SUMMARY";

/// A batch's line for a submission graded, `done` of `total`: its name
/// in the class folder (the entry's, as `ls` shows it: the table names
/// the student), score, status and time.
///
/// # Example
///
/// ```
/// use slider::autograde::Report;
/// use slider::course::{Api, Edition};
/// use slider::present::autograde::class_table::student_line;
/// let report = Report::new("/home/ta/class/alice".into(), Api::Princeton, Edition::E52);
/// assert_eq!(student_line(&report, 1, 4), "[1/4] alice: 0.00% (failed) in 0.0 s");
/// ```
#[must_use]
pub fn student_line(report: &Report, done: usize, total: usize) -> String {
    let summary = Summary::of(report);
    let entry = std::path::Path::new(&report.submission)
        .file_name()
        .map_or_else(
            || report.submission.clone(),
            |n| n.to_string_lossy().into_owned(),
        );
    format!(
        "[{done}/{total}] {}: {:.2}% ({}) in {:.1} s",
        super::one_line(&entry),
        summary.score,
        summary.status.name(),
        report.elapsed.as_secs_f64()
    )
}

/// The progress display's prefix while the `done + 1`-th of `total`
/// submissions is graded, with the time the rest should take (`eta`, from
/// the median of those graded; none before the first is).
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::present::autograde::class_table::progress_prefix;
/// assert_eq!(progress_prefix(0, 4, None), "1/4 submissions, ETA after the first");
/// assert_eq!(progress_prefix(2, 4, Some(Duration::from_secs(125))), "3/4 submissions, ETA 2:05");
/// ```
#[must_use]
pub fn progress_prefix(done: usize, total: usize, eta: Option<Duration>) -> String {
    let eta = match eta {
        Some(eta) => {
            let seconds = eta.as_secs_f64().round() as u64;
            format!("{}:{:02}", seconds / 60, seconds % 60)
        }
        None => "after the first".to_string(),
    };
    format!("{}/{total} submissions, ETA {eta}", done + 1)
}

/// The class's table: a row per student (name, status, score and each
/// category's tests passed), then the mean and median score and how many
/// of each status.
///
/// # Example
///
/// ```
/// use slider::autograde::Report;
/// use slider::present::autograde::{class_table::table, summary::Summary};
/// let lines: Vec<Summary> = ["class/alice", "class/bob"].iter()
///     .map(|n| Summary::of(&Report::new((*n).into(), slider::course::Api::Coursera, Default::default())))
///     .collect();
/// let text = table(&lines);
/// assert!(text.starts_with("CLASS SUMMARY: 2 submissions\n"), "{text}");
/// assert!(text.contains("\nalice ") && text.contains("mean 0.00%, median 0.00%"), "{text}");
/// assert!(text.ends_with("statuses: failed 2\n"), "{text}");
/// ```
#[must_use]
pub fn table(summaries: &[Summary]) -> String {
    let mut header: Vec<String> = vec!["student".into(), "status".into(), "score".into()];
    header.extend(Category::ALL.iter().map(|c| c.name().to_string()));
    let rows: Vec<Vec<String>> = summaries
        .iter()
        .map(|s| {
            let mut row = vec![
                super::one_line(&s.name()),
                s.status.name().to_string(),
                format!("{:.2}%", s.score),
            ];
            row.extend(s.categories.iter().map(|(_, tally)| match tally {
                Some((passed, total)) => format!("{passed}/{total}"),
                None => "-".to_string(),
            }));
            row
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .fold(header[i].chars().count(), usize::max)
        })
        .collect();
    let line = |cells: &[String]| {
        let mut text = String::new();
        for (i, (cell, width)) in cells.iter().zip(&widths).enumerate() {
            // names and statuses to the left, figures to the right
            if i < 2 {
                let _ = write!(text, "{cell:<width$}  ");
            } else {
                let _ = write!(text, "{cell:>width$}  ");
            }
        }
        text.trim_end().to_string()
    };
    let stats = ClassStats::of(summaries);
    let s = if stats.count == 1 { "" } else { "s" };
    let mut out = format!("{TABLE_HEADING}: {} submission{s}\n", stats.count);
    let _ = writeln!(out, "{}", line(&header));
    for row in &rows {
        let _ = writeln!(out, "{}", line(row));
    }
    let _ = writeln!(
        out,
        "\nmean {:.2}%, median {:.2}%",
        stats.mean, stats.median
    );
    let statuses: Vec<String> = stats
        .statuses
        .iter()
        .map(|(status, n)| format!("{} {n}", status.name()))
        .collect();
    let _ = writeln!(out, "statuses: {}", statuses.join(", "));
    out
}
