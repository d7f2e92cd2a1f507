//! Checking many puzzle/answer pairs in one run (`slider-check --batch`):
//! the pairs of a manifest, read through the capped input layer, each
//! checked as `slider-check PUZZLE ANSWER` would check it (feature `cli`).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::files::{Files, ProofDatabases, check_files};
use super::{CheckOptions, CheckReport};
use crate::format::manifest::{PairLine, parse_pairs};
use crate::format::source;

/// One pair's outcome.
#[derive(Debug, Clone)]
pub struct PairOutcome {
    /// The puzzle's path, as the manifest writes it.
    pub puzzle: PathBuf,
    /// The answer's path, as the manifest writes it.
    pub answer: PathBuf,
    /// The check's report, or why the pair could not be checked
    /// (`PATH:LINE:COL: why` for a bad puzzle).
    pub result: Result<CheckReport, String>,
    /// The time the check took.
    pub elapsed: Duration,
}

/// Reads the pairs manifest at `path`.
///
/// # Errors
///
/// `cannot read PATH: why`, or `PATH:LINE: why` for a bad line.
pub fn read_pairs(path: &Path, idle: Duration) -> Result<Vec<PairLine>, String> {
    let text = source::read_text(path, Some(idle))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_pairs(&text).map_err(|e| format!("{}:{e}", path.display()))
}

/// Checks every pair, the paths taken relative to `base` (the manifest's
/// folder), with `options` (each line's optimum, when given, is trusted
/// as `--optimum` is). `dbs` gives the databases when a proof needs a
/// search; `each` hears of every outcome as it is known.
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, CheckVerdict, batch::check_pairs, files::ProofDatabases};
/// use slider::format::manifest::parse_pairs;
/// let dir = tempfile::tempdir()?;
/// std::fs::write(dir.path().join("p.txt"), "3\n 0 1 3\n 4 2 5\n 7 8 6\n")?;
/// std::fs::write(dir.path().join("good.txt"), "RDRD\n")?;
/// std::fs::write(dir.path().join("bad.txt"), "RDRDLR\n")?;
/// let pairs = parse_pairs("p.txt good.txt\np.txt bad.txt\np.txt missing.txt\n")?;
/// let idle = std::time::Duration::from_secs(5);
/// let outcomes = check_pairs(dir.path(), &pairs, &CheckOptions::default(), idle, &ProofDatabases::new(&|_| None), &mut |_| {});
/// assert_eq!(outcomes[0].result.as_ref().map(|r| r.verdict), Ok(CheckVerdict::Accepted));
/// assert_eq!(outcomes[1].result.as_ref().map(|r| r.verdict), Ok(CheckVerdict::Rejected));
/// assert!(outcomes[2].result.as_ref().unwrap_err().starts_with("cannot read "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_pairs(
    base: &Path,
    pairs: &[PairLine],
    options: &CheckOptions,
    idle: Duration,
    dbs: &ProofDatabases<'_>,
    each: &mut dyn FnMut(&PairOutcome),
) -> Vec<PairOutcome> {
    let mut outcomes = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let puzzle = base.join(&pair.puzzle);
        let answer = base.join(&pair.answer);
        let started = Instant::now();
        let mut options = *options;
        if pair.optimum.is_some() {
            options.optimum = pair.optimum;
        }
        let files = Files {
            puzzle: &puzzle,
            answer: &answer,
            goal: None,
        };
        let result = check_files(files, &options, idle, dbs)
            .map(|checked| checked.report)
            .map_err(|e| e.to_string());
        let outcome = PairOutcome {
            puzzle: PathBuf::from(&pair.puzzle),
            answer: PathBuf::from(&pair.answer),
            result,
            elapsed: started.elapsed(),
        };
        each(&outcome);
        outcomes.push(outcome);
    }
    outcomes
}
