//! `slider solve`: the course's Solver test client.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};
use slider::diagnostic::{Diagnostic, render};
use slider::{Priority, Solver, SolverError, SolverOptions, exit_code, format::parse_puzzle};

use crate::input::{display_name, read_input, report_error, stderr_color};

/// Arguments of `slider solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzle file (`-` reads standard input).
    puzzle: PathBuf,
    /// Which course API's unsolvable message to print.
    #[arg(long, value_enum, default_value_t = Api::Princeton)]
    api: Api,
    /// The search: the course's A* (the reference output), or IDA*.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Astar)]
    algorithm: AlgorithmArg,
    /// IDA*'s heuristic.
    #[arg(long, value_enum, default_value_t = HeuristicArg::LinearConflict)]
    heuristic: HeuristicArg,
    /// The A* priority function.
    #[arg(long, value_enum, default_value_t = PriorityArg::Manhattan)]
    priority: PriorityArg,
    /// Stop (exit 1) once A* has enqueued this many nodes.
    #[arg(long, default_value_t = 50_000_000, value_name = "N")]
    max_nodes: u64,
    /// Print nodes enqueued and dequeued, the largest queue and the time to stderr.
    #[arg(long)]
    stats: bool,
    /// What to print: the course client's output, or a move string (the
    /// direction the blank moves, `U`/`D`/`L`/`R`).
    #[arg(long, value_enum, default_value_t = OutputArg::Course)]
    output: OutputArg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AlgorithmArg {
    Astar,
    Idastar,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum HeuristicArg {
    Manhattan,
    LinearConflict,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OutputArg {
    Course,
    Moves,
}

/// The course API whose test client is imitated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Api {
    /// Princeton (2015+): prints `Unsolvable puzzle`.
    Princeton,
    /// Coursera: prints `No solution possible`.
    Coursera,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum PriorityArg {
    Manhattan,
    Hamming,
}

/// Runs the command; returns the exit code.
pub fn run(args: &SolveArgs) -> u8 {
    let name = display_name(&args.puzzle);
    let bytes = match read_input(&args.puzzle) {
        Ok(bytes) => bytes,
        Err(message) => {
            report_error(&message);
            return exit_code::ERROR;
        }
    };
    let board = match parse_puzzle(&bytes) {
        Ok(board) => board,
        Err(e) => {
            let text = render(
                &[Diagnostic::from_puzzle_error(&e, &name)],
                &bytes,
                stderr_color(),
            );
            let _ = write!(anstream::stderr(), "{text}");
            return exit_code::ERROR;
        }
    };
    let options = SolverOptions {
        priority: match args.priority {
            PriorityArg::Manhattan => Priority::Manhattan,
            PriorityArg::Hamming => Priority::Hamming,
        },
        max_enqueued: Some(args.max_nodes),
    };
    if args.algorithm == AlgorithmArg::Idastar {
        return idastar(args, &board, &name);
    }
    let started = Instant::now();
    let result = Solver::with_options(&board, &options);
    let elapsed = started.elapsed();
    let written = match &result {
        Ok(solver) => {
            if args.stats {
                let stats = solver.stats();
                eprintln!(
                    "{name}: {} moves; enqueued {}, dequeued {}, largest queue {}; {:.3} s",
                    solver.moves(),
                    stats.enqueued,
                    stats.dequeued,
                    stats.max_queue,
                    elapsed.as_secs_f64()
                );
            }
            match args.output {
                OutputArg::Course => print_solution(solver),
                OutputArg::Moves => print_line(&move_string(solver.solution())),
            }
        }
        Err(SolverError::Unsolvable) => print_line(unsolvable_line(args.api)),
        Err(e) => {
            report_error(&format!(
                "{name}: {e}; raise --max-nodes, or use an algorithm that needs less memory"
            ));
            return exit_code::FAILURE;
        }
    };
    exit_for(written)
}

/// `slider solve --algorithm idastar`: the same output, found by IDA*.
fn idastar(args: &SolveArgs, board: &slider::Board, name: &str) -> u8 {
    use slider::search::idastar::{Heuristic, SearchError, ida_star};
    let heuristic = match args.heuristic {
        HeuristicArg::Manhattan => Heuristic::Manhattan,
        HeuristicArg::LinearConflict => Heuristic::LinearConflict,
    };
    let started = Instant::now();
    let written = match ida_star(board, heuristic, args.max_nodes) {
        Ok(solution) => {
            if args.stats {
                eprintln!(
                    "{name}: {} moves; IDA* expanded {}, generated {}, {} iterations, initial h {}; {:.3} s",
                    solution.moves.len(),
                    solution.stats.expanded,
                    solution.stats.generated,
                    solution.stats.iterations,
                    solution.stats.initial_h,
                    started.elapsed().as_secs_f64()
                );
            }
            let mut path = vec![board.clone()];
            for &direction in &solution.moves {
                let next = path.last().and_then(|b| b.slide(direction));
                path.extend(next);
            }
            match args.output {
                OutputArg::Course => print_path(&path),
                OutputArg::Moves => print_line(&move_string(&path)),
            }
        }
        Err(SearchError::Unsolvable) => print_line(unsolvable_line(args.api)),
        Err(e) => {
            report_error(&format!("{name}: {e}; raise --max-nodes"));
            return exit_code::FAILURE;
        }
    };
    exit_for(written)
}

/// The exit code once the answer is written. A closed pipe
/// (`slider solve p.txt | head`) is not a failure.
fn exit_for(written: io::Result<()>) -> u8 {
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            report_error(&format!("cannot write the solution: {e}"));
            exit_code::ERROR
        }
        _ => exit_code::SUCCESS,
    }
}

/// The course client's line for an unsolvable puzzle, by API.
fn unsolvable_line(api: Api) -> &'static str {
    match api {
        Api::Princeton => "Unsolvable puzzle",
        Api::Coursera => "No solution possible",
    }
}

/// The letters of the blank's moves along a solution.
fn move_string(path: &[slider::Board]) -> String {
    path.windows(2)
        .map(|pair| {
            let ((r0, c0), (r1, c1)) = (pair[0].blank(), pair[1].blank());
            if r1 < r0 {
                'U'
            } else if r1 > r0 {
                'D'
            } else if c1 < c0 {
                'L'
            } else {
                'R'
            }
        })
        .collect()
}

/// `Minimum number of moves = N`, then each board and an empty line.
fn print_solution(solver: &Solver) -> io::Result<()> {
    print_path(solver.solution())
}

fn print_path(path: &[slider::Board]) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "Minimum number of moves = {}", path.len() - 1)?;
    for board in path {
        writeln!(out, "{board}")?;
    }
    out.flush()
}

fn print_line(line: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()
}
