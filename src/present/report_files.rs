//! Report files named on a command line: each is created before any work,
//! so that a path that cannot be written costs nothing but a message, and
//! written once the work is done.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;

/// The report files of one run, each with the kind of report it gets.
#[derive(Debug)]
pub struct ReportFiles<K> {
    files: Vec<(K, PathBuf, File)>,
}

impl<K: Copy> ReportFiles<K> {
    /// Creates each named file (`None`: not asked for).
    ///
    /// # Errors
    ///
    /// `cannot write PATH: why` for the first file that cannot be created.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::present::report_files::ReportFiles;
    /// let dir = tempfile::tempdir()?;
    /// let json = dir.path().join("report.json");
    /// let files = ReportFiles::open(&[("json", Some(&json)), ("junit", None)])?;
    /// assert!(files.write(&|kind| format!("{kind}\n")).is_empty());
    /// assert_eq!(std::fs::read_to_string(&json)?, "json\n");
    /// let refused = ReportFiles::open(&[("json", Some(&dir.path().join("no/such/folder.json")))]);
    /// assert!(refused.unwrap_err().starts_with("cannot write "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(wanted: &[(K, Option<&PathBuf>)]) -> Result<ReportFiles<K>, String> {
        let mut files = Vec::new();
        for (kind, path) in wanted {
            let Some(path) = path else { continue };
            let file =
                File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            files.push((*kind, (*path).clone(), file));
        }
        Ok(ReportFiles { files })
    }

    /// Writes each file's `text`; returns why each failed write failed
    /// (empty when all were written).
    pub fn write(self, text: &dyn Fn(K) -> String) -> Vec<String> {
        let mut failed = Vec::new();
        for (kind, path, mut file) in self.files {
            if let Err(e) = file.write_all(text(kind).as_bytes()) {
                failed.push(format!("cannot write {}: {e}", path.display()));
            }
        }
        failed
    }
}
