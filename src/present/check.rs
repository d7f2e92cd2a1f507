//! Every way a [`CheckReport`] is shown: compiler-style text, JSON, and GitHub
//! Actions annotations. All the checker's user-facing wording beyond the
//! finding messages is here; nothing is printed, text is returned.

use std::fmt::Write as _;

use serde::Serialize;

use crate::check::batch::PairOutcome;
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
    out.push_str(&summary(report, puzzle));
    out.push('\n');
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

/// One line per pair of `slider-check --batch`: the pair's summary, or why
/// it could not be checked.
///
/// # Example
///
/// ```
/// use slider::check::batch::PairOutcome;
/// let outcome = PairOutcome { puzzle: "p.txt".into(), answer: "a.txt".into(), result: Err("cannot read a.txt: gone".into()), elapsed: Default::default() };
/// assert_eq!(slider::present::check::batch_line(&outcome), "error: p.txt a.txt: cannot read a.txt: gone");
/// ```
#[must_use]
pub fn batch_line(outcome: &PairOutcome) -> String {
    let puzzle = outcome.puzzle.display().to_string();
    match &outcome.result {
        Ok(report) => {
            let first = report.findings.first().map_or(String::new(), |f| {
                format!(
                    "; first: {}:{}: error[{}]: {}",
                    outcome.answer.display(),
                    f.span,
                    f.kind.code(),
                    f.kind
                )
            });
            format!(
                "{} ({}){first}",
                summary(report, &puzzle),
                outcome.answer.display()
            )
        }
        Err(why) => format!("error: {puzzle} {}: {why}", outcome.answer.display()),
    }
}

/// How many pairs were accepted, rejected, unproven, and not checked.
#[must_use]
pub fn batch_counts(outcomes: &[PairOutcome]) -> [usize; 4] {
    let mut counts = [0; 4];
    for outcome in outcomes {
        let slot = match &outcome.result {
            Ok(r) if r.verdict == CheckVerdict::Accepted => 0,
            Ok(r) if r.verdict == CheckVerdict::Rejected => 1,
            Ok(_) => 2,
            Err(_) => 3,
        };
        counts[slot] += 1;
    }
    counts
}

/// The last line of `slider-check --batch`.
///
/// # Example
///
/// ```
/// assert_eq!(slider::present::check::batch_summary(&[]), "0 pairs: 0 accepted, 0 rejected, 0 unproven, 0 not checked");
/// ```
#[must_use]
pub fn batch_summary(outcomes: &[PairOutcome]) -> String {
    let [accepted, rejected, unproven, errors] = batch_counts(outcomes);
    let plural = if outcomes.len() == 1 { "" } else { "s" };
    format!(
        "{} pair{plural}: {accepted} accepted, {rejected} rejected, {unproven} unproven, {errors} not checked",
        outcomes.len()
    )
}

/// `slider-check --batch --json`: every pair's report (schema version 1,
/// as a single check's), or its error, and the counts.
///
/// # Example
///
/// ```
/// let text = slider::present::check::batch_json(&[]);
/// assert!(text.contains("\"pairs\": []"));
/// ```
#[must_use]
pub fn batch_json(outcomes: &[PairOutcome]) -> String {
    let pairs: Vec<serde_json::Value> = outcomes
        .iter()
        .map(|outcome| {
            let puzzle = outcome.puzzle.display().to_string();
            let answer = outcome.answer.display().to_string();
            match &outcome.result {
                Ok(report) => {
                    serde_json::to_value(json_report(report, &puzzle, &answer)).unwrap_or_default()
                }
                Err(why) => serde_json::json!({
                    "version": 1, "puzzle": puzzle, "answer": answer,
                    "verdict": "error", "error": why,
                }),
            }
        })
        .collect();
    let [accepted, rejected, unproven, errors] = batch_counts(outcomes);
    let value = serde_json::json!({
        "version": 1,
        "pairs": pairs,
        "accepted": accepted,
        "rejected": rejected,
        "unproven": unproven,
        "errors": errors,
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

/// `slider-check --batch --junit`: a test case per pair, named after its
/// puzzle and answer; a rejected pair fails with its findings, an
/// unproven one is skipped, one that could not be checked is an error.
///
/// # Example
///
/// ```
/// let xml = slider::present::check::batch_junit(&[], "pairs.txt");
/// assert!(xml.contains("<testsuite name=\"pairs.txt\""));
/// ```
#[must_use]
pub fn batch_junit(outcomes: &[PairOutcome], manifest: &str) -> String {
    use quick_junit::{NonSuccessKind, TestCase, TestCaseStatus, TestSuite};
    let mut report = quick_junit::Report::new("slider-check");
    let mut suite = TestSuite::new(manifest);
    for outcome in outcomes {
        let name = format!("{} {}", outcome.puzzle.display(), outcome.answer.display());
        let status = match &outcome.result {
            Ok(r) if r.verdict == CheckVerdict::Accepted => TestCaseStatus::success(),
            Ok(r) if r.verdict == CheckVerdict::Unproven => {
                let mut status = TestCaseStatus::skipped();
                status.set_message(summary(r, &outcome.puzzle.display().to_string()));
                status
            }
            Ok(r) => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status.set_message(summary(r, &outcome.puzzle.display().to_string()));
                status.set_type(r.findings.first().map_or("rejected", |f| f.kind.code()));
                status.set_description(human(
                    r,
                    &outcome.puzzle.display().to_string(),
                    &outcome.answer.display().to_string(),
                    false,
                ));
                status
            }
            Err(why) => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
                status.set_message(why.as_str());
                status
            }
        };
        let mut case = TestCase::new(name, status);
        case.set_classname(manifest);
        case.set_time(outcome.elapsed);
        suite.add_test_case(case);
    }
    report.add_test_suite(suite);
    // a student's text may hold characters XML 1.0 forbids
    super::xml::document(&report.to_string().unwrap_or_default()).into_owned()
}
