//! A submission's outcome as the class's tables show it (the CSV, the
//! class page): made from its report, or read back from the JSON report a
//! shard of the batch wrote (`slider autograde merge`), so that the two
//! give the same rows.

use crate::autograde::{Category, Report, Status, Verdict};

/// One submission's line in the class's tables.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The submission, as named.
    pub submission: String,
    /// Who handed it in.
    pub student: String,
    /// Its outcome in one word.
    pub status: Status,
    /// The aggregate score in percent, to the hundredth (as the JSON has it).
    pub score: f64,
    /// Each category's `(passed, total)`, `None` when not graded, in
    /// [`Category::ALL`]'s order.
    pub categories: Vec<(Category, Option<(usize, usize)>)>,
    /// Each section's `id: title`, and whether one of its tests failed.
    pub sections: Vec<(String, bool)>,
}

/// How a class did: its scores' mean and median, and how many
/// submissions have each status (those that have one, in
/// [`Status::ALL`]'s order).
#[derive(Debug, Clone, PartialEq)]
pub struct ClassStats {
    /// How many submissions.
    pub count: usize,
    /// The mean score, in percent.
    pub mean: f64,
    /// The median score, in percent (the mean of the middle two of an
    /// even count).
    pub median: f64,
    /// Each status that some submission has, and how many have it.
    pub statuses: Vec<(Status, usize)>,
}

impl ClassStats {
    /// The figures of `summaries`.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::Report;
    /// use slider::present::autograde::summary::{ClassStats, Summary};
    /// let mut lines: Vec<Summary> = ["a", "b", "c"].iter()
    ///     .map(|n| Summary::of(&Report::new((*n).into(), slider::course::Api::Coursera, Default::default())))
    ///     .collect();
    /// for (line, score) in lines.iter_mut().zip([10.0, 20.0, 90.0]) { line.score = score; }
    /// let stats = ClassStats::of(&lines);
    /// assert_eq!((stats.count, stats.mean, stats.median), (3, 40.0, 20.0));
    /// ```
    #[must_use]
    pub fn of(summaries: &[Summary]) -> ClassStats {
        let mut scores: Vec<f64> = summaries.iter().map(|s| s.score).collect();
        scores.sort_by(f64::total_cmp);
        let count = scores.len();
        let mean = if count == 0 {
            0.0
        } else {
            scores.iter().sum::<f64>() / count as f64
        };
        let median = match count {
            0 => 0.0,
            _ if count % 2 == 1 => scores[count / 2],
            _ => f64::midpoint(scores[count / 2 - 1], scores[count / 2]),
        };
        let statuses = Status::ALL
            .into_iter()
            .map(|status| {
                (
                    status,
                    summaries.iter().filter(|s| s.status == status).count(),
                )
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        ClassStats {
            count,
            mean,
            median,
            statuses,
        }
    }
}

impl Summary {
    /// The name a class's tables show for a submission: its student's (from
    /// Gradescope's `submission_metadata.json`, else its folder's), else the
    /// last part of its path; never the whole path.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::Report;
    /// use slider::present::autograde::summary::Summary;
    /// let line = Summary::of(&Report::new("/home/ta/class/alice".into(), slider::course::Api::Coursera, Default::default()));
    /// assert_eq!(line.name(), "alice");
    /// ```
    #[must_use]
    pub fn name(&self) -> String {
        if !self.student.is_empty() {
            return self.student.clone();
        }
        std::path::Path::new(&self.submission)
            .file_name()
            .map_or_else(
                || self.submission.clone(),
                |n| n.to_string_lossy().into_owned(),
            )
    }
}

/// The score as the JSON report holds it: to the hundredth.
fn hundredths(score: f64) -> f64 {
    (score * 100.0).round() / 100.0
}

impl Summary {
    /// `report`'s line.
    #[must_use]
    pub fn of(report: &Report) -> Summary {
        Summary {
            submission: super::one_line(&report.submission),
            student: super::one_line(&report.student),
            status: report.status(),
            score: hundredths(report.score().0),
            categories: Category::ALL
                .iter()
                .map(|&c| (c, report.graded(c).then(|| report.tally(c))))
                .collect(),
            sections: report
                .sections
                .iter()
                .map(|s| {
                    (
                        format!("{}: {}", super::test_name(&s.id), s.title),
                        s.tests.iter().any(|t| t.verdict == Verdict::Failed),
                    )
                })
                .collect(),
        }
    }

    /// The line of one report of slider's JSON (an element of its
    /// `reports`).
    ///
    /// # Errors
    ///
    /// What is missing or not as slider writes it.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::Report;
    /// use slider::present::autograde::{json, summary::Summary};
    /// let report = Report::new("class/alice".into(), slider::course::Api::Coursera, Default::default());
    /// let value: serde_json::Value = serde_json::from_str(&json(std::slice::from_ref(&report))).unwrap();
    /// assert_eq!(Summary::from_json(&value["reports"][0]), Ok(Summary::of(&report)));
    /// ```
    pub fn from_json(report: &serde_json::Value) -> Result<Summary, String> {
        let text = |field: &str| {
            report[field]
                .as_str()
                .map(str::to_string)
                .ok_or_else(|| format!("no `{field}`"))
        };
        let count = |value: &serde_json::Value, field: &str| {
            value[field]
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| format!("no `{field}` count"))
        };
        let status = text("status")?;
        let status = Status::ALL
            .into_iter()
            .find(|s| s.name() == status)
            .ok_or_else(|| format!("`{status}` is no status"))?;
        let mut categories = Vec::new();
        for category in Category::ALL {
            let value = &report["categories"][category.key()];
            let graded = value["graded"]
                .as_bool()
                .ok_or_else(|| format!("no `categories.{}`", category.key()))?;
            let tally = if graded {
                Some((count(value, "passed")?, count(value, "total")?))
            } else {
                None
            };
            categories.push((category, tally));
        }
        let mut sections = Vec::new();
        for section in report["sections"].as_array().ok_or("no `sections`")? {
            let (id, title) = (section["id"].as_str(), section["title"].as_str());
            let (Some(id), Some(title)) = (id, title) else {
                return Err("a section without its `id` or `title`".into());
            };
            let failed = section["tests"]
                .as_array()
                .ok_or("a section without `tests`")?
                .iter()
                .any(|t| t["outcome"] == "failed");
            sections.push((format!("{}: {title}", super::test_name(id)), failed));
        }
        Ok(Summary {
            submission: text("submission")?,
            student: text("student")?,
            status,
            score: report["score"].as_f64().ok_or("no `score`")?,
            categories,
            sections,
        })
    }
}
