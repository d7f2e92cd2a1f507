//! The course's memory and timing tests (docs: COURSE.md §3.2, §3.4, §3.5)
//! as data, and their judge. Every limit is computed here, in Rust: the
//! course's Board bound, a Solver bound from the optimal path's length, and
//! operation counts from slider's Rust reference [`Solver`]. Nothing
//! expected comes from Java.
//!
//! How the probe measures (see `java/probe/Probe.java`):
//! - **memory**: the deep size of the object, every object reachable from
//!   it through instance fields and array elements, each sized by
//!   `Instrumentation.getObjectSize` (a `java.lang.instrument` agent) as the
//!   grading JVM lays it out: JDK 17, 64 bit, compressed references and
//!   class pointers, 8-byte alignment (12-byte object headers, 16-byte
//!   array headers, 4-byte references). Class objects, statics, class
//!   loaders and threads are not counted. The course's bound 4n² + 32n + 64
//!   is applied to that size. A Board is measured after construction and
//!   again after every method has been called once (a cache filled lazily
//!   counts).
//! - **timing**: the student's Solver runs with slider's counting Board
//!   and `MinPQ` in place of the student's Board (as the course does); the
//!   constructor's CPU time is the trial thread's CPU clock. A trial is
//!   ended past 5 s of it, or past 15 s of it plus the garbage collectors'
//!   time (they run on threads of their own: a Solver that fills the heap
//!   would otherwise keep them busy for minutes).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::course::{Check, CourseTest, Trial, files};
use super::{Category, Variant};
use crate::generate::{Kind, generate, seeded};
use crate::{Board, Solver};

/// The board sizes of the Board memory test.
pub const BOARD_SIZES: [usize; 10] = [2, 3, 4, 8, 12, 16, 20, 37, 72, 120];
/// The puzzles of the Solver memory test.
pub const SOLVER_PUZZLES: [&str; 6] = [
    "puzzle10", "puzzle15", "puzzle20", "puzzle25", "puzzle30", "puzzle35",
];
/// The course's 25 timing puzzles, in the order it runs them.
pub const TIMING_PUZZLES: [&str; 25] = [
    "puzzle20", "puzzle21", "puzzle22", "puzzle23", "puzzle24", "puzzle25", "puzzle26", "puzzle27",
    "puzzle28", "puzzle29", "puzzle30", "puzzle31", "puzzle39", "puzzle41", "puzzle34", "puzzle37",
    "puzzle44", "puzzle32", "puzzle35", "puzzle33", "puzzle43", "puzzle46", "puzzle40", "puzzle36",
    "puzzle45",
];
/// The CPU time the Solver's constructor may take per puzzle (the course's).
pub const CPU_LIMIT_NANOS: u64 = 5_000_000_000;
/// How many times the reference's `MinPQ` operations, boards created and
/// `equals()` calls a Solver may make.
pub const COUNT_FACTOR: f64 = 2.0;
/// `manhattan()` calls per Board created a Solver may make (the reference
/// makes at most one: the priority is computed once, in the search node).
pub const MANHATTAN_PER_BOARD: f64 = 2.0;

/// The course's bound on a Board's memory: 4n² + 32n + 64 bytes.
///
/// # Example
///
/// ```
/// assert_eq!(slider::autograde::measure::board_limit(2), 144);
/// ```
#[must_use]
pub fn board_limit(n: usize) -> u64 {
    let n = n as u64;
    4 * n * n + 32 * n + 64
}

/// The bound on a Solver's memory after construction: its solution path
/// (`moves + 1` boards at the Board bound, plus 64 bytes of list or search
/// node each) and 1 KiB for the Solver itself. The course's 100% Solver
/// keeps 2–5 KB on these puzzles; one that keeps its game tree or its
/// queue keeps hundreds of KB.
///
/// # Example
///
/// ```
/// assert_eq!(slider::autograde::measure::solver_limit(3, 0), 196 + 64 + 1024);
/// ```
#[must_use]
pub fn solver_limit(n: usize, moves: usize) -> u64 {
    (moves as u64 + 1) * (board_limit(n) + 64) + 1024
}

fn measured(
    id: &str,
    title: &str,
    check: Check,
    category: Category,
    trials: Vec<Trial>,
) -> CourseTest {
    CourseTest {
        id: id.to_string(),
        title: title.to_string(),
        check,
        category,
        trials,
    }
}

