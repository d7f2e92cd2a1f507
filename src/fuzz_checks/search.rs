//! The `search` target: IDA* with every heuristic, A* and bidirectional
//! BFS against the exhaustive oracle, towards any blank-last goal.

use arbitrary::Arbitrary;

use super::decode;
use super::fixed::fixed;
use crate::Board;

/// The deepest boards the search target solves with IDA* and Hamming.
const HAMMING_DEPTH: u32 = 20;

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
    use crate::search::classic;
    use crate::search::idastar::search as ida;
    use crate::search::pdb::PatternDatabase;
    use crate::search::{Algorithm, Heuristic, SearchConfig, SearchError};

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
            check("A*", classic::solve(&board, Algorithm::Astar, &config));
            check(
                "bidirectional BFS",
                classic::solve(&board, Algorithm::Bibfs, &config),
            );
        }
    }
    assert_eq!(goal.reaches(&board), expected.is_some());
}
