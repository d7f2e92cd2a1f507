//! Gradescope's `results.json`, as Gradescope's autograder specification
//! documents it: a score out of `max_score`, a test per stage and per
//! course test with its own `score`, `max_score` and `visibility`, and
//! Markdown output whose fenced blocks keep the report's columns.

use serde::Serialize;

use super::formats::rows;
use super::markdown::{fenced, test_output};
use super::summary_shown;
use crate::autograde::{Category, Report};

/// When students see a test on Gradescope (its `visibility` field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Always.
    #[cfg_attr(feature = "cli", value(name = "visible"))]
    Visible,
    /// Never (staff only).
    #[cfg_attr(feature = "cli", value(name = "hidden"))]
    Hidden,
    /// Once the due date has passed.
    #[cfg_attr(feature = "cli", value(name = "after_due_date"))]
    AfterDueDate,
    /// Once the grades are published.
    #[cfg_attr(feature = "cli", value(name = "after_published"))]
    AfterPublished,
}

/// How the results are scored and shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Style {
    /// The points the whole autograder is worth (100 by default).
    pub max_score: f64,
    /// Each category's visibility; a category not named is visible.
    pub visibility: Vec<(Category, Visibility)>,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            max_score: 100.0,
            visibility: Vec::new(),
        }
    }
}

impl Style {
    /// The visibility of a category's tests.
    #[must_use]
    pub fn visibility_of(&self, category: Category) -> Visibility {
        self.visibility
            .iter()
            .rev()
            .find(|(c, _)| *c == category)
            .map_or(Visibility::Visible, |(_, v)| *v)
    }
}

/// The first category whose tests `style` makes `hidden` while it
/// carries points (`graded`): Gradescope adds a hidden test's score into
/// the total students see (its specification keeps `hidden` for tests
/// worth nothing), so the category's result would show through the
/// total. `after_due_date` and `after_published` hide the total too
/// until then, and are the way to hold a category back.
///
/// # Example
///
/// ```
/// use slider::autograde::Category;
/// use slider::present::autograde::gradescope::{Style, Visibility, leaks_through_the_total};
/// let style = Style { max_score: 100.0, visibility: vec![(Category::Timing, Visibility::Hidden)] };
/// assert_eq!(leaks_through_the_total(&style, &|_| true), Some(Category::Timing));
/// // left out with --only, it carries no points
/// assert_eq!(leaks_through_the_total(&style, &|c| c != Category::Timing), None);
/// ```
#[must_use]
pub fn leaks_through_the_total(
    style: &Style,
    graded: &dyn Fn(Category) -> bool,
) -> Option<Category> {
    Category::ALL
        .into_iter()
        .find(|&c| graded(c) && style.visibility_of(c) == Visibility::Hidden)
}

/// Why a bundle is not written: slider's own submission, graded with its
/// flags, fell `short` of full marks.
///
/// # Example
///
/// ```
/// let said = slider::present::autograde::gradescope::bundle_refused(&["API".into()]);
/// assert!(said.starts_with("not written: slider's own submission, which scores 100%"));
/// ```
#[must_use]
pub fn bundle_refused(short: &[String]) -> String {
    const SHOWN: usize = 5;
    let mut listed: Vec<String> = short
        .iter()
        .take(SHOWN)
        .map(|s| crate::format::visible(s.as_bytes(), false))
        .collect();
    if short.len() > SHOWN {
        listed.push(format!("and {} more", short.len() - SHOWN));
    }
    format!(
        "not written: slider's own submission, which scores 100%, does not with these flags, so every student would lose the same points ({}); check the flags (--api, --only, --trial-timeout, --algs4, --time-limit)",
        listed.join("; ")
    )
}

/// Why `--gradescope-visibility CATEGORY=hidden` is refused.
#[must_use]
pub fn hidden_refused(category: Category) -> String {
    format!(
        "{0}=hidden would still show {0}'s points in the total score Gradescope shows students; use {0}=after_due_date or {0}=after_published (Gradescope then hides the total too), or leave {0} out with --only",
        category.key()
    )
}

/// A clap value parser for `--max-score`: a finite number of points above
/// 0, at most a million.
///
/// ```
/// use slider::present::autograde::gradescope::parse_points;
/// assert_eq!(parse_points("40"), Ok(40.0));
/// assert!(parse_points("0").is_err() && parse_points("inf").is_err());
/// ```
#[cfg(feature = "cli")]
pub fn parse_points(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(points) if points.is_finite() && points > 0.0 && points <= 1e6 => Ok(points),
        _ => Err(format!(
            "`{text}` is not a number of points (above 0, at most 1000000)"
        )),
    }
}

