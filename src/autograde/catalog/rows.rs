//! The course's tests, one row each, as its reports list them: the id in
//! each edition, the title, what is checked, on which inputs. Adding a
//! course test is adding a row here (and, when its check is new, a judge
//! arm and a probe operation).

use super::{Apis, Check, Inputs, Row};
use crate::autograde::protocol::{Method, SolverMethod};
use crate::course::Edition;

const MEASURED: &[&str] = &[
    "puzzle04",
    "puzzle00",
    "puzzle07",
    "puzzle17",
    "puzzle27",
    "puzzle2x2-unsolvable1",
];
const SHOWN: &[&str] = &[
    "puzzle04",
    "puzzle00",
    "puzzle06",
    "puzzle09",
    "puzzle23",
    "puzzle2x2-unsolvable1",
];
/// Sizes 2, 3, 4, 5, 9, 10 (1,000 trials each) and 127 (10), as the course.
const RANDOM: &[(usize, usize)] = &[
    (2, 1000),
    (3, 1000),
    (4, 1000),
    (5, 1000),
    (9, 1000),
    (10, 1000),
    (127, 10),
];
/// The same sizes without 127, fewer trials (each trial is many calls).
const SMALL: &[(usize, usize)] = &[(2, 100), (3, 100), (4, 100), (5, 100), (9, 100), (10, 100)];
const GOALS: &[&str] = &[
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
const KTH: &[(&str, usize)] = &[
    ("puzzle27", 0),
    ("puzzle27", 1),
    ("puzzle27", 2),
    ("puzzle27", 13),
    ("puzzle00", 13),
    ("puzzle2x2-unsolvable1", 13),
];
const UNSOLVABLE: &[&str] = &[
    "puzzle2x2-unsolvable1",
    "puzzle2x2-unsolvable2",
    "puzzle3x3-unsolvable1",
    "puzzle3x3-unsolvable2",
    "puzzle4x4-unsolvable",
];
const NEAR: &[(usize, usize, usize)] = &[(2, 100, 6), (3, 200, 20), (4, 200, 20), (5, 200, 20)];

const fn row(ids: [&'static str; 2], title: &'static str, check: Check, inputs: Inputs) -> Row {
    Row {
        ids,
        title,
        check,
        inputs,
        apis: Apis::Both,
        since: Edition::E49,
    }
}

const fn only(apis: Apis, row: Row) -> Row {
    Row { apis, ..row }
}

const fn since(edition: Edition, row: Row) -> Row {
    Row {
        since: edition,
        ..row
    }
}

/// The Board's correctness tests (the course's 26; 24 in edition 49).
#[rustfmt::skip]
pub const BOARD: &[Row] = &[
    row(["1a"; 2], "check hamming() with file inputs", Check::Value(Method::Hamming), Inputs::Files(MEASURED)),
    row(["1b"; 2], "check hamming() with random n-by-n boards", Check::Value(Method::Hamming), Inputs::Random(RANDOM)),
    row(["2a"; 2], "check manhattan() with file inputs", Check::Value(Method::Manhattan), Inputs::Files(MEASURED)),
    row(["2b"; 2], "check manhattan() with random n-by-n boards", Check::Value(Method::Manhattan), Inputs::Random(RANDOM)),
    row(["3"; 2], "check SIZE() with random n-by-n boards", Check::Value(Method::Size), Inputs::Random(&[(2, 100), (3, 100), (4, 100), (5, 100), (6, 100)])),
    row(["4a"; 2], "check toString() with file inputs", Check::Value(Method::ToString), Inputs::Files(SHOWN)),
    row(["4b"; 2], "check toString() with random n-by-n boards", Check::Value(Method::ToString), Inputs::Random(RANDOM)),
    row(["5a"; 2], "check neighbors() with file inputs", Check::Neighbors, Inputs::Files(SHOWN)),
    row(["5b"; 2], "check neighbors() with random n-by-n boards", Check::Neighbors, Inputs::Random(RANDOM)),
    row(["6a"; 2], "check neighbors() of neighbors() with file inputs", Check::Neighbors2, Inputs::Files(SHOWN)),
    row(["6b"; 2], "check neighbors() of neighbors() with random n-by-n boards", Check::Neighbors2, Inputs::Random(SMALL)),
    only(Apis::Coursera, row(["7a"; 2], "check twin() with file inputs", Check::Twin, Inputs::Files(SHOWN))),
    only(Apis::Coursera, row(["7b"; 2], "check twin() with random n-by-n boards", Check::Twin, Inputs::Random(SMALL))),
    only(Apis::Princeton, row(["7a"; 2], "check tileAt() with file inputs", Check::Tiles, Inputs::Files(SHOWN))),
    only(Apis::Princeton, row(["7b"; 2], "check tileAt() with random n-by-n boards", Check::Tiles, Inputs::Random(SMALL))),
    row(["8a"; 2], "check isGoal() with file inputs", Check::Value(Method::IsGoal), Inputs::Files(GOALS)),
    row(["8b"; 2], "check isGoal() on n-by-n goal boards", Check::Value(Method::IsGoal), Inputs::Goals(&[2, 3, 4, 5, 6, 100])),
    row(["9"; 2], "check that two Board objects can be created at the same time", Check::Two, Inputs::Pairs(&[(3, 3), (4, 4), (2, 2), (3, 4), (4, 3)], 10)),
    row(["10a"; 2], "check equals()", Check::Laws, Inputs::Random(&[(2, 10), (3, 10), (4, 10)])),
    row(["10b"; 2], "check correctness of equals() on random n-by-n boards", Check::Equals, Inputs::EqualPairs(&[(2, 2), (3, 3), (4, 4), (5, 9)], 100)),
    row(["10c"; 2], "check equals() when board sizes m and n are different", Check::Equals, Inputs::Pairs(&[(4, 5), (2, 5), (5, 3), (2, 3), (3, 2)], 1)),
    row(["11"; 2], "check that Board is immutable by changing argument array after construction and making sure Board does not mutate", Check::Mutate, Inputs::FilesAndRandom(&["puzzle04", "puzzle17", "puzzle27"], &[(2, 10), (4, 10), (10, 10)])),
    row(["12"; 2], "check that Board is immutable by testing whether methods return the same value, regardless of order in which called", Check::Order, Inputs::FilesAndRandom(&["puzzle10", "puzzle20", "puzzle30"], &[(2, 10), (3, 10), (4, 10)])),
    row(["13"; 2], "check SIZE() on a board that is kth neighbor of a board", Check::Kth { twin: false, method: Method::Size, }, Inputs::Kth(KTH)),
    row(["14"; 2], "check hamming() on a board that is kth neighbor of a board", Check::Kth { twin: false, method: Method::Hamming, }, Inputs::Kth(KTH)),
    row(["15"; 2], "check manhattan() on a board that is a kth neighbor of a board", Check::Kth { twin: false, method: Method::Manhattan, }, Inputs::Kth(KTH)),
    since(Edition::E51, only(Apis::Coursera, row(["16"; 2], "check hamming() on a board that is a kth twin of a board", Check::Kth { twin: true, method: Method::Hamming, }, Inputs::Kth(KTH)))),
    since(Edition::E51, only(Apis::Coursera, row(["17"; 2], "check manhattan() on a board that is a kth twin of a board", Check::Kth { twin: true, method: Method::Manhattan, }, Inputs::Kth(KTH)))),
    only(Apis::Princeton, row(["16"; 2], "check isSolvable() with file inputs and random boards", Check::Value(Method::IsSolvable), Inputs::FilesAndRandom(&["puzzle04", "puzzle2x2-unsolvable1", "puzzle3x3-unsolvable1", "puzzle4x4-unsolvable", "puzzle17"], &[(2, 100), (3, 100), (4, 100), (5, 100)]))),
];

/// The Solver's correctness tests (the course's 26 in edition 52, 25 in
/// earlier ones): ids in edition 52, then in 51 and 49.
#[rustfmt::skip]
pub const SOLVER: &[Row] = &[
    since(Edition::E52, row(["1", ""], "check that Solver doesn't mutate objects added to MinPQ after they've been added", Check::QueueUnchanged, Inputs::Range("puzzle", 0, 8))),
    row(["2a", "1a"], "check moves() with file inputs", Check::Solver(SolverMethod::Moves), Inputs::Range("puzzle", 0, 13)),
    row(["2b", "1b"], "check solution() with file inputs", Check::Solver(SolverMethod::Solution), Inputs::Range("puzzle", 0, 13)),
    row(["3a", "2a"], "check moves() with more file inputs", Check::Solver(SolverMethod::Moves), Inputs::Range("puzzle", 14, 31)),
    row(["3b", "2b"], "check solution() with more file inputs", Check::Solver(SolverMethod::Solution), Inputs::Range("puzzle", 14, 31)),
    row(["4a", "3a"], "check moves() with random solvable n-by-n boards", Check::Solver(SolverMethod::Moves), Inputs::ExactMoves(1000)),
    row(["4b", "3b"], "check solution() with random solvable n-by-n boards", Check::Solver(SolverMethod::Solution), Inputs::ExactMoves(1000)),
    row(["5", "4"], "create two Solver objects at the same time", Check::TwoSolvers, Inputs::FilePairs(&[("puzzle04", "puzzle04"), ("puzzle00", "puzzle04"), ("puzzle04", "puzzle00")])),
    only(Apis::Coursera, row(["6a", "5a"], "call isSolvable() with file inputs", Check::Solver(SolverMethod::IsSolvable), Inputs::Files(&["puzzle01", "puzzle03", "puzzle04", "puzzle17", "puzzle3x3-unsolvable1", "puzzle3x3-unsolvable2", "puzzle4x4-unsolvable"]))),
    only(Apis::Coursera, row(["6b", "5b"], "call isSolvable() on random n-by-n boards", Check::Solver(SolverMethod::IsSolvable), Inputs::Random2x2(100, Some(true)))),
    only(Apis::Coursera, row(["7", "6"], "check moves() on unsolvable puzzles", Check::Solver(SolverMethod::Moves), Inputs::Files(UNSOLVABLE))),
    only(Apis::Coursera, row(["8", "7"], "check solution() on unsolvable puzzles", Check::Solver(SolverMethod::Solution), Inputs::Files(UNSOLVABLE))),
    only(Apis::Princeton, row(["7", "6"], "check that the constructor throws an IllegalArgumentException on unsolvable puzzles", Check::UnsolvableThrows, Inputs::Files(UNSOLVABLE))),
    row(["9a", "8a"], "check that Solver is immutable by testing whether methods return the same value, regardless of order in which called", Check::Sequence, Inputs::FilesAnd2x2(&["puzzle3x3-00", "puzzle3x3-01", "puzzle3x3-05", "puzzle3x3-10"], 10, true)),
    only(Apis::Coursera, row(["9b", "8b"], "check that Solver is immutable by testing whether methods return the same value, regardless of order in which called", Check::Sequence, Inputs::FilesAnd2x2(&["puzzle3x3-unsolvable1", "puzzle3x3-unsolvable2", "puzzle4x4-unsolvable"], 10, false))),
    row(["10a", "9a"], "check that equals() method in Board is called", Check::EqualsCalled, Inputs::Files(&["puzzle04", "puzzle05", "puzzle10"])),
    row(["10b", "9b"], "check that equals() method in Board is called only with an argument of type Board", Check::EqualsOnlyBoards, Inputs::Files(&["puzzle00", "puzzle04", "puzzle05", "puzzle10"])),
    row(["10c", "9c"], "check that equals() method in Board is called only with a neighbor of a neighbor as an argument", Check::EqualsOnlyGrandparent, Inputs::Files(&["puzzle00", "puzzle04", "puzzle05", "puzzle10", "puzzle27"])),
    row(["11", "10"], "check that constructor throws exception if board is null", Check::NullArgument, Inputs::Null),
    row(["12a", "11a"], "check moves() with 2-by-2 file inputs", Check::Solver(SolverMethod::Moves), Inputs::Range("puzzle2x2-", 0, 6)),
    row(["12b", "11b"], "check solution() with 2-by-2 file inputs", Check::Solver(SolverMethod::Solution), Inputs::Range("puzzle2x2-", 0, 6)),
    row(["13a", "12a"], "check moves() with 3-by-3 file inputs", Check::Solver(SolverMethod::Moves), Inputs::Range("puzzle3x3-", 0, 30)),
    row(["13b", "12b"], "check solution() with 3-by-3 file inputs", Check::Solver(SolverMethod::Solution), Inputs::Range("puzzle3x3-", 0, 30)),
    row(["14a", "13a"], "check moves() with 4-by-4 file inputs", Check::Solver(SolverMethod::Moves), Inputs::Range("puzzle4x4-", 0, 30)),
    row(["14b", "13b"], "check solution() with 4-by-4 file inputs", Check::Solver(SolverMethod::Solution), Inputs::Range("puzzle4x4-", 0, 30)),
    row(["15a", "14a"], "check moves() with random solvable n-by-n boards", Check::Solver(SolverMethod::Moves), Inputs::Near(NEAR)),
    row(["15b", "14b"], "check solution() with random solvable n-by-n boards", Check::Solver(SolverMethod::Solution), Inputs::Near(NEAR)),
];
