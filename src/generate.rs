//! Puzzle generation: boards exactly k moves from the goal, random solvable
//! or unsolvable boards, and uniformly random boards. Seedable, so every
//! output can be reproduced.
//!
//! "Exactly k moves" is exact: for n ≤ 3 a board is drawn uniformly from all
//! boards at that distance in the [`Oracle`]'s table; for larger boards,
//! random walks are proved by IDA* until one is exactly k moves away (and
//! k beyond the 15-puzzle's diameter of 80 is refused at once).

use std::fmt;

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::oracle::Oracle;
use crate::{Board, BoardError};

/// What to generate.
///
/// # Example
///
/// ```
/// use slider::generate::{Scramble, generate, seeded};
/// let board = generate(3, Scramble::ExactMoves(12), &mut seeded(7), None)?;
/// assert_eq!(slider::Solver::new(&board)?.moves(), 12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scramble {
    /// A board whose optimal solution has exactly this many moves.
    ExactMoves(u32),
    /// A uniformly random solvable board.
    Solvable,
    /// A uniformly random unsolvable board.
    Unsolvable,
    /// A uniformly random permutation, solvable or not.
    Uniform,
}

/// Why no board was generated.
///
/// # Example
///
/// ```
/// use slider::generate::{GenerateError, Scramble, generate, seeded};
/// let err = generate(3, Scramble::ExactMoves(32), &mut seeded(1), None).unwrap_err();
/// assert_eq!(err, GenerateError::NoBoardAtDistance { n: 3, moves: 32 });
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The size is not a valid board size.
    Size(BoardError),
    /// No n-by-n board is that far from the goal.
    NoBoardAtDistance {
        /// The side.
        n: usize,
        /// The distance asked for.
        moves: u32,
    },
    /// Random walks were proved by search, and none of them was exactly
    /// that far within the attempts and node budget.
    GaveUp {
        /// The side.
        n: usize,
        /// The distance asked for.
        moves: u32,
        /// Walks tried.
        attempts: u32,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Size(e) => e.fmt(f),
            GenerateError::NoBoardAtDistance { n, moves } => {
                write!(f, "no {n}x{n} board is exactly {moves} moves from the goal")
            }
            GenerateError::GaveUp { n, moves, attempts } => write!(
                f,
                "gave up after {attempts} random walks: none was provably exactly {moves} moves from the {n}x{n} goal"
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

/// The generator's random source for a seed: `ChaCha8`, whose output is
/// fixed for a given seed across platforms and releases.
///
/// # Example
///
/// ```
/// use rand::RngExt;
/// let (mut a, mut b) = (slider::generate::seeded(5), slider::generate::seeded(5));
/// assert_eq!(a.random::<u64>(), b.random::<u64>());
/// ```
pub fn seeded(seed: u64) -> rand_chacha::ChaCha8Rng {
    rand::SeedableRng::seed_from_u64(seed)
}

/// Random walks tried for one exact-distance board when n ≥ 4.
pub const MAX_WALKS: u32 = 2_000;
/// The node budget of each proof by search when n ≥ 4.
const PROOF_NODE_BUDGET: u64 = 5_000_000;
/// The 15-puzzle's diameter: no 4x4 board is more than 80 moves from the
/// goal (Brüngger et al. 1999; Korf 2008).
pub const DIAMETER_4X4: u32 = 80;

/// Generates one n-by-n board of the given kind.
///
/// `oracle` may pass a prebuilt [`Oracle`] of size n to save rebuilding it
/// (about 30 ms for 3x3) on every call.
///
/// # Errors
///
/// [`GenerateError`] for an invalid size, a distance no board has, or (for
/// n ≥ 4) a distance that random walks and search could not reach exactly.
///
/// # Example
///
/// ```
/// use slider::generate::{Scramble, generate, seeded};
/// let board = generate(4, Scramble::Unsolvable, &mut seeded(3), None)?;
/// assert!(!board.is_solvable());
/// # Ok::<(), slider::generate::GenerateError>(())
/// ```
pub fn generate<R: Rng>(
    n: usize,
    kind: Scramble,
    rng: &mut R,
    oracle: Option<&Oracle>,
) -> Result<Board, GenerateError> {
    generate_observed(n, kind, rng, oracle, &mut |_| {})
}

/// [`generate`], calling `walked(k)` after the k-th random walk of an
/// exact-distance search on n ≥ 4 (up to [`MAX_WALKS`]), so that a caller
/// can show progress.
///
/// # Errors
///
/// As [`generate`].
///
/// # Example
///
/// ```
/// use slider::generate::{Scramble, generate_observed, seeded};
/// let mut walks = 0;
/// let board = generate_observed(4, Scramble::ExactMoves(10), &mut seeded(1), None, &mut |k| walks = k)?;
/// assert!(walks >= 1);
/// # Ok::<(), slider::generate::GenerateError>(())
/// ```
pub fn generate_observed<R: Rng>(
    n: usize,
    kind: Scramble,
    rng: &mut R,
    oracle: Option<&Oracle>,
    walked: &mut dyn FnMut(u32),
) -> Result<Board, GenerateError> {
    Board::goal(n).map_err(GenerateError::Size)?;
    match kind {
        Scramble::Uniform => Ok(uniform(n, rng)),
        Scramble::Solvable | Scramble::Unsolvable => {
            let board = uniform(n, rng);
            // A board and its twin split the two classes evenly, so this
            // keeps the draw uniform within the class asked for.
            Ok(if board.is_solvable() == (kind == Scramble::Solvable) {
                board
            } else {
                board.twin()
            })
        }
        Scramble::ExactMoves(moves) if n <= crate::oracle::MAX_ORACLE_SIDE => {
            if let Some(oracle) = oracle.filter(|o| o.size() == n) {
                return exact_from_table(oracle, moves, rng);
            }
            let built =
                Oracle::new(n).map_err(|_| GenerateError::NoBoardAtDistance { n, moves })?;
            exact_from_table(&built, moves, rng)
        }
        Scramble::ExactMoves(moves) if n == 4 && moves > DIAMETER_4X4 => {
            Err(GenerateError::NoBoardAtDistance { n, moves })
        }
        Scramble::ExactMoves(moves) => exact_by_search(n, moves, rng, walked),
    }
}

fn uniform<R: Rng>(n: usize, rng: &mut R) -> Board {
    let mut tiles: Vec<u32> = (0..(n * n) as u32).collect();
    tiles.shuffle(rng);
    Board::from_tiles(n, &tiles).expect("a shuffled range is a board")
}

/// A board drawn uniformly from those at exactly `moves` in the table.
fn exact_from_table<R: Rng>(
    oracle: &Oracle,
    moves: u32,
    rng: &mut R,
) -> Result<Board, GenerateError> {
    let n = oracle.size();
    let at_distance = oracle.ranks_at(moves);
    if at_distance.is_empty() {
        return Err(GenerateError::NoBoardAtDistance { n, moves });
    }
    let rank = at_distance[rng.random_range(0..at_distance.len())];
    Ok(oracle
        .board_of_rank(rank as usize)
        .expect("a rank in range"))
}

/// Random walks from the goal, each proved by IDA* (linear conflict,
/// constant memory) until one is exactly `moves` away. Walks of
/// `moves + 2j` steps keep the parity; the search looks no further than
/// `moves`, so a walk that ends nearer is refuted quickly.
fn exact_by_search<R: Rng>(
    n: usize,
    moves: u32,
    rng: &mut R,
    walked: &mut dyn FnMut(u32),
) -> Result<Board, GenerateError> {
    use crate::search::idastar::search;
    use crate::search::{Heuristic, SearchConfig, SearchLimits};
    let goal = Board::goal(n).map_err(GenerateError::Size)?;
    let config = SearchConfig {
        heuristic: Heuristic::LinearConflict,
        limits: SearchLimits {
            nodes: PROOF_NODE_BUDGET,
            cost: Some(u64::from(moves)),
            ..SearchLimits::default()
        },
        ..SearchConfig::default()
    };
    for attempt in 0..MAX_WALKS {
        let steps = moves + 2 * (attempt % 8);
        let mut board = goal.clone();
        let mut previous: Option<Board> = None;
        for _ in 0..steps {
            let options: Vec<Board> = board
                .neighbors()
                .filter(|b| Some(b) != previous.as_ref())
                .collect();
            let next = options[rng.random_range(0..options.len())].clone();
            previous = Some(std::mem::replace(&mut board, next));
        }
        walked(attempt + 1);
        if board.manhattan() > u64::from(moves) {
            continue;
        }
        if search(&board, &config).is_ok_and(|s| s.moves.len() == moves as usize) {
            return Ok(board);
        }
    }
    Err(GenerateError::GaveUp {
        n,
        moves,
        attempts: MAX_WALKS,
    })
}

/// One line of a generation manifest: `size kind seed [count]`, where kind
/// is a number of moves, `solvable`, `unsolvable` or `uniform`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// The board side.
    pub size: usize,
    /// What to generate.
    pub kind: Scramble,
    /// The random seed.
    pub seed: u64,
    /// How many boards (1 unless given).
    pub count: usize,
}

impl Request {
    /// Generates the request's boards, in order, from its seed: `walked`
    /// hears (board number from 1, random walks so far) while a board is
    /// looked for, `made` gets (board number, board) and may stop the run
    /// with its error.
    ///
    /// # Errors
    ///
    /// The first board that cannot be generated ([`GenerateError`]), or
    /// `made`'s error as [`Made::Stopped`].
    ///
    /// # Example
    ///
    /// ```
    /// use slider::generate::{Scramble, Request};
    /// let request = Request { size: 3, kind: Scramble::ExactMoves(4), seed: 7, count: 2 };
    /// let mut boards = Vec::new();
    /// request.each(&mut |_, _| {}, &mut |i, board| Ok(boards.push((i, board))))?;
    /// assert_eq!(boards.len(), 2);
    /// assert_eq!(boards[1].0, 2);
    /// # Ok::<(), slider::generate::Made>(())
    /// ```
    pub fn each(
        &self,
        walked: &mut dyn FnMut(usize, u32),
        made: &mut dyn FnMut(usize, Board) -> Result<(), String>,
    ) -> Result<(), Made> {
        let mut rng = seeded(self.seed);
        let oracle = Oracle::new(self.size).ok();
        for index in 1..=self.count {
            let board =
                generate_observed(self.size, self.kind, &mut rng, oracle.as_ref(), &mut |w| {
                    walked(index, w);
                })
                .map_err(Made::Failed)?;
            made(index, board).map_err(Made::Stopped)?;
        }
        Ok(())
    }

    /// The course-convention file name of the `index`-th board (1-based):
    /// `puzzle3x3-17.txt`, or `puzzle3x3-17-02.txt` when the request makes
    /// several.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::generate::{Scramble, Request};
    /// let r = Request { size: 4, kind: Scramble::Unsolvable, seed: 1, count: 3 };
    /// assert_eq!(r.file_name(2), "puzzle4x4-unsolvable-02.txt");
    /// ```
    pub fn file_name(&self, index: usize) -> String {
        use crate::format::names::{course_file_name, moves_label};
        let label = match self.kind {
            Scramble::ExactMoves(moves) => moves_label(u64::from(moves)),
            Scramble::Solvable => "solvable".to_string(),
            Scramble::Unsolvable => "unsolvable".to_string(),
            Scramble::Uniform => "uniform".to_string(),
        };
        course_file_name(self.size, &label, (self.count > 1).then_some(index))
    }
}

/// Reads a generation manifest (the format of
/// `fixtures/puzzles/manifest.txt`), with the tokenizer every manifest uses.
///
/// # Errors
///
/// The first line that is not `size kind seed [count]`.
///
/// # Example
///
/// ```
/// use slider::generate::{Scramble, parse_manifest};
/// let requests = parse_manifest("# comment\n3 12 7\n4 unsolvable 1 2\n")?;
/// assert_eq!((requests[0].kind, requests[1].count), (Scramble::ExactMoves(12), 2));
/// # Ok::<(), slider::format::manifest::ManifestError>(())
/// ```
pub fn parse_manifest(text: &str) -> Result<Vec<Request>, crate::format::manifest::ManifestError> {
    use crate::format::manifest::{ManifestError, fields};
    let mut requests = Vec::new();
    for (line, fields) in fields(text) {
        let bad = |message: String| ManifestError { line, message };
        let [size, kind, seed, rest @ ..] = fields.as_slice() else {
            return Err(bad("expected `size kind seed [count]`".to_string()));
        };
        let size = size
            .parse()
            .map_err(|_| bad(format!("bad size `{size}`")))?;
        let kind = match *kind {
            "solvable" => Scramble::Solvable,
            "unsolvable" => Scramble::Unsolvable,
            "uniform" => Scramble::Uniform,
            moves => Scramble::ExactMoves(
                moves
                    .parse()
                    .map_err(|_| bad(format!("bad kind `{moves}`")))?,
            ),
        };
        let seed = seed
            .parse()
            .map_err(|_| bad(format!("bad seed `{seed}`")))?;
        let count = match rest {
            [] => 1,
            [count] => count
                .parse()
                .map_err(|_| bad(format!("bad count `{count}`")))?,
            _ => return Err(bad("too many fields".to_string())),
        };
        requests.push(Request {
            size,
            kind,
            seed,
            count,
        });
    }
    Ok(requests)
}

/// A seed no run before chose: the standard library's per-process random
/// hasher keys (from the operating system), hashed with the time, below
/// 10^9 so that it is easy to type back.
///
/// # Example
///
/// ```
/// assert!(slider::generate::fresh_seed() < 1_000_000_000);
/// ```
#[must_use]
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    hasher.finish() % 1_000_000_000
}

/// Reads a generation manifest file through the capped reader
/// ([`parse_manifest`]).
///
/// # Errors
///
/// `cannot read PATH: why`, or `PATH:LINE:COL: why`.
#[cfg(feature = "cli")]
pub fn read_manifest(path: &std::path::Path) -> Result<Vec<Request>, String> {
    let idle = Some(crate::format::source::DEFAULT_IDLE);
    let text = crate::format::source::read_text(path, idle)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_manifest(&text).map_err(|e| format!("{}:{e}", path.display()))
}

/// Why [`Request::each`] stopped.
#[derive(Debug)]
pub enum Made {
    /// A board could not be generated.
    Failed(GenerateError),
    /// The caller stopped the run (writing a board failed).
    Stopped(String),
}

impl fmt::Display for Made {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Made::Failed(e) => e.fmt(f),
            Made::Stopped(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for Made {}
