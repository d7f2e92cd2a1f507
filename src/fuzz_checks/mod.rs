//! The properties the fuzz targets check, shared with the stable test that
//! replays the committed corpus (`tests/fuzz_corpus.rs`). Each check panics
//! when a property fails; that is how a fuzzer sees a bug.

use arbitrary::{Arbitrary, Unstructured};

use crate::{Board, Solver, SolverError};

/// Bytes decoded the way `fuzz_target!` decodes a typed input.
fn decode<'a, T: Arbitrary<'a>>(data: &'a [u8]) -> Option<T> {
    if data.len() < T::size_hint(0).0 {
        return None;
    }
    T::arbitrary_take_rest(Unstructured::new(data)).ok()
}

/// Parsing arbitrary bytes as a puzzle never panics; errors point inside
/// the input; a board that parses prints and parses back to itself.
///
/// # Panics
///
/// When a property fails.
///
/// # Example
///
/// ```
/// slider::fuzz_checks::parse_puzzle(b"2 1 2 3 0");
/// slider::fuzz_checks::parse_puzzle(b"\xff garbage");
/// ```
pub fn parse_puzzle(data: &[u8]) {
    match crate::format::parse_puzzle(data) {
        Ok(board) => {
            let text = board.to_string();
            let again = crate::format::parse_puzzle(text.as_bytes())
                .unwrap_or_else(|e| panic!("Display output does not parse: {e}\n{text}"));
            assert_eq!(again, board, "round trip changed the board");
        }
        Err(e) => {
            for span in std::iter::once(e.span).chain(e.other) {
                assert!(
                    span.start <= span.end && span.end <= data.len(),
                    "span {span:?} outside {} input bytes",
                    data.len()
                );
            }
        }
    }
}

/// A board for the solver target: any 2x2 or 3x3 permutation, or a 4x4
/// board a bounded random walk from the goal.
#[derive(Debug, Clone, Arbitrary)]
pub struct SolverInput {
    /// 2x2, 3x3 or 4x4 (modulo 3).
    pub size: u8,
    /// Shuffle keys for 2x2 and 3x3: tile i goes where its key sorts.
    pub keys: [u8; 9],
    /// The walk's choices for 4x4 (at most [`MAX_WALK`] are used).
    pub walk: Vec<u8>,
}

/// The longest 4x4 walk the solver target takes: the course's A* stays
/// fast well past this.
pub const MAX_WALK: usize = 30;

impl SolverInput {
    /// The board these bytes describe.
    ///
    /// # Panics
    ///
    /// Never: the keys always order a permutation, and walks stay on the board.
    ///
    /// # Example
    ///
    /// ```
    /// let input = slider::fuzz_checks::SolverInput { size: 2, keys: [0; 9], walk: vec![1, 2, 3] };
    /// assert_eq!(input.board().size(), 4);
    /// ```
    pub fn board(&self) -> Board {
        let n = 2 + usize::from(self.size % 3);
        if n == 4 {
            let mut board = Board::goal(4).expect("4x4 goal");
            for &choice in self.walk.iter().take(MAX_WALK) {
                let options: Vec<Board> = board.neighbors().collect();
                board = options[usize::from(choice) % options.len()].clone();
            }
            return board;
        }
        let mut order: Vec<u32> = (0..(n * n) as u32).collect();
        order.sort_by_key(|&t| (self.keys[t as usize], t));
        Board::from_tiles(n, &order).expect("a permutation is a board")
    }
}

/// The solver target on raw bytes (the corpus replay uses this).
///
/// # Example
///
/// ```
/// slider::fuzz_checks::solver_bytes(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
/// ```
pub fn solver_bytes(data: &[u8]) {
    if let Some(input) = decode::<SolverInput>(data) {
        solver(&input);
    }
}

/// [`search`] on raw fuzzer bytes.
///
/// ```
/// slider::fuzz_checks::search_bytes(b"any bytes at all, for a 3x3 board and goal");
/// ```
pub fn search_bytes(data: &[u8]) {
    if let Some(input) = decode::<SearchInput>(data) {
        search(&input);
    }
}

