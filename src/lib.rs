//! # slider
//!
//! A reference library for the Princeton / Coursera "8 Puzzle" assignment
//! (n-by-n sliding-tile puzzles), and the engine behind the `slider`
//! command-line tool.
//!
//! ## The Princeton API in Rust
//!
//! | Princeton (Java)           | slider (Rust)                                    |
//! |----------------------------|--------------------------------------------------|
//! | `Board(int[][] tiles)`     | [`Board::new`] → `Result<Board, BoardError>`     |
//! | `toString()`               | [`Display`](std::fmt::Display), byte-identical   |
//! | `tileAt(row, col)`         | [`Board::tile_at`] → `Result`                    |
//! | `size()` / `dimension()`   | [`Board::size`], [`Board::dimension`]            |
//! | `hamming()`, `manhattan()` | [`Board::hamming`], [`Board::manhattan`], O(1)   |
//! | `isGoal()`                 | [`Board::is_goal`], O(1)                         |
//! | `equals(Object)`           | [`Eq`] + [`Hash`]                                |
//! | `neighbors()`              | [`Board::neighbors`]                             |
//! | `isSolvable()`             | [`Board::is_solvable`]                           |
//! | `twin()`                   | [`Board::twin`]                                  |
//! | `Solver(Board initial)`    | [`Solver::new`] → `Result<Solver, SolverError>`  |
//! | `moves()`, `solution()`    | [`Solver::moves`], [`Solver::solution`]          |
//!
//! ## Modules, by floor
//!
//! Each floor uses only the floors below it (and itself); `tests/layering.rs`
//! reads this list and fails on an import that runs upwards.
//!
//! 1. `error`, `exit_code`, `context`, `tiles`, `board`, `course`, `values`:
//!    [`Board`], [`Direction`] and their errors; [`exit_code`], the
//!    binaries' exit-code contract; `context` (feature `cli`), what the
//!    binaries take of their process (environment, executable, folders)
//!    and hand down; the course's facts ([`course`]: API variants,
//!    editions, the client's lines, the puzzle files); `values` (feature
//!    `cli`), the flag values the binaries and the library's own flag
//!    structs share (`--api`, seconds).
//! 2. `format`: every text format, read and written: spans, tokens, lines,
//!    puzzle files and their errors, the course client's answer format,
//!    and (feature `cli`) the capped input layer. See [`format`](mod@crate::format).
//! 3. `solver`, `oracle`: the course's A* ([`Solver`]) and the exhaustive
//!    breadth-first tables for 2x2 and 3x3 ([`oracle`]).
//! 4. `search`, `generate`: goals, heuristics, pattern databases, IDA* and
//!    the classic algorithms ([`search`]); puzzle generation ([`generate`]).
//! 5. `check`: replaying and proving a submitted answer ([`check`]).
//! 6. `run` (feature `cli`): running untrusted programs under limits, in a
//!    sandbox, and killing all they start ([`run`]).
//! 7. `grade`, `autograde`, `bench` (feature `cli`): suites and naming
//!    outcomes; grading Java `Board`/`Solver` classes the way the course's
//!    autograder does; benchmarks that measure, as rows ([`bench`](mod@bench)).
//! 8. `present` (feature `cli`): every user-facing wording: diagnostics,
//!    checker, grade and autograde reports, GitHub annotations, the
//!    benchmarks' tables and pattern-database notes.
//! 9. `app` (feature `cli`): the binaries' commands, each driven through
//!    an injected [`app::Console`] (output, diagnostics, progress displays,
//!    signal handling) and returning its exit code or the
//!    [`app::CommandError`] that stopped it.
//! 10. `fuzz_checks` (feature `arbitrary`): the properties the fuzz targets
//!     and the corpus-replay test check.
//!
//! The library never prints or exits: it writes only to the streams a
//! [`app::Console`] hands it, and the binaries exit.
//!
//! ## Example
//!
//! ```
//! use slider::{Board, Solver};
//! let board: Board = "3\n 8 1 3\n 4 0 2\n 7 6 5\n".parse()?;
//! let solver = Solver::new(&board)?;
//! assert_eq!(solver.moves(), 14);
//! for step in solver.solution() {
//!     print!("{step}\n"); // exactly what the course's test client prints
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "cli")]
pub mod app;
#[cfg(feature = "cli")]
pub mod autograde;
#[cfg(feature = "cli")]
pub mod bench;
mod board;
pub mod check;
#[cfg(feature = "cli")]
pub mod context;
pub mod course;
mod error;
pub mod format;
pub mod generate;
#[cfg(feature = "cli")]
pub mod grade;
pub mod oracle;
pub mod search;
mod solver;
mod tiles;

pub use board::{Board, Direction, MAX_SIZE, MIN_SIZE, Neighbors};
pub use error::{BoardError, SolverError};
pub use format::{PuzzleError, PuzzleErrorKind};
pub use solver::{Priority, Solver, SolverOptions, SolverStats};
pub mod exit_code;
#[cfg(feature = "arbitrary")]
pub mod fuzz_checks;
#[cfg(feature = "cli")]
pub mod present;
#[cfg(feature = "cli")]
pub mod run;
#[cfg(feature = "cli")]
pub mod values;
