//! Calibration against the course: reading the course autograder's report
//! of a submission ([`CourseReport::parse`]) and comparing slider's report
//! of the same code with it ([`compare`]): category verdicts, failed-test
//! counts, the aggregate, and the tests and rows that disagree.

use super::report::{Category, Report, Verdict};
use super::style::{JavaFile, StyleBlock, StyleTool};

mod style;
use crate::course::Edition;
pub use style::{StyleAgreement, compare_style};

/// What a course report says.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CourseReport {
    /// `(passed, total)` of correctness, memory and timing, when printed.
    pub summary: [Option<(usize, usize)>; 3],
    /// The aggregate score, when printed.
    pub aggregate: Option<f64>,
    /// Each correctness test's verdict: `("Board 1a", passed)`.
    pub tests: Vec<(String, bool)>,
    /// Each memory and timing row's verdict: `("Timing 2", "puzzle20", passed)`.
    pub rows: Vec<(String, String, bool)>,
    /// Each Timing 1 row's seconds: `("puzzle20", 0.01)`.
    pub seconds: Vec<(String, f64)>,
    /// Each style tool's summary verdict: `(tool, passed)`.
    pub style_verdicts: Vec<(StyleTool, bool)>,
    /// Each warning line of the style section, with its block.
    pub style_lines: Vec<(StyleBlock, String)>,
    /// Whether the report holds the style section itself (some give only
    /// its summary lines, or no style at all): its lines are compared
    /// only then.
    pub style_section: bool,
}

const MEASURED: [Category; 3] = [Category::Correctness, Category::Memory, Category::Timing];

fn fraction(line: &str) -> Option<(usize, usize)> {
    let word = line.split_whitespace().find(|w| w.contains('/'))?;
    let (a, b) = word.split_once('/')?;
    Some((a.parse().ok()?, b.trim_end_matches("<br>").parse().ok()?))
}

impl CourseReport {
    /// Reads the course report in the file at `path` (its text; invalid
    /// UTF-8 replaced).
    ///
    /// # Errors
    ///
    /// `cannot read PATH: why`.
    pub fn read(path: &std::path::Path) -> Result<CourseReport, String> {
        std::fs::read(path)
            .map(|bytes| CourseReport::parse(&String::from_utf8_lossy(&bytes)))
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
    }

    /// The course's report a submission folder holds, `report.txt`, if
    /// there is one that can be read.
    #[must_use]
    pub fn beside(submission: &std::path::Path) -> Option<CourseReport> {
        let own = submission.join("report.txt");
        own.is_file()
            .then(|| CourseReport::read(&own).ok())
            .flatten()
    }

    /// Reads a course report (its text, as the course's web page or e-mail
    /// gives it; HTML line breaks are ignored).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::calibrate::CourseReport;
    /// let text = "Correctness:  46/52 tests passed\nMemory:       19/22 tests passed\n\
    ///             Timing:       86/125 tests passed\nAggregate score: 85.47%\n\
    ///             Testing correctness of Board\nTest 2a: check manhattan()\n==> FAILED\n";
    /// let report = CourseReport::parse(text);
    /// assert_eq!(report.summary[0], Some((46, 52)));
    /// assert_eq!(report.aggregate, Some(85.47));
    /// assert_eq!(report.tests, vec![("Board 2a".to_string(), false)]);
    /// // Timing 1's rows: verdict, puzzle, moves, n, seconds
    /// let timing = "Timing Solver\nTest 1: Measure CPU time and check correctness\n\
    ///               => passed  puzzle36.txt      36    4     1.18 \n==> 25/25 tests passed\n";
    /// assert_eq!(CourseReport::parse(timing).seconds, vec![("puzzle36".to_string(), 1.18)]);
    /// ```
    #[must_use]
    pub fn parse(text: &str) -> CourseReport {
        let mut report = CourseReport::default();
        let mut side = "";
        let mut current: Option<String> = None;
        let mut table: Option<String> = None;
        let mut block: Option<StyleBlock> = None;
        for raw in text.lines() {
            let line = raw.trim().trim_end_matches("<br>");
            report.style_line(line, &mut block);
            for (k, name) in ["Correctness:", "Memory:", "Timing:"].iter().enumerate() {
                if line.starts_with(name) && report.summary[k].is_none() {
                    report.summary[k] = fraction(line);
                }
            }
            if let Some(rest) = line.strip_prefix("Aggregate score:") {
                report.aggregate = rest
                    .trim()
                    .split('%')
                    .next()
                    .and_then(|v| v.trim().parse().ok());
            }
            if line.starts_with("Testing correctness of Board") {
                side = "Board";
            } else if line.starts_with("Testing correctness of Solver") {
                side = "Solver";
            } else if line.starts_with("Analyzing memory of Board")
                || line.starts_with("Computing memory of Board")
            {
                side = "";
                table = Some("Memory 1".to_string());
            } else if line.starts_with("Analyzing memory of Solver")
                || line.starts_with("Computing memory of Solver")
            {
                side = "";
                table = None;
            } else if line.starts_with("Timing Solver") {
                side = "Timing";
            }
            if let Some(rest) = line.strip_prefix("Test ")
                && let Some((number, _)) = rest.split_once(':')
            {
                match side {
                    "Board" | "Solver" => current = Some(format!("{side} {number}")),
                    "Timing" => table = Some(format!("Timing {number}")),
                    _ if line.contains("memory of Solver") => table = Some("Memory 2".to_string()),
                    _ if line.contains("memory of MinPQ") => table = Some("Memory 3".to_string()),
                    _ => {}
                }
            }
            if let Some(verdict) = line.strip_prefix("==> ")
                && let Some(id) = current.take()
            {
                report.tests.push((id, verdict.starts_with("passed")));
            }
            if let Some(rest) = line.strip_prefix("=> ")
                && let Some(id) = &table
            {
                let mut words = rest.split_whitespace();
                let verdict = words.next().unwrap_or("");
                let input = words.next().unwrap_or("").trim_end_matches(".txt");
                report
                    .rows
                    .push((id.clone(), input.to_string(), verdict == "passed"));
                // moves, n, seconds
                if id == "Timing 1"
                    && let Some(seconds) = words.nth(2).and_then(|w| w.parse().ok())
                {
                    report.seconds.push((input.to_string(), seconds));
                }
            }
            if line.starts_with("==> ") && side.is_empty() {
                table = None;
            }
        }
        report
    }
}

