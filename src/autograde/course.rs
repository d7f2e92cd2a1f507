//! The course's correctness tests (docs: the Coursera report's Board tests
//! 1a–17 and Solver tests 1–14), as data: what each test runs, on which
//! boards, and how a result is judged. Every expected value comes from
//! slider's Rust reference ([`Board`], [`Solver`], the checker), never from
//! Java.

use std::fmt::Write as _;

use rand::Rng;
use rand::seq::SliceRandom;

use super::Variant;
use crate::check::{CheckOptions, Verdict as CheckVerdict, check};
use crate::generate::{Kind, generate, seeded};
use crate::oracle::Oracle;
use crate::{Board, Direction, Solver};

/// What a test asks of the student's classes, and how it is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// `hamming()` of a fresh board.
    Hamming,
    /// `manhattan()` of a fresh board.
    Manhattan,
    /// `dimension()` (Coursera) or `size()` (Princeton).
    Size,
    /// `toString()`, byte for byte.
    ToString,
    /// `neighbors()`, as a multiset of boards.
    Neighbors,
    /// The neighbors of each neighbor.
    NeighborsOfNeighbors,
    /// `twin()`: one swap of two tiles.
    Twin,
    /// `isGoal()`.
    IsGoal,
    /// `tileAt(row, col)` over the whole board (Princeton).
    TileAt,
    /// `isSolvable()` of the Board (Princeton).
    BoardSolvable,
    /// Two boards alive at once.
    TwoBoards,
    /// Changing the constructor's array afterwards.
    Immutable,
    /// The same answers whatever the order of calls.
    CallOrder,
    /// `equals()` agrees with tile equality, both ways.
    Equals,
    /// `equals()`'s laws: reflexive, symmetric, transitive, null, other
    /// types, a Board typed as Object.
    EqualsLaws,
    /// `dimension()`/`size()` of the kth neighbor.
    NeighborSize,
    /// `hamming()` of the kth neighbor.
    NeighborHamming,
    /// `manhattan()` of the kth neighbor.
    NeighborManhattan,
    /// `hamming()` of the kth twin.
    TwinHamming,
    /// `manhattan()` of the kth twin.
    TwinManhattan,
    /// `moves()`.
    Moves,
    /// `solution()`, replayed by the checker.
    Solution,
    /// `isSolvable()` of the Solver (Coursera).
    SolverSolvable,
    /// The Solver's answers whatever the order of calls.
    SolverCallOrder,
    /// Two Solvers alive at once.
    TwoSolvers,
    /// The constructor throws `IllegalArgumentException` (null, or
    /// Princeton's unsolvable board).
    ThrowsIllegalArgument,
    /// With slider's reference Board: `equals()` is called.
    EqualsCalled,
    /// With slider's reference Board: `equals()` gets only Boards.
    EqualsOnlyBoards,
    /// With slider's reference Board: `equals()` gets only the grandparent.
    EqualsOnlyGrandparent,
    /// With slider's checking `MinPQ`: no key changes once in the queue.
    NoMutationInQueue,
    /// Memory: a Board's deep size (see [`measure`](super::measure)).
    BoardMemory,
    /// Memory: a Solver's deep size after construction.
    SolverMemory,
    /// Timing: the constructor's CPU time, and `moves()`.
    TimingCpu,
    /// Timing: `MinPQ` operations against the reference's.
    TimingQueue,
    /// Timing: `hamming()` and `toString()` never called.
    TimingNotCalled,
    /// Timing: `Board()` and `equals()` calls against the reference's.
    TimingCalls,
    /// Timing: `manhattan()` calls per Board created.
    TimingCaching,
}

impl Check {
    /// The probe operation that serves this check.
    pub fn operation(self) -> &'static str {
        match self {
            Check::Hamming => "hamming",
            Check::Manhattan => "manhattan",
            Check::Size => "size",
            Check::ToString => "toString",
            Check::Neighbors => "neighbors",
            Check::NeighborsOfNeighbors => "neighbors2",
            Check::Twin => "twin",
            Check::IsGoal => "isGoal",
            Check::TileAt => "tileAt",
            Check::BoardSolvable => "isSolvable",
            Check::TwoBoards => "two",
            Check::Immutable => "mutate",
            Check::CallOrder => "order",
            Check::Equals => "equals",
            Check::EqualsLaws => "laws",
            Check::NeighborSize
            | Check::NeighborHamming
            | Check::NeighborManhattan
            | Check::TwinHamming
            | Check::TwinManhattan => "chain",
            Check::Moves
            | Check::Solution
            | Check::SolverSolvable
            | Check::ThrowsIllegalArgument => "solve",
            Check::SolverCallOrder => "solve-order",
            Check::TwoSolvers => "solve-two",
            Check::EqualsCalled
            | Check::EqualsOnlyBoards
            | Check::EqualsOnlyGrandparent
            | Check::NoMutationInQueue => "solve-audit",
            Check::BoardMemory => "board-memory",
            Check::SolverMemory => "solver-memory",
            Check::TimingCpu
            | Check::TimingQueue
            | Check::TimingNotCalled
            | Check::TimingCalls
            | Check::TimingCaching => "timing",
        }
    }

    /// Whether the student's Solver runs against slider's reference Board.
    pub fn uses_reference_board(self) -> bool {
        matches!(self.operation(), "solve-audit" | "timing")
    }

    /// Whether it needs slider's counting `MinPQ` (so not `--algs4`).
    pub fn counts_queue(self) -> bool {
        self == Check::NoMutationInQueue || self.operation() == "timing"
    }
}

