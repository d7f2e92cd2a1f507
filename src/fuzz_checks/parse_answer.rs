//! The `parse_answer` target: arbitrary bytes as an answer, in every format.

use super::fixed::fixed;
use crate::check::{AnswerFormat, CheckOptions, check as check_answer};

/// Arbitrary bytes as an answer, in every format, to every fixed puzzle:
/// never panics, and every finding's span lies inside the input.
///
/// # Panics
///
/// When a property fails.
///
/// # Example
///
/// ```
/// slider::fuzz_checks::parse_answer(b"Minimum number of moves = 4\n3\n0 1");
/// ```
pub fn parse_answer(data: &[u8]) {
    let fixed = fixed();
    for (board, format) in fixed.boards.iter().zip([
        None,
        Some(AnswerFormat::Course),
        Some(AnswerFormat::Moves),
        Some(AnswerFormat::Count),
        None,
        None,
    ]) {
        for strict in [false, true] {
            let options = CheckOptions {
                format,
                strict,
                budget: 100_000,
                max_findings: 8,
                ..CheckOptions::default()
            };
            let report = check_answer(board, data, &options, Some(&fixed.oracle));
            // The cap, plus at most three read findings (long line, read
            // error, strict deviation) that are always kept.
            assert!(report.findings.len() <= 8 + 3, "findings not capped");
            for finding in &report.findings {
                let spans =
                    std::iter::once(finding.span).chain(finding.related.as_ref().map(|r| r.0));
                for span in spans {
                    assert!(
                        span.start <= span.end && span.end <= data.len(),
                        "{:?}: span {span:?} outside {} bytes",
                        finding.kind,
                        data.len()
                    );
                }
            }
        }
    }
}
