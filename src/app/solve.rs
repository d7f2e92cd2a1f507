//! `slider solve`: the course's Solver test client, with every search.

use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{CommandError, Console};
use crate::bench::peak_memory;
use crate::check::files::{InputError, read_board, read_board_lines};
use crate::course::Api;
use crate::exit_code;
use crate::format::{BoardLine, move_letters, parse_puzzle_any, write_solution};
use crate::present::search as present;
use crate::search::pdb::Choice;
use crate::search::{
    Algorithm, DEFAULT_MAX_NODES, Goal, Heuristic, HeuristicChoice, SearchError, SearchRequest,
};
use crate::{Board, Priority, Solver, SolverError, SolverOptions};

/// What `slider solve` was asked to do.
#[derive(Debug)]
pub struct SolveJob<'a> {
    /// The puzzle file (`-`: standard input).
    pub puzzle: &'a Path,
    /// Whose unsolvable message to print (Princeton's or Coursera's).
    pub api: Api,
    /// The search.
    pub algorithm: Algorithm,
    /// The heuristic of the searches other than the reference A*.
    pub heuristic: HeuristicChoice,
    /// The reference A*'s priority function.
    pub priority: Priority,
    /// A goal board's file (not for the reference A*).
    pub goal: Option<&'a Path>,
    /// The node cap (default: [`DEFAULT_MAX_NODES`] for the reference A*).
    pub max_nodes: Option<u64>,
    /// The time cap.
    pub time_limit: Option<Duration>,
    /// The cap on stored search states, in bytes.
    pub max_bytes: u64,
    /// The pattern-database cache.
    pub pdb_dir: PathBuf,
    /// How long a pipe or terminal may send nothing.
    pub input_timeout: Duration,
    /// IDA*'s threads.
    pub threads: usize,
    /// Print what the search did to standard error.
    pub stats: bool,
    /// Print a move string instead of the course client's output.
    pub moves: bool,
    /// The puzzle file holds many boards, one per line: each is solved in
    /// turn, its answer on a line of its own (a move string, so `moves`
    /// must be set).
    pub lines: bool,
}

/// A search this long with weaker databases than the strongest gets a note.
const SLOW: Duration = Duration::from_secs(10);

/// Solves the puzzle and prints the answer; returns the exit code (0
/// solved or unsolvable, 1 a cap was hit, 2 bad input).
///
/// ```
/// use slider::app::{Console, solve::{SolveJob, solve}};
/// # let dir = std::env::temp_dir().join(format!("slider-app-solve-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// let puzzle = dir.join("p.txt");
/// std::fs::write(&puzzle, "2\n 1 2\n 0 3\n")?;
/// let job = SolveJob {
///     puzzle: &puzzle, api: slider::course::Api::Princeton,
///     algorithm: slider::search::Algorithm::Reference,
///     heuristic: slider::search::HeuristicChoice::Auto,
///     priority: slider::Priority::Manhattan, goal: None, max_nodes: None,
///     time_limit: None, max_bytes: 1 << 30, pdb_dir: dir.clone(),
///     input_timeout: std::time::Duration::from_secs(5), threads: 1,
///     stats: false, moves: true, lines: false,
/// };
/// let console = Console::new(Box::new(Vec::new()), Box::new(Vec::new()));
/// assert_eq!(solve(&job, &console)?, slider::exit_code::SUCCESS);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(job: &SolveJob<'_>, console: &Console) -> Result<u8, CommandError> {
    let name = crate::format::names::display_name(job.puzzle);
    if job.lines && !job.moves {
        return Err(present::lines_need_moves().into());
    }
    if job.goal.is_some() && job.algorithm == Algorithm::Reference {
        return Err(present::reference_goal().into());
    }
    let goal = match job.goal {
        Some(path) => Some((path, read_board(path, job.input_timeout, parse_puzzle_any)?)),
        None => None,
    };
    let goal_for = |board: &Board| match &goal {
        None => Ok(Goal::standard(board.size())),
        Some((_, goal)) if goal.size() == board.size() => Ok(Goal::from_board(goal)),
        Some((path, goal)) => Err(InputError::GoalSize {
            name: crate::format::names::display_name(path),
            goal: goal.size(),
            puzzle: board.size(),
        }),
    };
    if !job.lines {
        let board = read_board(job.puzzle, job.input_timeout, parse_puzzle_any)?;
        return solve_one(job, &board, &goal_for(&board)?, &name, console);
    }
    for BoardLine { line, board } in read_board_lines(job.puzzle, job.input_timeout)? {
        let goal = goal_for(&board).map_err(|e| format!("{name}:{line}: {e}"))?;
        let code = solve_one(job, &board, &goal, &format!("{name}:{line}"), console)?;
        // A board a cap stopped ends the run: one answer per line, in order.
        if code != exit_code::SUCCESS {
            return Ok(code);
        }
    }
    Ok(exit_code::SUCCESS)
}

