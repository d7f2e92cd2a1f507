//! Checking an answer held in files (`slider-check PUZZLE ANSWER`, and
//! each pair of `--batch`): the puzzle, the goal and the answer read
//! through the capped input layer, and the pattern databases a proof by
//! search needs, opened once and only when needed (feature `cli`).

use std::cell::OnceCell;
use std::fmt;
use std::io::{self, BufReader};
use std::path::Path;
use std::time::Duration;

use super::{CheckOptions, CheckReport, Provers, check_with};
use crate::board::Board;
use crate::format::names::display_name;
use crate::format::source::{self, Capped, LoadError, MAX_ANSWER_BYTES};
use crate::format::{PuzzleError, parse_puzzle_any};
use crate::search::Goal;
use crate::search::pdb::PatternDatabase;

/// The pattern databases for proofs by search on 4x4 and 5x5 boards,
/// each size's opened at most once, on the first proof that needs it (an
/// answer proved by a table or a bound never loads them).
///
/// `open` is asked for the databases of a goal; `None` means "prove with
/// linear conflict" (no databases wanted, or opening them failed, which
/// `open` reports itself). One goal per size: the databases opened are
/// for the goal of the first proof that needs them.
///
/// # Example
///
/// ```
/// use slider::check::files::ProofDatabases;
/// let asked = std::cell::Cell::new(0);
/// let open = |_: &slider::search::Goal| { asked.set(asked.get() + 1); None };
/// let dbs = ProofDatabases::new(&open);
/// assert!(dbs.get(3, None).is_none()); // no databases for 3x3: not asked
/// assert!(dbs.get(4, None).is_none());
/// assert!(dbs.get(4, None).is_none()); // asked once per size
/// assert_eq!(asked.get(), 1);
/// ```
pub struct ProofDatabases<'a> {
    open: &'a dyn Fn(&Goal) -> Option<PatternDatabase>,
    opened: [OnceCell<Option<PatternDatabase>>; 2],
}

impl fmt::Debug for ProofDatabases<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProofDatabases")
            .field("opened", &self.opened.each_ref().map(|c| c.get().is_some()))
            .finish_non_exhaustive()
    }
}

impl<'a> ProofDatabases<'a> {
    /// Databases opened with `open`.
    pub fn new(open: &'a dyn Fn(&Goal) -> Option<PatternDatabase>) -> Self {
        ProofDatabases {
            open,
            opened: Default::default(),
        }
    }

    /// The databases for `n`x`n` boards, opened now for `goal` (`None`:
    /// the course's) if they were not yet.
    pub fn get(&self, n: usize, goal: Option<&Goal>) -> Option<&PatternDatabase> {
        let cell = self.opened.get(n.checked_sub(4)?)?;
        cell.get_or_init(|| (self.open)(&goal.cloned().unwrap_or_else(|| Goal::standard(n))))
            .as_ref()
    }

    /// The databases for `n`x`n` boards if a proof has opened them.
    pub fn opened(&self, n: usize) -> Option<&PatternDatabase> {
        self.opened.get(n.checked_sub(4)?)?.get()?.as_ref()
    }
}

/// Why a pair of files could not be checked (the answer's own faults are
/// findings in the report, not errors).
#[derive(Debug)]
pub enum InputError {
    /// A file could not be opened or read.
    Open {
        /// The file (`<stdin>` for `-`).
        name: String,
        /// Why.
        error: io::Error,
    },
    /// The puzzle or the goal is not a board.
    Puzzle {
        /// The file (`<stdin>` for `-`).
        name: String,
        /// What is wrong, and where.
        error: Box<PuzzleError>,
        /// The bytes read, for quoting.
        source: Vec<u8>,
    },
    /// The goal's size is not the puzzle's.
    GoalSize {
        /// The goal's file.
        name: String,
        /// The goal's size.
        goal: usize,
        /// The puzzle's size.
        puzzle: usize,
    },
    /// The puzzle and the answer are both `-`.
    BothStdin,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Open { name, error } => write!(f, "cannot read {name}: {error}"),
            InputError::Puzzle { name, error, .. } => write!(f, "{name}:{error}"),
            InputError::GoalSize { name, goal, puzzle } => write!(
                f,
                "{name}: the goal is {goal}x{goal}, the puzzle {puzzle}x{puzzle}"
            ),
            InputError::BothStdin => {
                f.write_str("the puzzle and the answer cannot both be standard input")
            }
        }
    }
}

impl std::error::Error for InputError {}

/// The files of one check: paths, `-` for standard input.
#[derive(Debug, Clone, Copy)]
pub struct Files<'p> {
    /// The puzzle: a course file or a one-line board.
    pub puzzle: &'p Path,
    /// The answer.
    pub answer: &'p Path,
    /// The goal, when it is not the course's.
    pub goal: Option<&'p Path>,
}

