//! An autograder report as the course's assessment report words it (the
//! summary, each test with the inputs that failed it, the memory and timing
//! tables with the student's figures and ratios), and as JSON, `JUnit` and
//! CSV ([`formats`]), GitHub annotations ([`annotations`]), Markdown for a
//! job summary and Gradescope's test outputs (`markdown`), Gradescope's
//! `results.json` ([`gradescope`]), GitHub Classroom's reporter input
//! ([`classroom`]), HTML pages ([`html`]);
//! and a comparison with a course report ([`compare`]).

pub mod annotations;
pub mod classroom;
pub mod compare;
pub mod console;
mod custom_words;
mod failure;
pub mod files;
pub mod formats;
pub mod gradescope;
pub mod hints;
pub mod html;
mod markdown;
mod notes;
pub mod profile;
mod setup;
pub mod style;
pub mod summary;

use std::fmt::Write as _;
use std::time::Duration;

use crate::autograde::catalog::Classes;
use crate::autograde::{
    Category, Failure, Figure, Report, SectionReport, Stage, StageEnd, TestResult, Verdict,
};
pub use annotations::github;
pub use failure::{describe, grid};
pub use formats::{csv, json, junit};
pub use markdown::markdown;

/// `total` points split among `k` tests in hundredths of a point that add
/// up to `total` rounded to the hundredth: the first tests get the odd
/// hundredths (Gradescope and Classroom show two decimals).
///
/// # Example
///
/// ```
/// let each = slider::present::autograde::points_each(15.0, 22);
/// assert_eq!(each.len(), 22);
/// assert_eq!((each[0], each[21]), (0.69, 0.68));
/// assert_eq!(each.iter().map(|p| (p * 100.0).round() as i64).sum::<i64>(), 1500);
/// ```
#[must_use]
pub fn points_each(total: f64, k: usize) -> Vec<f64> {
    if k == 0 {
        return Vec::new();
    }
    let cents = (total * 100.0).round().max(0.0) as u64;
    let k64 = k as u64;
    let (base, odd) = (cents / k64, cents % k64);
    (0..k64)
        .map(|i| (base + u64::from(i < odd)) as f64 / 100.0)
        .collect()
}

fn visible(text: &str) -> String {
    crate::format::visible(text.as_bytes(), true)
}

/// A name (a submission, a file) or a one-line note: its line breaks and
/// control characters shown, never acted on.
fn one_line(text: &str) -> String {
    crate::format::visible(text.as_bytes(), false)
}

/// A stage's messages in their words, one a line.
fn stage_text(stage: &Stage) -> String {
    let lines: Vec<String> = stage.messages.iter().map(ToString::to_string).collect();
    lines.join("\n")
}

fn stage_line(stage: &Stage, not_run: Option<&str>) -> String {
    if let Some(why) = not_run {
        return format!("not run: {why}");
    }
    match stage.end {
        StageEnd::NotRun => "not run".to_string(),
        StageEnd::Passed => "PASSED".to_string(),
        StageEnd::Failed => "FAILED".to_string(),
        StageEnd::Warned { warnings } => {
            let s = if warnings == 1 { "" } else { "s" };
            format!("FAILED (0 errors, {warnings} warning{s})")
        }
    }
}

/// The summary: one line per category, the aggregate score and the weights.
#[must_use]
pub fn summary(report: &Report) -> String {
    summary_shown(report, &|_| true)
}

/// [`summary`], with the figures of a category that is not `shown` (hidden
/// from students, or not yet) left out, and the aggregate too when such a
/// category is graded: the aggregate would tell its score.
pub(crate) fn summary_shown(report: &Report, shown: &dyn Fn(Category) -> bool) -> String {
    let mut out = String::new();
    let why = |c: Category| {
        report
            .not_run
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, w)| w.to_string())
    };
    for category in Category::ALL {
        let value = match category {
            _ if !shown(category) => "not shown to students yet".to_string(),
            Category::Compile if report.unreadable() => {
                "FAILED (the submission cannot be read: unreadable)".to_string()
            }
            Category::Compile => stage_line(&report.compilation, why(category).as_deref()),
            Category::Api => stage_line(&report.api_check, why(category).as_deref()),
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
        if category == Category::Api {
            style::summary_lines(&mut out, report);
        }
    }
    let (score, weight) = report.score();
    let mut weights: Vec<String> = Category::ALL
        .iter()
        .map(|c| {
            let mark = if report.graded(*c) { "" } else { " not run" };
            format!("{}: {}%{mark}", c.name(), c.weight())
        })
        .collect();
    let api = Category::ALL
        .iter()
        .position(|&c| c == Category::Api)
        .map_or(0, |at| at + 1);
    weights.splice(api..api, style::weights(report));
    out.push('\n');
    if Category::ALL.iter().any(|&c| report.graded(c) && !shown(c)) {
        let _ = writeln!(
            out,
            "Aggregate score: not shown to students yet (it includes a category that is not)"
        );
    } else if report.compilation.ran() && !report.compilation.went_on() {
        let _ = writeln!(
            out,
            "Aggregate score: {score:.2}% (compilation failed, so no test could run)"
        );
    } else if report.guard.ran() && !report.guard.passed() {
        let _ = writeln!(
            out,
            "Aggregate score: {score:.2}% (refused: the classes use what the assignment does not need, so no test could run)"
        );
    } else if weight == 100 {
        let _ = writeln!(out, "Aggregate score: {score:.2}%");
    } else {
        let _ = writeln!(out, "Aggregate score: {score:.2}% of the {weight}% graded");
    }
    let _ = writeln!(out, "[ {} ]", weights.join(", "));
    out
}

