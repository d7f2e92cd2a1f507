//! `slider autograde`'s progress over a batch of submissions.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use slider::autograde::Report;

/// A batch's progress on standard error: a bar with `k/N submissions`
/// and an ETA on a terminal, else a line per submission graded.
pub struct Batch {
    total: usize,
    started: std::time::Instant,
    done: std::cell::Cell<usize>,
    terminal: bool,
}

impl Batch {
    pub fn start(total: usize) -> Batch {
        Batch {
            total,
            started: std::time::Instant::now(),
            done: std::cell::Cell::new(0),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// The display while `submission` is graded (hidden off a terminal).
    pub fn submission(&self, submission: &std::path::Path) -> ProgressBar {
        if !self.terminal {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::new(self.total as u64);
        let template = if self.total > 1 {
            "{spinner} {prefix} submissions, ETA {msg}"
        } else {
            "{spinner} {msg}"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar.set_prefix(format!("{}/{}", self.done.get() + 1, self.total));
        bar.set_message(submission.display().to_string());
        bar.enable_steady_tick(Duration::from_millis(120));
        bar
    }

    /// Counts `report` as graded; off a terminal, says so on a line.
    pub fn graded(&self, report: &Report) {
        self.done.set(self.done.get() + 1);
        if self.total > 1 {
            let line = slider::present::autograde::batch_line(
                report,
                self.done.get(),
                self.total,
                self.started.elapsed(),
            );
            let _ = writeln!(anstream::stderr(), "{line}");
        }
    }
}
