//! Reports of a graded suite, for people and for CI: a table, JSON,
//! `JUnit` XML, Gradescope's `results.json`, and GitHub Actions annotations. Text is
//! returned, not printed.

use std::fmt::Write as _;

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use serde::Serialize;

use crate::format::visible;
use crate::grade::outcome::{Detail, Outcome, PuzzleResult};
use crate::run::process::Exit;

/// The score: points for passed tests over all points.
///
/// # Example
///
/// ```
/// assert_eq!(slider::present::grade::score(&[]), (0.0, 0.0));
/// ```
pub fn score(results: &[PuzzleResult]) -> (f64, f64) {
    // An empty f64 sum is -0.0; adding 0.0 shows it as 0.
    let max: f64 = results.iter().map(|r| r.weight).sum::<f64>() + 0.0;
    let got: f64 = results
        .iter()
        .filter(|r| r.outcome == Outcome::Passed)
        .map(|r| r.weight)
        .sum::<f64>()
        + 0.0;
    (got, max)
}

fn show(moves: Option<u64>, unsolvable: bool) -> String {
    match moves {
        Some(m) => m.to_string(),
        None if unsolvable => "unsolvable".to_string(),
        None => "-".to_string(),
    }
}

/// A table with a line per puzzle, then the score.
///
/// # Example
///
/// ```
/// let text = slider::present::grade::table(&[], false);
/// assert!(text.ends_with("score: 0/0 (100.0%)\n"));
/// ```
pub fn table(results: &[PuzzleResult], with_times: bool) -> String {
    let width = results
        .iter()
        .map(|r| r.name.len())
        .max()
        .unwrap_or(4)
        .max(6);
    let mut out = String::new();
    let _ = write!(
        out,
        "{:<width$} {:>3} {:>10} {:>10}  {:<13}",
        "puzzle", "n", "expected", "got", "outcome"
    );
    out.push_str(if with_times {
        "      time    cpu  peak MB\n"
    } else {
        "\n"
    });
    for r in results {
        let _ = write!(
            out,
            "{:<width$} {:>3} {:>10} {:>10}  {:<13}",
            visible(r.name.as_bytes(), false),
            r.n,
            show(r.expected, true),
            show(r.got, r.claimed_unsolvable),
            r.outcome.name()
        );
        if with_times {
            let _ = write!(
                out,
                " {:>7.3} s {:>6.2} {:>8.1}",
                r.time.as_secs_f64(),
                r.cpu.as_secs_f64(),
                r.peak_rss as f64 / 1e6
            );
        }
        out.push('\n');
    }
    let (got, max) = score(results);
    let percent = if max > 0.0 { 100.0 * got / max } else { 100.0 };
    let _ = writeln!(out, "score: {got}/{max} ({percent:.1}%)");
    out
}

#[derive(Serialize)]
struct JsonTest<'a> {
    name: &'a str,
    n: usize,
    expected: Option<u64>,
    unsolvable: bool,
    got: Option<u64>,
    outcome: &'static str,
    detail: String,
    time_ms: f64,
    cpu_ms: f64,
    peak_rss_bytes: u64,
    leftovers: usize,
    weight: f64,
}

#[derive(Serialize)]
struct JsonGrade<'a> {
    version: u32,
    suite: &'a str,
    program: &'a str,
    score: f64,
    max_score: f64,
    passed: usize,
    failed: usize,
    tests: Vec<JsonTest<'a>>,
}

