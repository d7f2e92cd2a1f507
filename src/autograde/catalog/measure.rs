//! The course's memory and timing tests: one JVM each, every row (a size,
//! a puzzle) a test of its own.

use super::{
    Category, Check, Classes, Group, Inputs, JvmMode, Planned, Section, TimingTest, inputs, salt,
};
use crate::autograde::model::CountsCache;
use crate::autograde::protocol::Op;
use crate::course::{MEMORY_PUZZLES, MEMORY_SIZES, TIMING_PUZZLES};

/// The memory tests: 10 Board sizes, then the Solver and its `MinPQ`s on
/// 6 puzzles (one run each serves both).
pub(super) fn memory(planned: &mut Planned, seed: u64) {
    let boards = inputs::make(Inputs::Sizes(&MEMORY_SIZES), seed ^ salt("Memory 1"));
    let mut group = Group::new(Classes::Student, JvmMode::Memory);
    let ops = group.rows(
        boards
            .iter()
            .map(|i| Op::BoardMemory(i.boards[0].clone()))
            .collect(),
    );
    planned.groups.push(group);
    planned.sections.push(Section {
        id: "Memory 1".to_string(),
        category: Category::Memory,
        title: "memory usage of an n-by-n board [ must be at most 4n^2 + 32n + 64 bytes ]"
            .to_string(),
        check: Check::BoardMemory,
        classes: Classes::Student,
        group: planned.groups.len() - 1,
        ops,
        inputs: boards,
        per_row: true,
        controls: Vec::new(),
    });
    let puzzles = inputs::make(Inputs::Files(&MEMORY_PUZZLES), 0);
    let mut group = Group::new(Classes::Reference, JvmMode::Memory);
    let ops = group.rows(
        puzzles
            .iter()
            .map(|i| Op::SolverMemory(i.boards[0].clone()))
            .collect(),
    );
    planned.groups.push(group);
    let group = planned.groups.len() - 1;
    for (id, title, check) in [
        ("Memory 2", "measure memory of Solver", Check::SolverMemory),
        ("Memory 3", "measure memory of MinPQ", Check::QueueMemory),
    ] {
        planned.sections.push(Section {
            id: id.to_string(),
            category: Category::Memory,
            title: title.to_string(),
            check,
            classes: Classes::Reference,
            group,
            ops: ops.clone(),
            inputs: puzzles.clone(),
            per_row: true,
            controls: Vec::new(),
        });
    }
}

/// The timing tests: one run per puzzle serves all five. After the
/// course's 25 puzzles, the same JVM times the Solver on fresh puzzles
/// drawn from `fresh` (a seed drawn anew each run): the course's puzzles are
/// public, and what a Solver does on them is checked against what it does
/// on puzzles no table can hold (`Failure::LookedUp`).
pub(super) fn timing(planned: &mut Planned, fresh: u64, counts: &CountsCache) {
    let puzzles = inputs::make(Inputs::Files(&TIMING_PUZZLES), 0);
    let mut group = Group::new(Classes::Reference, JvmMode::Timing);
    let ops = group.rows(
        puzzles
            .iter()
            .map(|i| Op::Timing(i.boards[0].clone()))
            .collect(),
    );
    let boards = fresh_puzzles(fresh, counts);
    let checks = group.rows(boards.iter().cloned().map(Op::Timing).collect());
    let controls: Vec<(usize, crate::Board)> = checks.zip(boards).collect();
    planned.groups.push(group);
    let group = planned.groups.len() - 1;
    for (id, title, test) in [
        (
            "Timing 1",
            "measure CPU time and check correctness",
            TimingTest::Cpu,
        ),
        ("Timing 2", "count MinPQ operations", TimingTest::Queue),
        (
            "Timing 3",
            "count Board operations (that should not get called)",
            TimingTest::NotCalled,
        ),
        (
            "Timing 4a",
            "count Board operations (that should get called)",
            TimingTest::Calls,
        ),
        (
            "Timing 4b",
            "count Board operations (that should get called), rejecting if doesn't adhere to stricter caching limits",
            TimingTest::Caching,
        ),
    ] {
        planned.sections.push(Section {
            id: id.to_string(),
            category: Category::Timing,
            title: title.to_string(),
            check: Check::Timing(test),
            classes: Classes::Reference,
            group,
            ops: ops.clone(),
            inputs: puzzles.clone(),
            per_row: true,
            controls: controls.clone(),
        });
    }
}

/// The fresh puzzles' sizes and the range of the course's reference's
/// insertions each is drawn in: a 3x3 as hard as the course's easier 3x3
/// ones, two 4x4 easier than any of its 4x4 ones. Small enough for any
/// Solver that passes a few timing rows to finish them (a trial that runs
/// out of time checks nothing), and little of the slowest Solvers' time.
const FRESH: [(usize, std::ops::RangeInclusive<u64>); 3] = [
    (3, 2_000..=10_000),
    (4, 5_000..=20_000),
    (4, 5_000..=20_000),
];

/// Draws the [`FRESH`] puzzles from `seed`, counted with `counts`.
fn fresh_puzzles(seed: u64, counts: &CountsCache) -> Vec<crate::Board> {
    use crate::generate::{Scramble, generate, seeded};
    use rand::RngExt;
    let mut rng = seeded(seed);
    FRESH
        .iter()
        .filter_map(|(n, inserts)| {
            // a few hundred draws at most; each is a millisecond or so
            (0..400).find_map(|_| {
                let kind = if *n == 3 {
                    Scramble::Solvable
                } else {
                    Scramble::ExactMoves(rng.random_range(26..=33))
                };
                let board = generate(*n, kind, &mut rng, None).ok()?;
                let inserted = counts.reference(&board)?.inserts;
                inserts.contains(&inserted).then_some(board)
            })
        })
        .collect()
}