/// The memory tests: a Board of each size of [`BOARD_SIZES`] (random,
/// drawn from `seed`), and the Solver on [`SOLVER_PUZZLES`].
///
/// # Panics
///
/// Never: every size it draws boards of is valid.
///
/// # Example
///
/// ```
/// let tests = slider::autograde::measure::memory_tests(1);
/// assert_eq!(tests.len(), 2);
/// assert_eq!(tests[0].trials.len(), 10);
/// ```
#[must_use]
pub fn memory_tests(seed: u64) -> Vec<CourseTest> {
    let mut rng = seeded(seed ^ 0x6d65_6d6f_7279);
    let boards = BOARD_SIZES
        .iter()
        .map(|&n| Trial {
            boards: vec![
                generate(n, Kind::Uniform, &mut rng, None)
                    .unwrap_or_else(|_| Board::goal(n).expect("a valid size")),
            ],
            label: format!("n = {n}"),
            k: 0,
        })
        .collect();
    vec![
        measured(
            "Memory 1",
            "memory of an n-by-n Board, after construction and after every method (at most 4n^2 + 32n + 64 bytes)",
            Check::BoardMemory,
            Category::Memory,
            boards,
        ),
        measured(
            "Memory 2",
            "memory of a Solver after construction (the solution path, not the game tree)",
            Check::SolverMemory,
            Category::Memory,
            files(&SOLVER_PUZZLES),
        ),
    ]
}

/// The timing tests, each on the 25 puzzles of [`TIMING_PUZZLES`]. They
/// share one run per puzzle: the probe reports every count at once.
///
/// # Example
///
/// ```
/// let tests = slider::autograde::measure::timing_tests();
/// assert_eq!(tests.iter().map(|t| t.trials.len()).sum::<usize>(), 125);
/// ```
#[must_use]
pub fn timing_tests() -> Vec<CourseTest> {
    let trials = files(&TIMING_PUZZLES);
    [
        (
            "Timing 1",
            "CPU time of the Solver's constructor (at most 5 s) and moves()",
            Check::TimingCpu,
        ),
        (
            "Timing 2",
            "MinPQ insert() and delMin() calls (at most 2x the reference's)",
            Check::TimingQueue,
        ),
        (
            "Timing 3",
            "Board methods that should not be called: hamming(), toString()",
            Check::TimingNotCalled,
        ),
        (
            "Timing 4a",
            "Board() and equals() calls (at most 2x the reference's)",
            Check::TimingCalls,
        ),
        (
            "Timing 4b",
            "manhattan() calls per Board created (at most 2: cache the priority)",
            Check::TimingCaching,
        ),
    ]
    .into_iter()
    .map(|(id, title, check)| measured(id, title, check, Category::Timing, trials.clone()))
    .collect()
}

/// The Rust reference's counts on one board: optimal moves, and the
/// `MinPQ` operations of its search (A* with Manhattan and the critical
/// optimization). Computed once per board.
#[derive(Debug, Clone, Copy)]
struct Reference {
    moves: usize,
    inserts: u64,
    deletes: u64,
}

fn reference(board: &Board) -> Option<Reference> {
    static CACHE: OnceLock<Mutex<HashMap<Board, Option<Reference>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(known) = cache.lock().ok().and_then(|c| c.get(board).copied()) {
        return known;
    }
    let computed = Solver::new(board).ok().map(|solver| {
        let stats = solver.stats();
        Reference {
            moves: solver.moves(),
            inserts: stats.enqueued,
            deletes: stats.dequeued,
        }
    });
    if let Ok(mut cache) = cache.lock() {
        cache.insert(board.clone(), computed);
    }
    computed
}

/// A `name=value` count of the probe's report.
fn count(fields: &[String], name: &str) -> Result<u64, String> {
    fields
        .iter()
        .find_map(|f| f.strip_prefix(name)?.strip_prefix('='))
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| "the probe's report is incomplete".to_string())
}

fn number(fields: &[String], i: usize) -> Result<u64, String> {
    fields
        .get(i)
        .and_then(|f| f.parse().ok())
        .ok_or_else(|| "the probe's report is incomplete".to_string())
}

/// Judges one trial of a memory or timing test from the probe's fields.
///
/// # Errors
///
/// What was measured and what the limit is, as the report words it.
///
/// # Example
///
/// ```
/// use slider::autograde::{Variant, measure::{judge, memory_tests}};
/// let tests = memory_tests(1);
/// let board = &tests[0];
/// assert!(judge(board, 0, &["96".into(), "96".into()], Variant::Coursera).is_ok());
/// let err = judge(board, 0, &["96".into(), "176".into()], Variant::Coursera).unwrap_err();
/// assert_eq!(err, "Board memory n=2: 176 bytes > 4n^2+32n+64 = 144 (after every method was called)");
/// ```
pub fn judge(
    test: &CourseTest,
    index: usize,
    fields: &[String],
    variant: Variant,
) -> Result<(), String> {
    let board = test.trials[index]
        .boards
        .first()
        .ok_or_else(|| "the test has no board".to_string())?;
    match test.check {
        Check::BoardMemory | Check::SolverMemory => judge_memory(test.check, board, fields),
        _ => judge_timing(test.check, board, fields, variant),
    }
}

