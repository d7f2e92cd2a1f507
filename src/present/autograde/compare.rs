//! A comparison of slider's report with the course's, for calibration.

use std::fmt::Write as _;

use crate::autograde::calibrate::{
    Comparison, CourseReport, StyleAgreement, TIMED_ROWS, TimingRatio,
};

/// Why a course report cannot be compared: it prints no test counts, or
/// the counts of an edition slider does not grade.
///
/// # Example
///
/// ```
/// use slider::autograde::calibrate::CourseReport;
/// let text = slider::present::autograde::compare::not_comparable("sub", &CourseReport::default());
/// assert!(text.contains("no test counts"));
/// ```
#[must_use]
pub fn not_comparable(name: &str, course: &CourseReport) -> String {
    let name = crate::format::visible(name.as_bytes(), false);
    let counts: Vec<String> = course
        .summary
        .iter()
        .flatten()
        .map(|(p, t)| format!("{p}/{t}"))
        .collect();
    if counts.is_empty() {
        format!("{name}: the course's report prints no test counts: not compared\n")
    } else {
        format!(
            "{name}: the course's report counts {} tests, an edition slider does not grade: not compared\n",
            counts.join(", ")
        )
    }
}

/// What a comparison found: per category, the course's and slider's counts
/// and whether the verdicts and failed counts agree; the aggregates; the
/// tests and rows that disagree.
///
/// # Example
///
/// ```
/// use slider::autograde::{Category, calibrate::{CategoryComparison, Comparison, TimingRatio}};
/// let c = Comparison {
///     submission: "sub".into(),
///     categories: vec![CategoryComparison { category: Category::Timing, course: (119, 125), slider: (119, 125) }],
///     aggregate: Some((99.04, 99.04)),
///     disagreements: vec![],
///     timing: TimingRatio::of(&[(1.1, 1.0), (0.45, 0.5)]),
///     style: None,
/// };
/// let text = slider::present::autograde::compare::comparison("sub", &c);
/// assert!(text.contains("Timing 1 seconds / the course's: median 1.00x (0.90x to 1.10x, 2 rows over 0.2 s)"));
/// assert!(text.contains("Timing"));
/// assert!(text.contains("119/125"));
/// ```
#[must_use]
pub fn comparison(name: &str, comparison: &Comparison) -> String {
    let mut out = format!(
        "{}: against the course's report\n",
        crate::format::visible(name.as_bytes(), false)
    );
    for c in &comparison.categories {
        let mark = match (c.same_verdict(), c.same_failures()) {
            (true, true) => "agrees",
            (true, false) => "same verdict, other count",
            (false, _) => "DISAGREES",
        };
        let _ = writeln!(
            out,
            "  {:<12} course {:>7}  slider {:>7}  {mark}",
            c.category.name(),
            format!("{}/{}", c.course.0, c.course.1),
            format!("{}/{}", c.slider.0, c.slider.1),
        );
    }
    if let Some((course, slider)) = comparison.aggregate {
        let close = if (course - slider).abs() <= 1.0 {
            "within 1 point"
        } else {
            "DIFFERS"
        };
        let _ = writeln!(
            out,
            "  {:<12} course {course:>6.2}%  slider {slider:>6.2}%  {close}",
            "Aggregate"
        );
    }
    if let Some(r) = comparison.timing {
        let _ = writeln!(out, "  {}", timing_ratio(&r));
    }
    if let Some(style) = &comparison.style {
        style_comparison(&mut out, style);
    }
    for (id, course_passed) in &comparison.disagreements {
        let (course, slider) = if *course_passed {
            ("passed", "failed")
        } else {
            ("failed", "passed")
        };
        let _ = writeln!(out, "  - {id}: the course {course} it, slider {slider}");
    }
    out
}

/// One submission's style section against the course's: each tool's
/// verdict, the warning lines matched, and those that are not.
fn style_comparison(out: &mut String, style: &StyleAgreement) {
    for (tool, course, ours) in &style.verdicts {
        let word = |passed: bool| if passed { "PASSED" } else { "FAILED" };
        let (ours, mark) = match ours {
            Some(ours) => (
                word(*ours),
                if ours == course {
                    "agrees"
                } else {
                    "DISAGREES"
                },
            ),
            None => ("not run", "not compared"),
        };
        let _ = writeln!(
            out,
            "  {:<12} course {:>7}  slider {ours:>7}  {mark}",
            super::style::tool_name(*tool, crate::course::Edition::E52),
            word(*course),
        );
    }
    if !style.lines_compared {
        let _ = writeln!(
            out,
            "  style lines  not compared: the course's report does not hold its style section"
        );
        return;
    }
    let _ = writeln!(
        out,
        "  style lines  {} of the course's {} matched, {} of slider's not the course's ({} in blocks slider does not run)",
        style.matched,
        style.course_lines,
        style.extra.len(),
        style.not_run_lines
    );
    for line in &style.missing {
        let _ = writeln!(out, "  - course only: {}", super::visible(line));
    }
    for line in &style.extra {
        let _ = writeln!(out, "  - slider only: {}", super::visible(line));
    }
}