impl CourseReport {
    /// Reads one line for the style section: a summary verdict, a block's
    /// header (which sets `block`), a warning of the `block`, or the end of
    /// the section.
    fn style_line(&mut self, line: &str, block: &mut Option<StyleBlock>) {
        for (name, tool) in [
            ("SpotBugs:", StyleTool::SpotBugs),
            ("Spotbugs:", StyleTool::SpotBugs),
            ("Findbugs:", StyleTool::SpotBugs),
            ("PMD:", StyleTool::Pmd),
            ("Checkstyle:", StyleTool::Checkstyle),
        ] {
            if let Some(rest) = line.strip_prefix(name) {
                self.style_verdicts
                    .push((tool, rest.trim().starts_with("PASSED")));
            }
        }
        if line.contains("CHECKING STYLE AND COMMON BUG PATTERNS") {
            self.style_section = true;
        }
        if let Some(command) = line.strip_prefix("% ") {
            *block = if command.starts_with("spotbugs") || command.starts_with("findbugs") {
                Some(StyleBlock::SpotBugs)
            } else if command.starts_with("pmd") {
                Some(StyleBlock::Pmd)
            } else if command.starts_with("checkstyle") {
                Some(StyleBlock::Checkstyle)
            } else if command.ends_with("Board.java") {
                Some(StyleBlock::Custom(JavaFile::Board))
            } else if command.ends_with("Solver.java") {
                Some(StyleBlock::Custom(JavaFile::Solver))
            } else {
                None
            };
        } else if line.starts_with("TESTING CORRECTNESS") || line.starts_with("*  TESTING") {
            *block = None;
        } else if let Some(b) = *block {
            let warning = match b {
                StyleBlock::SpotBugs => line.contains(" At ") && line.contains(".java:["),
                StyleBlock::Pmd => line.contains(".java:") && line.ends_with(']'),
                _ => line.starts_with("[WARN]") || line.starts_with("[ERROR]"),
            };
            if warning {
                self.style_lines.push((b, line.to_string()));
            }
        }
    }

    /// The edition the report is of, by its test counts: `None` when it
    /// prints none, or counts slider does not know (an older edition, such
    /// as 42 correctness, 8 or 11 memory and 17 timing tests).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::calibrate::CourseReport;
    /// use slider::course::Edition;
    /// let report = CourseReport { summary: [Some((51, 51)), Some((22, 22)), Some((125, 125))], ..Default::default() };
    /// assert_eq!(report.edition(), Some(Edition::E51));
    /// let old = CourseReport { summary: [Some((42, 42)), Some((8, 8)), Some((17, 17))], ..Default::default() };
    /// assert_eq!(old.edition(), None);
    /// ```
    #[must_use]
    pub fn edition(&self) -> Option<Edition> {
        let [Some((_, correctness)), memory, timing] = self.summary else {
            return None;
        };
        if memory.is_some_and(|(_, t)| t != 22) || timing.is_some_and(|(_, t)| t != 125) {
            return None;
        }
        Edition::ALL
            .into_iter()
            .find(|e| e.correctness_tests() == correctness)
    }
}

/// One category, compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryComparison {
    /// Which.
    pub category: Category,
    /// The course's `(passed, total)`.
    pub course: (usize, usize),
    /// slider's.
    pub slider: (usize, usize),
}

impl CategoryComparison {
    /// Whether both give the same verdict (100% or not).
    #[must_use]
    pub fn same_verdict(&self) -> bool {
        (self.course.0 == self.course.1) == (self.slider.0 == self.slider.1)
    }