fn judge_memory(check: Check, board: &Board, fields: &[String]) -> Result<(), String> {
    let n = board.size();
    match check {
        Check::BoardMemory => {
            let limit = board_limit(n);
            for (i, when) in ["after construction", "after every method was called"]
                .iter()
                .enumerate()
            {
                let size = number(fields, i)?;
                if size > limit {
                    return Err(format!(
                        "Board memory n={n}: {size} bytes > 4n^2+32n+64 = {limit} ({when})"
                    ));
                }
            }
            Ok(())
        }
        Check::SolverMemory => {
            let moves = reference(board).map_or(0, |r| r.moves);
            let limit = solver_limit(n, moves);
            let size = number(fields, 0)?;
            if size > limit {
                return Err(format!(
                    "Solver memory after construction: {size} bytes > {limit} ({} boards of the solution path at 4n^2+32n+64 + 64 bytes each, + 1024)",
                    moves + 1
                ));
            }
            Ok(())
        }
        _ => Err(format!("{check:?} is not a memory check")),
    }
}

fn judge_timing(
    check: Check,
    board: &Board,
    fields: &[String],
    variant: Variant,
) -> Result<(), String> {
    // The course's Coursera Solver searches the board and its twin in
    // lockstep, so it makes about twice the reference's operations.
    let lockstep = if variant == Variant::Coursera {
        2.0
    } else {
        1.0
    };
    match check {
        Check::TimingCpu => {
            let reference = reference(board).ok_or("the timing puzzle is unsolvable")?;
            let moves = fields.first().map_or("", String::as_str);
            if moves != reference.moves.to_string() {
                return Err(format!(
                    "moves() returns wrong value; student = {moves}, reference = {}",
                    reference.moves
                ));
            }
            let cpu = count(fields, "cpuNanos")?;
            if cpu > CPU_LIMIT_NANOS {
                return Err(format!(
                    "CPU time of the constructor: {:.2} s > 5 s",
                    cpu as f64 / 1e9
                ));
            }
            Ok(())
        }
        Check::TimingQueue => {
            let reference = reference(board).ok_or("the timing puzzle is unsolvable")?;
            let inserts = count(fields, "inserts")?;
            let deletes = count(fields, "deletes")?;
            if inserts == 0 {
                return Err(
                    "no MinPQ insert() counted: does the Solver use edu.princeton.cs.algs4.MinPQ?"
                        .to_string(),
                );
            }
            within(
                "MinPQ insert() calls",
                inserts,
                reference.inserts as f64 * lockstep,
            )?;
            within(
                "MinPQ delMin() calls",
                deletes,
                reference.deletes as f64 * lockstep,
            )
        }
        Check::TimingNotCalled => {
            for name in ["hamming", "toString"] {
                let calls = count(fields, &format!("{name}Calls"))?;
                if calls > 0 {
                    return Err(format!(
                        "{name}() called {calls} times (should not be called)"
                    ));
                }
            }
            Ok(())
        }
        Check::TimingCalls => {
            let reference = reference(board).ok_or("the timing puzzle is unsolvable")?;
            // Each dequeued board builds its neighbors and compares one with
            // its grandparent: about one board and one equals() per insert
            // and per delMin.
            let boards = (reference.inserts + reference.deletes) as f64 * lockstep;
            within("Board() calls", count(fields, "constructed")?, boards)?;
            within("equals() calls", count(fields, "equalsCalls")?, boards)
        }
        Check::TimingCaching => {
            let built = count(fields, "constructed")?.max(1);
            let calls = count(fields, "manhattanCalls")?;
            let per_board = calls as f64 / built as f64;
            if per_board > MANHATTAN_PER_BOARD {
                return Err(format!(
                    "manhattan() calls per Board created: {per_board:.1} > {MANHATTAN_PER_BOARD:.0} (reference: at most 1.0; cache the priority)"
                ));
            }
            Ok(())
        }
        _ => Err(format!("{check:?} is not a timing check")),
    }
}

/// `Ok` when `got` is at most [`COUNT_FACTOR`] times `reference`.
fn within(what: &str, got: u64, reference: f64) -> Result<(), String> {
    let limit = reference * COUNT_FACTOR;
    if got as f64 > limit {
        return Err(format!(
            "{what}: {got} > {COUNT_FACTOR:.0}x the reference's {reference:.0}"
        ));
    }
    Ok(())
}
