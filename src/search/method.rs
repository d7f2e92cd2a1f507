//! One entry point for every optimal search but the course's A*: IDA*
//! and the classic algorithms, chosen by [`Method`].

use super::classic::{self, Algorithm};
use super::{SearchConfig, SearchError, Solution, idastar};
use crate::Board;

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
        Method::Bfs => Algorithm::Bfs,
        Method::Bibfs => Algorithm::BidirectionalBfs,
        Method::Astar => Algorithm::AStar,
        Method::Iddfs => Algorithm::Iddfs,
    };
    classic::solve(board, algorithm, config)
}
