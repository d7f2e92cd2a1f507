//! A suite: a folder of puzzle files, each with a known optimum.
//!
//! The optimum of each puzzle comes from, in order: the suite manifest
//! (`slider-suite.txt`), the course's naming convention (`puzzle3x3-17.txt`
//! is 17 moves, `*unsolvable*` is unsolvable), or slider's own proof (the
//! exhaustive table for n ≤ 3, search within a budget beyond).

use crate::format::manifest::{Expected, SuiteLine, parse_suite};
use crate::format::names::optimum_from_name;
use crate::format::source::{LoadError, load_puzzle};
use std::fmt;
use std::path::{Path, PathBuf};

use crate::check::prove_optimum;
use crate::oracle::Oracle;
use crate::{Board, PuzzleError};

/// The manifest's file name inside a suite folder.
pub const MANIFEST: &str = "slider-suite.txt";

/// Where a puzzle's expected optimum came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The suite manifest.
    Manifest,
    /// The file name, by the course's convention.
    Name,
    /// slider proved it.
    Computed,
}

/// One puzzle of a suite.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The file name.
    pub name: String,
    /// The file's path.
    pub path: PathBuf,
    /// The puzzle.
    pub board: Board,
    /// The optimum, or `None` when unsolvable.
    pub expected: Option<u64>,
    /// Where `expected` came from.
    pub source: Source,
    /// Points for passing.
    pub weight: f64,
}

/// A loaded suite.
#[derive(Debug, Clone)]
pub struct Suite {
    /// The folder.
    pub dir: PathBuf,
    /// Its puzzles, sorted by name.
    pub entries: Vec<Entry>,
    /// `.txt` files that were not taken, with why (excluded, a directory,
    /// a broken link, an unreadable name).
    pub skipped: Vec<(String, String)>,
}

/// Why a suite could not be loaded.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum SuiteError {
    /// A file or the folder could not be read.
    Io {
        /// What.
        path: PathBuf,
        /// The system's message.
        message: String,
    },
    /// A puzzle file is malformed.
    Puzzle {
        /// The file.
        path: PathBuf,
        /// The error.
        error: Box<PuzzleError>,
    },
    /// A manifest line is wrong.
    Manifest {
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The expected optimum contradicts the puzzle's solvability.
    Contradiction {
        /// The file.
        name: String,
        /// What the name or manifest says.
        claim: String,
    },
    /// No optimum could be established within the budget.
    Unprovable {
        /// The file.
        name: String,
    },
    /// No puzzle files.
    Empty,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SuiteError::Io { path, message } => {
                write!(f, "cannot read {}: {message}", path.display())
            }
            SuiteError::Puzzle { path, error } => write!(f, "{}:{error}", path.display()),
            SuiteError::Manifest { line, message } => write!(f, "{MANIFEST}:{line}: {message}"),
            SuiteError::Contradiction { name, claim } => {
                write!(f, "{name}: {claim}; fix the name or the manifest")
            }
            SuiteError::Unprovable { name } => write!(
                f,
                "{name}: slider could not prove its optimum within the budget; give it in {MANIFEST}"
            ),
            SuiteError::Empty => f.write_str("the suite holds no puzzle files (*.txt)"),
        }
    }
}

impl std::error::Error for SuiteError {}

fn read_manifest(dir: &Path) -> Result<Vec<SuiteLine>, SuiteError> {
    let path = dir.join(MANIFEST);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = crate::format::source::read_text(&path, Some(crate::format::source::DEFAULT_IDLE))
        .map_err(|e| SuiteError::Io {
        path: path.clone(),
        message: e.to_string(),
    })?;
    parse_suite(&text).map_err(|e| SuiteError::Manifest {
        line: e.line,
        message: e.message,
    })
}