fn banner(out: &mut String, title: &str) {
    let _ = writeln!(out, "\n{}\n*  {title}\n{}", "*".repeat(72), "*".repeat(72));
}

fn verdict_word(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Passed => "passed",
        Verdict::Failed => "FAILED",
        Verdict::NotRun => "not run",
    }
}

/// A correctness test: its title, its failures with their inputs, its
/// verdict.
fn correctness(out: &mut String, section: &SectionReport) {
    let Some(test) = section.tests.first() else {
        return;
    };
    let number = section.id.split_once(' ').map_or("", |(_, n)| n);
    let _ = writeln!(out, "\nTest {number}: {}", section.title);
    for failure in &test.failures {
        let _ = writeln!(out, "  * {}", visible(&failure.input));
        for line in describe(&failure.failure) {
            if line.starts_with("    ") {
                let _ = writeln!(out, "    {line}");
            } else {
                let _ = writeln!(out, "    - {line}");
            }
        }
        let shows_board = matches!(
            failure.failure,
            Failure::WrongValue { .. }
                | Failure::Threw { .. }
                | Failure::Inconsistent { .. }
                | Failure::NotImmutable
        );
        if shows_board && let Some(board) = failure.board.as_ref().filter(|b| b.size() <= 12) {
            let _ = writeln!(out, "    - board");
            for line in grid(board, "        ") {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    if test.more_failures > 0 {
        let _ = writeln!(out, "  * … {} more failing inputs", test.more_failures);
    }
    let _ = writeln!(
        out,
        "==> {} ({}/{} inputs)",
        verdict_word(test.verdict),
        test.passed,
        test.total
    );
    if let Some(hint) = hints::for_section(section) {
        let _ = writeln!(out, "    hint: {hint}");
    }
}

fn number(value: f64, name: &str) -> String {
    if name == "seconds" {
        format!("{value:.2}")
    } else {
        format!("{}", value.round() as i64)
    }
}

fn figure_cell(figure: &Figure) -> String {
    let mut cell = number(figure.value, figure.name);
    if let Some(reference) = figure.reference.filter(|_| figure.name == "bytes") {
        let _ = write!(cell, " / {}", number(reference, "bytes"));
    }
    if let Some(ratio) = figure.ratio() {
        cell.push_str(&ratio_cell(ratio));
    }
    cell
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
fn table(out: &mut String, section: &SectionReport) {
    let _ = writeln!(out, "\n{}: {}", section.id, section.title);
    let names: Vec<&str> = section
        .tests
        .iter()
        .find(|t| !t.figures.is_empty())
        .map(|t| t.figures.iter().map(|f| f.name).collect())
        .unwrap_or_default();
    let mut header = format!("{:>10} {:>16}", "", "input");
    for name in &names {
        let title = if *name == "bytes" {
            "bytes / reference"
        } else {
            name
        };
        let _ = write!(header, " {title:>20}");
    }
    let _ = writeln!(out, "{header}");
    let _ = writeln!(out, "{}", "-".repeat(header.len()));
    let mut failures: Vec<(&str, &TestResult)> = Vec::new();
    for test in &section.tests {
        let mut line = format!(
            "=> {:<7} {:>16}",
            verdict_word(test.verdict),
            visible(&test.row)
        );
        for figure in &test.figures {
            let _ = write!(line, " {:>20}", figure_cell(figure));
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

/// The human report: slider's header (what was graded, as what), the
/// course's summary, then every section as the course's report lays it
/// out.
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage, StageNote};
/// let mut report = Report::new("hw4".into(), slider::course::Api::Coursera, Default::default());
/// report.compilation = Stage::failed(vec![StageNote::Javac("Board.java:3: error: ';' expected".into())]);
/// let text = slider::present::autograde::human(&report, true);
/// assert!(text.contains("Compilation:  FAILED"));
/// assert!(text.contains("Board.java:3: error"));
/// ```
#[must_use]
pub fn human(report: &Report, with_time: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "slider autograde: {}", one_line(&report.submission));
    let api = if report.detected && !report.compilation.went_on() {
        "not detected (nothing compiled)".to_string()
    } else if report.detected && report.status() == crate::autograde::Status::Refused {
        "not detected (the classes were refused)".to_string()
    } else if report.detected {
        format!("{}, detected", report.api.name())
    } else {
        report.api.name().to_string()
    };
    let _ = writeln!(out, "API: {api}; edition: {}", report.edition.describe());
    for file in &report.files {
        let _ = writeln!(out, "graded: {}", one_line(&file.display().to_string()));
    }
    for change in &report.changes {
        let _ = writeln!(out, "note: {}", one_line(&change.to_string()));
    }
    for warning in &report.warnings {
        let _ = writeln!(out, "warning: {}", one_line(&warning.to_string()));
    }
    let _ = writeln!(out, "\nASSESSMENT SUMMARY\n");
    out.push_str(&summary(report));
    if !report.compilation.messages.is_empty() {
        banner(&mut out, "COMPILING");
        for line in &report.compilation.messages {
            let _ = writeln!(out, "{}", one_line(&line.to_string()));
        }
    }
    if !report.guard.messages.is_empty() {
        banner(&mut out, "CHECKING WHAT THE CLASSES USE (slider's guard)");
        for line in &report.guard.messages {
            let _ = writeln!(out, "{}", one_line(&line.to_string()));
        }
    }
    if !report.api_check.messages.is_empty() {
        let _ = writeln!(out, "\nChecking the APIs of your programs.");
        for line in &report.api_check.messages {
            let _ = writeln!(out, "  - {}", visible(&line.to_string()));
        }
    }
    style::section(&mut out, report);
    let mut heading = String::new();
    for section in &report.sections {
        let title = match (
            section.category,
            section.classes,
            section.id.starts_with("Board"),
        ) {
            (Category::Correctness, _, true) => "TESTING CORRECTNESS",
            (Category::Correctness, _, false) => {
                "TESTING CORRECTNESS (substituting reference Board)"
            }
            (Category::Memory, Classes::Student, _) => "MEMORY",
            (Category::Memory, Classes::Reference, _) => "MEMORY (substituting reference Board)",
            _ => "TIMING (substituting reference Board)",
        };
        if title != heading {
            banner(&mut out, title);
            heading = title.to_string();
        }
        if section.category == Category::Correctness {
            correctness(&mut out, section);
        } else {
            table(&mut out, section);
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
/// A batch's line for a submission graded, `done` of `total`, the batch
/// `elapsed` so far: its score, status and time, and the time left at the
/// batch's pace so far.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::autograde::Report;
/// use slider::course::{Api, Edition};
/// use slider::present::autograde::batch_line;
/// let report = Report::new("alice".into(), Api::Princeton, Edition::E52);
/// let line = batch_line(&report, 1, 4, Duration::from_secs(20));
/// assert!(line.starts_with("[1/4] alice: "));
/// assert!(line.ends_with("; ETA 1:00"));
/// ```
#[must_use]
pub fn batch_line(report: &Report, done: usize, total: usize, elapsed: Duration) -> String {
    let left = total.saturating_sub(done) as f64;
    let seconds = (elapsed.as_secs_f64() / done.max(1) as f64 * left).round() as u64;
    format!(
        "[{done}/{total}] {}: {:.2}% ({}) in {:.1} s; ETA {}:{:02}",
        crate::format::visible(report.submission.as_bytes(), false),
        report.score().0,
        report.status().name(),
        report.elapsed.as_secs_f64(),
        seconds / 60,
        seconds % 60
    )
}

/// The note when the container's limits cut what a run asked for: how
/// many JVMs run at once and the memory of each.
///
/// # Example
///
/// ```
/// use slider::run::container::Container;
/// let gradescope = Container { memory: Some(768 << 20), cpus: Some(0.5), oom_events: None };
/// let line = slider::present::autograde::container_fit(&gradescope, 1, 640 << 20);
/// assert_eq!(line, "note: this container has 768 MB of memory and 0.5 CPU: 1 JVM at a time, 640 MiB each");
/// ```
#[must_use]
pub fn container_fit(
    container: &crate::run::container::Container,
    jobs: usize,
    memory: u64,
) -> String {
    let mut has = Vec::new();
    if let Some(bytes) = container.memory {
        has.push(format!("{} MB of memory", bytes >> 20));
    }
    if let Some(cpus) = container.cpus {
        has.push(format!("{cpus} CPU"));
    }
    format!(
        "note: this container has {}: {jobs} JVM{} at a time, {} MiB each",
        has.join(" and "),
        if jobs == 1 { "" } else { "s" },
        memory >> 20
    )
}
