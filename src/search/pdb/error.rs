//! Why a pattern database cannot be built, loaded or used.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why a database could not be provided.
#[derive(Debug)]
#[non_exhaustive]
pub enum PdbError {
    /// No database of that kind exists for this board size.
    UnsupportedSize(usize),
    /// The board is not the database's size.
    SizeMismatch {
        /// The database's board side.
        database: usize,
        /// The board's side.
        board: usize,
    },
    /// A file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        error: io::Error,
    },
    /// The size's databases are never built on first use, and are not
    /// cached (or their file is unusable).
    NotBuilt {
        /// The kind the size needs.
        kind: super::Partition,
        /// Whether the goal is the course's (`slider pdb build` makes its
        /// databases; a custom goal's are built by `slider solve --goal`).
        standard_goal: bool,
        /// Why the cached file is unusable, when there is one.
        reason: Option<String>,
    },
    /// A file is not an intact database for the goal.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::UnsupportedSize(n) => write!(
                f,
                "slider builds no such pattern database for {n}x{n} boards (3x3: 4-4; 4x4: 6-6-3, 7-8; 5x5: 6-6-6-6)"
            ),
            PdbError::SizeMismatch { database, board } => write!(
                f,
                "the pattern database is for {database}x{database} boards, the board is {board}x{board}"
            ),
            PdbError::NotBuilt {
                kind,
                standard_goal,
                reason,
            } => {
                let n = kind.size();
                let why = reason.as_deref().unwrap_or("not built");
                let how = if *standard_goal {
                    format!("`slider pdb build {kind}` builds them")
                } else {
                    "`slider solve --heuristic pdb --goal FILE` builds them for that goal"
                        .to_string()
                };
                write!(
                    f,
                    "the {n}x{n} pattern databases ({kind}) are {why}; {how} (minutes, about 1.3 GB of memory)"
                )
            }
            PdbError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            PdbError::Corrupt { path, reason } => {
                write!(
                    f,
                    "{}: not a usable pattern database: {reason}",
                    path.display()
                )
            }
        }
    }
}

impl std::error::Error for PdbError {}