/// One input of a test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trial {
    /// The boards (none for a null argument).
    pub boards: Vec<Board>,
    /// Where they come from: a course file name or `random 4x4`.
    pub label: String,
    /// For chains: how many steps.
    pub k: usize,
}

/// One test of the course's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourseTest {
    /// `Board 5a`, `Solver 12b`.
    pub id: String,
    /// What it checks, as the report titles it.
    pub title: String,
    /// How it is judged.
    pub check: Check,
    /// The report's category it counts in.
    pub category: super::Category,
    /// Its inputs.
    pub trials: Vec<Trial>,
}

/// A course file by name.
///
/// # Panics
///
/// Never for the names this module uses (a test keeps them all valid).
pub(crate) fn course_file(name: &str) -> Board {
    let text = super::files::FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, t)| t);
    text.parse()
        .unwrap_or_else(|_| Board::goal(2).expect("2 is a valid size"))
}

/// One trial per course file (`puzzle04` names `puzzle04.txt`).
pub(crate) fn files(names: &[&str]) -> Vec<Trial> {
    names
        .iter()
        .map(|name| {
            let name = format!("{name}.txt");
            Trial {
                boards: vec![course_file(&name)],
                label: name,
                k: 0,
            }
        })
        .collect()
}

fn range(prefix: &str, from: usize, to: usize) -> Vec<String> {
    (from..=to).map(|i| format!("{prefix}{i:02}")).collect()
}

fn one(board: Board, label: String) -> Trial {
    Trial {
        boards: vec![board],
        label,
        k: 0,
    }
}

fn random_board(n: usize, kind: Kind, rng: &mut impl Rng) -> Board {
    generate(n, kind, rng, None).unwrap_or_else(|_| Board::goal(n).expect("valid size"))
}

fn randoms(sizes: &[(usize, usize)], kind: Kind, rng: &mut impl Rng) -> Vec<Trial> {
    let mut out = Vec::new();
    for &(n, count) in sizes {
        for _ in 0..count {
            out.push(one(random_board(n, kind, rng), format!("random {n}x{n}")));
        }
    }
    out
}

/// A board at most `steps` moves from the goal: a random walk that never
/// undoes its last move.
fn walk(n: usize, steps: usize, rng: &mut impl Rng) -> Board {
    let mut board = Board::goal(n).expect("valid size");
    let mut last: Option<Direction> = None;
    for _ in 0..steps {
        let mut options: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|d| Some(d.opposite()) != last && board.slide(*d).is_some())
            .collect();
        options.shuffle(rng);
        if let Some(&d) = options.first() {
            board = board.slide(d).unwrap_or(board);
            last = Some(d);
        }
    }
    board
}

fn test(id: &str, title: &str, check: Check, trials: Vec<Trial>) -> CourseTest {
    CourseTest {
        id: id.to_string(),
        title: title.to_string(),
        check,
        category: super::Category::Correctness,
        trials,
    }
}