/// Loads the puzzles of `dir` (every `*.txt` but manifests), skipping names
/// that contain any of `exclude`. `budget` bounds the search for optima
/// slider must prove itself.
///
/// # Errors
///
/// A [`SuiteError`] for an unreadable folder or file, a malformed puzzle or
/// manifest, an expected optimum that contradicts parity, an optimum that
/// cannot be proved, or an empty suite.
///
/// # Example
///
/// ```no_run
/// let suite = slider::grade::suite::load("fixtures/course".as_ref(), &[], 5_000_000)?;
/// assert_eq!(suite.entries.len(), 152);
/// # Ok::<(), slider::grade::suite::SuiteError>(())
/// ```
pub fn load(dir: &Path, exclude: &[String], budget: u64) -> Result<Suite, SuiteError> {
    let io = |path: &Path, e: std::io::Error| SuiteError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let manifest = read_manifest(dir)?;
    let mut names: Vec<String> = Vec::new();
    let mut skipped: Vec<(String, String)> = Vec::new();
    for item in std::fs::read_dir(dir).map_err(|e| io(dir, e))? {
        let item = item.map_err(|e| io(dir, e))?;
        let Some(name) = item.file_name().to_str().map(str::to_string) else {
            let shown = item.file_name().to_string_lossy().into_owned();
            skipped.push((shown, "its name is not UTF-8".to_string()));
            continue;
        };
        if Path::new(&name).extension().is_none_or(|x| x != "txt")
            || name == MANIFEST
            || name == "manifest.txt"
        {
            continue;
        }
        if exclude.iter().any(|x| name.contains(x.as_str())) {
            skipped.push((name, "excluded".to_string()));
            continue;
        }
        // Symbolic links are followed: a suite may link the course's files.
        match std::fs::metadata(item.path()) {
            Ok(meta) if meta.is_file() => names.push(name),
            Ok(_) => skipped.push((name, "not a regular file".to_string())),
            Err(e) => skipped.push((name, format!("unreadable: {e}"))),
        }
    }
    names.sort();
    skipped.sort();
    if names.is_empty() {
        return Err(SuiteError::Empty);
    }
    let oracles = [Oracle::new(2).ok(), Oracle::new(3).ok()];
    let mut entries = Vec::with_capacity(names.len());
    for name in names {
        let path = dir.join(&name);
        let idle = Some(crate::format::source::DEFAULT_IDLE);
        let board = match load_puzzle(&path, idle, crate::format::parse_puzzle_any) {
            Ok((board, _)) => board,
            Err(LoadError::Open(e)) => return Err(io(&path, e)),
            Err(LoadError::Puzzle { error, .. }) => {
                return Err(SuiteError::Puzzle { path, error });
            }
        };
        let line = manifest.iter().find(|l| l.file == name);
        let weight = line.map_or(1.0, |l| l.weight);
        let from_manifest = match line.map_or(Expected::Auto, |l| l.expected) {
            Expected::Auto => None,
            Expected::Unsolvable => Some(None),
            Expected::Moves(moves) => Some(Some(moves)),
        };
        let (expected, source) = match (from_manifest, optimum_from_name(&name)) {
            (Some(expected), _) => (expected, Source::Manifest),
            (None, Some(expected)) => (expected, Source::Name),
            (None, None) => {
                let oracle = oracles
                    .get(board.size().wrapping_sub(2))
                    .and_then(Option::as_ref);
                match prove_optimum(&board, None, budget, oracle) {
                    Ok(optimum) => (optimum.moves, Source::Computed),
                    Err(_) => return Err(SuiteError::Unprovable { name }),
                }
            }
        };
        check_claim(&name, &board, expected, &oracles)?;
        entries.push(Entry {
            name,
            path,
            board,
            expected,
            source,
            weight,
        });
    }
    Ok(Suite {
        dir: dir.to_path_buf(),
        entries,
        skipped,
    })
}

/// Refuses a claimed optimum that parity, the parity of the blank's
/// distance from home, or (up to 3x3) the exhaustive table contradicts.
fn check_claim(
    name: &str,
    board: &Board,
    expected: Option<u64>,
    oracles: &[Option<Oracle>; 2],
) -> Result<(), SuiteError> {
    let claim = || {
        expected.map_or("it is marked unsolvable".to_string(), |m| {
            format!("it is marked as {m} moves")
        })
    };
    let refuted = |claim: String| {
        Err(SuiteError::Contradiction {
            name: name.to_string(),
            claim,
        })
    };
    if expected.is_some() != board.is_solvable() {
        return refuted(format!(
            "{}, but the puzzle's parity says otherwise",
            claim()
        ));
    }
    // Every slide moves the blank one cell, so a path's length has the
    // parity of the blank's distance from its home cell.
    let n = board.size();
    let (row, col) = (board.blank_index() / n, board.blank_index() % n);
    let blank_distance = (2 * (n - 1) - row - col) as u64;
    if let Some(m) = expected.filter(|m| m % 2 != blank_distance % 2) {
        let parity = if blank_distance.is_multiple_of(2) {
            "even"
        } else {
            "odd"
        };
        return refuted(format!(
            "it is marked as {m} moves, but the parity of every path's length is {parity}"
        ));
    }
    // Up to 3x3 the exhaustive table knows every optimum: a wrong name or
    // manifest line must not blame the students.
    if let Some(oracle) = oracles.get(n.wrapping_sub(2)).and_then(Option::as_ref)
        && let Some(truth) = oracle.distance(board)
        && expected.is_some_and(|m| m != u64::from(truth))
    {
        return refuted(format!(
            "{}, but the exhaustive table says {truth}",
            claim()
        ));
    }
    Ok(())
}

/// A fingerprint of everything in the suite folder (names and contents,
/// links followed), taken before and after grading: a submission that
/// changes the suite is caught.
///
/// # Errors
///
/// A file or the folder cannot be read.
///
/// # Example
///
/// ```
/// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/grade/suite");
/// let a = slider::grade::suite::fingerprint(dir.as_ref())?;
/// assert_eq!(a, slider::grade::suite::fingerprint(dir.as_ref())?);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn fingerprint(dir: &Path) -> std::io::Result<u64> {
    let mut items: Vec<(std::ffi::OsString, PathBuf)> = std::fs::read_dir(dir)?
        .map(|item| item.map(|i| (i.file_name(), i.path())))
        .collect::<Result<_, _>>()?;
    items.sort();
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    for (name, path) in items {
        hasher.update(name.as_encoded_bytes());
        hasher.update(&[0]);
        if std::fs::metadata(&path)?.is_file() {
            let read = crate::format::source::read_capped(
                std::fs::File::open(&path)?,
                crate::format::source::MAX_PUZZLE_BYTES,
            );
            hasher.update(&read.bytes);
            hasher.update(&(read.bytes.len() as u64).to_le_bytes());
        }
    }
    Ok(hasher.digest())
}
