//! Every way a [`CheckReport`] is shown: compiler-style text, JSON, and GitHub
//! Actions annotations. All the checker's user-facing wording beyond the
//! finding messages is here; nothing is printed, text is returned.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use crate::check::{AnswerFormat, CheckReport, CheckVerdict, Finding, Proof};
use crate::present::diagnostic::{Diagnostic, Severity, render};

/// The diagnostic for one finding of an answer named `answer`.
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, check};
/// use slider::present::check::{finding_diagnostic};
/// let puzzle: slider::Board = "2  1 2  3 0".parse()?;
/// let report = check(&puzzle, "Unsolvable puzzle\n".as_bytes(), &CheckOptions::default(), None);
/// let d = finding_diagnostic(&report.findings[0], "answer.txt");
/// assert_eq!(d.code, "E0240");
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn finding_diagnostic(finding: &Finding, answer: &str) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        code: finding.kind.code(),
        message: finding.kind.to_string(),
        path: answer.to_string(),
        primary: (finding.span, finding.label.to_string()),
        secondary: finding
            .related
            .as_ref()
            .map(|(span, label)| (*span, label.to_string())),
        notes: Vec::new(),
        quoted: finding.lines.clone(),
    }
}

fn proof_text(report: &CheckReport) -> String {
    match report.optimum.map(|o| o.proof) {
        Some(Proof::ExhaustiveTable) => "exhaustive table".to_string(),
        Some(Proof::LowerBound) => "matches the linear-conflict lower bound".to_string(),
        Some(Proof::DatabaseBound) => "matches the pattern-database lower bound".to_string(),
        Some(Proof::Search { nodes }) => format!("optimal search, {nodes} nodes"),
        Some(Proof::Parity) => "parity".to_string(),
        Some(Proof::Given) => "given optimum".to_string(),
        None => "unproven".to_string(),
    }
}

/// The one-line summary: `ok: …`, `rejected: …` or `unproven: …`.
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, check};
/// use slider::present::check::{summary};
/// let puzzle: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let report = check(&puzzle, "RDRD".as_bytes(), &CheckOptions::default(), None);
/// assert_eq!(summary(&report, "p.txt"), "ok: p.txt: 4 moves, legal and optimal (exhaustive table)");
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn summary(report: &CheckReport, puzzle: &str) -> String {
    match report.verdict {
        CheckVerdict::Accepted => match report.moves {
            // A bare count has no path to replay: only the number is checked.
            Some(moves) if report.format == Some(crate::check::AnswerFormat::Count) => format!(
                "ok: {puzzle}: the count {moves} is the optimum ({}); a count has no path to replay",
                proof_text(report)
            ),
            Some(moves) => format!(
                "ok: {puzzle}: {moves} moves, legal and optimal ({})",
                proof_text(report)
            ),
            None => format!("ok: {puzzle}: unsolvable ({})", proof_text(report)),
        },
        CheckVerdict::Rejected => {
            let count = report.findings.len() + report.omitted;
            let plural = if count == 1 { "" } else { "s" };
            format!("rejected: {puzzle}: {count} finding{plural}")
        }
        CheckVerdict::Unproven => {
            let moves = report.moves.unwrap_or(0);
            let (bound, nodes) = report
                .undecided
                .map_or((0, 0), |u| (u.lower_bound, u.nodes));
            format!(
                "unproven: {puzzle}: {moves} moves, legal, but optimality is unproven (lower bound {bound}; the search stopped after {nodes} nodes; raise --budget)"
            )
        }
    }
}

/// Compiler-style text: every finding, then the summary line.
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, check};
/// use slider::present::check::{human};
/// let puzzle: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let report = check(&puzzle, "RDRDLR".as_bytes(), &CheckOptions::default(), None);
/// let text = human(&report, "p.txt", "a.txt", false);
/// assert!(text.contains("error[E0230]: legal but not optimal: 6 moves, the optimum is 4"));
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn human(report: &CheckReport, puzzle: &str, answer: &str, color: bool) -> String {
    let diagnostics: Vec<Diagnostic> = report
        .findings
        .iter()
        .map(|f| finding_diagnostic(f, answer))
        .collect();
    let mut out = render(&diagnostics, &[], color);
    if report.omitted > 0 {
        let _ = writeln!(out, "note: {} more findings not shown", report.omitted);
    }
    out.push_str(&summary(report, puzzle));
    out.push('\n');
    out
}

/// The JSON report, schema version 1 (documented in the README).
#[derive(Debug, Serialize)]
struct JsonReport<'a> {
    version: u32,
    puzzle: &'a str,
    answer: &'a str,
    verdict: &'static str,
    format: Option<&'static str>,
    moves: Option<u64>,
    unsolvable: bool,
    optimum: Option<u64>,
    proof: Option<&'static str>,
    nodes: Option<u64>,
    lower_bound: Option<u64>,
    findings: Vec<JsonFinding>,
    omitted: usize,
}

#[derive(Debug, Serialize)]
struct JsonFinding {
    code: &'static str,
    message: String,
    line: usize,
    column: usize,
    label: String,
    related: Option<JsonPlace>,
}

#[derive(Debug, Serialize)]
struct JsonPlace {
    line: usize,
    column: usize,
    label: String,
}

