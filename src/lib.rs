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
//! ## Modules
//!
//! - [`Board`] and [`Solver`] (the course's A*) are re-exported at the top.
//! - [`format`](mod@crate::format)(mod@format): spans, the token stream and line reader, puzzle files.
//! - [`oracle`]: exhaustive breadth-first distance tables for 2x2 and 3x3.
//! - [`generate`]: puzzles exactly k moves away, solvable, unsolvable, uniform.
//! - [`search`]: goals, admissible heuristics, pattern databases, IDA* and
//!   the classic algorithms (breadth-first, bidirectional, A*, IDDFS).
//! - [`check`]: replaying and proving a submitted answer (`slider-check`).
//! - `grade` (feature `cli`): running a submission over a suite under limits.
//! - `diagnostic` (feature `cli`): compiler-style rendering of errors.
//! - [`exit_code`]: the binaries' exit-code contract.
//! - `fuzz_checks` (feature `arbitrary`): properties shared by the fuzz
//!   targets and the corpus-replay test.
//!
//! The library never prints, exits or reads the environment; the binaries do.
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

mod board;
pub mod check;
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
pub use error::{BoardError, PuzzleError, PuzzleErrorKind, SolverError};
pub use solver::{Priority, Solver, SolverOptions, SolverStats};
#[cfg(feature = "cli")]
pub mod diagnostic;
pub mod exit_code;
#[cfg(feature = "arbitrary")]
pub mod fuzz_checks;
