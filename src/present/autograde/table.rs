//! The memory and timing tables of the text report, and their figures as
//! every format words them: a value, the reference where the table shows
//! it, and a ratio beside the limit it is a ratio to.

use std::fmt::Write as _;

use super::{describe, hints, verdict_word, visible};
use crate::autograde::{Failure, Figure, SectionReport, TestResult, Verdict};

fn number(value: f64, name: &str) -> String {
    if name == "seconds" {
        format!("{value:.2}")
    } else {
        format!("{}", value.round() as i64)
    }
}

/// A figure's cell in a text table: the value, the reference after a
/// slash where the table shows it (bytes), and where the value is over
/// its limit, the ratio to the limit: beside the limit itself when a
/// reference stands between (`12360 / 4688 (1.3x the 9376 limit)`), as
/// the course prints it after a count otherwise (`9790 (1.1x)`).
pub(super) fn figure_cell(figure: &Figure) -> String {
    let mut cell = number(figure.value, figure.name);
    let reference = figure.reference.filter(|_| figure.name == "bytes");
    if let Some(reference) = reference {
        let _ = write!(cell, " / {}", number(reference, "bytes"));
    }
    if let Some(ratio) = figure.ratio() {
        match (reference, figure.limit) {
            (Some(_), Some(limit)) => {
                let _ = write!(
                    cell,
                    " ({} the {} limit)",
                    ratio_cell(ratio).trim_start().trim_matches(['(', ')']),
                    number(limit, figure.name)
                );
            }
            _ => cell.push_str(&ratio_cell(ratio)),
        }
    }
    cell
}

/// A figure on a line of its own, as the formats without tables give it
/// (Gradescope's and Classroom's test outputs, `JUnit`): rounded as the
/// text report rounds it, the ratio beside the limit it is a ratio to.
///
/// # Example
///
/// ```
/// use slider::autograde::Figure;
/// use slider::present::autograde::figure_line;
/// let seconds = Figure { name: "seconds", value: 0.041209022463321525, reference: None, limit: Some(5.0), tolerance: Some(0.2) };
/// assert_eq!(figure_line(&seconds), "seconds = 0.04 (limit 5.00)");
/// let bytes = Figure { name: "bytes", value: 12360.0, reference: Some(4688.0), limit: Some(9376.0), tolerance: None };
/// assert_eq!(figure_line(&bytes), "bytes = 12360 (reference 4688; limit 9376: 1.3x)");
/// ```
#[must_use]
pub fn figure_line(figure: &Figure) -> String {
    let mut line = format!("{} = {}", figure.name, number(figure.value, figure.name));
    let mut parts = Vec::new();
    if let Some(reference) = figure.reference.filter(|_| figure.name == "bytes") {
        parts.push(format!("reference {}", number(reference, figure.name)));
    }
    if let Some(limit) = figure.limit {
        let mut part = format!("limit {}", number(limit, figure.name));
        if let Some(ratio) = figure.ratio() {
            let _ = write!(
                part,
                ": {}",
                ratio_cell(ratio).trim_start().trim_matches(['(', ')'])
            );
        }
        parts.push(part);
    }
    if !parts.is_empty() {
        let _ = write!(line, " ({})", parts.join("; "));
    }
    line
}

/// What a table's ratios printed as the course prints them (`9790
/// (1.1x)`, no limit beside) are ratios to, when it has any: said once,
/// under the table.
///
/// # Example
///
/// ```
/// use slider::autograde::{Category, Figure, SectionReport, TestResult};
/// use slider::autograde::catalog::{Check, Classes, TimingTest};
/// let count = Figure { name: "insert()", value: 2000.0, reference: Some(1000.0), limit: Some(1750.0), tolerance: None };
/// let section = SectionReport { id: "Timing 2".into(), category: Category::Timing, title: String::new(),
///     check: Check::Timing(TimingTest::Queue), classes: Classes::Reference,
///     tests: vec![TestResult::row("puzzle20.txt".into(), None, vec![count])], time: Default::default() };
/// assert_eq!(slider::present::autograde::ratio_legend(&section).unwrap(),
///     "(1.1x): the figure as a multiple of its limit, 1.75 times the course's reference's");
/// ```
#[must_use]
pub fn ratio_legend(section: &SectionReport) -> Option<String> {
    let bare = |f: &&Figure| {
        f.ratio().is_some() && !(f.name == "bytes" && f.reference.is_some() && f.limit.is_some())
    };
    let figures: Vec<&Figure> = section
        .tests
        .iter()
        .flat_map(|t| &t.figures)
        .filter(bare)
        .collect();
    let first = figures.first()?;
    let ratio = ratio_cell(first.ratio().unwrap_or(f64::NAN));
    let ratio = ratio.trim_start();
    Some(match figures.iter().find(|f| f.name == "seconds") {
        Some(seconds) => format!(
            "{ratio}: the seconds as a multiple of the {} s limit",
            number(seconds.limit.unwrap_or(f64::NAN), "seconds")
        ),
        None => format!(
            "{ratio}: the figure as a multiple of its limit, {} times the course's reference's",
            crate::autograde::model::FACTOR
        ),
    })
}

