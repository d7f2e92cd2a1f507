//! The wording of what happened to pattern databases: the notes of
//! [`PatternDatabase::open_choice`](crate::search::pdb::PatternDatabase::open_choice),
//! the stronger-databases hint of a search that ran out of budget, and a
//! build's progress line.

use crate::search::pdb::{BuildTracker, Note, Partition, Provenance};

/// One line (no newline) for `note`, prefixed `note:` or `warning:`.
/// `requested` is true when the user asked for the build (`slider pdb
/// build`), so it is not called a first use.
///
/// # Example
///
/// ```
/// use slider::present::pdb::note;
/// use slider::search::{Goal, pdb::{Choice, PatternDatabase}};
/// let dir = std::env::temp_dir().join(format!("slider-doc-note-{}", std::process::id()));
/// let (_, notes) = PatternDatabase::open_choice(&Goal::standard(3), Choice::Best, &dir, &|_| {})?;
/// assert!(note(&notes[0], false).starts_with("note: built the 4-4 pattern databases in"));
/// assert!(note(&notes[0], false).contains("(first use)"));
/// assert!(!note(&notes[0], true).contains("first use"));
/// # std::fs::remove_dir_all(&dir).ok();
/// # Ok::<(), slider::search::pdb::PdbError>(())
/// ```
#[must_use]
pub fn note(note: &Note, requested: bool) -> String {
    match note {
        Note::Built {
            kind,
            bytes,
            opened,
        } => {
            let why = match &opened.provenance {
                Provenance::BuiltCorrupt(reason) => {
                    format!(" (the cached file was corrupt: {reason})")
                }
                _ if requested => String::new(),
                _ => " (first use)".to_string(),
            };
            let cached = match &opened.save_error {
                None => format!("{} cached at {}", size(*bytes), opened.path.display()),
                Some(e) => {
                    format!("could not cache them ({e}); they will be built again next time")
                }
            };
            format!(
                "note: built the {kind} pattern databases in {:.1} s{why}; {cached}",
                opened.elapsed.as_secs_f64()
            )
        }
        Note::StrongerUnusable { kind, error } => format!(
            "warning: the {kind} pattern databases are unusable ({error}); `slider pdb build {kind}` rebuilds them"
        ),
    }
}

/// A size in bytes, in MB or, below one, in KB.
fn size(bytes: usize) -> String {
    if bytes >= 1_000_000 {
        format!("{:.1} MB", bytes as f64 / 1e6)
    } else {
        format!("{:.1} KB", bytes as f64 / 1e3)
    }
}

/// The hint of a search that ran out of budget without the strongest
/// databases: how to build `kind`, and that IDA* uses them (`idastar`:
/// the search was IDA* already).
///
/// # Example
///
/// ```
/// use slider::present::pdb::stronger_hint;
/// use slider::search::pdb::Partition;
/// assert!(stronger_hint(Partition::SevenEight, false).starts_with("`slider pdb build 7-8`"));
/// assert!(stronger_hint(Partition::SevenEight, false).ends_with("`--algorithm idastar` uses them"));
/// ```
#[must_use]
pub fn stronger_hint(kind: Partition, idastar: bool) -> String {
    let memory = if kind == Partition::SevenEight {
        "2.3 GB"
    } else {
        "1.3 GB"
    };
    let how = format!(
        "`slider pdb build {kind}` builds the stronger {kind} pattern databases once (minutes, about {memory} of memory while building)"
    );
    if idastar {
        format!("{how}; IDA* then uses them")
    } else {
        format!("{how}; `--algorithm idastar` uses them")
    }
}

/// A build's progress line beside its bar: patterns finished, and an
/// estimate of the time left from the share done so far (none until
/// something is done: a parallel build reports only finished patterns).
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::present::pdb::progress_message;
/// use slider::search::pdb::{BuildProgress, BuildTracker};
/// let tracker = BuildTracker::default();
/// assert_eq!(progress_message(&tracker, Duration::from_secs(3)), "patterns 0/0 done, time left unknown");
/// tracker.record(BuildProgress { pattern: 0, patterns: 2, valued: 10, placements: 10, layers: 9 });
/// assert_eq!(progress_message(&tracker, Duration::from_secs(3)), "patterns 1/2 done, about 3 s left");
/// ```
#[must_use]
pub fn progress_message(tracker: &BuildTracker, elapsed: std::time::Duration) -> String {
    let (done, all) = tracker.finished();
    let fraction = tracker.fraction();
    let left = if fraction > 0.0 && fraction < 1.0 {
        let seconds = elapsed.as_secs_f64() * (1.0 - fraction) / fraction;
        format!("about {seconds:.0} s left")
    } else if fraction >= 1.0 {
        "finishing".to_string()
    } else {
        "time left unknown".to_string()
    };
    format!("patterns {done}/{all} done, {left}")
}

/// slider-check's note when `used` databases could not prove an optimum
/// within the budget and the `strong`er kind would.
///
/// # Example
///
/// ```
/// use slider::search::pdb::Partition;
/// let note = slider::present::pdb::unproven_note(Partition::SixSixThree, Partition::SevenEight);
/// assert!(note.starts_with("note: the 6-6-3 pattern databases could not prove"));
/// ```
#[must_use]
pub fn unproven_note(used: Partition, strong: Partition) -> String {
    format!(
        "note: the {used} pattern databases could not prove the optimum within the budget; \
         `slider pdb build {strong}` builds the stronger {strong} databases once (about 4 minutes, \
         2.3 GB of memory, 288 MB on disk) and slider-check uses them from then on"
    )
}

/// One line of `slider pdb list`: the kind, its size, when it is used,
/// whether it is cached (and its size on disk) and its path.
///
/// # Example
///
/// ```
/// use slider::present::pdb::list_line;
/// use slider::search::pdb::Partition;
/// let line = list_line(Partition::SevenEight, "nowhere/x.pdb".as_ref());
/// assert!(line.starts_with("7-8      4x4  used when cached   not built"));
/// ```
#[must_use]
pub fn list_line(kind: Partition, path: &std::path::Path) -> String {
    let n = kind.size();
    let state = match std::fs::metadata(path) {
        Ok(meta) => format!("cached, {:.1} MB", meta.len() as f64 / 1e6),
        Err(_) => "not built".to_string(),
    };
    let when = if Partition::default_for(n) == Some(kind) {
        "built on first use"
    } else {
        "used when cached"
    };
    format!(
        "{:<8} {n}x{n}  {:<18} {:<17} {}",
        kind.name(),
        when,
        state,
        path.display()
    )
}
