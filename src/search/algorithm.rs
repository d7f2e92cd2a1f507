//! Which search: the one [`Algorithm`] enum (its command-line names, its
//! words, what it needs), and one entry point for every optimal search,
//! IDA* and the classic algorithms ([`solve`], [`run`]).

use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

use super::classic;
use super::pdb::{Partition, PatternDatabase};
use super::{
    Goal, Heuristic, HeuristicChoice, SearchConfig, SearchError, SearchLimits, Solution, idastar,
};
use crate::Board;

/// The node cap of a search that stores its nodes (and of the course's
/// A*) when none is given: about 4 GB of nodes at most.
pub const DEFAULT_MAX_NODES: u64 = 50_000_000;

/// A search, by the name the command line gives it (`--algorithm`): the
/// course's A*, whose output is the reference, or one of the optimal
/// searches. The one enum that names "which search" in the crate.
///
/// [`solve`] runs every optimal one; the reference A* is [`crate::Solver`]
/// (its own options, priorities and counters), which [`solve`] refuses.
///
/// # Example
///
/// ```
/// use slider::search::Algorithm;
/// assert_eq!(Algorithm::Idastar.name(), "idastar");
/// assert_eq!(Algorithm::Reference.name(), "reference");
/// assert_eq!(Algorithm::Bibfs.to_string(), "bidirectional breadth-first search");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Algorithm {
    /// The course's A* (no closed set, the course's tie-breaking).
    Reference,
    /// Breadth-first search.
    Bfs,
    /// Bidirectional breadth-first search.
    Bibfs,
    /// A* with a closed set.
    Astar,
    /// Iterative-deepening A*.
    Idastar,
    /// Iterative-deepening depth-first search.
    Iddfs,
}

impl Algorithm {
    /// The name the command line gives it (`idastar`).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::search::Algorithm::Bibfs.name(), "bibfs");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Reference => "reference",
            Algorithm::Bfs => "bfs",
            Algorithm::Bibfs => "bibfs",
            Algorithm::Astar => "astar",
            Algorithm::Idastar => "idastar",
            Algorithm::Iddfs => "iddfs",
        }
    }

    /// Whether the search is guided by the configured heuristic
    /// ([`SearchConfig::heuristic`]); the reference A* has its own priority
    /// ([`crate::Priority`]).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::Algorithm;
    /// assert!(Algorithm::Idastar.uses_heuristic());
    /// assert!(!Algorithm::Bibfs.uses_heuristic());
    /// ```
    #[must_use]
    pub fn uses_heuristic(self) -> bool {
        matches!(self, Algorithm::Astar | Algorithm::Idastar)
    }

    /// Whether the search keeps its states in memory (a node cap bounds
    /// it); IDA* and IDDFS run in constant memory.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::Algorithm;
    /// assert!(Algorithm::Astar.stores_nodes());
    /// assert!(!Algorithm::Iddfs.stores_nodes());
    /// ```
    #[must_use]
    pub fn stores_nodes(self) -> bool {
        !matches!(self, Algorithm::Idastar | Algorithm::Iddfs)
    }
}

/// What the search is, in words ("breadth-first search", "A*").
impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Algorithm::Reference => "the course's A*",
            Algorithm::Bfs => "breadth-first search",
            Algorithm::Bibfs => "bidirectional breadth-first search",
            Algorithm::Astar => "A*",
            Algorithm::Idastar => "IDA*",
            Algorithm::Iddfs => "iterative-deepening depth-first search",
        })
    }
}

/// Solves `board` optimally with `algorithm` under `config`: IDA* by
/// [`idastar::search`], the others by [`classic::solve`].
///
/// # Errors
///
/// As [`idastar::search`] and [`classic::solve`]: unsolvable, or a limit
/// reached. [`Algorithm::Reference`] is refused
/// ([`SearchError::Config`]): the course's A* is [`crate::Solver`], with its
/// own options and counters.
///
/// # Example
///
/// ```
/// use slider::Board;
/// use slider::search::{Algorithm, SearchConfig, SearchError, solve};
/// let board: Board = "3  1 2 3  4 0 5  7 8 6".parse()?;
/// let config = SearchConfig::default();
/// for algorithm in [Algorithm::Bfs, Algorithm::Bibfs, Algorithm::Astar, Algorithm::Idastar, Algorithm::Iddfs] {
///     assert_eq!(solve(&board, algorithm, &config)?.moves.len(), 2);
/// }
/// assert!(matches!(solve(&board, Algorithm::Reference, &config), Err(SearchError::Config(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    board: &Board,
    algorithm: Algorithm,
    config: &SearchConfig<'_>,
) -> Result<Solution, SearchError> {
    match algorithm {
        Algorithm::Idastar => idastar::search(board, config),
        Algorithm::Bfs | Algorithm::Bibfs | Algorithm::Astar | Algorithm::Iddfs => {
            classic::solve(board, algorithm, config)
        }
        Algorithm::Reference => Err(SearchError::Config(
            "the course's A* is not run here: it is `Solver`, with its own options".into(),
        )),
    }
}