/// The full machine-readable result (schema version 1, in the README).
///
/// # Example
///
/// ```
/// let text = slider::present::grade::json(&[], "suite", "prog");
/// assert!(text.contains("\"max_score\": 0.0"));
/// ```
pub fn json(results: &[PuzzleResult], suite: &str, program: &str) -> String {
    let (got, max) = score(results);
    let passed = results
        .iter()
        .filter(|r| r.outcome == Outcome::Passed)
        .count();
    let value = JsonGrade {
        version: 1,
        suite,
        program,
        score: got,
        max_score: max,
        passed,
        failed: results.len() - passed,
        tests: results
            .iter()
            .map(|r| JsonTest {
                name: &r.name,
                n: r.n,
                expected: r.expected,
                unsolvable: r.expected.is_none(),
                got: r.got,
                outcome: r.outcome.name(),
                detail: detail(&r.detail),
                time_ms: r.time.as_secs_f64() * 1e3,
                cpu_ms: r.cpu.as_secs_f64() * 1e3,
                peak_rss_bytes: r.peak_rss,
                leftovers: r.leftovers,
                weight: r.weight,
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

/// `JUnit` XML: one test case per puzzle; failures carry the outcome and the
/// finding.
///
/// # Example
///
/// ```
/// let xml = slider::present::grade::junit(&[], "suite");
/// assert!(xml.contains("<testsuites"));
/// ```
pub fn junit(results: &[PuzzleResult], suite: &str) -> String {
    let mut report = Report::new("slider-grade");
    let mut test_suite = TestSuite::new(suite);
    for r in results {
        let status = if r.outcome == Outcome::Passed {
            TestCaseStatus::success()
        } else {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
            status.set_message(r.outcome.name());
            status.set_type(r.outcome.name());
            status.set_description(detail(&r.detail));
            status
        };
        let mut case = TestCase::new(r.name.as_str(), status);
        case.set_classname(suite);
        case.set_time(r.time);
        case.set_system_out(usage(r));
        test_suite.add_test_case(case);
    }
    report.add_test_suite(test_suite);
    // a student's text may hold characters XML 1.0 forbids
    super::xml::document(&report.to_string().unwrap_or_default()).into_owned()
}

#[derive(Serialize)]
struct GradescopeTest<'a> {
    name: &'a str,
    score: f64,
    max_score: f64,
    status: &'static str,
    output: String,
}

#[derive(Serialize)]
struct Gradescope<'a> {
    score: f64,
    output: String,
    tests: Vec<GradescopeTest<'a>>,
}

/// Gradescope's `results.json`.
///
/// # Example
///
/// ```
/// let text = slider::present::grade::gradescope(&[]);
/// assert!(text.contains("\"tests\": []"));
/// ```
pub fn gradescope(results: &[PuzzleResult]) -> String {
    let (got, _) = score(results);
    let passed = results
        .iter()
        .filter(|r| r.outcome == Outcome::Passed)
        .count();
    let value = Gradescope {
        score: got,
        output: format!("{passed} of {} puzzles passed", results.len()),
        tests: results
            .iter()
            .map(|r| GradescopeTest {
                name: &r.name,
                score: if r.outcome == Outcome::Passed {
                    r.weight
                } else {
                    0.0
                },
                max_score: r.weight,
                status: if r.outcome == Outcome::Passed {
                    "passed"
                } else {
                    "failed"
                },
                output: if r.detail == Detail::None {
                    format!("{} ({})", r.outcome.name(), usage(r))
                } else {
                    format!("{} ({}): {}", r.outcome.name(), usage(r), detail(&r.detail))
                },
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

/// GitHub Actions annotations, one per failed test, on the puzzle file.
///
/// # Example
///
/// ```
/// assert_eq!(slider::present::grade::github(&[], "suite"), "");
/// ```
pub fn github(results: &[PuzzleResult], suite: &str) -> String {
    let mut out = String::new();
    for r in results.iter().filter(|r| r.outcome != Outcome::Passed) {
        let file = super::github::escape(&format!("{suite}/{}", r.name), true);
        let _ = writeln!(
            out,
            "::error file={file},title={}::{}",
            r.outcome.name(),
            super::github::escape(&format!("{} ({})", detail(&r.detail), usage(r)), false)
        );
    }
    out
}

/// Why a test ended so, in words (empty when there is nothing to say);
/// what the program printed is made visible.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::grade::outcome::Detail;
/// assert_eq!(
///     slider::present::grade::detail(&Detail::Wall(Duration::from_secs(10))),
///     "no answer within 10.0 s of wall-clock time"
/// );
/// ```
#[must_use]
pub fn detail(detail: &Detail) -> String {
    match detail {
        Detail::None => String::new(),
        Detail::Prepare(e) => format!("cannot prepare the test's folder: {e}"),
        Detail::Start(e) => format!("cannot start the program: {e}"),
        Detail::Wall(limit) => format!(
            "no answer within {:.1} s of wall-clock time",
            limit.as_secs_f64()
        ),
        Detail::Cpu(limit) => format!("more than {:.1} s of CPU time", limit.as_secs_f64()),
        Detail::Memory { limit_mib, peak } => format!(
            "resident memory passed {limit_mib} MiB (largest sample {:.0} MiB)",
            *peak as f64 / f64::from(1 << 20)
        ),
        Detail::Output(limit) => format!("more than {limit} bytes of output"),
        Detail::Killed(tails) => with_tails(
            "killed by SIGKILL, not by the grader: the kernel's out-of-memory killer sends it"
                .to_string(),
            tails,
        ),
        Detail::Ended { exit, tails } => {
            let how = match *exit {
                Exit::Code(code) => format!("exit status {code}"),
                Exit::Signal(signal) => nix::sys::signal::Signal::try_from(signal)
                    .map_or(format!("killed by signal {signal}"), |s| {
                        format!("killed by {s}")
                    }),
                Exit::Unknown => "could not be waited for".to_string(),
            };
            with_tails(how, tails)
        }
        Detail::SuiteWrong(kind) => kind.to_string(),
        Detail::Finding { line, column, kind } => format!("{line}:{column}: {kind}"),
        Detail::Unverified => "the answer could not be verified".to_string(),
    }
}

/// `how`, then the tails of standard output and error, made visible.
fn with_tails(how: String, tails: &crate::grade::outcome::Tails) -> String {
    let mut detail = how;
    for (name, tail) in [("stdout", &tails.stdout), ("stderr", &tails.stderr)] {
        let text = visible(tail, true);
        let text = text.trim_end();
        if !text.is_empty() {
            let _ = write!(detail, "; {name} ends with:\n{text}");
        }
    }
    detail
}

/// What a test used: wall and CPU time and peak memory, plus the processes
/// the runner had to kill after it.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::grade::outcome::{Outcome, PuzzleResult};
/// let r = PuzzleResult {
///     name: "p.txt".into(), n: 3, expected: Some(4), got: Some(4), claimed_unsolvable: false,
///     outcome: Outcome::Passed, detail: Default::default(), time: Duration::from_millis(20),
///     cpu: Duration::from_millis(10), peak_rss: 3_000_000, leftovers: 2, weight: 1.0,
/// };
/// assert_eq!(slider::present::grade::usage(&r), "0.020 s wall, 0.010 s CPU, 3.0 MB peak, 2 leftover processes killed");
/// ```
pub fn usage(r: &PuzzleResult) -> String {
    let mut text = format!(
        "{:.3} s wall, {:.3} s CPU, {:.1} MB peak",
        r.time.as_secs_f64(),
        r.cpu.as_secs_f64(),
        r.peak_rss as f64 / 1e6
    );
    if r.leftovers > 0 {
        let _ = write!(text, ", {} leftover processes killed", r.leftovers);
    }
    text
}

/// A paragraph per test that did not pass: its name, outcome and detail,
/// for the console under the table.
///
/// # Example
///
/// ```
/// assert_eq!(slider::present::grade::failures(&[]), "");
/// ```
pub fn failures(results: &[PuzzleResult]) -> String {
    let mut out = String::new();
    for r in results.iter().filter(|r| r.outcome != Outcome::Passed) {
        let _ = writeln!(
            out,
            "{}: {} ({})",
            visible(r.name.as_bytes(), false),
            r.outcome.name(),
            usage(r)
        );
        for line in detail(&r.detail).lines() {
            let _ = writeln!(out, "  {line}");
        }
    }
    out
}

/// The report files `slider grade` can write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GradeFile {
    /// The JSON report (`--json`).
    Json,
    /// `JUnit` XML (`--junit`).
    Junit,
    /// Gradescope's `results.json` (`--gradescope`).
    Gradescope,
}

/// The text of report file `kind` for the `results` of `suite`, graded
/// with `program`.
///
/// # Example
///
/// ```
/// use slider::present::grade::{GradeFile, report_file};
/// assert!(report_file(GradeFile::Junit, &[], "suite", "prog").contains("<testsuites"));
/// ```
#[must_use]
pub fn report_file(
    kind: GradeFile,
    results: &[PuzzleResult],
    suite: &str,
    program: &str,
) -> String {
    match kind {
        GradeFile::Json => json(results, suite, program),
        GradeFile::Junit => junit(results, suite),
        GradeFile::Gradescope => gradescope(results),
    }
}

/// What `slider grade` prints on standard output under console format
/// `format`: the JSON report, or (after GitHub's annotations) the table
/// and the failures.
///
/// # Example
///
/// ```
/// use slider::present::ConsoleFormat;
/// let text = slider::present::grade::console(&[], ConsoleFormat::Json, "suite", "prog");
/// assert!(text.contains("\"max_score\": 0.0"));
/// ```
#[must_use]
pub fn console(
    results: &[PuzzleResult],
    format: super::ConsoleFormat,
    suite: &str,
    program: &str,
) -> String {
    if format == super::ConsoleFormat::Json {
        return json(results, suite, program);
    }
    let mut out = String::new();
    if format == super::ConsoleFormat::Github {
        out.push_str(&github(results, suite));
    }
    out.push_str(&table(results, true));
    out.push_str(&failures(results));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::outcome::Tails;

    #[test]
    fn a_crash_says_how_it_ended_then_both_tails_with_control_characters_escaped() {
        let crashed = Detail::Ended {
            exit: Exit::Code(3),
            tails: Tails {
                stdout: b"Minimum number of moves = 4\n".to_vec(),
                stderr: b"\x1b[2J::warning file=x::pwned\r\n".to_vec(),
            },
        };
        let words = detail(&crashed);
        assert_eq!(
            words,
            "exit status 3; stdout ends with:\nMinimum number of moves = 4; stderr ends with:\n\u{241b}[2J::warning file=x::pwned\u{240d}"
        );
        assert!(!words.contains('\x1b') && !words.contains('\r'));
        let segv = Detail::Ended {
            exit: Exit::Signal(11),
            tails: Tails::default(),
        };
        assert_eq!(detail(&segv), "killed by SIGSEGV");
        assert_eq!(detail(&Detail::None), "");
    }
}