/// The course's correctness tests for `variant`, with random inputs drawn
/// from `seed` (the same seed, the same tests).
///
/// # Example
///
/// ```
/// use slider::autograde::{Variant, course::tests};
/// let all = tests(Variant::Coursera, 1);
/// assert!(all.iter().any(|t| t.id == "Board 5a"));
/// assert!(all.iter().any(|t| t.id == "Solver 12b"));
/// assert_eq!(all, tests(Variant::Coursera, 1));
/// ```
///
/// # Panics
///
/// Never: the goal sizes it asks for are all valid.
#[must_use]
#[allow(clippy::too_many_lines)] // the course's Board tests, as a table
pub fn tests(variant: Variant, seed: u64) -> Vec<CourseTest> {
    let mut rng = seeded(seed);
    let rng = &mut rng;
    let coursera = variant == Variant::Coursera;
    let measure = [
        "puzzle04",
        "puzzle00",
        "puzzle07",
        "puzzle17",
        "puzzle27",
        "puzzle2x2-unsolvable1",
    ];
    let shown = [
        "puzzle04",
        "puzzle00",
        "puzzle06",
        "puzzle09",
        "puzzle23",
        "puzzle2x2-unsolvable1",
    ];
    let sizes = [(2, 3), (3, 3), (4, 3), (5, 3), (9, 2), (10, 2), (127, 1)];
    let small = [(2, 3), (3, 3), (4, 3), (5, 2), (9, 1), (10, 1)];
    let size_name = if coursera { "dimension()" } else { "size()" };
    let mut all = vec![
        test(
            "Board 1a",
            "hamming() with file inputs",
            Check::Hamming,
            files(&measure),
        ),
        test(
            "Board 1b",
            "hamming() with random n-by-n boards",
            Check::Hamming,
            randoms(&sizes, Kind::Uniform, rng),
        ),
        test(
            "Board 2a",
            "manhattan() with file inputs",
            Check::Manhattan,
            files(&measure),
        ),
        test(
            "Board 2b",
            "manhattan() with random n-by-n boards",
            Check::Manhattan,
            randoms(&sizes, Kind::Uniform, rng),
        ),
        test(
            "Board 3",
            &format!("{size_name} with random n-by-n boards"),
            Check::Size,
            randoms(
                &[(2, 2), (3, 2), (4, 2), (5, 2), (6, 2)],
                Kind::Uniform,
                rng,
            ),
        ),
        test(
            "Board 4a",
            "toString() with file inputs",
            Check::ToString,
            files(&shown),
        ),
        test(
            "Board 4b",
            "toString() with random n-by-n boards",
            Check::ToString,
            randoms(&sizes, Kind::Uniform, rng),
        ),
        test(
            "Board 5a",
            "neighbors() with file inputs",
            Check::Neighbors,
            files(&shown),
        ),
        test(
            "Board 5b",
            "neighbors() with random n-by-n boards",
            Check::Neighbors,
            randoms(&sizes, Kind::Uniform, rng),
        ),
        test(
            "Board 6a",
            "neighbors() of neighbors() with file inputs",
            Check::NeighborsOfNeighbors,
            files(&shown),
        ),
        test(
            "Board 6b",
            "neighbors() of neighbors() with random n-by-n boards",
            Check::NeighborsOfNeighbors,
            randoms(&small, Kind::Uniform, rng),
        ),
    ];
    if coursera {
        all.push(test(
            "Board 7a",
            "twin() with file inputs",
            Check::Twin,
            files(&shown),
        ));
        all.push(test(
            "Board 7b",
            "twin() with random n-by-n boards",
            Check::Twin,
            randoms(&small, Kind::Uniform, rng),
        ));
    } else {
        all.push(test(
            "Board 7a",
            "tileAt() with file inputs",
            Check::TileAt,
            files(&shown),
        ));
        all.push(test(
            "Board 7b",
            "tileAt() with random n-by-n boards",
            Check::TileAt,
            randoms(&small, Kind::Uniform, rng),
        ));
    }
    let goals = [
        "puzzle00",
        "puzzle04",
        "puzzle16",
        "puzzle06",
        "puzzle09",
        "puzzle23",
        "puzzle2x2-unsolvable1",
        "puzzle3x3-unsolvable1",
        "puzzle3x3-00",
        "puzzle4x4-00",
    ];
    let goal_boards = [2, 3, 4, 5, 6, 100]
        .into_iter()
        .map(|n| one(Board::goal(n).expect("valid size"), format!("goal {n}x{n}")))
        .collect();
    all.push(test(
        "Board 8a",
        "isGoal() with file inputs",
        Check::IsGoal,
        files(&goals),
    ));
    all.push(test(
        "Board 8b",
        "isGoal() on n-by-n goal boards",
        Check::IsGoal,
        goal_boards,
    ));
    let pairs = [(3, 3), (4, 4), (2, 2), (3, 4), (4, 3)]
        .into_iter()
        .map(|(a, b)| Trial {
            boards: vec![
                random_board(a, Kind::Uniform, rng),
                random_board(b, Kind::Uniform, rng),
            ],
            label: format!("{a}x{a} and {b}x{b}"),
            k: 0,
        })
        .collect();
    all.push(test(
        "Board 9",
        "two Board objects at the same time",
        Check::TwoBoards,
        pairs,
    ));
    all.push(test(
        "Board 10a",
        "equals() laws: reflexive, symmetric, transitive, null, String, Object",
        Check::EqualsLaws,
        randoms(&[(2, 2), (3, 2), (4, 2)], Kind::Uniform, rng),
    ));
    let mut equal_pairs = Vec::new();
    for n in 2..=9 {
        for same in [true, false] {
            let a = random_board(n, Kind::Uniform, rng);
            let b = if same {
                a.clone()
            } else {
                a.neighbors().next().unwrap_or_else(|| a.clone())
            };
            equal_pairs.push(Trial {
                boards: vec![a, b],
                label: format!("random {n}x{n}"),
                k: 0,
            });
        }
    }
    all.push(test(
        "Board 10b",
        "equals() with random n-by-n boards",
        Check::Equals,
        equal_pairs,
    ));
    let sizes_differ = [(4, 5), (2, 5), (5, 3), (2, 3), (3, 2)]
        .into_iter()
        .map(|(a, b)| Trial {
            boards: vec![
                Board::goal(a).expect("valid"),
                Board::goal(b).expect("valid"),
            ],
            label: format!("goal {a}x{a} and goal {b}x{b}"),
            k: 0,
        })
        .collect();
    all.push(test(
        "Board 10c",
        "equals() when board sizes differ",
        Check::Equals,
        sizes_differ,
    ));
    let mut mutate = files(&["puzzle04", "puzzle17", "puzzle27"]);
    mutate.extend(randoms(&[(2, 2), (4, 2), (10, 1)], Kind::Uniform, rng));
    all.push(test(
        "Board 11",
        "immutability: changing the argument array after construction",
        Check::Immutable,
        mutate,
    ));
    let mut order = files(&["puzzle10", "puzzle20", "puzzle30"]);
    order.extend(randoms(&[(2, 2), (3, 2), (4, 2)], Kind::Uniform, rng));
    all.push(test(
        "Board 12",
        "immutability: the same answers whatever the order of calls",
        Check::CallOrder,
        order,
    ));
    let chain = |kth: &[(&str, usize)]| -> Vec<Trial> {
        kth.iter()
            .map(|&(name, k)| Trial {
                boards: vec![course_file(&format!("{name}.txt"))],
                label: format!("{name}.txt, neighbor {k}"),
                k,
            })
            .collect()
    };
    let kth = [
        ("puzzle27", 0),
        ("puzzle27", 1),
        ("puzzle27", 2),
        ("puzzle27", 13),
        ("puzzle00", 13),
        ("puzzle2x2-unsolvable1", 13),
    ];
    all.push(test(
        "Board 13",
        &format!("{size_name} of the kth neighbor"),
        Check::NeighborSize,
        chain(&kth),
    ));
    all.push(test(
        "Board 14",
        "hamming() of the kth neighbor",
        Check::NeighborHamming,
        chain(&kth),
    ));
    all.push(test(
        "Board 15",
        "manhattan() of the kth neighbor",
        Check::NeighborManhattan,
        chain(&kth),
    ));
    if coursera {
        let twins = |t: Vec<Trial>| -> Vec<Trial> {
            t.into_iter()
                .map(|t| Trial {
                    label: t.label.replace("neighbor", "twin"),
                    ..t
                })
                .collect()
        };
        all.push(test(
            "Board 16",
            "hamming() of the kth twin",
            Check::TwinHamming,
            twins(chain(&kth)),
        ));
        all.push(test(
            "Board 17",
            "manhattan() of the kth twin",
            Check::TwinManhattan,
            twins(chain(&kth)),
        ));
    } else {
        let mut solvable = files(&[
            "puzzle04",
            "puzzle2x2-unsolvable1",
            "puzzle3x3-unsolvable1",
            "puzzle4x4-unsolvable",
            "puzzle17",
        ]);
        solvable.extend(randoms(
            &[(2, 5), (3, 5), (4, 5), (5, 3)],
            Kind::Uniform,
            rng,
        ));
        all.push(test(
            "Board 16",
            "isSolvable() with file inputs and random boards",
            Check::BoardSolvable,
            solvable,
        ));
    }
    all.extend(solver_tests(variant, rng));
    all
}