/// A search as a command asks for it (`slider solve --algorithm`): the
/// heuristic still to resolve and the pattern databases still to open.
#[derive(Debug, Clone, Copy)]
pub struct SearchRequest<'a> {
    /// The algorithm (not [`Algorithm::Reference`], which [`solve`]
    /// refuses).
    pub algorithm: Algorithm,
    /// The heuristic, for A* and IDA*.
    pub heuristic: HeuristicChoice,
    /// The goal.
    pub goal: &'a Goal,
    /// The node cap ([`DEFAULT_MAX_NODES`] for a search that stores its
    /// nodes, none for IDA* and IDDFS).
    pub max_nodes: Option<u64>,
    /// The time limit.
    pub time: Option<Duration>,
    /// The memory cap, in bytes.
    pub bytes: Option<u64>,
    /// IDA* threads.
    pub threads: usize,
    /// Where pattern databases are cached (`auto` looks there for the
    /// strongest).
    pub pdb_dir: &'a Path,
}

/// What a requested search did.
#[derive(Debug, Clone)]
pub struct Searched {
    /// The search's result.
    pub result: Result<Solution, SearchError>,
    /// The heuristic it used (`None` for a blind search).
    pub heuristic: Option<Heuristic>,
    /// Databases stronger than the ones used, which the size has
    /// (a hint for a long or failed search).
    pub stronger: Option<Partition>,
    /// The search's time, without opening the databases.
    pub elapsed: Duration,
}

/// Runs `request` on `board`: `auto` resolved ([`Heuristic::auto`];
/// databases when the size has some or stronger ones are cached), the
/// databases opened with `open` when the heuristic needs them.
///
/// # Errors
///
/// The databases could not be opened (`open`'s error).
///
/// # Example
///
/// ```
/// use slider::search::{Algorithm, Goal, HeuristicChoice, SearchRequest, run};
/// let board: slider::Board = "3  1 2 3  4 0 5  7 8 6".parse()?;
/// let goal = Goal::standard(3);
/// let request = SearchRequest {
///     algorithm: Algorithm::Idastar,
///     heuristic: HeuristicChoice::Manhattan,
///     goal: &goal,
///     max_nodes: None,
///     time: None,
///     bytes: None,
///     threads: 1,
///     pdb_dir: "unused".as_ref(),
/// };
/// let outcome = run(&board, &request, &|_| Err("no databases here".into()))?;
/// assert_eq!(outcome.result.map(|s| s.moves.len()), Ok(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run(
    board: &Board,
    request: &SearchRequest<'_>,
    open: &dyn Fn(&Goal) -> Result<PatternDatabase, String>,
) -> Result<Searched, String> {
    let algorithm = request.algorithm;
    let databases =
        PatternDatabase::available(request.goal, super::pdb::Choice::Best, request.pdb_dir);
    let heuristic = request
        .heuristic
        .resolve(algorithm == Algorithm::Idastar, databases);
    let pdb = if heuristic == Heuristic::PatternDatabase && algorithm.uses_heuristic() {
        Some(open(request.goal)?)
    } else {
        None
    };
    let default_nodes = if algorithm.stores_nodes() {
        DEFAULT_MAX_NODES
    } else {
        u64::MAX
    };
    // Every field named: a request decides each one.
    let config = SearchConfig {
        heuristic,
        goal: Some(request.goal),
        pdb: pdb.as_ref(),
        limits: SearchLimits {
            nodes: request.max_nodes.unwrap_or(default_nodes),
            time: request.time,
            bytes: request.bytes,
            ..SearchLimits::default()
        },
        threads: request.threads,
    };
    let started = Instant::now();
    let result = solve(board, algorithm, &config);
    Ok(Searched {
        result,
        heuristic: algorithm.uses_heuristic().then_some(heuristic),
        stronger: PatternDatabase::stronger_than(request.goal, pdb.as_ref()),
        elapsed: started.elapsed(),
    })
}

#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::Algorithm;
    use clap::ValueEnum;

    #[test]
    fn each_algorithm_is_named_as_the_command_line_names_it() {
        let names: Vec<&str> = Algorithm::value_variants()
            .iter()
            .map(|algorithm| {
                let value = algorithm.to_possible_value().unwrap();
                assert_eq!(algorithm.name(), value.get_name());
                algorithm.name()
            })
            .collect();
        assert_eq!(
            names,
            ["reference", "bfs", "bibfs", "astar", "idastar", "iddfs"]
        );
    }
}
