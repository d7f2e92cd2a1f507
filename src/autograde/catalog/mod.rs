//! The course's tests as data ([`rows`]), and the plan of one autograde:
//! for an API and an edition, the sections of the report with their
//! inputs, and the JVM groups that run them.
//!
//! A *section* is one test of the course's correctness report (`Board 5a`),
//! or one test of its memory and timing reports (`Timing 2`), whose every
//! row (a puzzle, a size) counts as a test of its own, as the course counts
//! them. A *group* is one JVM's work, as the course runs its test programs:
//! the Board's tests in one, the Solver's in two (for two cores), the
//! memory and the timing tests in theirs. Several sections may read the
//! same operations (the five timing tests read one run per puzzle). Within
//! a group, a *unit* is what a trial that runs out of time takes with it: the
//! rest of its correctness test, or its row alone.

mod inputs;
mod measure;
mod op;
pub mod rows;

use std::sync::{Arc, Mutex, OnceLock};

use super::Category;
use super::model::CountsCache;
use super::protocol::{Method, Op, SolverMethod};
use crate::Board;
use crate::course::{Api, Edition};
pub use inputs::Input;
use op::op;

/// What a test asks of the student's classes, and how it is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// One Board method's value.
    Value(Method),
    /// `tileAt()` over the board (Princeton).
    Tiles,
    /// `neighbors()`, as a set of boards.
    Neighbors,
    /// The neighbors of each neighbor.
    Neighbors2,
    /// `twin()`: one swap of two tiles, the same twice.
    Twin,
    /// Two Boards alive at once.
    Two,
    /// Changing the constructor's array afterwards.
    Mutate,
    /// The same answers whatever the order of calls.
    Order,
    /// `equals()` agrees with the tiles, both ways.
    Equals,
    /// `equals()`'s laws.
    Laws,
    /// A method of the kth neighbor or twin.
    Kth {
        /// Twins rather than neighbors.
        twin: bool,
        /// The method.
        method: Method,
    },
    /// One Solver method.
    Solver(SolverMethod),
    /// The Solver's answers whatever the order of calls.
    Sequence,
    /// Two Solvers alive at once.
    TwoSolvers,
    /// `new Solver(null)` throws `IllegalArgumentException`.
    NullArgument,
    /// Princeton: the constructor throws on an unsolvable board.
    UnsolvableThrows,
    /// No key changes its order once in the `MinPQ`.
    QueueUnchanged,
    /// `equals()` is called.
    EqualsCalled,
    /// `equals()` gets only Boards.
    EqualsOnlyBoards,
    /// `equals()` gets only neighbors of neighbors.
    EqualsOnlyGrandparent,
    /// A Board's memory after construction.
    BoardMemory,
    /// A Solver's memory after construction.
    SolverMemory,
    /// The memory and sizes of the Solver's `MinPQ`s.
    QueueMemory,
    /// One of the timing tests.
    Timing(TimingTest),
}

/// The course's five timing tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimingTest {
    /// 1: CPU time, and `moves()`.
    Cpu,
    /// 2: `MinPQ` operations.
    Queue,
    /// 3: Board operations that should not be called.
    NotCalled,
    /// 4a: Board operations that should be called.
    Calls,
    /// 4b: the same, with the stricter caching limit on `manhattan()`.
    Caching,
}