/// The Solver succeeds exactly on boards the oracle reaches (for 2x2 and
/// 3x3), with `moves()` equal to the oracle's distance; on 4x4 walks it
/// succeeds within the walk's length, of the walk's parity, at or above the
/// linear-conflict bound. Every solution replays legally to the goal.
///
/// # Panics
///
/// When a property fails.
///
/// # Example
///
/// ```
/// let input = slider::fuzz_checks::SolverInput { size: 1, keys: [3, 1, 4, 1, 5, 9, 2, 6, 5], walk: vec![] };
/// slider::fuzz_checks::solver(&input);
/// ```
pub fn solver(input: &SolverInput) {
    let board = input.board();
    let n = board.size();
    let result = Solver::new(&board);
    if n <= 3 {
        let oracle = if n == 2 {
            &fixed().small
        } else {
            &fixed().oracle
        };
        let distance = oracle.distance(&board);
        match (&result, distance) {
            (Ok(solver), Some(d)) => assert_eq!(solver.moves() as u32, d, "{board:?}"),
            (Err(SolverError::Unsolvable), None) => {}
            (other, d) => panic!(
                "{board:?}: solver {:?}, oracle {d:?}",
                other.as_ref().map(Solver::moves)
            ),
        }
    }
    let Ok(solver) = result else {
        assert!(n <= 3, "a 4x4 walk was refused: {board:?}");
        return;
    };
    let path = solver.solution();
    assert_eq!(path.len(), solver.moves() + 1);
    assert_eq!(path.first(), Some(&board));
    assert!(
        path.last().is_some_and(Board::is_goal),
        "does not end at the goal"
    );
    for pair in path.windows(2) {
        assert!(
            pair[0].neighbors().any(|b| b == pair[1]),
            "illegal step {:?} -> {:?}",
            pair[0],
            pair[1]
        );
    }
    let moves = solver.moves() as u64;
    assert!(
        moves
            >= crate::search::linear_conflict(&board, &crate::search::Goal::standard(board.size()))
    );
    if n == 4 {
        let walk = input.walk.len().min(MAX_WALK) as u64;
        assert!(
            moves <= walk && (walk - moves).is_multiple_of(2),
            "{moves} moves after a {walk}-step walk"
        );
        // The fast search (IDA*, linear conflict) agrees.
        let fast = crate::search::idastar::ida_star(
            &board,
            crate::search::Heuristic::LinearConflict,
            u64::MAX,
        )
        .expect("a walk from the goal is solvable");
        assert_eq!(fast.moves.len() as u64, moves, "{board:?}");
    }
}

/// The deepest boards the search target solves with IDA* and Hamming.
const HAMMING_DEPTH: u32 = 20;

/// A 3x3 board and goal for the search target.
#[derive(Debug, Clone, Arbitrary)]
pub struct SearchInput {
    /// Shuffle keys of the board: tile i goes where its key sorts.
    pub keys: [u8; 9],
    /// Shuffle keys of a custom goal, or the course's goal.
    pub goal: Option<[u8; 9]>,
}

fn shuffled(keys: &[u8; 9]) -> Board {
    let mut order: Vec<u32> = (0..9).collect();
    order.sort_by_key(|&t| (keys[t as usize], t));
    Board::from_tiles(3, &order).expect("a permutation is a board")
}