/// A ratio to a limit as the course prints it after a count: " (1.1x)",
/// or " (Infinityx)" over a limit of 0 (Java's word for it).
fn ratio_cell(ratio: f64) -> String {
    if ratio.is_infinite() {
        " (Infinityx)".to_string()
    } else {
        format!(" ({ratio:.1}x)")
    }
}

/// What a report says of a measured figure over its limit by less than
/// its tolerance.
///
/// # Example
///
/// ```
/// use slider::autograde::Figure;
/// let f = Figure { name: "seconds", value: 5.3, reference: None, limit: Some(5.0), tolerance: Some(0.2) };
/// assert_eq!(slider::present::autograde::close_note(&f),
///     "5.30 s is over the 5.00 s limit by 6%, less than slider's 20% timing tolerance: passed (too close to tell apart from the limit)");
/// ```
#[must_use]
pub fn close_note(figure: &Figure) -> String {
    let limit = figure.limit.unwrap_or(f64::NAN);
    format!(
        "{} s is over the {} s limit by {:.0}%, less than slider's {:.0}% timing tolerance: passed (too close to tell apart from the limit)",
        number(figure.value, figure.name),
        number(limit, figure.name),
        (figure.value / limit - 1.0) * 100.0,
        figure.tolerance.unwrap_or(0.0) * 100.0
    )
}

/// A memory or timing table: a row per input, the student's figures, and
/// the ratio to the limit where one is over it.
pub(super) fn table(out: &mut String, section: &SectionReport) {
    let _ = writeln!(out, "\n{}: {}", section.id, section.title);
    let names: Vec<&str> = section
        .tests
        .iter()
        .find(|t| !t.figures.is_empty())
        .map(|t| t.figures.iter().map(|f| f.name).collect())
        .unwrap_or_default();
    // each column as wide as its widest cell (at least 16 for the input,
    // 20 for a figure), so that a long figure never pushes the next
    let rows: Vec<(String, Vec<String>)> = section
        .tests
        .iter()
        .map(|t| (visible(&t.row), t.figures.iter().map(figure_cell).collect()))
        .collect();
    let titles: Vec<&str> = names
        .iter()
        .map(|name| {
            if *name == "bytes" {
                "bytes / reference"
            } else {
                name
            }
        })
        .collect();
    let input_width = rows
        .iter()
        .map(|(row, _)| row.chars().count())
        .fold(16, usize::max);
    let widths: Vec<usize> = titles
        .iter()
        .enumerate()
        .map(|(i, title)| {
            rows.iter()
                .filter_map(|(_, cells)| cells.get(i))
                .map(|cell| cell.chars().count())
                .fold(title.chars().count().max(20), usize::max)
        })
        .collect();
    let mut header = format!("{:>10} {:>input_width$}", "", "input");
    for (title, width) in titles.iter().zip(&widths) {
        let _ = write!(header, " {title:>width$}");
    }
    let _ = writeln!(out, "{header}");
    let _ = writeln!(out, "{}", "-".repeat(header.chars().count()));
    let mut failures: Vec<(&str, &TestResult)> = Vec::new();
    for (test, (row, cells)) in section.tests.iter().zip(&rows) {
        let mut line = format!("=> {:<7} {row:>input_width$}", verdict_word(test.verdict));
        for (i, cell) in cells.iter().enumerate() {
            let width = widths.get(i).copied().unwrap_or(20);
            let _ = write!(line, " {cell:>width$}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
        if test
            .failures
            .iter()
            .any(|f| f.failure != Failure::OverLimit)
        {
            failures.push((&test.row, test));
        }
    }
    if let Some(legend) = ratio_legend(section) {
        let _ = writeln!(out, "   {legend}");
    }
    for test in &section.tests {
        for figure in test.figures.iter().filter(|f| f.close()) {
            let _ = writeln!(out, "   {}: {}", visible(&test.row), close_note(figure));
        }
    }
    for (row, test) in failures {
        for failure in &test.failures {
            let lines = describe(&failure.failure);
            let _ = writeln!(
                out,
                "   {}: {}",
                visible(row),
                lines.first().map_or("", String::as_str)
            );
            for line in lines.iter().skip(1) {
                let _ = writeln!(out, "      {line}");
            }
        }
    }
    let passed = section
        .tests
        .iter()
        .filter(|t| t.verdict == Verdict::Passed)
        .count();
    let _ = writeln!(out, "==> {passed}/{} tests passed", section.tests.len());
    if let Some(hint) = hints::for_section(section) {
        let _ = writeln!(out, "    hint: {hint}");
    }
}