#[allow(clippy::too_many_lines)] // the course's Solver tests, as a table
fn solver_tests(variant: Variant, rng: &mut impl Rng) -> Vec<CourseTest> {
    let coursera = variant == Variant::Coursera;
    let names = |prefix: &str, from, to| range(prefix, from, to);
    let as_files = |names: Vec<String>| -> Vec<Trial> {
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        files(&refs)
    };
    let oracle = Oracle::new(3).ok();
    let mut exact = Vec::new();
    for k in 1..=12 {
        for _ in 0..10 {
            if let Ok(board) = generate(3, Kind::ExactMoves(k), rng, oracle.as_ref()) {
                exact.push(one(board, format!("random 3x3, {k} moves")));
            }
        }
    }
    let mut near = Vec::new();
    for (n, count, steps) in [(2, 20, 6), (3, 20, 20), (4, 20, 20), (5, 10, 20)] {
        for _ in 0..count {
            near.push(one(
                walk(n, steps, rng),
                format!("random {n}x{n}, at most {steps} moves"),
            ));
        }
    }
    let unsolvable = [
        "puzzle2x2-unsolvable1",
        "puzzle2x2-unsolvable2",
        "puzzle3x3-unsolvable1",
        "puzzle3x3-unsolvable2",
        "puzzle4x4-unsolvable",
    ];
    let two = [
        ("puzzle04", "puzzle04"),
        ("puzzle00", "puzzle04"),
        ("puzzle04", "puzzle00"),
    ]
    .into_iter()
    .map(|(a, b)| Trial {
        boards: vec![
            course_file(&format!("{a}.txt")),
            course_file(&format!("{b}.txt")),
        ],
        label: format!("{a}.txt and {b}.txt"),
        k: 0,
    })
    .collect();
    let mut all = vec![test(
        "Solver 1",
        "Solver does not change keys already in the MinPQ",
        Check::NoMutationInQueue,
        as_files(names("puzzle", 0, 8)),
    )];
    for (id, title, list) in [
        (
            "1",
            "puzzle00.txt through puzzle13.txt",
            as_files(names("puzzle", 0, 13)),
        ),
        (
            "2",
            "puzzle14.txt through puzzle31.txt",
            as_files(names("puzzle", 14, 31)),
        ),
        (
            "3",
            "random 3x3 boards exactly k moves from the goal",
            exact,
        ),
    ] {
        all.push(test(
            &format!("Solver {id}a"),
            &format!("moves() with {title}"),
            Check::Moves,
            list.clone(),
        ));
        all.push(test(
            &format!("Solver {id}b"),
            &format!("solution() with {title}"),
            Check::Solution,
            list,
        ));
    }
    all.push(test(
        "Solver 4",
        "two Solver objects at the same time",
        Check::TwoSolvers,
        two,
    ));
    let mut random_2x2 = randoms(&[(2, 20)], Kind::Uniform, rng);
    random_2x2.retain(|t| !t.boards[0].is_goal());
    if coursera {
        let mut listed = files(&[
            "puzzle01",
            "puzzle03",
            "puzzle04",
            "puzzle17",
            "puzzle3x3-unsolvable1",
            "puzzle3x3-unsolvable2",
            "puzzle4x4-unsolvable",
        ]);
        all.push(test(
            "Solver 5a",
            "isSolvable() with file inputs",
            Check::SolverSolvable,
            std::mem::take(&mut listed),
        ));
        all.push(test(
            "Solver 5b",
            "isSolvable() on random 2x2 boards",
            Check::SolverSolvable,
            random_2x2.clone(),
        ));
        all.push(test(
            "Solver 6",
            "moves() on unsolvable puzzles",
            Check::Moves,
            files(&unsolvable),
        ));
        all.push(test(
            "Solver 7",
            "solution() on unsolvable puzzles",
            Check::Solution,
            files(&unsolvable),
        ));
    } else {
        all.push(test(
            "Solver 6",
            "constructor throws IllegalArgumentException on unsolvable puzzles",
            Check::ThrowsIllegalArgument,
            files(&unsolvable),
        ));
    }
    let mut order = files(&[
        "puzzle3x3-00",
        "puzzle3x3-01",
        "puzzle3x3-05",
        "puzzle3x3-10",
    ]);
    order.extend(
        random_2x2
            .iter()
            .filter(|t| t.boards[0].is_solvable())
            .take(5)
            .cloned(),
    );
    all.push(test(
        "Solver 8a",
        "Solver immutable: the same answers whatever the order of calls (solvable)",
        Check::SolverCallOrder,
        order,
    ));
    if coursera {
        let mut order = files(&unsolvable);
        order.extend(
            random_2x2
                .iter()
                .filter(|t| !t.boards[0].is_solvable())
                .take(5)
                .cloned(),
        );
        all.push(test(
            "Solver 8b",
            "Solver immutable: the same answers whatever the order of calls (unsolvable)",
            Check::SolverCallOrder,
            order,
        ));
    }
    all.push(test(
        "Solver 9a",
        "equals() in Board is called",
        Check::EqualsCalled,
        files(&["puzzle04", "puzzle05", "puzzle10"]),
    ));
    all.push(test(
        "Solver 9b",
        "equals() is called only with an argument of type Board",
        Check::EqualsOnlyBoards,
        files(&["puzzle04", "puzzle05", "puzzle10"]),
    ));
    all.push(test(
        "Solver 9c",
        "equals() is called only with a neighbor of a neighbor as argument",
        Check::EqualsOnlyGrandparent,
        files(&["puzzle00", "puzzle04", "puzzle05", "puzzle10", "puzzle27"]),
    ));
    all.push(test(
        "Solver 10",
        "constructor throws IllegalArgumentException if the board is null",
        Check::ThrowsIllegalArgument,
        vec![Trial {
            boards: vec![],
            label: "null".to_string(),
            k: 0,
        }],
    ));
    for (id, title, list) in [
        (
            "11",
            "puzzle2x2-00.txt through puzzle2x2-06.txt",
            as_files(names("puzzle2x2-", 0, 6)),
        ),
        (
            "12",
            "puzzle3x3-00.txt through puzzle3x3-30.txt",
            as_files(names("puzzle3x3-", 0, 30)),
        ),
        (
            "13",
            "puzzle4x4-00.txt through puzzle4x4-30.txt",
            as_files(names("puzzle4x4-", 0, 30)),
        ),
        (
            "14",
            "random solvable boards near the goal (2x2 to 5x5)",
            near,
        ),
    ] {
        all.push(test(
            &format!("Solver {id}a"),
            &format!("moves() with {title}"),
            Check::Moves,
            list.clone(),
        ));
        all.push(test(
            &format!("Solver {id}b"),
            &format!("solution() with {title}"),
            Check::Solution,
            list,
        ));
    }
    all
}

