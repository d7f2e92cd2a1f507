//! The report files written per submission as it is graded (`--out-dir`:
//! NAME.txt and NAME.json; `--html`: NAME.html, and the class page), and
//! their names.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::autograde::Report;

/// Where each student's report files go, and under which names.
#[derive(Debug, Clone)]
pub struct StudentFiles<'a> {
    out_dir: Option<&'a Path>,
    html: Option<&'a Path>,
    names: Vec<String>,
}

impl<'a> StudentFiles<'a> {
    /// Creates the folders, and names each submission's files
    /// ([`report_names`]).
    ///
    /// # Errors
    ///
    /// A folder that cannot be created, with its path.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::present::autograde::files::StudentFiles;
    /// let dir = std::env::temp_dir().join(format!("slider-doc-files-{}", std::process::id()));
    /// let files = StudentFiles::create(Some(&dir), None, &["class/alice".into()])?;
    /// let report = slider::autograde::Report::new("class/alice".into(), slider::course::Api::Coursera, Default::default());
    /// files.write(0, &report)?;
    /// assert!(dir.join("alice.txt").is_file() && dir.join("alice.json").is_file());
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), String>(())
    /// ```
    pub fn create(
        out_dir: Option<&'a Path>,
        html: Option<&'a Path>,
        submissions: &[PathBuf],
    ) -> Result<StudentFiles<'a>, String> {
        for dir in [out_dir, html].into_iter().flatten() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        Ok(StudentFiles {
            out_dir,
            html,
            names: report_names(submissions),
        })
    }

    /// Writes submission `index`'s files.
    ///
    /// # Errors
    ///
    /// A file that cannot be written, with its path.
    pub fn write(&self, index: usize, report: &Report) -> Result<(), String> {
        let name = &self.names[index];
        let mut files = Vec::new();
        if let Some(dir) = self.out_dir {
            files.push((dir.join(format!("{name}.txt")), super::human(report, true)));
            files.push((
                dir.join(format!("{name}.json")),
                super::json(std::slice::from_ref(report)),
            ));
        }
        if let Some(dir) = self.html {
            files.push((
                dir.join(format!("{name}.html")),
                super::html::student(report),
            ));
        }
        for (path, text) in files {
            std::fs::write(&path, text)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(())
    }

    /// Each submission's report name, in order.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// With HTML and more than one submission: the class page, index.html,
    /// linking each student's (`reports[i]` is submission `graded[i]`'s).
    ///
    /// # Errors
    ///
    /// The page cannot be written.
    pub fn finish(&self, reports: &[Report], graded: &[usize]) -> Result<(), String> {
        let Some(dir) = self.html.filter(|_| reports.len() > 1) else {
            return Ok(());
        };
        let page = super::html::class(reports, &|i| format!("{}.html", self.names[graded[i]]));
        let path = dir.join("index.html");
        std::fs::write(&path, page).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// A plain, distinct file name for each submission: its folder or `.zip`
/// name without `.zip`, with every character but letters, digits, `-`, `_`
/// and `.` made `_`; `-2`, `-3` … when taken (`index` always is: the
/// class page's); `submission` when empty or hidden.
///
/// # Example
///
/// ```
/// use std::path::PathBuf;
/// let names = slider::present::autograde::files::report_names(&[
///     PathBuf::from("class/alice"),
///     PathBuf::from("zips/alice.zip"),
///     PathBuf::from("class/<bob>"),
///     PathBuf::from("class/.."),
///     PathBuf::from("class/index"),
/// ]);
/// assert_eq!(names, ["alice", "alice-2", "_bob_", "submission", "index-2"]);
/// ```
#[must_use]
pub fn report_names(submissions: &[PathBuf]) -> Vec<String> {
    // the class page's name is taken
    let mut used: HashSet<String> = HashSet::from(["index".to_string()]);
    submissions
        .iter()
        .map(|submission| {
            let stem = submission
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let stem = stem
                .strip_suffix(".zip")
                .or_else(|| stem.strip_suffix(".ZIP"))
                .unwrap_or(&stem);
            let mut base: String = stem
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || "-_.".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            if base.is_empty() || base.starts_with('.') {
                base.insert_str(0, "submission");
            }
            let mut name = base.clone();
            let mut k = 1;
            while !used.insert(name.to_lowercase()) {
                k += 1;
                name = format!("{base}-{k}");
            }
            name
        })
        .collect()
}

/// What a shard of a batch (`--shard I/N` with `--out-dir`) graded, kept
/// beside its reports as [`ShardManifest::file_name`], for
/// `slider autograde merge`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShardManifest {
    /// `slider-shard/1`.
    pub format: String,
    /// Which shard, from 1.
    pub shard: usize,
    /// Of how many.
    pub of: usize,
    /// Every submission of the batch, by report name, in order.
    pub batch: Vec<String>,
    /// The ones this shard graded (NAME.json beside it).
    pub graded: Vec<String>,
}

impl ShardManifest {
    /// The manifest's format.
    pub const FORMAT: &'static str = "slider-shard/1";

    /// Its file's name in the reports' folder: hidden, so that no report's
    /// name ([`report_names`]) is ever it.
    #[must_use]
    pub fn file_name(shard: usize, of: usize) -> String {
        format!(".slider-shard-{shard}-of-{of}.json")
    }

    /// Its JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a manifest's JSON.
    ///
    /// # Errors
    ///
    /// Why it is not a manifest of this format.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::present::autograde::files::ShardManifest;
    /// let manifest = ShardManifest {
    ///     format: ShardManifest::FORMAT.into(),
    ///     shard: 2,
    ///     of: 3,
    ///     batch: vec!["alice".into(), "bob".into()],
    ///     graded: vec!["bob".into()],
    /// };
    /// assert_eq!(ShardManifest::read(&manifest.to_json()), Ok(manifest));
    /// assert!(ShardManifest::read("{}").is_err());
    /// ```
    pub fn read(text: &str) -> Result<ShardManifest, String> {
        let manifest: ShardManifest = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if manifest.format != Self::FORMAT {
            return Err(format!(
                "format `{}`, not `{}`",
                manifest.format,
                Self::FORMAT
            ));
        }
        if manifest.shard == 0 || manifest.shard > manifest.of {
            return Err(format!("shard {} of {}", manifest.shard, manifest.of));
        }
        Ok(manifest)
    }
}
