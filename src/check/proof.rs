//! Proving the optimum of a puzzle, or saying that it could not be proved.

use std::fmt;

use crate::Board;
use crate::oracle::Oracle;
use crate::search::Goal;
use crate::search::idastar::search;
use crate::search::linear_conflict;
use crate::search::pdb::PatternDatabase;
use crate::search::{Heuristic, SearchConfig, SearchError, SearchLimits, Solution};

/// Prebuilt tables a proof may use: the exhaustive oracle (n ≤ 3) and
/// pattern databases (4x4, course goal). Missing ones are built (the
/// oracle) or done without (the databases: linear conflict instead).
#[derive(Clone, Copy, Default)]
pub struct Provers<'a> {
    /// The exhaustive table for the board's size.
    pub oracle: Option<&'a Oracle>,
    /// Pattern databases for the course goal.
    pub pdb: Option<&'a PatternDatabase>,
    /// Pattern databases fetched only when a proof needs a search (so that
    /// answers proved by a table or a bound never load them).
    pub pdb_on_demand: Option<&'a dyn Fn() -> Option<&'a PatternDatabase>>,
    /// The goal answers must reach (`None`: the course's). The exhaustive
    /// table serves the course's goal only; other goals are proved by a
    /// bound or by IDA* (with databases for that goal when given).
    pub goal: Option<&'a Goal>,
}

impl fmt::Debug for Provers<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Provers")
            .field("oracle", &self.oracle.is_some())
            .field("pdb", &self.pdb.is_some())
            .field("pdb_on_demand", &self.pdb_on_demand.is_some())
            .field("goal", &self.goal.map(Goal::cells))
            .finish()
    }
}

/// How an optimum was established.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// Looked up in the exhaustive breadth-first table (n ≤ 3).
    ExhaustiveTable,
    /// A legal path's length equals an admissible lower bound (Manhattan
    /// plus linear conflict), so no shorter path exists.
    LowerBound,
    /// A legal path's length equals the pattern databases' lower bound.
    DatabaseBound,
    /// Found by an optimal search.
    Search {
        /// Nodes the search generated.
        nodes: u64,
    },
    /// Unsolvable by the parity invariant.
    Parity,
    /// Given by the caller (a suite manifest or the course's file name),
    /// and trusted.
    Given,
}

impl Proof {
    /// The proof's stable name in JSON reports.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::check::Proof::ExhaustiveTable.id(), "exhaustive-table");
    /// ```
    pub fn id(self) -> &'static str {
        match self {
            Proof::ExhaustiveTable => "exhaustive-table",
            Proof::LowerBound => "lower-bound",
            Proof::DatabaseBound => "database-bound",
            Proof::Search { .. } => "search",
            Proof::Parity => "parity",
            Proof::Given => "given",
        }
    }
}

/// A proven optimum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Optimum {
    /// The fewest moves, or `None` when the puzzle is unsolvable.
    pub moves: Option<u64>,
    /// How it was proved.
    pub proof: Proof,
}

/// Why no optimum was proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undecided {
    /// The best lower bound known.
    pub lower_bound: u64,
    /// Nodes searched before the budget ran out.
    pub nodes: u64,
}

/// Proves the optimum of `board`.
///
/// `upper` is the length of a known legal solution, if any: when it equals
/// the admissible lower bound, no search is needed. Otherwise IDA* with
/// linear conflicts searches, generating at most `budget` nodes. `oracle` may pass a prebuilt table for the board's size.
///
/// # Errors
///
/// [`Undecided`] when the budget ran out before a proof.
///
/// # Panics
///
/// Never: the oracle is built only for the sizes it covers.
///
/// # Example
///
/// ```
/// use slider::check::{Proof, prove_optimum};
/// let board: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let optimum = prove_optimum(&board, None, 1_000_000, None).unwrap();
/// assert_eq!((optimum.moves, optimum.proof), (Some(4), Proof::ExhaustiveTable));
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn prove_optimum(
    board: &Board,
    upper: Option<u64>,
    budget: u64,
    oracle: Option<&Oracle>,
) -> Result<Optimum, Undecided> {
    prove_optimum_with(
        board,
        upper,
        budget,
        Provers {
            oracle,
            ..Provers::default()
        },
    )
}