    /// Whether both fail the same number of tests.
    #[must_use]
    pub fn same_failures(&self) -> bool {
        self.course.1 - self.course.0 == self.slider.1.saturating_sub(self.slider.0)
    }
}

/// slider's report against the course's.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The submission, as slider's report names it.
    pub submission: String,
    /// Each category the course's report counts.
    pub categories: Vec<CategoryComparison>,
    /// `(course, slider)` aggregates, when the course prints one.
    pub aggregate: Option<(f64, f64)>,
    /// Tests and rows on which the two disagree: `(id, course passed)`.
    pub disagreements: Vec<(String, bool)>,
    /// slider's Timing 1 seconds over the course's, on the rows where the
    /// course's are over [`TIMED_ROWS`] seconds.
    pub timing: Option<TimingRatio>,
    /// The style sections (set by whoever can write slider's lines as the
    /// course does: [`compare_style`]).
    pub style: Option<StyleAgreement>,
}

/// The Timing 1 rows whose seconds are compared: those the course timed at
/// over this many seconds (shorter ones are mostly the JVM's warm-up).
pub const TIMED_ROWS: f64 = 0.2;

/// slider's Timing 1 seconds over the course's, row by row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimingRatio {
    /// The median ratio.
    pub median: f64,
    /// The smallest.
    pub low: f64,
    /// The largest.
    pub high: f64,
    /// Over how many rows.
    pub rows: usize,
}

impl TimingRatio {
    /// The ratios of `pairs` (slider's seconds, the course's), or `None`
    /// when there are none.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::calibrate::TimingRatio;
    /// let r = TimingRatio::of(&[(1.0, 2.0), (3.0, 1.0), (1.0, 1.0)]).unwrap();
    /// assert_eq!((r.median, r.low, r.high, r.rows), (1.0, 0.5, 3.0, 3));
    /// assert_eq!(TimingRatio::of(&[]), None);
    /// ```
    #[must_use]
    pub fn of(pairs: &[(f64, f64)]) -> Option<TimingRatio> {
        let mut ratios: Vec<f64> = pairs
            .iter()
            .filter(|(_, course)| *course > 0.0)
            .map(|(slider, course)| slider / course)
            .collect();
        ratios.sort_by(f64::total_cmp);
        let n = ratios.len();
        let median = match n {
            0 => return None,
            _ if n % 2 == 1 => ratios[n / 2],
            _ => f64::midpoint(ratios[n / 2 - 1], ratios[n / 2]),
        };
        Some(TimingRatio {
            median,
            low: ratios[0],
            high: ratios[n - 1],
            rows: n,
        })
    }
}

/// slider's Timing 1 seconds on `puzzle` (`puzzle36`), if it ran.
fn seconds_of(report: &Report, puzzle: &str) -> Option<f64> {
    report
        .sections
        .iter()
        .find(|s| s.id == "Timing 1")?
        .tests
        .iter()
        .find(|t| t.row.trim_end_matches(".txt") == puzzle)?
        .figures
        .iter()
        .find(|f| f.name == "seconds")
        .map(|f| f.value)
}

impl Comparison {
    /// Whether the aggregates are within a point of each other.
    #[must_use]
    pub fn aggregate_close(&self) -> Option<bool> {
        self.aggregate.map(|(a, b)| (a - b).abs() <= 1.0)
    }
}

/// Compares slider's `report` with the `course`'s.
#[must_use]
pub fn compare(report: &Report, course: &CourseReport) -> Comparison {
    let categories = MEASURED
        .iter()
        .zip(&course.summary)
        .filter_map(|(category, summary)| {
            summary.map(|course| CategoryComparison {
                category: *category,
                course,
                slider: report.tally(*category),
            })
        })
        .collect();
    let mut disagreements = Vec::new();
    for (id, passed) in &course.tests {
        let mine = report
            .sections
            .iter()
            .find(|s| s.id == *id)
            .and_then(|s| s.tests.first())
            .map(|t| t.verdict == Verdict::Passed);
        if mine != Some(*passed) {
            disagreements.push((id.clone(), *passed));
        }
    }
    for (id, row, passed) in &course.rows {
        let mine = report
            .sections
            .iter()
            .find(|s| s.id == *id)
            .and_then(|s| {
                s.tests.iter().find(|t| {
                    t.row.trim_end_matches(".txt") == row || t.row == format!("n = {row}")
                })
            })
            .map(|t| t.verdict == Verdict::Passed);
        if mine.is_some_and(|m| m != *passed) {
            disagreements.push((format!("{id} {row}"), *passed));
        }
    }
    let timed: Vec<(f64, f64)> = course
        .seconds
        .iter()
        .filter(|(_, seconds)| *seconds > TIMED_ROWS)
        .filter_map(|(puzzle, seconds)| Some((seconds_of(report, puzzle)?, *seconds)))
        .collect();
    Comparison {
        submission: report.submission.clone(),
        categories,
        aggregate: course.aggregate.map(|a| (a, report.score().0)),
        disagreements,
        timing: TimingRatio::of(&timed),
        style: None,
    }
}
