//! slider's style section against the course's: each tool's verdict, and
//! the warning lines matched one for one (`--compare-reports`).

use super::CourseReport;
use crate::autograde::style::{BlockEnd, Style, StyleBlock, StyleTool, ToolVerdict};

/// slider's style section against the course's: each tool's verdict, and
/// the warning lines matched one for one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StyleAgreement {
    /// `(tool, the course passed it, slider passed it)`; slider's is
    /// `None` when it did not run the tool.
    pub verdicts: Vec<(StyleTool, bool, Option<bool>)>,
    /// The course's warning lines in the blocks slider ran.
    pub course_lines: usize,
    /// Those slider printed too, byte for byte.
    pub matched: usize,
    /// The course's lines not printed by slider.
    pub missing: Vec<String>,
    /// slider's lines the course did not print.
    pub extra: Vec<String>,
    /// The course's lines in blocks slider did not run (`SpotBugs`).
    pub not_run_lines: usize,
    /// Whether the lines were compared: the course's report holds the
    /// section (when not, the counts above are 0 and the lists empty).
    pub lines_compared: bool,
}

/// Compares slider's `style` with the `course`'s style section, each of
/// slider's blocks written as the course writes it by `lines` (the
/// presentation's). Each course line is matched at most once; a report
/// without the section (only its summary lines, or none) has its
/// verdicts compared, not its lines.
///
/// # Example
///
/// ```
/// use slider::autograde::calibrate::{CourseReport, compare_style};
/// use slider::autograde::style::{BlockEnd, Style, StyleBlock, ToolWarning};
/// let warning = ToolWarning { file: "Board.java".into(), line: 3, column: None,
///     rule: "R".into(), message: "m".into(), error: false };
/// let style = Style { blocks: vec![(StyleBlock::Checkstyle, BlockEnd::Warnings(vec![warning]))] };
/// let lines = |_: StyleBlock, _: &BlockEnd| vec!["[WARN] Board.java:3: m [R]".to_string()];
/// let with = CourseReport::parse("Checkstyle:   FAILED (0 errors, 1 warning)\n\
///     *  CHECKING STYLE AND COMMON BUG PATTERNS\n% checkstyle *.java\n[WARN] Board.java:3: m [R]\n");
/// let agreement = compare_style(&style, &with, &lines);
/// assert_eq!((agreement.lines_compared, agreement.matched, agreement.extra.len()), (true, 1, 0));
/// assert_eq!(agreement.verdicts.len(), 1);
/// let without = CourseReport::parse("Checkstyle:   FAILED (0 errors, 1 warning)\n");
/// let agreement = compare_style(&style, &without, &lines);
/// assert_eq!((agreement.lines_compared, agreement.extra.len(), agreement.verdicts.len()), (false, 0, 1));
/// ```
#[must_use]
pub fn compare_style(
    style: &Style,
    course: &CourseReport,
    lines: &dyn Fn(StyleBlock, &BlockEnd) -> Vec<String>,
) -> StyleAgreement {
    let mut agreement = StyleAgreement {
        verdicts: course
            .style_verdicts
            .iter()
            .map(|&(tool, passed)| {
                let ours = match style.verdict(tool) {
                    ToolVerdict::Passed => Some(true),
                    ToolVerdict::Failed { .. } => Some(false),
                    ToolVerdict::NotRun(_) => None,
                };
                (tool, passed, ours)
            })
            .collect(),
        lines_compared: course.style_section,
        ..StyleAgreement::default()
    };
    if !course.style_section {
        return agreement;
    }
    for (block, end) in &style.blocks {
        let theirs: Vec<&String> = course
            .style_lines
            .iter()
            .filter(|(b, _)| b == block)
            .map(|(_, l)| l)
            .collect();
        if matches!(end, BlockEnd::NotRun(_)) {
            agreement.not_run_lines += theirs.len();
            continue;
        }
        agreement.course_lines += theirs.len();
        let mut left: Vec<Option<&String>> = theirs.into_iter().map(Some).collect();
        for ours in lines(*block, end) {
            let warning = ours.starts_with('[') || ours.contains(".java:");
            if !warning || ours == "..." {
                continue;
            }
            if let Some(slot) = left.iter_mut().find(|l| l.is_some_and(|l| *l == ours)) {
                *slot = None;
                agreement.matched += 1;
            } else {
                agreement.extra.push(ours);
            }
        }
        agreement
            .missing
            .extend(left.into_iter().flatten().cloned());
    }
    agreement
}