/// The report as JSON (one object, pretty-printed).
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, check};
/// use slider::present::check::{json};
/// let puzzle: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let report = check(&puzzle, "4".as_bytes(), &CheckOptions::default(), None);
/// let text = json(&report, "p.txt", "a.txt");
/// assert!(text.contains("\"verdict\": \"accepted\""));
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn json(report: &CheckReport, puzzle: &str, answer: &str) -> String {
    let mut text =
        serde_json::to_string_pretty(&json_report(report, puzzle, answer)).unwrap_or_default();
    text.push('\n');
    text
}

fn verdict_id(verdict: CheckVerdict) -> &'static str {
    match verdict {
        CheckVerdict::Accepted => "accepted",
        CheckVerdict::Rejected => "rejected",
        CheckVerdict::Unproven => "unproven",
    }
}

fn json_report<'a>(report: &CheckReport, puzzle: &'a str, answer: &'a str) -> JsonReport<'a> {
    JsonReport {
        version: 1,
        puzzle,
        answer,
        verdict: verdict_id(report.verdict),
        format: report.format.map(|format| match format {
            AnswerFormat::Course => "course",
            AnswerFormat::Moves => "moves",
            AnswerFormat::Count => "count",
        }),
        moves: report.moves,
        unsolvable: report.optimum.is_some_and(|o| o.moves.is_none()),
        optimum: report.optimum.and_then(|o| o.moves),
        proof: report.optimum.map(|o| o.proof.id()),
        nodes: match report.optimum.map(|o| o.proof) {
            Some(Proof::Search { nodes }) => Some(nodes),
            _ => report.undecided.map(|u| u.nodes),
        },
        lower_bound: report.undecided.map(|u| u.lower_bound),
        findings: report
            .findings
            .iter()
            .map(|f| JsonFinding {
                code: f.kind.code(),
                message: f.kind.to_string(),
                line: f.span.line,
                column: f.span.column,
                label: f.label.to_string(),
                related: f.related.as_ref().map(|(span, label)| JsonPlace {
                    line: span.line,
                    column: span.column,
                    label: label.to_string(),
                }),
            })
            .collect(),
        omitted: report.omitted,
    }
}

/// GitHub Actions annotations: `::error file=…,line=…,col=…,title=…::…` per
/// finding, a `::warning` for an unproven verdict, then the summary line.
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, check};
/// use slider::present::check::{github};
/// let puzzle: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let report = check(&puzzle, "RDRDX".as_bytes(), &CheckOptions::default(), None);
/// assert!(github(&report, "p.txt", "a.txt").starts_with("::error file=a.txt,line=1,col=5,title=E0251::"));
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn github(report: &CheckReport, puzzle: &str, answer: &str) -> String {
    let mut out = annotations(report, puzzle, answer);
    out.push_str(&summary(report, puzzle));
    out.push('\n');
    out
}

/// The workflow commands of [`github`] alone, one line each: an `::error`
/// per finding, a `::warning` for an unproven verdict.
fn annotations(report: &CheckReport, puzzle: &str, answer: &str) -> String {
    let mut out = String::new();
    for finding in &report.findings {
        let _ = writeln!(
            out,
            "::error file={},line={},col={},title={}::{}",
            super::github::escape(answer, true),
            finding.span.line,
            finding.span.column,
            finding.kind.code(),
            super::github::escape(&finding.kind.to_string(), false)
        );
    }
    if report.verdict == CheckVerdict::Unproven {
        let _ = writeln!(
            out,
            "::warning file={}::{}",
            super::github::escape(answer, true),
            super::github::escape(&summary(report, puzzle), false)
        );
    }
    out
}

/// One checked pair as console format `format` prints it (human text in
/// colour: the caller's stream strips it when colour is off).
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, check};
/// use slider::present::ConsoleFormat;
/// let puzzle: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let report = check(&puzzle, "RDRDLR".as_bytes(), &CheckOptions::default(), None);
/// let json = slider::present::check::console(&report, ConsoleFormat::Json, "p.txt", "a.txt");
/// assert!(json.contains("\"verdict\""));
/// # Ok::<(), slider::PuzzleError>(())
/// ```
#[must_use]
pub fn console(
    report: &CheckReport,
    format: super::ConsoleFormat,
    puzzle: &str,
    answer: &str,
) -> String {
    match format {
        super::ConsoleFormat::Human => human(report, puzzle, answer, true),
        super::ConsoleFormat::Json => json(report, puzzle, answer),
        super::ConsoleFormat::Github => github(report, puzzle, answer),
    }
}

/// Why a report file is refused: it is one of the inputs, which creating
/// it would empty before it is read.
///
/// # Example
///
/// ```
/// let why = slider::present::check::report_is_input("--json", "a.txt".as_ref(), "a.txt".as_ref());
/// assert_eq!(why, "--json a.txt is an input of the check (a.txt): writing the report would erase it; name another file");
/// ```
#[must_use]
pub fn report_is_input(flag: &str, report: &Path, input: &Path) -> String {
    format!(
        "{flag} {} is an input of the check ({}): writing the report would erase it; name another file",
        report.display(),
        input.display()
    )
}

/// Why `--json` and `--junit` naming one file are refused.
///
/// # Example
///
/// ```
/// let why = slider::present::check::reports_collide("r.txt".as_ref());
/// assert!(why.starts_with("--json and --junit both name r.txt"));
/// ```
#[must_use]
pub fn reports_collide(file: &Path) -> String {
    format!(
        "--json and --junit both name {}: one report would overwrite the other; name two files",
        file.display()
    )
}

mod batch;
pub use batch::{
    batch_counts, batch_github, batch_json, batch_junit, batch_line, batch_summary, pair_json,
};