/// [`prove_optimum`] with pattern databases: for 4x4 boards the lower
/// bound is the larger of linear conflict and the databases, and the search
/// is IDA* with the databases.
///
/// # Errors
///
/// [`Undecided`] when the budget ran out before a proof.
///
/// # Panics
///
/// Never: the oracle is built only for the sizes it covers, and the
/// databases are used only for their own goal and size.
///
/// # Example
///
/// ```
/// use slider::check::{Proof, Provers, prove_optimum_with};
/// use slider::search::{Goal, pdb::PatternDatabase};
/// let board: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let pdb = PatternDatabase::build(&Goal::standard(3))?;
/// let provers = Provers { pdb: Some(&pdb), ..Default::default() };
/// let optimum = prove_optimum_with(&board, None, 1_000, provers).unwrap();
/// assert_eq!(optimum.moves, Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn prove_optimum_with(
    board: &Board,
    upper: Option<u64>,
    budget: u64,
    provers: Provers<'_>,
) -> Result<Optimum, Undecided> {
    let Provers {
        oracle,
        pdb,
        pdb_on_demand,
        goal,
    } = provers;
    let n = board.size();
    let standard = Goal::standard(n);
    let goal = goal.unwrap_or(&standard);
    if goal.size() != n || !goal.reaches(board) {
        return Ok(Optimum {
            moves: None,
            proof: Proof::Parity,
        });
    }
    // The exhaustive table knows every course-goal optimum up to 3x3.
    if goal.is_standard() && n <= crate::oracle::MAX_ORACLE_SIDE {
        let built;
        let table = if let Some(table) = oracle.filter(|o| o.size() == n) {
            table
        } else {
            built = Oracle::new(n).expect("n is 2 or 3");
            &built
        };
        return Ok(Optimum {
            moves: table.distance(board).map(u64::from),
            proof: Proof::ExhaustiveTable,
        });
    }
    // Then, for every goal: the linear-conflict bound, the databases' bound,
    // and IDA* (databases when there are some for this goal, 3x3 ones built
    // here in milliseconds; else linear conflict).
    if upper == Some(linear_conflict(board, goal)) {
        return Ok(Optimum {
            moves: upper,
            proof: Proof::LowerBound,
        });
    }
    // Before databases are fetched (built, the first time: 20 to 40 s for
    // 4x4), a cheap search: IDA* with linear conflict within a small budget
    // proves most answers in milliseconds.
    if pdb.is_none() && pdb_on_demand.is_some() {
        let cheap = SearchConfig {
            heuristic: Heuristic::LinearConflict,
            goal: Some(goal),
            limits: SearchLimits {
                nodes: budget.min(CHEAP_BUDGET),
                cost: upper.map(|moves| moves.saturating_sub(1)),
                ..SearchLimits::default()
            },
            ..SearchConfig::default()
        };
        if let Ok(optimum) = conclude(search(board, &cheap), upper) {
            return Ok(optimum);
        }
    }
    let built;
    let pdb = match pdb
        .or_else(|| pdb_on_demand.and_then(|fetch| fetch()))
        .filter(|p| p.goal() == goal)
    {
        Some(pdb) => Some(pdb),
        None if n == 3 => {
            built = PatternDatabase::build(goal).ok();
            built.as_ref()
        }
        None => None,
    };
    if let Some(pdb) = pdb
        && upper.is_some()
        && upper == pdb.lookup(board).ok()
    {
        return Ok(Optimum {
            moves: upper,
            proof: Proof::DatabaseBound,
        });
    }
    // IDA* is exact and its memory does not grow with the search. With a
    // legal path of L moves in hand, it remains to show that none is
    // shorter, so it stops once its bound passes L - 1.
    let config = SearchConfig {
        heuristic: Heuristic::auto(true, pdb.is_some()),
        pdb,
        goal: Some(goal),
        limits: SearchLimits {
            nodes: budget,
            cost: upper.map(|moves| moves.saturating_sub(1)),
            ..SearchLimits::default()
        },
        ..SearchConfig::default()
    };
    conclude(search(board, &config), upper)
}

/// The nodes the cheap search may make before databases are fetched
/// (about 20 ms).
const CHEAP_BUDGET: u64 = 300_000;

/// A proof from a search's result (`upper`: the legal path's length).
fn conclude(
    result: Result<Solution, SearchError>,
    upper: Option<u64>,
) -> Result<Optimum, Undecided> {
    match result {
        Ok(solution) => Ok(Optimum {
            moves: Some(solution.moves.len() as u64),
            proof: Proof::Search {
                nodes: solution.stats.generated,
            },
        }),
        // No path shorter than the legal one of `upper` moves.
        Err(SearchError::NoneWithin { stats, .. }) => Ok(Optimum {
            moves: upper,
            proof: Proof::Search {
                nodes: stats.generated,
            },
        }),
        Err(
            SearchError::Budget { stats, lower_bound }
            | SearchError::TimeLimit { stats, lower_bound },
        ) => Err(Undecided {
            lower_bound,
            nodes: stats.generated,
        }),
        Err(e) => unreachable!("solvability and the databases were checked: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{Proof, Provers, prove_optimum_with};
    use crate::Board;
    use crate::search::classic::solve;
    use crate::search::pdb::PatternDatabase;
    use crate::search::{Algorithm, Goal};

    /// The databases' bound proves an answer whose length it equals, where
    /// the linear-conflict bound falls short (3x3 towards another goal,
    /// where no exhaustive table serves; databases built in milliseconds).
    /// The optima come from bidirectional breadth-first search.
    #[test]
    fn the_database_bound_proves_what_it_equals() {
        let goal_board: Board = "3  1 2 3  4 0 5  6 7 8".parse().unwrap();
        let goal = Goal::from_board(&goal_board);
        let pdb = PatternDatabase::build(&goal).unwrap();
        let mut rng = crate::generate::seeded(5);
        let mut proved = 0;
        for _ in 0..200 {
            let board =
                crate::generate::generate(3, crate::generate::Scramble::Uniform, &mut rng, None)
                    .unwrap();
            if !goal.reaches(&board) {
                continue;
            }
            let config = crate::search::SearchConfig {
                goal: Some(&goal),
                ..crate::search::SearchConfig::default()
            };
            let optimal = solve(&board, Algorithm::Bibfs, &config)
                .unwrap()
                .moves
                .len() as u64;
            let provers = Provers {
                pdb: Some(&pdb),
                goal: Some(&goal),
                ..Provers::default()
            };
            let optimum = prove_optimum_with(&board, Some(optimal), 10_000_000, provers).unwrap();
            assert_eq!(optimum.moves, Some(optimal));
            if optimum.proof == Proof::DatabaseBound {
                assert_eq!(pdb.lookup(&board).unwrap(), optimal);
                proved += 1;
            }
        }
        assert!(proved > 0, "no board's optimum equals its database bound");
    }
}
