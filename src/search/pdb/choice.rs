//! Which databases a search uses when the user names none: the strongest
//! kind for the board size when it is cached, else the size's kind that is
//! built on first use. Also how far a build has come, for a progress bar.
//!
//! Every binary opens databases through [`PatternDatabase::open_choice`],
//! so that `solve`, `bench` and `pdb build` agree; what happened on the
//! way (a build, a cache that could not be written, a stronger file that
//! was unusable) comes back as [`Note`]s, worded in `present::pdb`.

use std::io;
use std::path::Path;
use std::sync::Mutex;

use super::{BuildProgress, Opened, Partition, PatternDatabase, PdbError, Provenance};
use crate::search::Goal;

/// Which databases to open: the best available, or one kind by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// The strongest cached kind for the size (7-8 for 4x4, 6-6-6-6 for
    /// 5x5), else the size's default kind, built on first use. A size with
    /// no default kind (5x5) is never built this way.
    Best,
    /// This partition, built now when it is not cached.
    Partition(Partition),
}

impl std::str::FromStr for Choice {
    type Err = String;

    /// `auto` or a kind's name (`6-6-3`).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::pdb::{Choice, Partition};
    /// assert_eq!("auto".parse::<Choice>()?, Choice::Best);
    /// assert_eq!("7-8".parse::<Choice>()?, Choice::Partition(Partition::SevenEight));
    /// # Ok::<(), String>(())
    /// ```
    fn from_str(text: &str) -> Result<Choice, String> {
        if text == "auto" {
            Ok(Choice::Best)
        } else {
            text.parse().map(Choice::Partition)
        }
    }
}

/// Something worth telling the user about how databases were opened.
#[derive(Debug)]
#[non_exhaustive]
pub enum Note {
    /// The databases were built now (not loaded) and, unless
    /// `opened.save_error` says otherwise, cached.
    Built {
        /// The kind built.
        kind: Partition,
        /// Their size in bytes.
        bytes: usize,
        /// Where, why and how long.
        opened: Opened,
    },
    /// The strongest kind's cached file could not be used; the size's
    /// default kind was opened instead.
    StrongerUnusable {
        /// The kind whose file was unusable.
        kind: Partition,
        /// Why.
        error: PdbError,
    },
}

impl PatternDatabase {
    /// Opens the databases `choice` names for `goal` from the cache folder
    /// `dir` (building, with `progress`, and saving what is missing), and
    /// says what happened on the way.
    ///
    /// # Errors
    ///
    /// [`PdbError::NotBuilt`] when [`Choice::Best`] finds nothing cached
    /// for a size whose databases are never built on first use (5x5);
    /// [`PdbError::UnsupportedSize`] for a size with no databases; the
    /// errors of [`open_kind`](Self::open_kind) otherwise.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Choice, Partition, Note, PatternDatabase}};
    /// let dir = std::env::temp_dir().join(format!("slider-doc-choice-{}", std::process::id()));
    /// let (pdb, notes) = PatternDatabase::open_choice(&Goal::standard(3), Choice::Best, &dir, &|_| {})?;
    /// assert_eq!(pdb.kind(), Some(Partition::FourFour));
    /// assert!(matches!(notes[..], [Note::Built { kind: Partition::FourFour, .. }]));
    /// let (_, notes) = PatternDatabase::open_choice(&Goal::standard(3), Choice::Best, &dir, &|_| {})?;
    /// assert!(notes.is_empty(), "loaded from the cache the second time");
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn open_choice(
        goal: &Goal,
        choice: Choice,
        dir: &Path,
        progress: &(dyn Fn(BuildProgress) + Sync),
    ) -> Result<(PatternDatabase, Vec<Note>), PdbError> {
        let n = goal.size();
        let mut notes = Vec::new();
        let kind = match choice {
            Choice::Partition(kind) => kind,
            Choice::Best => {
                if let Some(strong) = Partition::strongest(n)
                    && Partition::default_for(n) != Some(strong)
                {
                    let path = dir.join(PatternDatabase::file_name_kind(goal, strong)?);
                    match PatternDatabase::load_kind(goal, strong, &path) {
                        Ok(pdb) => return Ok((pdb, notes)),
                        Err(error) if Partition::default_for(n).is_none() => {
                            return Err(PdbError::NotBuilt {
                                kind: strong,
                                standard_goal: goal.is_standard(),
                                reason: (!is_missing(&error)).then(|| error.to_string()),
                            });
                        }
                        Err(error) if is_missing(&error) => {}
                        Err(error) => notes.push(Note::StrongerUnusable {
                            kind: strong,
                            error,
                        }),
                    }
                }
                Partition::default_for(n).ok_or(PdbError::UnsupportedSize(n))?
            }
        };
        let (pdb, opened) = PatternDatabase::open_kind(goal, kind, dir, progress)?;
        if opened.provenance != Provenance::Loaded {
            notes.push(Note::Built {
                kind,
                bytes: pdb.size_bytes(),
                opened,
            });
        }
        Ok((pdb, notes))
    }

