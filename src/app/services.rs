//! What commands do through their console that is not output itself:
//! opening pattern databases with a progress display, the harness with
//! its note, report files opened before the work and written after it.
//! Each returns the [`CommandError`] that stops its command, or says on the
//! console what went wrong and goes on.

use std::path::Path;

use indicatif::ProgressBar;

use super::{CommandError, Console};
use crate::present::report_files::ReportFiles;
use crate::search::Goal;
use crate::search::pdb::{BuildProgress, BuildTracker, Choice, Partition, PatternDatabase};

/// A progress display for a database build, and the callback that
/// feeds it.
pub(super) fn build_progress(
    console: &Console,
    what: &str,
) -> (ProgressBar, impl Fn(BuildProgress) + Sync + use<>) {
    const STEPS: u64 = 1000;
    let bar = console.progress_at(
        Some(STEPS),
        "{prefix} [{elapsed_precise}] {wide_bar} {percent:>3}% {msg}",
        4,
    );
    bar.set_prefix(format!("building {what}"));
    bar.enable_steady_tick(std::time::Duration::from_millis(500));
    let shown = bar.clone();
    let tracker = BuildTracker::default();
    let started = std::time::Instant::now();
    let update = move |p: BuildProgress| {
        tracker.record(p);
        shown.set_position((tracker.fraction() * STEPS as f64) as u64);
        shown.set_message(crate::present::pdb::progress_message(
            &tracker,
            started.elapsed(),
        ));
    };
    (bar, update)
}

/// Opens the databases `choice` names for `goal` from `dir`
/// ([`PatternDatabase::open_choice`]), with a progress display while
/// building and the notes on standard error. `requested`: the user
/// asked for this build (`slider pdb build`).
pub(super) fn open_pdb(
    console: &Console,
    goal: &Goal,
    choice: Choice,
    dir: &Path,
    requested: bool,
) -> Result<PatternDatabase, String> {
    let building = match choice {
        Choice::Partition(kind) => Some(kind),
        Choice::Best => Partition::default_for(goal.size()),
    };
    let (bar, progress) = build_progress(
        console,
        &building.map_or_else(
            || "pattern databases".to_string(),
            |k| format!("{k} pattern databases"),
        ),
    );
    let opened = PatternDatabase::open_choice(goal, choice, dir, &progress);
    bar.finish_and_clear();
    let (pdb, notes) = opened.map_err(|e| e.to_string())?;
    for note in &notes {
        console.status(&crate::present::pdb::note(note, requested));
    }
    Ok(pdb)
}

/// The harness untrusted programs run under
/// ([`crate::run::sandbox::harness`]), with a note when no sandbox
/// is used.
pub(super) fn harness(
    console: &Console,
    setup: crate::run::sandbox::Setup,
) -> Result<crate::run::Harness, CommandError> {
    let (harness, no_sandbox) = crate::run::sandbox::harness(setup)
        .map_err(|why| CommandError::Said(crate::present::sandbox::refused(&why)))?;
    if let Some(why) = no_sandbox {
        console.status(&crate::present::sandbox::fallback(&why));
    }
    Ok(harness)
}

/// Opens the report files named on the command line before any work
/// ([`ReportFiles::open`]).
pub(super) fn report_files<K: Copy>(
    wanted: &[(K, Option<&std::path::PathBuf>)],
) -> Result<ReportFiles<K>, CommandError> {
    ReportFiles::open(wanted).map_err(CommandError::from)
}

/// Writes the report files: `Err` says each that could not be written
/// (the others are written all the same).
pub(super) fn write_reports<K: Copy>(
    files: ReportFiles<K>,
    text: &dyn Fn(K) -> String,
) -> Result<(), CommandError> {
    let failed = files.write(text);
    if failed.is_empty() {
        Ok(())
    } else {
        Err(CommandError::Many(failed))
    }
}
