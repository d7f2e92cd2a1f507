//! The report in Markdown, where students read it: a Gradescope test's
//! `output`, and the whole report for a GitHub job summary
//! (`--markdown`). Student text is only ever inside a fence longer than
//! any run of backticks in it, or escaped.

use std::fmt::Write as _;

use super::formats::{TestRow, rows};
use crate::autograde::Report;

/// `text` as a fenced Markdown code block, the fence longer than any run
/// of backticks in it, so that nothing inside can end the block.
pub(super) fn fenced(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat((longest + 1).max(3));
    format!("{fence}\n{}\n{fence}\n", text.trim_end())
}

/// The failing inputs a test's output shows in full.
const SHOWN_INPUTS: usize = 3;

/// A test's `output`, in Markdown: a passed one's figures; a failed one's
/// figures, then each failing input (at most [`SHOWN_INPUTS`]) with its
/// board drawn as a grid and the student's and the reference's values,
/// then the hint.
pub(super) fn test_output(row: &TestRow) -> String {
    let mut out = String::new();
    if row.inputs.is_empty() || row.passed {
        if !row.detail.trim().is_empty() {
            out.push_str(&fenced(&row.detail));
        }
    } else {
        if !row.figures.trim().is_empty() {
            out.push_str(&fenced(&row.figures));
            out.push('\n');
        }
        for input in row.inputs.iter().take(SHOWN_INPUTS) {
            let _ = writeln!(out, "**Input:** {}\n", markdown_text(&input.input));
            let mut block: Vec<String> = Vec::new();
            if let Some(board) = &input.board {
                block.extend(super::failure::board_lines(board, ""));
                block.push(String::new());
            }
            block.extend(input.lines.iter().cloned());
            out.push_str(&fenced(&block.join("\n")));
            out.push('\n');
        }
        if row.inputs.len() > SHOWN_INPUTS {
            let _ = writeln!(
                out,
                "and {} more failing inputs\n",
                row.inputs.len() - SHOWN_INPUTS
            );
        }
    }
    if let Some(hint) = &row.hint {
        let _ = writeln!(out, "**Hint:** {}", markdown_text(hint));
    }
    out
}

/// Text shown as Markdown prose with every character that Markdown or
/// HTML would act on escaped.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\`*_{}[]()#+-.!|<>&~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The whole report in Markdown, for a GitHub job summary: the
/// course-style summary, then each failed test with its inputs, boards,
/// values and hint, then the lines of each style tool that found
/// something.
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage, StageNote};
/// let mut report = Report::new("subs/ada".into(), slider::course::Api::Coursera, Default::default());
/// report.compilation = Stage::failed(vec![StageNote::Javac("Board.java:3: error: x".into())]);
/// let md = slider::present::autograde::markdown(&report);
/// assert!(md.starts_with("## slider autograde: subs/ada\n"));
/// assert!(md.contains("### Compilation"));
/// ```
#[must_use]
pub fn markdown(report: &Report) -> String {
    let mut out = format!(
        "## slider autograde: {}\n\n",
        markdown_text(&crate::format::visible(report.submission.as_bytes(), false))
    );
    out.push_str(&fenced(&super::summary(report)));
    let failed: Vec<TestRow> = rows(report).into_iter().filter(|r| !r.passed).collect();
    if failed.is_empty() {
        out.push_str("\nEvery graded test passed.\n");
    }
    for row in &failed {
        let _ = write!(out, "\n### {}\n\n", markdown_text(&row.name));
        out.push_str(&test_output(row));
    }
    // The style section's tools that found something (weighed 0%).
    for tool in super::style::tools_shown(report) {
        if tool.passed == Some(false) {
            let _ = write!(out, "\n### Style: {}\n\n", tool.name);
            out.push_str(&fenced(&tool.text));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_text_can_close_its_fence() {
        assert_eq!(fenced("a\n"), "```\na\n```\n");
        assert_eq!(fenced("x ```` y"), "`````\nx ```` y\n`````\n");
    }

    #[test]
    fn prose_from_a_student_cannot_become_markup() {
        assert_eq!(
            markdown_text("a <b> [x](y) `z`"),
            "a \\<b\\> \\[x\\]\\(y\\) \\`z\\`"
        );
    }
}