/// IDA* with every heuristic (and A* and bidirectional breadth-first
/// search) towards a 3x3 goal (the course's, or any arrangement of the
/// tiles with the blank last) equals the exhaustive oracle, and every path
/// replays legally to the goal. (IDA* with the Hamming distance only up to
/// 20 moves, to keep the target fast.)
///
/// The oracle knows the course's goal only; the distance to another goal
/// is the oracle's distance of the board with its tiles renamed so that
/// the goal becomes the course's (renaming changes no move).
///
/// # Panics
///
/// When a search disagrees with the oracle.
///
/// # Example
///
/// ```
/// let input = slider::fuzz_checks::SearchInput { keys: [3, 1, 4, 1, 5, 9, 2, 6, 5], goal: Some([0, 8, 1, 7, 2, 6, 3, 5, 4]) };
/// slider::fuzz_checks::search(&input);
/// ```
pub fn search(input: &SearchInput) {
    use crate::search::Goal;
    use crate::search::classic::{self, Algorithm};
    use crate::search::idastar::search as ida;
    use crate::search::pdb::PatternDatabase;
    use crate::search::{Heuristic, SearchConfig, SearchError};

    let board = shuffled(&input.keys);
    // Any arrangement of the tiles, with the blank in the course's goal cell
    // (renaming tiles cannot move the blank; goals with the blank elsewhere
    // are checked against a breadth-first search from the goal in
    // tests/pdb.rs and tests/classic.rs).
    let goal = input.goal.map_or_else(
        || Goal::standard(3),
        |keys| {
            let mut tiles: Vec<u32> = shuffled(&keys).tiles().collect();
            let blank = tiles.iter().position(|&t| t == 0).expect("a blank");
            tiles.swap(blank, 8);
            Goal::from_board(&Board::from_tiles(3, &tiles).expect("a permutation"))
        },
    );
    let standard = Goal::standard(3);
    let renamed: Vec<u32> = board
        .tiles()
        .map(|t| standard.tile_at(goal.home(t)))
        .collect();
    let expected = fixed()
        .oracle
        .distance(&Board::from_tiles(3, &renamed).expect("renaming keeps a permutation"));
    let built;
    let pdb = if goal.is_standard() {
        &fixed().pdb
    } else {
        built = PatternDatabase::build(&goal).expect("3x3 databases");
        &built
    };
    let check =
        |what: &str, result: Result<crate::search::Solution, SearchError>| match (result, expected)
        {
            (Ok(solution), Some(d)) => {
                assert_eq!(
                    solution.moves.len() as u32,
                    d,
                    "{what}: {board:?} to {goal:?}"
                );
                let path = board
                    .follow(&solution.moves)
                    .expect("the path stays on the board");
                let at = path.last().expect("a path holds its first board");
                assert_eq!(
                    Goal::from_board(at),
                    goal,
                    "{what}: does not end at the goal"
                );
            }
            (Err(SearchError::Unsolvable), None) => {}
            (other, d) => panic!("{what}: {board:?} to {goal:?}: {other:?}, oracle {d:?}"),
        };
    for heuristic in [
        Heuristic::Hamming,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
        Heuristic::PatternDatabase,
    ] {
        // IDA* with the Hamming distance needs millions of nodes beyond
        // about 20 moves; keep the target fast (tests/pdb.rs covers more).
        if heuristic == Heuristic::Hamming && expected.is_none_or(|d| d > HAMMING_DEPTH) {
            continue;
        }
        let config = SearchConfig {
            heuristic,
            goal: Some(&goal),
            pdb: Some(pdb),
            ..SearchConfig::default()
        };
        check(&format!("IDA* {heuristic:?}"), ida(&board, &config));
        if heuristic == Heuristic::LinearConflict {
            check("A*", classic::solve(&board, Algorithm::AStar, &config));
            check(
                "bidirectional BFS",
                classic::solve(&board, Algorithm::BidirectionalBfs, &config),
            );
        }
    }
    assert_eq!(goal.reaches(&board), expected.is_some());
}

pub mod replay;

use std::sync::OnceLock;

use crate::check::{AnswerFormat, CheckOptions, Verdict, check as check_answer};
use crate::oracle::Oracle;
use replay::{Judgement, Puzzle, judge};

/// The fixed puzzles the answer targets check against, with their optima:
/// 2x2 and 3x3 from the exhaustive oracle, a 4x4 from the reference A*.
struct Fixed {
    /// 3x3 pattern databases for the course's goal.
    pdb: crate::search::pdb::PatternDatabase,
    boards: Vec<Board>,
    optima: Vec<Option<u64>>,
    answers: Vec<Vec<u8>>,
    moves: Vec<Vec<u8>>,
    oracle: Oracle,
    small: Oracle,
}

const FIXED_PUZZLES: [&str; 6] = [
    "2  0 1  3 2",
    "2  2 1  3 0",
    "3  0 1 3  4 2 5  7 8 6",
    "3  1 2 3  4 6 5  7 8 0",
    "3  8 1 3  4 0 2  7 6 5",
    "4  1 2 3 4  5 6 0 8  9 10 7 11  13 14 15 12",
];