/// A board as a plan token: `n:t0,t1,...`.
fn token(board: &Board) -> String {
    let tiles: Vec<String> = board.tiles().map(|t| t.to_string()).collect();
    format!("{}:{}", board.size(), tiles.join(","))
}

/// The probe's plan line for trial `index` of `test`.
///
/// # Example
///
/// ```
/// use slider::autograde::{Variant, course::{plan_line, tests}};
/// let all = tests(Variant::Coursera, 1);
/// let t = all.iter().find(|t| t.id == "Board 1a").unwrap();
/// assert_eq!(plan_line(t, 0), "0 hamming 3:0,1,3,4,2,5,7,8,6");
/// ```
#[must_use]
pub fn plan_line(test: &CourseTest, index: usize) -> String {
    let trial = &test.trials[index];
    let mut line = format!("{index} {}", test.check.operation());
    if trial.boards.is_empty() {
        line = format!("{index} solve-null");
    }
    for board in &trial.boards {
        line.push(' ');
        line.push_str(&token(board));
    }
    let graded = match test.check {
        Check::Moves => Some("moves"),
        Check::Solution => Some("solution"),
        Check::SolverSolvable => Some("isSolvable"),
        _ => None,
    };
    if let Some(method) = graded.filter(|_| !trial.boards.is_empty()) {
        line.push(' ');
        line.push_str(method);
    }
    if test.check.operation() == "chain" {
        let kind = if matches!(test.check, Check::TwinHamming | Check::TwinManhattan) {
            "twin"
        } else {
            "neighbor"
        };
        let _ = write!(line, " {} {kind}", trial.k);
    }
    line
}

/// What the probe reported for one trial.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// The operation returned; its fields.
    Ok(Vec<String>),
    /// The student's code threw (class, message).
    Threw(String, String),
    /// A method or constructor the operation needs is not there.
    Missing(String),
    /// The operation did not finish in time.
    Timeout,
    /// The operation used up its CPU time (a timing input: the course's 5 s
    /// per puzzle in its thread, or three times that with the garbage
    /// collectors' time added): the milliseconds in its thread, and
    /// collecting.
    CpuLimit {
        /// CPU time of the operation's thread.
        thread_ms: u64,
        /// Time the garbage collectors spent meanwhile.
        gc_ms: u64,
    },
}