/// A checked pair: the puzzle read, and the check's report.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The puzzle.
    pub puzzle: Board,
    /// The check's report.
    pub report: CheckReport,
}

/// Reads a board from `path` (`-`: standard input), waiting at most `idle`
/// on a silent pipe.
///
/// # Errors
///
/// [`InputError::Open`] or [`InputError::Puzzle`].
pub fn read_board(
    path: &Path,
    idle: Duration,
    parse: fn(&[u8]) -> Result<Board, PuzzleError>,
) -> Result<Board, InputError> {
    let name = display_name(path);
    match source::load_puzzle(path, Some(idle), parse) {
        Ok((board, _)) => Ok(board),
        Err(LoadError::Open(error)) => Err(InputError::Open { name, error }),
        Err(LoadError::Puzzle { error, source }) => Err(InputError::Puzzle {
            name,
            error,
            source,
        }),
    }
}

/// Reads a file of boards, one per line, from `path` (`-`: standard
/// input), as [`read_board`] reads one.
///
/// # Errors
///
/// [`InputError::Open`] or [`InputError::Puzzle`] (the first line that is
/// not a board).
pub fn read_board_lines(
    path: &Path,
    idle: Duration,
) -> Result<Vec<crate::format::BoardLine>, InputError> {
    let name = display_name(path);
    match source::load_board_lines(path, Some(idle)) {
        Ok((boards, _)) => Ok(boards),
        Err(LoadError::Open(error)) => Err(InputError::Open { name, error }),
        Err(LoadError::Puzzle { error, source }) => Err(InputError::Puzzle {
            name,
            error,
            source,
        }),
    }
}

/// Reads a goal board for `puzzle` from `path`, as [`read_board`].
///
/// # Errors
///
/// As [`read_board`], and [`InputError::GoalSize`] when the sizes differ.
pub fn read_goal(
    path: &Path,
    idle: Duration,
    parse: fn(&[u8]) -> Result<Board, PuzzleError>,
    puzzle: &Board,
) -> Result<Goal, InputError> {
    let board = read_board(path, idle, parse)?;
    if board.size() == puzzle.size() {
        Ok(Goal::from_board(&board))
    } else {
        Err(InputError::GoalSize {
            name: display_name(path),
            goal: board.size(),
            puzzle: puzzle.size(),
        })
    }
}

/// Checks the answer in `files.answer` against the puzzle in
/// `files.puzzle`: the puzzle and goal read whole (capped), the answer
/// streamed (capped, each wait at most `idle`), and a proof by search
/// given `dbs`' databases.
///
/// # Errors
///
/// An [`InputError`] when a file cannot be read or the puzzle or goal is
/// not a board of the right size.
///
/// # Example
///
/// ```
/// use slider::check::{CheckOptions, CheckVerdict, files::{Files, ProofDatabases, check_files}};
/// let dir = tempfile::tempdir()?;
/// let (puzzle, answer) = (dir.path().join("p.txt"), dir.path().join("a.txt"));
/// std::fs::write(&puzzle, "3\n 0 1 3\n 4 2 5\n 7 8 6\n")?;
/// std::fs::write(&answer, "RDRD\n")?;
/// let files = Files { puzzle: &puzzle, answer: &answer, goal: None };
/// let idle = std::time::Duration::from_secs(5);
/// let dbs = ProofDatabases::new(&|_| None);
/// let checked = check_files(files, &CheckOptions::default(), idle, &dbs)?;
/// assert_eq!(checked.report.verdict, CheckVerdict::Accepted);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_files(
    files: Files<'_>,
    options: &CheckOptions,
    idle: Duration,
    dbs: &ProofDatabases<'_>,
) -> Result<Checked, InputError> {
    if files.puzzle.as_os_str() == "-" && files.answer.as_os_str() == "-" {
        return Err(InputError::BothStdin);
    }
    let puzzle = read_board(files.puzzle, idle, parse_puzzle_any)?;
    let goal = match files.goal {
        Some(path) => Some(read_goal(path, idle, parse_puzzle_any, &puzzle)?),
        None => None,
    };
    let input = source::open(files.answer, Some(idle)).map_err(|error| InputError::Open {
        name: display_name(files.answer),
        error,
    })?;
    let answer = BufReader::with_capacity(1 << 16, Capped::new(input, MAX_ANSWER_BYTES));
    let n = puzzle.size();
    let fetch = || dbs.get(n, goal.as_ref());
    let provers = Provers {
        pdb_on_demand: matches!(n, 4 | 5).then_some(&fetch as _),
        goal: goal.as_ref(),
        ..Provers::default()
    };
    let report = check_with(&puzzle, answer, options, provers);
    Ok(Checked { puzzle, report })
}