fn fixed() -> &'static Fixed {
    static FIXED: OnceLock<Fixed> = OnceLock::new();
    FIXED.get_or_init(|| {
        let oracle = Oracle::new(3).expect("3x3 oracle");
        let small = Oracle::new(2).expect("2x2 oracle");
        let boards: Vec<Board> = FIXED_PUZZLES
            .iter()
            .map(|text| text.parse().expect("fixed puzzle"))
            .collect();
        let optima = boards
            .iter()
            .map(|b| match b.size() {
                2 => small.distance(b).map(u64::from),
                3 => oracle.distance(b).map(u64::from),
                _ => Solver::new(b).ok().map(|s| s.moves() as u64),
            })
            .collect();
        let solutions: Vec<Option<Solver>> = boards.iter().map(|b| Solver::new(b).ok()).collect();
        let answers = solutions
            .iter()
            .map(|s| match s {
                Some(solver) => {
                    let mut text = format!("Minimum number of moves = {}\n", solver.moves());
                    for board in solver.solution() {
                        text.push_str(&board.to_string());
                        text.push('\n');
                    }
                    text.into_bytes()
                }
                None => b"Unsolvable puzzle\n".to_vec(),
            })
            .collect();
        let moves = solutions
            .iter()
            .map(|s| match s {
                Some(solver) => solver
                    .solution()
                    .windows(2)
                    .map(|w| {
                        let (a, b) = (w[0].blank(), w[1].blank());
                        match (b.0 as i64 - a.0 as i64, b.1 as i64 - a.1 as i64) {
                            (-1, _) => b'U',
                            (1, _) => b'D',
                            (_, -1) => b'L',
                            _ => b'R',
                        }
                    })
                    .collect(),
                None => b"-1".to_vec(),
            })
            .collect();
        Fixed {
            pdb: crate::search::pdb::PatternDatabase::build(&crate::search::Goal::standard(3))
                .expect("3x3 databases"),
            boards,
            optima,
            answers,
            moves,
            oracle,
            small,
        }
    })
}

/// Arbitrary bytes as an answer, in every format, to every fixed puzzle:
/// never panics, and every finding's span lies inside the input.
///
/// # Panics
///
/// When a property fails.
///
/// # Example
///
/// ```
/// slider::fuzz_checks::parse_answer(b"Minimum number of moves = 4\n3\n0 1");
/// ```
pub fn parse_answer(data: &[u8]) {
    let fixed = fixed();
    for (board, format) in fixed.boards.iter().zip([
        None,
        Some(AnswerFormat::Course),
        Some(AnswerFormat::Moves),
        Some(AnswerFormat::Count),
        None,
        None,
    ]) {
        for strict in [false, true] {
            let options = CheckOptions {
                format,
                strict,
                budget: 100_000,
                max_findings: 8,
                ..CheckOptions::default()
            };
            let report = check_answer(board, data, &options, Some(&fixed.oracle));
            // The cap, plus at most three read findings (long line, read
            // error, strict deviation) that are always kept.
            assert!(report.findings.len() <= 8 + 3, "findings not capped");
            for finding in &report.findings {
                let spans =
                    std::iter::once(finding.span).chain(finding.related.as_ref().map(|r| r.0));
                for span in spans {
                    assert!(
                        span.start <= span.end && span.end <= data.len(),
                        "{:?}: span {span:?} outside {} bytes",
                        finding.kind,
                        data.len()
                    );
                }
            }
        }
    }
}

/// One edit of a known-good answer.
#[derive(Debug, Clone, Arbitrary)]
pub enum Edit {
    /// Remove the byte at this position (modulo the length).
    Delete(u16),
    /// Insert a byte.
    Insert(u16, u8),
    /// Overwrite a byte.
    Replace(u16, u8),
    /// Swap two lines.
    SwapLines(u16, u16),
    /// Duplicate a line.
    DuplicateLine(u16),
}