/// Where a test's inputs come from (the course's lists).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inputs {
    /// Course files, by name.
    Files(&'static [&'static str]),
    /// Course files `PREFIXaa` to `PREFIXbb`.
    Range(&'static str, usize, usize),
    /// Random boards: `(n, trials)`.
    Random(&'static [(usize, usize)]),
    /// Course files, then random boards.
    FilesAndRandom(&'static [&'static str], &'static [(usize, usize)]),
    /// Goal boards of these sizes.
    Goals(&'static [usize]),
    /// Pairs of random boards of sizes `(m, n)`, so many each.
    Pairs(&'static [(usize, usize)], usize),
    /// Pairs of boards of one size from each range `(lo, hi)`, half equal.
    EqualPairs(&'static [(usize, usize)], usize),
    /// Pairs of course files.
    FilePairs(&'static [(&'static str, &'static str)]),
    /// The kth neighbor (or twin) of a course file.
    Kth(&'static [(&'static str, usize)]),
    /// Random 3x3 boards exactly k moves from the goal, k = 1 to 12, so
    /// many each.
    ExactMoves(usize),
    /// Random boards at most so many moves from the goal: `(n, trials, moves)`.
    Near(&'static [(usize, usize, usize)]),
    /// Random 2x2 boards: so many, solvable or not (`None`: either).
    Random2x2(usize, Option<bool>),
    /// Course files, then so many random 2x2 boards, solvable or not.
    FilesAnd2x2(&'static [&'static str], usize, bool),
    /// A null argument.
    Null,
    /// One random board of each size.
    Sizes(&'static [usize]),
}

/// Which APIs a row belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Apis {
    /// Both.
    Both,
    /// Coursera only.
    Coursera,
    /// Princeton only.
    Princeton,
}

/// One course test, as its report lists it.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    /// Its number in edition 52, and in 51 and 49 (empty: not there).
    pub ids: [&'static str; 2],
    /// Its title in the course's report (`SIZE` stands for the API's size
    /// method).
    pub title: &'static str,
    /// What it checks.
    pub check: Check,
    /// On what.
    pub inputs: Inputs,
    /// Which APIs have it.
    pub apis: Apis,
    /// The first edition that has it.
    pub since: Edition,
}

/// Whose Board the test runs with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Classes {
    /// The student's Board and Solver.
    Student,
    /// The student's Solver with slider's reference Board (the course's
    /// "substituting reference Board").
    Reference,
}

/// What a group's JVM is started for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JvmMode {
    /// Correctness tests.
    Correctness,
    /// Memory tests: the size agent, the course's memory model.
    Memory,
    /// Timing tests: the JVM's full compilers and a large heap.
    Timing,
}

/// One section of the report: a course test, or a measured table.
#[derive(Debug, Clone)]
pub struct Section {
    /// `Board 5a`, `Solver 2b`, `Memory 1`, `Timing 4a`.
    pub id: String,
    /// Its category.
    pub category: Category,
    /// The course's title.
    pub title: String,
    /// How it is judged.
    pub check: Check,
    /// Whose Board.
    pub classes: Classes,
    /// The group that runs it.
    pub group: usize,
    /// Its inputs' operations in the group, in order.
    pub ops: std::ops::Range<usize>,
    /// The inputs.
    pub inputs: Vec<Input>,
    /// Whether each input is a test of its own (memory and timing).
    pub per_row: bool,
    /// Operations of its group that are no row but check the rows: the
    /// fresh timing puzzles, with their boards (see `Failure::LookedUp`).
    pub controls: Vec<(usize, Board)>,
}

/// One JVM's work.
#[derive(Debug, Clone)]
pub struct Group {
    /// Whose Board.
    pub classes: Classes,
    /// How the JVM is started.
    pub mode: JvmMode,
    /// The probe's operations.
    pub ops: Vec<Op>,
    /// The units, in order: ranges of `ops` that a trial running out of
    /// time ends together.
    pub units: Vec<std::ops::Range<usize>>,
    /// Each operation's list: once an input of a list throws, the rest of
    /// the list is not run (as the course moves on to the next list after
    /// a list's first failure).
    pub lists: Vec<u32>,
}

impl Group {
    fn new(classes: Classes, mode: JvmMode) -> Group {
        Group {
            classes,
            mode,
            ops: Vec::new(),
            units: Vec::new(),
            lists: Vec::new(),
        }
    }

    /// Adds `ops` as one unit, the inputs of each list together; returns
    /// their range.
    fn unit(&mut self, ops: Vec<Op>, inputs: &[Input]) -> std::ops::Range<usize> {
        let range = self.ops.len()..self.ops.len() + ops.len();
        let mut list = self.lists.last().map_or(0, |l| l + 1);
        for (k, input) in inputs.iter().enumerate() {
            if k > 0 && input.list != inputs[k - 1].list {
                list += 1;
            }
            self.lists.push(list);
        }
        self.ops.extend(ops);
        self.units.push(range.clone());
        range
    }

    /// Adds `ops`, each its own unit; returns their range.
    fn rows(&mut self, ops: Vec<Op>) -> std::ops::Range<usize> {
        let start = self.ops.len();
        for op in ops {
            let list = self.lists.last().map_or(0, |l| l + 1);
            self.units.push(self.ops.len()..self.ops.len() + 1);
            self.ops.push(op);
            self.lists.push(list);
        }
        start..self.ops.len()
    }
}

/// The plan of one autograde.
#[derive(Debug, Clone, Default)]
pub struct Planned {
    /// The report's sections, in the course's order.
    pub sections: Vec<Section>,
    /// The JVMs to run.
    pub groups: Vec<Group>,
}

/// The plans of a batch: [`plan`] for the categories `only` names (all
/// when empty), each made once for the life of the value. A plan depends on
/// nothing but its arguments, and a batch grades every submission of an
/// API with the same one (its [`Toolkit`](crate::autograde::Toolkit) owns
/// one of these). A plan being made is waited for, not made twice.
///
/// # Example
///
/// ```
/// use slider::autograde::{Category, catalog::Plans, model::CountsCache};
/// use slider::course::{Api, Edition};
/// let (plans, counts) = (Plans::default(), CountsCache::default());
/// let first = plans.get(Api::Princeton, Edition::E52, &[Category::Memory], 1, 2, &counts);
/// let again = plans.get(Api::Princeton, Edition::E52, &[Category::Memory], 1, 2, &counts);
/// assert!(std::sync::Arc::ptr_eq(&first, &again));
/// ```
#[derive(Debug, Default)]
pub struct Plans {
    made: Mutex<Vec<(PlanKey, PlanCell)>>,
}

type PlanKey = (Api, Edition, Vec<Category>, u64, u64);
type PlanCell = Arc<OnceLock<Arc<Planned>>>;

impl Plans {
    /// The plan for `api`, `edition`, the categories `only` names (all
    /// when empty) and the seeds, made with `counts` the first time it is
    /// asked for (see [`plan`]).
    #[must_use]
    pub fn get(
        &self,
        api: Api,
        edition: Edition,
        only: &[Category],
        seed: u64,
        fresh: u64,
        counts: &CountsCache,
    ) -> Arc<Planned> {
        let mut only = only.to_vec();
        only.sort();
        only.dedup();
        let key: PlanKey = (api, edition, only, seed, fresh);
        let cell = {
            let mut made = self
                .made
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some((_, cell)) = made.iter().find(|(k, _)| *k == key) {
                cell.clone()
            } else {
                let cell = PlanCell::default();
                made.push((key.clone(), cell.clone()));
                cell
            }
        };
        cell.get_or_init(|| {
            let wanted = |c: Category| key.2.is_empty() || key.2.contains(&c);
            Arc::new(plan(api, edition, &wanted, seed, fresh, counts))
        })
        .clone()
    }
}

/// What the course's titles call the size method.
fn title(row: &Row, api: Api) -> String {
    row.title.replace("SIZE", api.size_method())
}

/// A number for each test, stable across editions and plans, that seeds
/// its random inputs.
pub(super) fn salt(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The plan for `api` and `edition`: the categories `wanted` says yes to,
/// random inputs drawn from `seed` (the same seed, the same inputs), the
/// fresh timing puzzles drawn from `fresh` and counted with `counts`.
///
/// # Example
///
/// ```
/// use slider::autograde::{Category, catalog::plan, model::CountsCache};
/// use slider::course::{Api, Edition};
/// let counts = CountsCache::default();
/// let planned = plan(Api::Coursera, Edition::E52, &|c| c != Category::Timing, 1, 2, &counts);
/// let count = |c| planned.sections.iter().filter(|s| s.category == c)
///     .map(|s| if s.per_row { s.inputs.len() } else { 1 }).sum::<usize>();
/// assert_eq!(count(Category::Correctness), 52);
/// assert_eq!(count(Category::Memory), 22);
/// assert_eq!(count(Category::Timing), 0);
/// ```
#[must_use]
pub fn plan(
    api: Api,
    edition: Edition,
    wanted: &dyn Fn(Category) -> bool,
    seed: u64,
    fresh: u64,
    counts: &CountsCache,
) -> Planned {
    let mut planned = Planned::default();
    if wanted(Category::Correctness) {
        for (side, rows, classes) in [
            ("Board", rows::BOARD, Classes::Student),
            ("Solver", rows::SOLVER, Classes::Reference),
        ] {
            let mut sections = Vec::new();
            for row in rows {
                let belongs = match row.apis {
                    Apis::Both => true,
                    Apis::Coursera => api == Api::Coursera,
                    Apis::Princeton => api == Api::Princeton,
                };
                let number = if edition == Edition::E52 {
                    row.ids[0]
                } else {
                    row.ids[1]
                };
                if !belongs || edition < row.since || number.is_empty() {
                    continue;
                }
                let id = format!("{side} {number}");
                let mut inputs = inputs::make(row.inputs, seed ^ salt(&id));
                if let Check::Kth { twin: true, .. } = row.check {
                    for input in &mut inputs {
                        input.list = input.list.replace(" neighbor of ", " twin of ");
                    }
                }
                let title = title(row, api);
                sections.push((id, title, row.check, inputs));
            }
            // The Board's tests in one JVM; the Solver's, heavier, in two of
            // about equal work (a slow Solver spends minutes on them), one per
            // core. (A trial's record does not depend on the grouping: see
            // the probe's `fresh` record.)
            let parts = if classes == Classes::Reference { 2 } else { 1 };
            let first = planned.groups.len();
            for _ in 0..parts {
                planned
                    .groups
                    .push(Group::new(classes, JvmMode::Correctness));
            }
            // The costliest test first, each to the least loaded JVM; each
            // JVM runs its tests in the course's order.
            let mut by_cost: Vec<usize> = (0..sections.len()).collect();
            by_cost.sort_by(|&a, &b| cost(&sections[b].3).total_cmp(&cost(&sections[a].3)));
            let mut load = vec![0.0_f64; parts];
            let mut part_of = vec![0; sections.len()];
            for i in by_cost {
                let least = (0..parts)
                    .min_by(|&a, &b| load[a].total_cmp(&load[b]))
                    .unwrap_or(0);
                load[least] += cost(&sections[i].3);
                part_of[i] = least;
            }
            for ((id, title, check, inputs), part) in sections.into_iter().zip(part_of) {
                let g = first + part;
                let ops = inputs
                    .iter()
                    .map(|input| op(check, input, api, seed))
                    .collect();
                let ops = planned.groups[g].unit(ops, &inputs);
                planned.sections.push(Section {
                    id,
                    category: Category::Correctness,
                    title,
                    check,
                    classes,
                    group: g,
                    ops,
                    inputs,
                    per_row: false,
                    controls: Vec::new(),
                });
            }
        }
    }
    if wanted(Category::Memory) {
        measure::memory(&mut planned, seed);
    }
    if wanted(Category::Timing) {
        measure::timing(&mut planned, fresh, counts);
    }
    planned
}

/// About how long a slow Solver takes on these inputs, in units of a 3x3
/// puzzle: the 4x4 and 5x5 ones dominate; boards a few moves from the goal
/// and 2x2 ones cost next to nothing.
fn cost(inputs: &[Input]) -> f64 {
    inputs
        .iter()
        .map(|input| match input.boards.first().map(Board::size) {
            Some(2) => 0.05,
            Some(3) if input.exact_moves.is_some() => 0.05,
            Some(3) => 1.0,
            Some(4 | 5) => 20.0,
            _ => 0.5,
        })
        .sum()
}

fn goal(n: usize) -> Board {
    Board::goal(n).unwrap_or_else(|_| unreachable!("2 to 127 are valid sizes"))
}
