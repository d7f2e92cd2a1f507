//! The names of the report files written per submission (`--out-dir`,
//! `--html`).

use std::collections::HashSet;
use std::path::PathBuf;

/// A plain, distinct file name for each submission: its folder or `.zip`
/// name without `.zip`, with every character but letters, digits, `-`, `_`
/// and `.` made `_`; `-2`, `-3` … when taken; `submission` when empty or
/// hidden.
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
/// ]);
/// assert_eq!(names, ["alice", "alice-2", "_bob_", "submission.."]);
/// ```
#[must_use]
pub fn report_names(submissions: &[PathBuf]) -> Vec<String> {
    let mut used = HashSet::new();
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
            while !used.insert(name.clone()) {
                k += 1;
                name = format!("{base}-{k}");
            }
            name
        })
        .collect()
}
