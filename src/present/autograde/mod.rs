//! An autograder report as the course's assessment report words it (the
//! summary, each test with the inputs that failed it, the memory and timing
//! tables with the student's figures and ratios), and as JSON, `JUnit` and
//! CSV ([`formats`]), GitHub annotations ([`annotations`]), Markdown for a
//! job summary and Gradescope's test outputs (`markdown`), Gradescope's
//! `results.json` ([`gradescope`]), GitHub Classroom's reporter input
//! ([`classroom`]), HTML pages ([`html`]);
//! and a comparison with a course report ([`compare`]).

pub mod annotations;
pub mod class_table;
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
mod table;

use std::fmt::Write as _;

use crate::autograde::catalog::Classes;
use crate::autograde::{
    ApiChoice, Category, Failure, Report, SectionReport, Stage, StageEnd, Verdict,
};
pub use annotations::github;
pub use failure::{describe, grid};
pub use formats::{csv, json, junit};
pub use markdown::markdown;
pub use table::{close_note, figure_line, ratio_legend};
use table::{figure_cell, table};

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

/// A test's name in every format but the text report: the course's own
/// name (`Test 1a`, as the text report prints it under its banner) with
/// the class it tests in front, since a flat list (Gradescope, `JUnit`,
/// the class page) has no banner to say it; the memory and timing tables
/// keep theirs (`Memory 2`). The JSON's `id` (`Board 1a`) is the same test.
///
/// # Example
///
/// ```
/// use slider::present::autograde::test_name;
/// assert_eq!(test_name("Board 1a"), "Board Test 1a");
/// assert_eq!(test_name("Solver 2b"), "Solver Test 2b");
/// assert_eq!(test_name("Memory 2"), "Memory 2");
/// ```
#[must_use]
pub fn test_name(id: &str) -> String {
    match id.split_once(' ') {
        Some((class @ ("Board" | "Solver"), number)) => format!("{class} Test {number}"),
        _ => id.to_string(),
    }
}

/// The report's API and how it was chosen, in the words of every format
/// (`coursera, detected`; `not detected (nothing compiled)`; `princeton`
/// when given).
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage, StageNote};
/// let mut report = Report::new("s".into(), slider::course::Api::Coursera, Default::default());
/// report.detected = true;
/// report.compilation = Stage::failed(vec![StageNote::Javac("Board.java:3: error".into())]);
/// assert_eq!(slider::present::autograde::api_words(&report), "not detected (nothing compiled)");
/// ```
#[must_use]
pub fn api_words(report: &Report) -> String {
    match report.api_choice() {
        ApiChoice::NothingCompiled => "not detected (nothing compiled)".to_string(),
        ApiChoice::Refused => "not detected (the classes were refused)".to_string(),
        ApiChoice::Detected => format!("{}, detected", report.api.name()),
        ApiChoice::Given => report.api.name().to_string(),
    }
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
fn correctness(out: &mut String, report: &Report, section: &SectionReport) {
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
    if let Some(hint) = hints::in_report(report, section) {
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
    let api = api_words(report);
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
            correctness(&mut out, report, section);
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