/// Parses `CATEGORY=VISIBILITY` (`timing=after_due_date`), as
/// `--gradescope-visibility` takes it.
///
/// # Errors
///
/// A text without `=`, or a category or visibility not known, with the
/// names that are.
///
/// # Example
///
/// ```
/// use slider::autograde::Category;
/// use slider::present::autograde::gradescope::{Visibility, parse_visibility};
/// assert_eq!(parse_visibility("timing=after_due_date"), Ok((Category::Timing, Visibility::AfterDueDate)));
/// assert!(parse_visibility("timing").is_err());
/// ```
#[cfg(feature = "cli")]
pub fn parse_visibility(text: &str) -> Result<(Category, Visibility), String> {
    use clap::ValueEnum;
    let names = |values: Vec<String>| values.join(", ");
    let (category, visibility) = text.split_once('=').ok_or_else(|| {
        format!("`{text}`: expected CATEGORY=VISIBILITY, for example timing=after_due_date")
    })?;
    let category = Category::from_str(category.trim(), true).map_err(|_| {
        format!(
            "`{category}` is not a category (one of {})",
            names(
                Category::value_variants()
                    .iter()
                    .filter_map(clap::ValueEnum::to_possible_value)
                    .map(|v| v.get_name().to_string())
                    .collect()
            )
        )
    })?;
    let visibility = Visibility::from_str(visibility.trim(), true).map_err(|_| {
        format!(
            "`{visibility}` is not a visibility (one of visible, hidden, after_due_date, after_published)"
        )
    })?;
    Ok((category, visibility))
}

#[derive(Serialize)]
struct Test {
    name: String,
    number: String,
    status: &'static str,
    score: f64,
    max_score: f64,
    visibility: Visibility,
    tags: Vec<&'static str>,
    output: String,
    output_format: &'static str,
}

#[derive(Serialize)]
struct Results {
    score: f64,
    output: String,
    output_format: &'static str,
    /// The run's standard output (slider's full report) is for staff: a
    /// hidden category's figures are in it.
    stdout_visibility: Visibility,
    execution_time: u64,
    tests: Vec<Test>,
}

/// Rounds to the hundredth of a point, as Gradescope shows scores.
fn hundredths(points: f64) -> f64 {
    (points * 100.0).round() / 100.0
}

/// Gradescope's `results.json` for one submission.
///
/// Every test carries its share of its category's weight: a category worth
/// w% of `max_score` with k tests gives each `max_score·w/100/k` points
/// (the course's own counting, so 20 points of timing are 125 rows), and
/// the tests' scores add up to the `score`. A category not graded carries
/// no points.
///
/// # Example
///
/// ```
/// use slider::autograde::{ApiFinding, Category, Report, Stage, StageNote};
/// use slider::present::autograde::gradescope::{Style, Visibility, results};
/// let mut report = Report::new("s".into(), slider::course::Api::Coursera, Default::default());
/// report.compilation = Stage::passed_clean();
/// let missing = ApiFinding::Missing { class: "Board".into(), expected: "Board twin()".into() };
/// report.api_check = Stage::failed(vec![StageNote::Api(missing)]);
/// let style = Style { max_score: 40.0, visibility: vec![(Category::Api, Visibility::AfterDueDate)] };
/// let v: serde_json::Value = serde_json::from_str(&results(&report, &style)).unwrap();
/// // the assignment's total is Gradescope's setting: the tests' maxima add up to it
/// assert_eq!(v["tests"][0]["max_score"], 20.0);
/// assert_eq!(v["score"], 20.0);
/// assert_eq!(v["tests"][0]["score"], 20.0);
/// assert_eq!(v["tests"][1]["max_score"], 20.0);
/// assert_eq!(v["tests"][1]["visibility"], "after_due_date");
/// ```
#[must_use]
pub fn results(report: &Report, style: &Style) -> String {
    let (_, weight) = report.score();
    // each category's points, in hundredths that add up to its share
    let mut points: std::collections::HashMap<Category, std::vec::IntoIter<f64>> = Category::ALL
        .iter()
        .map(|&category| {
            let (_, total) = report.tally(category);
            let share = if weight == 0 || total == 0 || !report.graded(category) {
                0.0
            } else {
                style.max_score * f64::from(category.weight()) / f64::from(weight)
            };
            (category, super::points_each(share, total).into_iter())
        })
        .collect();
    let mut share = |category: Category| -> f64 {
        points
            .get_mut(&category)
            .and_then(Iterator::next)
            .unwrap_or(0.0)
    };
    let tests: Vec<Test> = rows(report)
        .into_iter()
        .enumerate()
        .map(|(index, row)| {
            let max_score = share(row.category);
            Test {
                output: test_output(&row),
                name: row.name,
                number: (index + 1).to_string(),
                status: if row.passed { "passed" } else { "failed" },
                score: if row.passed { max_score } else { 0.0 },
                max_score,
                visibility: style.visibility_of(row.category),
                tags: vec![row.category.key()],
                output_format: "md",
            }
        })
        .collect();
    // The style section: a test per tool that ran, worth nothing, as the
    // course weighs it (a tool that did not run is said in the summary).
    let mut tests = tests;
    for tool in super::style::tools_shown(report) {
        let Some(passed) = tool.passed else { continue };
        tests.push(Test {
            name: format!("Style: {}", tool.name),
            number: (tests.len() + 1).to_string(),
            status: if passed { "passed" } else { "failed" },
            score: 0.0,
            max_score: 0.0,
            visibility: Visibility::Visible,
            tags: vec!["style"],
            output: fenced(&tool.text),
            output_format: "md",
        });
    }
    let score: f64 = tests.iter().map(|t| t.score).sum();
    let results = Results {
        score: hundredths(score),
        output: fenced(&summary_shown(report, &|c| {
            style.visibility_of(c) == Visibility::Visible
        })),
        output_format: "md",
        stdout_visibility: Visibility::Hidden,
        execution_time: report.elapsed.as_secs(),
        tests,
    };
    let mut text = serde_json::to_string_pretty(&results).unwrap_or_default();
    text.push('\n');
    text
}

