//! A batch of `slider autograde` on the console: what is shown of each
//! submission as it is graded (its full report, a line, or nothing), and
//! the progress display, whose ETA comes from the median time of the
//! submissions graded so far.

use std::cell::{Cell, RefCell};
use std::path::Path;
use std::time::Duration;

use indicatif::ProgressBar;

use super::Console;
use crate::autograde::Report;
use crate::present::ConsoleFormat;
use crate::present::autograde::class_table;

/// The time the `left` submissions still to grade should take: the
/// median of the times of those `finished` (a compile error's 3 s or a
/// timeout's 20 minutes, early in a batch, does not set the pace), none
/// before the first.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::app::autograde_batch::eta;
/// let secs = |s: &[u64]| s.iter().map(|&s| Duration::from_secs(s)).collect::<Vec<_>>();
/// assert_eq!(eta(&secs(&[]), 3), None);
/// // a quick compile error first, then two full gradings: the median is 60 s
/// assert_eq!(eta(&secs(&[3, 60, 62]), 2), Some(Duration::from_secs(120)));
/// assert_eq!(eta(&secs(&[3, 60]), 1), Some(Duration::from_millis(31_500)));
/// ```
#[must_use]
pub fn eta(finished: &[Duration], left: usize) -> Option<Duration> {
    if finished.is_empty() {
        return None;
    }
    let mut sorted = finished.to_vec();
    sorted.sort();
    let k = sorted.len();
    let median = if k % 2 == 1 {
        sorted[k / 2]
    } else {
        (sorted[k / 2 - 1] + sorted[k / 2]) / 2
    };
    Some(median * u32::try_from(left).unwrap_or(u32::MAX))
}

/// What the console shows of each submission of a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// Its full report (one submission; `-v`; `--format github`, whose
    /// annotations are the report's).
    Report,
    /// A line with its score and status (a batch).
    Line,
    /// Nothing (`-q` or `--format json`: the table or the JSON at the
    /// end is all).
    Nothing,
}

/// How a batch is shown: `-v` (`verbose`) and `-q` (`quiet`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Verbosity {
    /// Every full report (`-v`).
    pub verbose: bool,
    /// The table alone (`-q`).
    pub quiet: bool,
}

impl Shown {
    /// What is shown of each of `total` submissions under `format`, when
    /// they are a class folder's (`batch`, `--batch DIR`; submissions
    /// named one by one are shown in full, as one is).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::app::autograde_batch::{Shown, Verbosity};
    /// use slider::present::ConsoleFormat::Human;
    /// let (plain, v, q) = (Verbosity::default(), Verbosity { verbose: true, quiet: false }, Verbosity { verbose: false, quiet: true });
    /// assert_eq!(Shown::of(1, true, Human, plain), Shown::Report);
    /// assert_eq!(Shown::of(4, true, Human, plain), Shown::Line);
    /// assert_eq!(Shown::of(4, false, Human, plain), Shown::Report);
    /// assert_eq!(Shown::of(4, true, Human, v), Shown::Report);
    /// assert_eq!(Shown::of(4, true, Human, q), Shown::Nothing);
    /// ```
    #[must_use]
    pub fn of(total: usize, batch: bool, format: ConsoleFormat, how: Verbosity) -> Shown {
        let Verbosity { verbose, quiet } = how;
        match format {
            ConsoleFormat::Json => Shown::Nothing,
            ConsoleFormat::Github => Shown::Report,
            ConsoleFormat::Human if total <= 1 || !batch || verbose => Shown::Report,
            ConsoleFormat::Human if quiet => Shown::Nothing,
            ConsoleFormat::Human => Shown::Line,
        }
    }
}

/// A batch's progress: a display with `k/N submissions, ETA m:ss` while
/// one is graded, and a line for each one graded.
pub(super) struct Batch<'c> {
    total: usize,
    shown: Shown,
    finished: RefCell<Vec<Duration>>,
    done: Cell<usize>,
    console: &'c Console,
}

impl<'c> Batch<'c> {
    /// The progress of `total` submissions (a class folder's when
    /// `batch`), shown in `format` (`--format`), in full when `verbose`
    /// (`-v`), and as the console's quiet (`-q`) asks.
    pub(super) fn start(
        total: usize,
        batch: bool,
        (format, verbose): (ConsoleFormat, bool),
        console: &'c Console,
    ) -> Batch<'c> {
        let how = Verbosity {
            verbose,
            quiet: console.quiet(),
        };
        Batch {
            total,
            shown: Shown::of(total, batch, format, how),
            finished: RefCell::new(Vec::new()),
            done: Cell::new(0),
            console,
        }
    }

    /// The format a submission's console text is made in: `format`, or,
    /// when only a line of it is shown, none (its comparison with the
    /// course's report still is).
    pub(super) fn text_format(&self, format: ConsoleFormat) -> ConsoleFormat {
        if self.shown == Shown::Report {
            format
        } else {
            ConsoleFormat::Json
        }
    }

    /// The display while `submission` is graded.
    pub(super) fn submission(&self, submission: &Path) -> ProgressBar {
        let template = if self.total > 1 {
            "{spinner} {prefix}: {msg}"
        } else {
            "{spinner} {msg}"
        };
        let bar = self.console.progress(Some(self.total as u64), template);
        let left = self.total - self.done.get();
        bar.set_prefix(class_table::progress_prefix(
            self.done.get(),
            self.total,
            eta(&self.finished.borrow(), left),
        ));
        bar.set_message(shown(submission));
        bar.enable_steady_tick(Duration::from_millis(120));
        bar
    }

    /// Counts `report` as graded and says so on a line: on standard
    /// output when the line is all that is shown of it, else, beside the
    /// full reports, as a status line.
    pub(super) fn graded(&self, report: &Report) {
        self.done.set(self.done.get() + 1);
        self.finished.borrow_mut().push(report.elapsed);
        if self.total <= 1 {
            return;
        }
        let line = class_table::student_line(report, self.done.get(), self.total);
        match self.shown {
            Shown::Line => self.console.print(&format!("{line}\n")),
            Shown::Report => self.console.status(&line),
            Shown::Nothing => {}
        }
    }
}

/// A submission's path as the progress display shows it: line breaks,
/// terminal escapes and other control characters made visible.
pub(super) fn shown(submission: &Path) -> String {
    crate::format::visible(submission.as_os_str().as_encoded_bytes(), false)
}

#[cfg(test)]
mod tests {
    use super::shown;
    use std::os::unix::ffi::OsStrExt;

    #[test]
    fn the_progress_display_shows_a_name_and_never_acts_on_it() {
        // a folder named to set the window title, clear the screen, forge a
        // line and a workflow command
        let name = b"subs/\x1b]0;pwned\x07\x1b[2J\rCompilation:  PASSED\n::notice ::x\x9b31m\xff";
        let path = std::path::Path::new(std::ffi::OsStr::from_bytes(name));
        let text = shown(path);
        assert!(text.starts_with("subs/"), "{text}");
        assert!(!text.contains('\n'), "{text:?}");
        for c in text.chars() {
            assert!(!c.is_control(), "{c:?} in {text:?}");
        }
        assert!(text.contains("Compilation:  PASSED"), "{text}");
    }
}
