//! Every user-facing wording, returned as text (feature `cli`); nothing here
//! prints.
//!
//! - [`diagnostic`]: compiler-style errors with quoted source
//!   (annotate-snippets), for puzzle files and checker findings;
//! - [`check`]: a checker's report as text, JSON or GitHub annotations;
//! - [`grade`]: a graded suite as a table, JSON, `JUnit`, Gradescope's
//!   `results.json` and GitHub annotations;
//! - [`autograde`]: an autograder report as the course words it, JSON,
//!   `JUnit`, Gradescope and GitHub annotations;
//! - [`bench`](mod@bench): the benchmarks' tables;
//! - [`github`]: the one escaper of GitHub workflow commands;
//! - [`pdb`]: pattern-database notes, hints and build progress;
//! - [`report_files`]: report files opened first and written last;
//! - [`sandbox`](mod@sandbox): why there is no sandbox, and its one note;
//! - [`search`]: `slider solve`'s statistics and budget hints;
//! - [`xml`]: the characters XML 1.0 allows, in every XML file and HTML
//!   page.
//!
//! Adding an output format: a function in the module of what it renders
//! (`check.rs` or `grade.rs`), and for a console format a variant of
//! [`ConsoleFormat`], which every command's `--format` takes.

pub mod autograde;
pub mod bench;
pub mod check;
pub mod diagnostic;
pub mod github;
pub mod grade;
pub mod pdb;
pub mod report_files;
pub mod sandbox;
pub mod search;
pub mod xml;

/// What a command prints on standard output (`--format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ConsoleFormat {
    /// The report as people read it.
    #[default]
    Human,
    /// The stable JSON report.
    Json,
    /// GitHub Actions annotations, then the report.
    Github,
}
