//! `slider`: the reference Solver client and the project's tools.
//!
//! This file only parses arguments and maps outcomes to exit codes; the
//! subcommands live in their own modules and the work in the library.

#[path = "../common/mod.rs"]
mod common;

mod autograde_cmd;
mod bench;
mod generate_cmd;
mod grade_cmd;
mod pdb_cmd;
mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use common::ColorWhen;

/// Reference tools for the Princeton/Coursera 8 Puzzle assignment.
#[derive(Debug, Parser)]
#[command(name = "slider", version, about, propagate_version = true)]
struct Cli {
    /// When to colour diagnostics (`NO_COLOR` is honoured under `auto`).
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, global = true)]
    color: ColorWhen,
    /// Print no status lines (notes, seeds, a batch's progress) and draw no
    /// progress; results, warnings and errors are printed as ever.
    #[arg(long, short, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve a puzzle file and print what the course's Solver client prints.
    Solve(solve::SolveArgs),
    /// Generate puzzle files in the course format.
    Gen(generate_cmd::GenArgs),
    /// Grade a submission over a suite of puzzles, under limits.
    Grade(grade_cmd::GradeArgs),
    /// Grade Java Board/Solver classes the way the course's autograder does.
    Autograde(Box<autograde_cmd::AutogradeArgs>),
    /// Run a benchmark and print its figures.
    Bench(bench::BenchArgs),
    /// Manage the pattern-database cache: path, build, verify.
    Pdb(pdb_cmd::PdbArgs),
}

fn main() -> ExitCode {
    let cli = match common::parse_args::<Cli>() {
        Ok(cli) => cli,
        Err(code) => return ExitCode::from(code),
    };
    cli.color.apply();
    let console = common::console(cli.quiet);
    let done = match cli.command {
        Command::Solve(args) => solve::run(&args, &console),
        Command::Gen(args) => generate_cmd::run(&args, &console),
        Command::Grade(args) => grade_cmd::run(&args, &console),
        Command::Autograde(args) => autograde_cmd::run(&args, &console),
        Command::Bench(args) => bench::run(&args, &console),
        Command::Pdb(args) => pdb_cmd::run(&args, &console),
    };
    common::exit(&console, done)
}