/// Solves one board towards `goal` and prints its answer; `name` names
/// it in messages.
fn solve_one(
    job: &SolveJob<'_>,
    board: &Board,
    goal: &Goal,
    name: &str,
    console: &Console,
) -> Result<u8, CommandError> {
    if job.algorithm != Algorithm::Reference {
        return search(job, board, goal, name, console);
    }
    let options = SolverOptions {
        priority: job.priority,
        max_enqueued: Some(job.max_nodes.unwrap_or(DEFAULT_MAX_NODES)),
        max_bytes: Some(job.max_bytes),
        time_limit: job.time_limit,
    };
    let started = Instant::now();
    let result = Solver::with_options(board, &options);
    let elapsed = started.elapsed();
    let written = match &result {
        Ok(solver) => {
            if job.stats {
                console.say(&present::reference_stats(
                    name,
                    solver.moves(),
                    &solver.stats(),
                    elapsed,
                ));
            }
            print_path(console, solver.solution(), job.moves)
        }
        Err(SolverError::Unsolvable) => print_line(console, job.api.unsolvable_message()),
        Err(e) => {
            console.error(&format!("{name}: {e}; {}", present::reference_hint(e)));
            return Ok(exit_code::FAILURE);
        }
    };
    exit_for(written)
}

/// Every search but the reference A*.
fn search(
    job: &SolveJob<'_>,
    board: &Board,
    goal: &Goal,
    name: &str,
    console: &Console,
) -> Result<u8, CommandError> {
    let algorithm = job.algorithm;
    let request = SearchRequest {
        algorithm,
        heuristic: job.heuristic,
        goal,
        max_nodes: job.max_nodes,
        time: job.time_limit,
        bytes: Some(job.max_bytes),
        threads: job.threads,
        pdb_dir: &job.pdb_dir,
    };
    let open =
        |goal: &Goal| super::services::open_pdb(console, goal, Choice::Best, &job.pdb_dir, false);
    let outcome = crate::search::run(board, &request, &open)?;
    // A long search that weaker databases made long: say how to shorten it.
    if outcome.result.is_ok()
        && outcome.elapsed >= SLOW
        && outcome.heuristic == Some(Heuristic::PatternDatabase)
        && let Some(kind) = outcome.stronger
    {
        let hint = crate::present::pdb::stronger_hint(kind, algorithm == Algorithm::Idastar);
        console.status(&format!(
            "note: {name} took {:.0} s; {hint}",
            outcome.elapsed.as_secs_f64()
        ));
    }
    if job.stats
        && let Some(line) = present::stats(
            name,
            algorithm,
            &outcome.result,
            outcome.heuristic,
            outcome.elapsed,
            peak_memory(),
        )
    {
        console.say(&line);
    }
    let written = match outcome.result {
        Ok(solution) => {
            let path = board.follow(&solution.moves).unwrap_or_default();
            print_path(console, &path, job.moves)
        }
        Err(SearchError::Unsolvable) => print_line(console, job.api.unsolvable_message()),
        Err(e) => {
            console.error(&format!(
                "{name}: {e}; {}",
                present::budget_hint(&e, algorithm, outcome.stronger)
            ));
            return Ok(exit_code::FAILURE);
        }
    };
    exit_for(written)
}

/// Success, unless the solution could not be written (a closed pipe is
/// a reader that had enough).
fn exit_for(written: io::Result<()>) -> Result<u8, CommandError> {
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write the solution: {e}").into())
        }
        _ => Ok(exit_code::SUCCESS),
    }
}

/// `Minimum number of moves = N`, then each board and an empty line; or
/// the move string.
fn print_path(console: &Console, path: &[Board], moves: bool) -> io::Result<()> {
    if moves {
        return print_line(console, &move_letters(path));
    }
    console.write_out(|out| write_solution(BufWriter::new(out), path))
}

fn print_line(console: &Console, line: &str) -> io::Result<()> {
    console.write_out(|out| writeln!(out, "{line}"))
}