    /// Whether `choice` gives `goal` pattern databases: the one decision
    /// of `auto` (`solve`, `check`, `bench`): for [`Choice::Best`], the sizes
    /// slider builds on first use (3x3, 4x4), or a size whose strongest
    /// kind is cached in `dir` (5x5's 6-6-6-6); for a kind, whether it is
    /// of `goal`'s size.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Choice, Partition, PatternDatabase}};
    /// let empty = std::env::temp_dir().join("slider-doc-no-such-cache");
    /// assert!(PatternDatabase::available(&Goal::standard(4), Choice::Best, &empty));
    /// assert!(!PatternDatabase::available(&Goal::standard(5), Choice::Best, &empty));
    /// assert!(!PatternDatabase::available(&Goal::standard(5), Choice::Partition(Partition::SevenEight), &empty));
    /// ```
    #[must_use]
    pub fn available(goal: &Goal, choice: Choice, dir: &Path) -> bool {
        match choice {
            Choice::Best => {
                super::supports(goal.size()) || Self::cached_stronger(goal, dir).is_some()
            }
            Choice::Partition(kind) => kind.size() == goal.size(),
        }
    }

    /// The strongest kind for `goal`'s size when its file is in `dir` and
    /// it is not the size's built-on-first-use kind (6-6-6-6 for 5x5, 7-8
    /// for 4x4), without opening it.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::PatternDatabase};
    /// let empty = std::env::temp_dir().join("slider-doc-no-such-cache");
    /// assert_eq!(PatternDatabase::cached_stronger(&Goal::standard(5), &empty), None);
    /// ```
    pub fn cached_stronger(goal: &Goal, dir: &Path) -> Option<Partition> {
        let n = goal.size();
        let kind = Partition::strongest(n).filter(|&k| Partition::default_for(n) != Some(k))?;
        let name = PatternDatabase::file_name_kind(goal, kind).ok()?;
        dir.join(name).is_file().then_some(kind)
    }

    /// The stronger kind a search of `goal` could have used instead of
    /// `used` (none), for a budget message: `None` when `used` is already
    /// the strongest, or for a custom goal (whose databases `solve`
    /// builds itself).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Partition, PatternDatabase}};
    /// assert_eq!(PatternDatabase::stronger_than(&Goal::standard(4), None), Some(Partition::SevenEight));
    /// assert_eq!(PatternDatabase::stronger_than(&Goal::standard(2), None), None);
    /// ```
    pub fn stronger_than(goal: &Goal, used: Option<&PatternDatabase>) -> Option<Partition> {
        let strongest = Partition::strongest(goal.size())?;
        (used.and_then(PatternDatabase::kind) != Some(strongest) && goal.is_standard())
            .then_some(strongest)
    }
}

fn is_missing(error: &PdbError) -> bool {
    matches!(error, PdbError::Io { error, .. } if error.kind() == io::ErrorKind::NotFound)
}

/// How far a whole build has come, from the [`BuildProgress`] reports of
/// its patterns, which may arrive from several threads and in any order.
///
/// The fraction never goes back: each pattern counts for an equal share,
/// and its share grows with its placements valued. Patterns built in
/// parallel (the 4x4 and 3x3 kinds) report only when they finish.
///
/// # Example
///
/// ```
/// use slider::search::pdb::{BuildProgress, BuildTracker};
/// let tracker = BuildTracker::default();
/// let report = |pattern, valued| BuildProgress { pattern, patterns: 2, valued, placements: 10, layers: 1 };
/// tracker.record(report(1, 10));
/// assert_eq!(tracker.fraction(), 0.5);
/// tracker.record(report(0, 5));
/// assert_eq!(tracker.fraction(), 0.75);
/// assert_eq!(tracker.finished(), (1, 2));
/// ```
#[derive(Debug, Default)]
pub struct BuildTracker {
    /// Per pattern: placements valued and placements in all.
    patterns: Mutex<Vec<(u64, u64)>>,
}

impl BuildTracker {
    /// Takes one report in.
    pub fn record(&self, report: BuildProgress) {
        let mut patterns = self
            .patterns
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if patterns.len() < report.patterns {
            patterns.resize(report.patterns, (0, 1));
        }
        if let Some(slot) = patterns.get_mut(report.pattern) {
            *slot = (slot.0.max(report.valued), report.placements.max(1));
        }
    }

    /// The share of the build done, from 0 to 1.
    #[must_use]
    pub fn fraction(&self) -> f64 {
        let patterns = self
            .patterns
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if patterns.is_empty() {
            return 0.0;
        }
        let sum: f64 = patterns
            .iter()
            .map(|&(valued, all)| (valued as f64 / all as f64).min(1.0))
            .sum();
        sum / patterns.len() as f64
    }

    /// Patterns finished, and patterns in all (as far as reported).
    #[must_use]
    pub fn finished(&self) -> (usize, usize) {
        let patterns = self
            .patterns
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let done = patterns.iter().filter(|(v, all)| v >= all).count();
        (done, patterns.len())
    }
}