/// An answer for the `check` target: a known-good answer in some format,
/// edited, or raw bytes.
#[derive(Debug, Clone, Arbitrary)]
pub struct CheckInput {
    /// Which fixed puzzle.
    pub puzzle: u8,
    /// 0: course output, 1: move string, 2: count, 3: the raw bytes.
    pub base: u8,
    /// Edits applied to the base answer.
    pub edits: Vec<Edit>,
    /// The answer when `base` picks raw bytes.
    pub raw: Vec<u8>,
}

fn apply(mut text: Vec<u8>, edit: &Edit) -> Vec<u8> {
    let at = |i: u16, len: usize| if len == 0 { 0 } else { usize::from(i) % len };
    match *edit {
        Edit::Delete(i) if !text.is_empty() => {
            let i = at(i, text.len());
            text.remove(i);
        }
        Edit::Insert(i, b) => {
            let i = at(i, text.len() + 1);
            text.insert(i, b);
        }
        Edit::Replace(i, b) if !text.is_empty() => {
            let i = at(i, text.len());
            text[i] = b;
        }
        Edit::SwapLines(i, j) | Edit::DuplicateLine(i @ j) => {
            let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let (i, j) = (at(i, lines.len()), at(j, lines.len()));
            if matches!(edit, Edit::DuplicateLine(_)) {
                let copy = lines[i].clone();
                lines.insert(i, copy);
            } else {
                lines.swap(i, j);
            }
            text = lines.join(&b'\n');
        }
        _ => {}
    }
    text
}

/// The answer text a [`CheckInput`] describes.
///
/// # Example
///
/// ```
/// let input = slider::fuzz_checks::CheckInput { puzzle: 2, base: 1, edits: vec![], raw: vec![] };
/// assert_eq!(slider::fuzz_checks::check_input_text(&input), b"RDRD");
/// ```
pub fn check_input_text(input: &CheckInput) -> Vec<u8> {
    let fixed = fixed();
    let p = usize::from(input.puzzle) % fixed.boards.len();
    let base = match input.base % 4 {
        0 => fixed.answers[p].clone(),
        1 => fixed.moves[p].clone(),
        2 => fixed.optima[p].map_or(b"-1".to_vec(), |m| m.to_string().into_bytes()),
        _ => input.raw.clone(),
    };
    input.edits.iter().take(16).fold(base, apply)
}

/// The checker agrees with the independent judge: what it accepts the judge
/// does not call wrong, and what the judge calls right it accepts.
///
/// # Panics
///
/// When a property fails.
///
/// # Example
///
/// ```
/// let input = slider::fuzz_checks::CheckInput { puzzle: 4, base: 0, edits: vec![], raw: vec![] };
/// slider::fuzz_checks::check(&input);
/// ```
pub fn check(input: &CheckInput) {
    let fixed = fixed();
    let p = usize::from(input.puzzle) % fixed.boards.len();
    let text = check_input_text(input);
    let board = &fixed.boards[p];
    let options = CheckOptions {
        budget: 1_000_000,
        ..CheckOptions::default()
    };
    let report = check_answer(board, text.as_slice(), &options, Some(&fixed.oracle));
    let tiles: Vec<u32> = board.tiles().collect();
    let puzzle = Puzzle {
        n: board.size(),
        tiles: &tiles,
        optimum: fixed.optima[p],
    };
    let judgement = judge(&puzzle, &text);
    let shown = String::from_utf8_lossy(&text);
    if report.verdict == Verdict::Accepted {
        assert_ne!(
            judgement,
            Some(Judgement::Invalid),
            "accepted a wrong answer:\n{shown}"
        );
    }
    if judgement == Some(Judgement::Valid) {
        assert_eq!(
            report.verdict,
            Verdict::Accepted,
            "rejected a right answer:\n{shown}\n{:?}",
            report.findings
        );
    }
}

/// The `check` target on raw bytes (the corpus replay uses this).
///
/// # Example
///
/// ```
/// slider::fuzz_checks::check_bytes(&[2, 0, 0, 0]);
/// ```
pub fn check_bytes(data: &[u8]) {
    if let Some(input) = decode::<CheckInput>(data) {
        check(&input);
    }
}