/// The optimum of a board the tests use (they are all small enough for the
/// reference A*), `None` when unsolvable.
fn optimum(board: &Board) -> Option<usize> {
    Solver::new(board).ok().map(|s| s.moves())
}

fn parse_board(text: &str) -> Option<Board> {
    text.parse().ok()
}

fn short(board_text: &str) -> String {
    let flat: Vec<&str> = board_text.split_whitespace().collect();
    if flat.len() > 40 {
        format!("{} … ({} numbers)", flat[..20].join(" "), flat.len())
    } else {
        flat.join(" ")
    }
}

fn field(fields: &[String], i: usize) -> Result<&str, String> {
    fields
        .get(i)
        .map(String::as_str)
        .ok_or_else(|| "the probe's report is incomplete".to_string())
}

fn compare(what: &str, student: &str, reference: impl std::fmt::Display) -> Result<(), String> {
    let reference = reference.to_string();
    if student == reference {
        Ok(())
    } else {
        Err(format!(
            "{what} returns wrong value; student = {student}, reference = {reference}"
        ))
    }
}

fn is_twin(board: &Board, twin: &Board) -> bool {
    if board.size() != twin.size() {
        return false;
    }
    let a: Vec<u32> = board.tiles().collect();
    let b: Vec<u32> = twin.tiles().collect();
    let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    differ.len() == 2
        && a[differ[0]] == b[differ[1]]
        && a[differ[1]] == b[differ[0]]
        && a[differ[0]] != 0
        && a[differ[1]] != 0
}

/// Compares two multisets of board texts: `None` when equal, else the
/// counts and first examples of what is missing and extra.
fn same_boards(what: &str, student: &[&str], reference: &[String]) -> Result<(), String> {
    let mut missing: Vec<&String> = Vec::new();
    let mut extra: Vec<&str> = student.to_vec();
    for r in reference {
        match extra.iter().position(|s| s == r) {
            Some(i) => {
                extra.swap_remove(i);
            }
            None => missing.push(r),
        }
    }
    if missing.is_empty() && extra.is_empty() {
        return Ok(());
    }
    let mut parts = Vec::new();
    if let Some(first) = missing.first() {
        parts.push(format!(
            "{} missing, first: {}",
            missing.len(),
            short(first)
        ));
    }
    if let Some(first) = extra.first() {
        parts.push(format!("{} wrong, first: {}", extra.len(), short(first)));
    }
    Err(format!("{what}: {}", parts.join("; ")))
}