/// One submission's Timing 1 ratio, in words.
fn timing_ratio(r: &TimingRatio) -> String {
    format!(
        "Timing 1 seconds / the course's: median {:.2}x ({:.2}x to {:.2}x, {} row{} over {} s)",
        r.median,
        r.low,
        r.high,
        r.rows,
        if r.rows == 1 { "" } else { "s" },
        TIMED_ROWS
    )
}

/// The agreement over several comparisons, as the calibration table
/// counts it: category verdicts, failed-test counts, aggregates within a
/// point, and categories the course scored 100% that slider did not.
///
/// # Example
///
/// ```
/// use slider::autograde::{Category, calibrate::{CategoryComparison, Comparison}};
/// let c = Comparison {
///     submission: "sub".into(),
///     categories: vec![CategoryComparison { category: Category::Timing, course: (125, 125), slider: (124, 125) }],
///     aggregate: None,
///     disagreements: vec![],
///     timing: None,
///     style: None,
/// };
/// let text = slider::present::autograde::compare::agreement(&[c]);
/// assert!(text.contains("category verdicts that agree: 0 of 1"));
/// assert!(text.contains("scored 100% by the course and below 100% by slider: 1"));
/// ```
#[must_use]
pub fn agreement(comparisons: &[Comparison]) -> String {
    let categories: Vec<_> = comparisons.iter().flat_map(|c| &c.categories).collect();
    let verdicts = categories.iter().filter(|c| c.same_verdict()).count();
    let counts = categories.iter().filter(|c| c.same_failures()).count();
    let below = categories
        .iter()
        .filter(|c| c.course.0 == c.course.1 && c.slider.0 < c.slider.1)
        .count();
    let aggregates: Vec<bool> = comparisons
        .iter()
        .filter_map(Comparison::aggregate_close)
        .collect();
    let close = aggregates.iter().filter(|c| **c).count();
    let mut out = String::from("Agreement with the course's reports\n");
    let _ = writeln!(
        out,
        "  category verdicts that agree: {verdicts} of {}",
        categories.len()
    );
    let _ = writeln!(
        out,
        "  failed-test counts that agree: {counts} of {}",
        categories.len()
    );
    let _ = writeln!(
        out,
        "  categories scored 100% by the course and below 100% by slider: {below}"
    );
    let _ = writeln!(
        out,
        "  aggregates within 1 point: {close} of {}",
        aggregates.len()
    );
    let styles: Vec<&StyleAgreement> = comparisons
        .iter()
        .filter_map(|c| c.style.as_ref())
        .collect();
    if !styles.is_empty() {
        let verdicts: Vec<bool> = styles
            .iter()
            .flat_map(|s| &s.verdicts)
            .filter_map(|(_, course, ours)| ours.map(|o| o == *course))
            .collect();
        let unrun: usize = styles
            .iter()
            .flat_map(|s| &s.verdicts)
            .filter(|(_, _, ours)| ours.is_none())
            .count();
        let compared = styles.iter().filter(|s| s.lines_compared).count();
        let course: usize = styles.iter().map(|s| s.course_lines).sum();
        let matched: usize = styles.iter().map(|s| s.matched).sum();
        let extra: usize = styles.iter().map(|s| s.extra.len()).sum();
        let _ = writeln!(
            out,
            "  style verdicts that agree: {} of {} ({unrun} of tools slider does not run)",
            verdicts.iter().filter(|v| **v).count(),
            verdicts.len()
        );
        let _ = writeln!(
            out,
            "  style lines ({compared} reports with the section): recall {matched} of {course} ({:.1}%), precision {matched} of {} ({:.1}%)",
            percent(matched, course),
            matched + extra,
            percent(matched, matched + extra)
        );
    }
    let timed: Vec<&Comparison> = comparisons.iter().filter(|c| c.timing.is_some()).collect();
    if !timed.is_empty() {
        let inside = timed
            .iter()
            .filter_map(|c| c.timing)
            .filter(|r| (RATIO_BAND.0..=RATIO_BAND.1).contains(&r.median))
            .count();
        let _ = writeln!(
            out,
            "  Timing 1 seconds within {:.2}x to {:.2}x of the course's (median per submission): {inside} of {}",
            RATIO_BAND.0,
            RATIO_BAND.1,
            timed.len()
        );
        for c in timed {
            if let Some(r) = &c.timing {
                let _ = writeln!(
                    out,
                    "    {}: {}",
                    crate::format::visible(c.submission.as_bytes(), false),
                    timing_ratio(r)
                );
            }
        }
    }
    out
}

/// `part` of `whole` in percent (100 when there is nothing to count).
fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        100.0
    } else {
        #[allow(clippy::cast_precision_loss)]
        let p = part as f64 * 100.0 / whole as f64;
        p
    }
}

/// The band a submission's median Timing 1 ratio to the course's seconds
/// should fall in.
const RATIO_BAND: (f64, f64) = (0.67, 1.5);
