//! `slider-check --batch`'s renderers, and the report files of a single
//! check (a batch of one pair): a line per pair, the counts, JSON, `JUnit`
//! XML and GitHub annotations.

use std::path::Path;

use crate::check::CheckVerdict;
use crate::check::batch::PairOutcome;

use super::{annotations, human, json_report, summary};

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
    let pairs: Vec<serde_json::Value> = outcomes.iter().map(pair_value).collect();
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

/// One pair's JSON report (schema version 1): the single check's report,
/// or `"verdict": "error"` and why it could not be checked. It is what
/// `slider-check PUZZLE ANSWER --json FILE` writes.
///
/// # Example
///
/// ```
/// use slider::check::batch::PairOutcome;
/// let outcome = PairOutcome { puzzle: "p.txt".into(), answer: "a.txt".into(), result: Err("cannot read a.txt: gone".into()), elapsed: Default::default() };
/// let text = slider::present::check::pair_json(&outcome);
/// assert!(text.contains("\"verdict\": \"error\""));
/// ```
#[must_use]
pub fn pair_json(outcome: &PairOutcome) -> String {
    let mut text = serde_json::to_string_pretty(&pair_value(outcome)).unwrap_or_default();
    text.push('\n');
    text
}

fn pair_value(outcome: &PairOutcome) -> serde_json::Value {
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
}

/// `slider-check --batch --format github`: one pair's annotations, its
/// files named as found from the working folder (`base`, the manifest's
/// folder, joined to the manifest's paths), then its line as
/// [`batch_line`] writes it. A pair that could not be checked is an
/// `::error` on the manifest's line `line`.
///
/// # Example
///
/// ```
/// use slider::check::batch::PairOutcome;
/// let outcome = PairOutcome { puzzle: "p.txt".into(), answer: "a.txt".into(), result: Err("cannot read a.txt: gone".into()), elapsed: Default::default() };
/// let text = slider::present::check::batch_github(&outcome, "cases".as_ref(), "cases/pairs.txt".as_ref(), 3);
/// assert!(text.starts_with("::error file=cases/pairs.txt,line=3,title=not checked::cannot read a.txt: gone\n"));
/// ```
#[must_use]
pub fn batch_github(outcome: &PairOutcome, base: &Path, manifest: &Path, line: usize) -> String {
    let escape = crate::present::github::escape;
    let mut out = match &outcome.result {
        Ok(report) => annotations(
            report,
            &tidy(&base.join(&outcome.puzzle)),
            &tidy(&base.join(&outcome.answer)),
        ),
        Err(why) => format!(
            "::error file={},line={line},title=not checked::{}\n",
            escape(&manifest.display().to_string(), true),
            escape(why, false)
        ),
    };
    out.push_str(&batch_line(outcome));
    out.push('\n');
    out
}

/// `path` with `folder/..` folded away (lexically: GitHub matches an
/// annotation's file against the repository's paths as written).
fn tidy(path: &Path) -> String {
    use std::path::Component;
    let mut parts: Vec<Component<'_>> = Vec::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts
        .iter()
        .collect::<std::path::PathBuf>()
        .display()
        .to_string()
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
    crate::present::xml::document(&report.to_string().unwrap_or_default()).into_owned()
}
