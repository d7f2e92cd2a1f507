//! One entry point for every optimal search but the course's A*: IDA*
//! and the classic algorithms, chosen by [`Method`].

use std::path::Path;
use std::time::{Duration, Instant};

use super::classic::{self, Algorithm as Classic};
use super::pdb::{Kind, PatternDatabase};
use super::{
    Goal, Heuristic, HeuristicChoice, Limits, SearchConfig, SearchError, Solution, idastar,
};
use crate::Board;

/// The node cap of a search that stores its nodes (and of the course's
/// A*) when none is given: about 4 GB of nodes at most.
pub const DEFAULT_MAX_NODES: u64 = 50_000_000;

/// An optimal search, by the name the command line gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Method {
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

/// A solving algorithm: the course's A* (whose output is the reference),
/// or one of the optimal [`Method`]s.
///
/// # Example
///
/// ```
/// use slider::search::{Algorithm, Method};
/// assert_eq!(Algorithm::Search(Method::Idastar).name(), "idastar");
/// assert_eq!(Algorithm::Reference.name(), "reference");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
    /// The course's A*: no closed set, the course's tie-breaking.
    Reference,
    /// An optimal search.
    Search(Method),
}

impl Algorithm {
    /// The name the command line gives it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Reference => "reference",
            Algorithm::Search(method) => method.name(),
        }
    }
}

#[cfg(feature = "cli")]
impl clap::ValueEnum for Algorithm {
    fn value_variants<'a>() -> &'a [Self] {
        use Algorithm::{Reference, Search};
        &[
            Reference,
            Search(Method::Bfs),
            Search(Method::Bibfs),
            Search(Method::Astar),
            Search(Method::Idastar),
            Search(Method::Iddfs),
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            Algorithm::Reference => Some(
                clap::builder::PossibleValue::new("reference")
                    .help("The course's A* (no closed set, the course's tie-breaking)"),
            ),
            Algorithm::Search(method) => clap::ValueEnum::to_possible_value(method),
        }
    }
}

impl Method {
    /// The name the command line gives it (`idastar`).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::search::Method::Bibfs.name(), "bibfs");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Method::Bfs => "bfs",
            Method::Bibfs => "bibfs",
            Method::Astar => "astar",
            Method::Idastar => "idastar",
            Method::Iddfs => "iddfs",
        }
    }

    /// Whether the search is guided by the configured heuristic.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::Method;
    /// assert!(Method::Idastar.uses_heuristic());
    /// assert!(!Method::Bibfs.uses_heuristic());
    /// ```
    #[must_use]
    pub fn uses_heuristic(self) -> bool {
        matches!(self, Method::Astar | Method::Idastar)
    }

    /// Whether the search keeps its states in memory (a node cap bounds
    /// it); IDA* and IDDFS run in constant memory.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::Method;
    /// assert!(Method::Astar.stores_nodes());
    /// assert!(!Method::Iddfs.stores_nodes());
    /// ```
    #[must_use]
    pub fn stores_nodes(self) -> bool {
        !matches!(self, Method::Idastar | Method::Iddfs)
    }
}

/// Solves `board` optimally with `method` under `config`.
///
/// # Errors
///
/// As [`idastar::search`] and [`classic::solve`]: unsolvable, or a limit
/// reached.
///
/// # Example
///
/// ```
/// use slider::Board;
/// use slider::search::{Method, SearchConfig, solve};
/// let board: Board = "3  1 2 3  4 0 5  7 8 6".parse()?;
/// for method in [Method::Bfs, Method::Bibfs, Method::Astar, Method::Idastar, Method::Iddfs] {
///     assert_eq!(solve(&board, method, &SearchConfig::default())?.moves.len(), 2);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    board: &Board,
    method: Method,
    config: &SearchConfig<'_>,
) -> Result<Solution, SearchError> {
    let algorithm = match method {
        Method::Idastar => return idastar::search(board, config),
        Method::Bfs => Classic::Bfs,
        Method::Bibfs => Classic::BidirectionalBfs,
        Method::Astar => Classic::AStar,
        Method::Iddfs => Classic::Iddfs,
    };
    classic::solve(board, algorithm, config)
}

/// A search as a command asks for it (`slider solve --algorithm`): the
/// heuristic still to resolve and the pattern databases still to open.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The algorithm.
    pub method: Method,
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
pub struct Outcome {
    /// The search's result.
    pub result: Result<Solution, SearchError>,
    /// The heuristic it used (`None` for a blind search).
    pub heuristic: Option<Heuristic>,
    /// Databases stronger than the ones used, which the size has
    /// (a hint for a long or failed search).
    pub stronger: Option<Kind>,
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
/// use slider::search::{Goal, HeuristicChoice, Method, Request, run};
/// let board: slider::Board = "3  1 2 3  4 0 5  7 8 6".parse()?;
/// let goal = Goal::standard(3);
/// let request = Request {
///     method: Method::Idastar,
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
    request: &Request<'_>,
    open: &dyn Fn(&Goal) -> Result<PatternDatabase, String>,
) -> Result<Outcome, String> {
    let method = request.method;
    let databases =
        PatternDatabase::available(request.goal, super::pdb::Choice::Best, request.pdb_dir);
    let heuristic = request
        .heuristic
        .resolve(method == Method::Idastar, databases);
    let pdb = if heuristic == Heuristic::PatternDatabase && method.uses_heuristic() {
        Some(open(request.goal)?)
    } else {
        None
    };
    let default_nodes = if method.stores_nodes() {
        DEFAULT_MAX_NODES
    } else {
        u64::MAX
    };
    let config = SearchConfig {
        heuristic,
        goal: Some(request.goal),
        pdb: pdb.as_ref(),
        limits: Limits {
            nodes: request.max_nodes.unwrap_or(default_nodes),
            time: request.time,
            cost: None,
            bytes: request.bytes,
        },
        threads: request.threads,
    };
    let started = Instant::now();
    let result = solve(board, method, &config);
    Ok(Outcome {
        result,
        heuristic: method.uses_heuristic().then_some(heuristic),
        stronger: PatternDatabase::stronger_than(request.goal, pdb.as_ref()),
        elapsed: started.elapsed(),
    })
}