/// Judges one trial's record: `Ok` when it passes, else what is wrong, as
/// the course's report words it.
///
/// # Errors
///
/// The failure's description.
///
/// # Example
///
/// ```
/// use slider::autograde::{Variant, course::{Record, judge, tests}};
/// let all = tests(Variant::Coursera, 1);
/// let t = all.iter().find(|t| t.id == "Board 1a").unwrap();
/// assert!(judge(t, 0, &Record::Ok(vec!["5".into()]), Variant::Coursera).is_err());
/// let right = t.trials[0].boards[0].hamming().to_string();
/// assert!(judge(t, 0, &Record::Ok(vec![right]), Variant::Coursera).is_ok());
/// ```
#[allow(clippy::too_many_lines)] // one short arm per course check
pub fn judge(
    test: &CourseTest,
    index: usize,
    record: &Record,
    variant: Variant,
) -> Result<(), String> {
    let trial = &test.trials[index];
    let fields = match record {
        Record::Ok(fields) => fields,
        Record::Timeout => return Err("did not finish in time (an infinite loop?)".to_string()),
        Record::CpuLimit { thread_ms, gc_ms } => {
            return Err(format!(
                "ended after {:.1} s of CPU time in its thread and {:.1} s of garbage collection \
                 (the limit: {:.0} s per puzzle in its thread, {:.0} s with collection)",
                *thread_ms as f64 / 1e3,
                *gc_ms as f64 / 1e3,
                crate::autograde::measure::CPU_LIMIT_NANOS as f64 / 1e9,
                3.0 * crate::autograde::measure::CPU_LIMIT_NANOS as f64 / 1e9
            ));
        }
        Record::Missing(what) => return Err(format!("{what} is missing")),
        Record::Threw(class, message) => {
            if test.check == Check::ThrowsIllegalArgument {
                if class == "java.lang.IllegalArgumentException" {
                    return Ok(());
                }
                return Err(format!(
                    "throws {class} instead of java.lang.IllegalArgumentException"
                ));
            }
            let unsolvable_princeton = variant == Variant::Princeton
                && trial.boards.first().is_some_and(|b| !b.is_solvable());
            if unsolvable_princeton && class == "java.lang.IllegalArgumentException" {
                return Ok(());
            }
            if message == "null" || message.is_empty() {
                return Err(format!("throws {class}"));
            }
            return Err(format!("throws {class}: {message}"));
        }
    };
    let board = trial.boards.first();
    let Some(board) = board else {
        return Err(
            "the constructor returned instead of throwing java.lang.IllegalArgumentException"
                .to_string(),
        );
    };
    let f0 = || field(fields, 0);
    match test.check {
        Check::Hamming => compare("hamming()", f0()?, board.hamming()),
        Check::Manhattan => compare("manhattan()", f0()?, board.manhattan()),
        Check::Size => compare(size_name(variant), f0()?, board.size()),
        Check::IsGoal => compare("isGoal()", f0()?, board.is_goal()),
        Check::BoardSolvable | Check::SolverSolvable => {
            compare("isSolvable()", f0()?, board.is_solvable())
        }
        Check::TileAt => {
            let tiles: Vec<String> = board.tiles().map(|t| t.to_string()).collect();
            compare("tileAt()", f0()?, tiles.join(" "))
        }
        Check::ToString => {
            let reference = board.to_string();
            let student = f0()?;
            if student == reference {
                return Ok(());
            }
            let line = student
                .lines()
                .zip(reference.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| student.lines().count().min(reference.lines().count()));
            let s = student
                .split_inclusive('\n')
                .nth(line)
                .unwrap_or("(nothing)");
            let r = reference
                .split_inclusive('\n')
                .nth(line)
                .unwrap_or("(nothing)");
            Err(format!(
                "toString() returns wrong value; first difference on line {}: student = {:?}, reference = {:?}",
                line + 1,
                s,
                r
            ))
        }
        Check::Neighbors => {
            let student: Vec<&str> = fields.iter().map(String::as_str).collect();
            let reference: Vec<String> = board.neighbors().map(|b| b.to_string()).collect();
            same_boards("neighbors()", &student, &reference)
        }
        Check::NeighborsOfNeighbors => {
            let reference: Vec<String> = board.neighbors().map(|b| b.to_string()).collect();
            let groups: Vec<&[String]> = fields
                .split(|f| f == "|")
                .filter(|g| !g.is_empty())
                .collect();
            let firsts: Vec<&str> = groups.iter().map(|g| g[0].as_str()).collect();
            same_boards("neighbors()", &firsts, &reference)?;
            for group in groups {
                let Some(neighbor) = parse_board(&group[0]) else {
                    continue;
                };
                let expected: Vec<String> = neighbor.neighbors().map(|b| b.to_string()).collect();
                let got: Vec<&str> = group[1..].iter().map(String::as_str).collect();
                same_boards("neighbors of neighbors", &got, &expected)?;
            }
            Ok(())
        }
        Check::Twin => {
            let Some(twin) = parse_board(f0()?) else {
                return Err(format!(
                    "twin() returns a board whose toString() cannot be read: {}",
                    short(f0()?)
                ));
            };
            if is_twin(board, &twin) {
                Ok(())
            } else {
                Err(format!(
                    "twin() does not return a twin; student = {}",
                    short(f0()?)
                ))
            }
        }
        Check::TwoBoards => {
            for (k, b) in trial.boards.iter().enumerate() {
                let at = 4 * k;
                compare("toString()", field(fields, at)?, b)?;
                compare("hamming()", field(fields, at + 1)?, b.hamming())?;
                compare("manhattan()", field(fields, at + 2)?, b.manhattan())?;
                compare(size_name(variant), field(fields, at + 3)?, b.size())?;
            }
            Ok(())
        }
        Check::Immutable => {
            compare("toString() after the argument array changed", f0()?, board).map_err(|_| {
                "the board changed when the array passed to the constructor was changed afterwards".to_string()
            })?;
            compare("hamming()", field(fields, 1)?, board.hamming())?;
            compare("manhattan()", field(fields, 2)?, board.manhattan())
        }
        Check::CallOrder => call_order(board, fields, variant),
        Check::Equals => {
            let expected = trial.boards[0] == trial.boards[1];
            compare("a.equals(b)", f0()?, expected)?;
            compare("b.equals(a)", field(fields, 1)?, expected)
        }
        Check::EqualsLaws => {
            for (law, want) in [
                ("reflexive", true),
                ("symmetric", true),
                ("transitive", true),
                ("null", false),
                ("string", false),
                ("object", true),
            ] {
                let got = fields
                    .iter()
                    .find_map(|f| f.strip_prefix(&format!("{law}=")))
                    .unwrap_or("?");
                if got != want.to_string() {
                    return Err(match law {
                        "null" => "equals(null) does not return false".to_string(),
                        "string" => "equals() with an argument of type String does not return false".to_string(),
                        "object" => "equals() fails when the equal Board is stored in a variable of type Object (is equals(Object) overridden?)".to_string(),
                        _ => format!("equals() is not {law}"),
                    });
                }
            }
            Ok(())
        }
        Check::NeighborSize
        | Check::NeighborHamming
        | Check::NeighborManhattan
        | Check::TwinHamming
        | Check::TwinManhattan => {
            let what = if matches!(test.check, Check::TwinHamming | Check::TwinManhattan) {
                "twin"
            } else {
                "neighbor"
            };
            let Some(kth) = parse_board(f0()?) else {
                return Err(format!(
                    "the {what}'s toString() cannot be read: {}",
                    short(f0()?)
                ));
            };
            if kth.size() != board.size() {
                return Err(format!(
                    "the kth {what} is {}x{}, not {}x{}",
                    kth.size(),
                    kth.size(),
                    board.size(),
                    board.size()
                ));
            }
            match test.check {
                Check::NeighborSize => compare(size_name(variant), field(fields, 1)?, kth.size()),
                Check::NeighborHamming | Check::TwinHamming => {
                    compare("hamming()", field(fields, 2)?, kth.hamming())
                }
                _ => compare("manhattan()", field(fields, 3)?, kth.manhattan()),
            }
        }
        Check::Moves => {
            let expected = optimum(board).map_or(-1, |m| m as i64);
            compare("moves()", field(fields, 1)?, expected)
        }
        Check::Solution => solution(board, &fields[1.min(fields.len())..]),
        Check::SolverCallOrder | Check::TwoSolvers => {
            let halves: Vec<&[String]> = fields.split(|f| f == "|").collect();
            let boards = if test.check == Check::TwoSolvers {
                trial.boards.clone()
            } else {
                vec![board.clone(); 2]
            };
            if halves.len() != 2 {
                return Err("the probe's report is incomplete".to_string());
            }
            for (b, half) in boards.iter().zip(&halves) {
                if variant == Variant::Coursera {
                    compare("isSolvable()", field(half, 0)?, b.is_solvable())?;
                }
                compare(
                    "moves()",
                    field(half, 1)?,
                    optimum(b).map_or(-1, |m| m as i64),
                )?;
                solution(b, &half[1.min(half.len())..])?;
            }
            if test.check == Check::SolverCallOrder && halves[0] != halves[1] {
                return Err("solution() returns a different path on a second call".to_string());
            }
            Ok(())
        }
        Check::ThrowsIllegalArgument => Err(
            "the constructor returned instead of throwing java.lang.IllegalArgumentException"
                .to_string(),
        ),
        Check::EqualsCalled
        | Check::EqualsOnlyBoards
        | Check::EqualsOnlyGrandparent
        | Check::NoMutationInQueue => {
            let count = |name: &str| {
                fields
                    .iter()
                    .find_map(|f| f.strip_prefix(&format!("{name}=")))
                    .unwrap_or("?")
                    .to_string()
            };
            match test.check {
                Check::EqualsCalled if count("equals") == "0" => Err(
                    "equals() in Board is never called (critical optimization missing?)"
                        .to_string(),
                ),
                Check::EqualsOnlyBoards if count("notBoard") != "0" => Err(format!(
                    "equals() called {} times with an argument that is not a Board",
                    count("notBoard")
                )),
                Check::EqualsOnlyGrandparent if count("notGrandparent") != "0" => Err(format!(
                    "equals() called {} times (of {}) with an argument that is not a neighbor of a neighbor (compare only with the grandparent)",
                    count("notGrandparent"),
                    count("equals")
                )),
                Check::NoMutationInQueue if count("audit") != "null" => {
                    Err(format!("MinPQ: {}", count("audit")))
                }
                _ => compare("moves()", f0()?, optimum(board).map_or(-1, |m| m as i64)),
            }
        }
        Check::BoardMemory
        | Check::SolverMemory
        | Check::TimingCpu
        | Check::TimingQueue
        | Check::TimingNotCalled
        | Check::TimingCalls
        | Check::TimingCaching => super::measure::judge(test, index, fields, variant),
    }
}