/// What `--gradescope-bundle` says once `out` is written (`bytes` long,
/// with `flags` baked in), and how to upload it.
///
/// # Example
///
/// ```
/// let said = slider::present::autograde::gradescope::bundle_written("a.zip".as_ref(), 2_500_000, &[]);
/// assert!(said.starts_with("wrote a.zip (2.5 MB; no flags baked in)\nupload it in Gradescope"));
/// ```
#[must_use]
pub fn bundle_written(out: &std::path::Path, bytes: u64, flags: &[String]) -> String {
    let baked = if flags.is_empty() {
        "no flags baked in".to_string()
    } else {
        format!("baked in: {}", flags.join(" "))
    };
    format!(
        "wrote {} ({:.1} MB; {baked})\nupload it in Gradescope: the assignment's Configure Autograder, \"Zip file upload\", Ubuntu base image; students submit Board.java and Solver.java",
        out.display(),
        bytes as f64 / 1e6
    )
}

#[cfg(test)]
mod tests {
    use super::{Style, Visibility, results};
    use crate::autograde::catalog::{Check, Classes};
    use crate::autograde::{
        Category, Failure, Report, SectionReport, Stage, TestResult, TrialFailure,
    };

    /// A report whose memory tests pass 1 of 2.
    fn report() -> Report {
        let mut report = Report::new(
            "s".into(),
            crate::course::Api::Coursera,
            crate::course::Edition::default(),
        );
        report.compilation = Stage::passed_clean();
        report.api_check = report.compilation.clone();
        let test = |passed: bool| {
            let failure = (!passed).then(|| TrialFailure {
                input: "n = 2".into(),
                board: None,
                failure: Failure::OverLimit,
            });
            TestResult::row("n = 2".into(), failure, vec![])
        };
        report.sections.push(SectionReport {
            id: "Memory 1".into(),
            category: Category::Memory,
            title: String::new(),
            check: Check::BoardMemory,
            classes: Classes::Student,
            tests: vec![test(true), test(false)],
            time: std::time::Duration::ZERO,
        });
        for category in [Category::Correctness, Category::Timing] {
            report
                .not_run
                .push((category, crate::autograde::Skipped::NotAsked));
        }
        report
    }

    #[test]
    fn a_category_not_shown_to_students_shows_nowhere_they_look() {
        let output = |visibility| {
            let style = Style {
                max_score: 40.0,
                visibility: vec![(Category::Memory, visibility)],
            };
            let v: serde_json::Value = serde_json::from_str(&results(&report(), &style)).unwrap();
            assert_eq!(v["stdout_visibility"], "hidden");
            v["output"].as_str().unwrap().to_string()
        };
        let shown = output(Visibility::Visible);
        assert!(shown.contains("1/2 tests passed"), "{shown}");
        assert!(shown.contains("Aggregate score: "), "{shown}");
        for hidden in [
            Visibility::Hidden,
            Visibility::AfterDueDate,
            Visibility::AfterPublished,
        ] {
            let text = output(hidden);
            assert!(!text.contains("1/2"), "{hidden:?}: {text}");
            let style = Style {
                max_score: 40.0,
                visibility: vec![(Category::Memory, hidden)],
            };
            let v: serde_json::Value = serde_json::from_str(&results(&report(), &style)).unwrap();
            for test in v["tests"].as_array().unwrap() {
                let memory = test["tags"][0] == "memory";
                let want = if memory {
                    serde_json::to_value(hidden).unwrap()
                } else {
                    "visible".into()
                };
                assert_eq!(test["visibility"], want, "{test}");
            }
            // Gradescope hides the total while a test is after_due_date or
            // after_published; a hidden test's points would show in it, so
            // hidden is refused for a category with points
            assert_eq!(
                super::leaks_through_the_total(&style, &|_| true).is_some(),
                hidden == Visibility::Hidden
            );
            assert!(
                text.contains("Memory:       not shown to students yet"),
                "{text}"
            );
            assert!(text.contains("Aggregate score: not shown"), "{text}");
        }
    }
}
