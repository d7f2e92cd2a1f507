//! The fixed puzzles and known-good answers the answer targets use.

use std::sync::OnceLock;

use crate::oracle::Oracle;
use crate::{Board, Solver};

/// The fixed puzzles the answer targets check against, with their optima:
/// 2x2 and 3x3 from the exhaustive oracle, a 4x4 from the reference A*.
pub(super) struct Fixed {
    /// 3x3 pattern databases for the course's goal.
    pub(super) pdb: crate::search::pdb::PatternDatabase,
    pub(super) boards: Vec<Board>,
    pub(super) optima: Vec<Option<u64>>,
    pub(super) answers: Vec<Vec<u8>>,
    pub(super) moves: Vec<Vec<u8>>,
    pub(super) oracle: Oracle,
    pub(super) small: Oracle,
}

const FIXED_PUZZLES: [&str; 6] = [
    "2  0 1  3 2",
    "2  2 1  3 0",
    "3  0 1 3  4 2 5  7 8 6",
    "3  1 2 3  4 6 5  7 8 0",
    "3  8 1 3  4 0 2  7 6 5",
    "4  1 2 3 4  5 6 0 8  9 10 7 11  13 14 15 12",
];

pub(super) fn fixed() -> &'static Fixed {
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