fn size_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Coursera => "dimension()",
        Variant::Princeton => "size()",
    }
}

/// Board 12: the same twin every time, and right values whatever the order.
fn call_order(board: &Board, fields: &[String], variant: Variant) -> Result<(), String> {
    let coursera = variant == Variant::Coursera;
    // round 0: [twin] m h s goal [twin]; round 1: [twin] m h s goal
    let per_round = if coursera { 5 } else { 4 };
    let mut at = 0;
    let mut twins = Vec::new();
    for round in 0..2 {
        if coursera {
            twins.push(field(fields, at)?);
            at += 1;
        }
        compare("manhattan()", field(fields, at)?, board.manhattan())?;
        compare("hamming()", field(fields, at + 1)?, board.hamming())?;
        compare("toString()", field(fields, at + 2)?, board)?;
        compare("isGoal()", field(fields, at + 3)?, board.is_goal())?;
        at += per_round - usize::from(coursera);
        if coursera && round == 0 {
            twins.push(field(fields, at)?);
            at += 1;
        }
    }
    if twins.windows(2).any(|w| w[0] != w[1]) {
        return Err("twin() returns a different board on different calls".to_string());
    }
    Ok(())
}

/// Judges `[moves or "-" when not called, count|null, boards...]` by
/// replaying it through the checker: any optimal path passes.
fn solution(board: &Board, fields: &[String]) -> Result<(), String> {
    let moves = field(fields, 0)?;
    let count = field(fields, 1)?;
    let expected = optimum(board);
    if count == "null" {
        return match expected {
            None => Ok(()),
            Some(m) => Err(format!(
                "solution() returns null for a puzzle solvable in {m} moves"
            )),
        };
    }
    let Some(optimum) = expected else {
        return Err("solution() is not null for an unsolvable puzzle".to_string());
    };
    let boards = &fields[2.min(fields.len())..];
    let mut answer = format!(
        "Minimum number of moves = {}\n",
        boards.len().saturating_sub(1)
    );
    for b in boards {
        answer.push_str(b);
        answer.push('\n');
    }
    let options = CheckOptions {
        optimum: Some(Some(optimum as u64)),
        ..CheckOptions::default()
    };
    let report = check(board, answer.as_bytes(), &options, None);
    if report.verdict != CheckVerdict::Accepted {
        let why = report
            .findings
            .first()
            .map_or_else(|| "rejected".to_string(), |f| f.kind.to_string());
        let moves = if moves == "-" {
            String::new()
        } else {
            format!(", moves() = {moves}")
        };
        return Err(format!(
            "solution() is wrong: {why} (a path of {} boards{moves})",
            boards.len()
        ));
    }
    Ok(())
}
