//! A test's inputs, made from its row's [`Inputs`]: the boards, and the
//! course's name for the list each belongs to.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::Inputs;
use crate::autograde::protocol::SolverMethod;
use crate::course::Api;
use crate::generate::{Scramble, generate, seeded};
use crate::oracle::Oracle;
use crate::{Board, Direction};

/// One input of a test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// Its boards (none for a null argument).
    pub boards: Vec<Board>,
    /// The course's name of its list: `puzzle04.txt`, `2-by-2`,
    /// `1000 random 3-by-3 boards that are exactly 5 moves from goal`.
    pub list: String,
    /// Its place in the list, from 1, and the list's length.
    pub trial: (usize, usize),
    /// For the kth neighbor or twin: k.
    pub k: usize,
    /// Its own random seed (the kth neighbor's choices, a call sequence).
    pub seed: u64,
    /// For a board drawn exactly k moves from the goal: k (such a board
    /// costs a Solver next to nothing; the plan balances its JVMs by it).
    pub exact_moves: Option<u32>,
}

impl Input {
    /// How the report names it: the list, and the trial when the list has
    /// more than one.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::catalog::Input;
    /// let input = Input { boards: vec![], list: "2-by-2".into(), trial: (4, 1000), k: 0, seed: 0, exact_moves: None };
    /// assert_eq!(input.label(), "2-by-2, trial 4 of 1000");
    /// ```
    #[must_use]
    pub fn label(&self) -> String {
        if self.trial.1 > 1 {
            format!("{}, trial {} of {}", self.list, self.trial.0, self.trial.1)
        } else {
            self.list.clone()
        }
    }
}

fn file(name: &str) -> Board {
    crate::course::file(name)
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| Board::goal(2).unwrap_or_else(|_| unreachable!("2 is a valid size")))
}

fn goal(n: usize) -> Board {
    Board::goal(n).unwrap_or_else(|_| unreachable!("the course's sizes are valid"))
}

fn random(n: usize, kind: Scramble, rng: &mut impl Rng) -> Board {
    generate(n, kind, rng, None).unwrap_or_else(|_| goal(n))
}

/// A board at most `steps` moves from the goal: a random walk that never
/// undoes its last move.
fn walk(n: usize, steps: usize, rng: &mut impl Rng) -> Board {
    let mut board = goal(n);
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

fn ordinal(k: usize) -> String {
    let suffix = match (k % 10, k % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{k}{suffix}")
}

struct Lists {
    out: Vec<Input>,
    seed: u64,
}

impl Lists {
    fn list(&mut self, list: &str, boards: Vec<Vec<Board>>) {
        let of = boards.len();
        for (i, boards) in boards.into_iter().enumerate() {
            self.out.push(Input {
                boards,
                list: list.to_string(),
                trial: (i + 1, of),
                k: 0,
                seed: self.seed.wrapping_add(self.out.len() as u64),
                exact_moves: None,
            });
        }
    }

    fn files(&mut self, names: impl IntoIterator<Item = String>) {
        for name in names {
            self.list(&format!("{name}.txt"), vec![vec![file(&name)]]);
        }
    }
}

/// The inputs of `inputs`, random ones drawn from `seed` (one generator,
/// drawn from in the order of the lists).
#[must_use]
pub fn make(inputs: Inputs, seed: u64) -> Vec<Input> {
    let mut rng = seeded(seed);
    let rng = &mut rng;
    let mut lists = Lists {
        out: Vec::new(),
        seed,
    };
    let names = |names: &'static [&'static str]| names.iter().map(|n| (*n).to_string());
    match inputs {
        Inputs::Files(files) => lists.files(names(files)),
        Inputs::Range(prefix, from, to) => {
            lists.files((from..=to).map(|i| format!("{prefix}{i:02}")));
        }
        Inputs::Random(sizes) => lists.random(sizes, rng),
        Inputs::FilesAndRandom(files, sizes) => {
            lists.files(names(files));
            lists.random(sizes, rng);
        }
        Inputs::Goals(sizes) => {
            for &n in sizes {
                lists.list(&format!("{n}-by-{n}"), vec![vec![goal(n)]]);
            }
        }
        Inputs::Sizes(sizes) => {
            for &n in sizes {
                let board = random(n, Scramble::Uniform, rng);
                lists.list(&format!("n = {n}"), vec![vec![board]]);
            }
        }
        Inputs::Pairs(sizes, trials) => lists.pairs(sizes, trials, rng),
        Inputs::EqualPairs(ranges, trials) => lists.equal_pairs(ranges, trials, rng),
        Inputs::FilePairs(pairs) => {
            for (a, b) in pairs {
                lists.list(
                    &format!("{a}.txt and {b}.txt"),
                    vec![vec![file(a), file(b)]],
                );
            }
        }
        Inputs::Kth(kth) => lists.kth(kth),
        Inputs::ExactMoves(trials) => lists.exact_moves(trials, rng),
        Inputs::Near(spec) => lists.near(spec, rng),
        Inputs::Random2x2(trials, solvable) => {
            let boards = (0..trials).map(|_| vec![random2(solvable, rng)]).collect();
            lists.list(&format!("{trials} random 2-by-2 boards"), boards);
        }
        Inputs::FilesAnd2x2(files, trials, solvable) => {
            lists.files(names(files));
            let boards = (0..trials)
                .map(|_| vec![random2(Some(solvable), rng)])
                .collect();
            let kind = if solvable { "solvable" } else { "unsolvable" };
            lists.list(&format!("random 2-by-2 {kind} boards"), boards);
        }
        Inputs::Null => lists.list("null", vec![vec![]]),
    }
    lists.out
}

impl Lists {
    /// For each (n, trials): `trials` uniform n-by-n boards, one list.
    fn random(&mut self, sizes: &[(usize, usize)], rng: &mut impl Rng) {
        for &(n, trials) in sizes {
            let boards = (0..trials)
                .map(|_| vec![random(n, Scramble::Uniform, rng)])
                .collect();
            self.list(&format!("{n}-by-{n}"), boards);
        }
    }

    /// For each (m, n): `trials` pairs of an m-by-m and an n-by-n board.
    fn pairs(&mut self, sizes: &[(usize, usize)], trials: usize, rng: &mut impl Rng) {
        for &(m, n) in sizes {
            let boards = (0..trials)
                .map(|_| {
                    vec![
                        random(m, Scramble::Uniform, rng),
                        random(n, Scramble::Uniform, rng),
                    ]
                })
                .collect();
            let list = if m == n || trials > 1 {
                format!("random {m}-by-{m} and {n}-by-{n} boards")
            } else {
                format!("m = {m}, n = {n}")
            };
            self.list(&list, boards);
        }
    }

    /// For each range of n: `trials` pairs of one size, by turns the same
    /// board, a neighbour, another board, and the same again.
    fn equal_pairs(&mut self, ranges: &[(usize, usize)], trials: usize, rng: &mut impl Rng) {
        for &(lo, hi) in ranges {
            let boards = (0..trials)
                .map(|t| {
                    let n = rng.random_range(lo..=hi);
                    let a = random(n, Scramble::Uniform, rng);
                    let b = if t % 2 == 0 {
                        a.clone()
                    } else if t % 4 == 1 {
                        a.neighbors().next().unwrap_or_else(|| a.clone())
                    } else {
                        random(n, Scramble::Uniform, rng)
                    };
                    vec![a, b]
                })
                .collect();
            let list = if lo == hi {
                format!("n = {lo}")
            } else {
                format!("{lo} <= n < {}", hi + 1)
            };
            self.list(&list, boards);
        }
    }

    /// The k-th neighbour (or twin) of each named file.
    fn kth(&mut self, kth: &[(&str, usize)]) {
        for &(name, k) in kth {
            self.list(
                &format!("{} neighbor of {name}.txt", ordinal(k)),
                vec![vec![file(name)]],
            );
            if let Some(last) = self.out.last_mut() {
                last.k = k;
            }
        }
    }

    /// For k from 1 to 12: `trials` 3-by-3 boards exactly k moves from the
    /// goal, each carrying its k.
    fn exact_moves(&mut self, trials: usize, rng: &mut impl Rng) {
        let oracle = Oracle::new(3).ok();
        for k in 1..=12 {
            let boards = (0..trials)
                .filter_map(|_| generate(3, Scramble::ExactMoves(k), rng, oracle.as_ref()).ok())
                .map(|b| vec![b])
                .collect();
            let unit = if k == 1 { "move" } else { "moves" };
            let first = self.out.len();
            self.list(
                &format!("{trials} random 3-by-3 boards that are exactly {k} {unit} from goal"),
                boards,
            );
            for input in &mut self.out[first..] {
                input.exact_moves = Some(k);
            }
        }
    }

    /// For each (n, trials, moves): `trials` n-by-n boards a random walk
    /// of at most `moves` from the goal.
    fn near(&mut self, spec: &[(usize, usize, usize)], rng: &mut impl Rng) {
        for &(n, trials, moves) in spec {
            let boards = (0..trials).map(|_| vec![walk(n, moves, rng)]).collect();
            self.list(
                &format!("{trials} random {n}-by-{n} boards that are <= {moves} moves from goal"),
                boards,
            );
        }
    }
}

/// A random 2x2 board, not the goal.
fn random2(solvable: Option<bool>, rng: &mut impl Rng) -> Board {
    let kind = match solvable {
        Some(true) => Scramble::Solvable,
        Some(false) => Scramble::Unsolvable,
        None => Scramble::Uniform,
    };
    loop {
        let board = random(2, kind, rng);
        if !board.is_goal() {
            return board;
        }
    }
}

/// A random sequence of Solver calls for the call-order test: two to five
/// calls, the solution last (`isSolvable()` only where the API has it).
#[must_use]
pub fn calls(seed: u64, api: Api) -> Vec<SolverMethod> {
    let mut rng = seeded(seed);
    let mut methods = vec![SolverMethod::Moves, SolverMethod::Solution];
    if api == Api::Coursera {
        methods.push(SolverMethod::IsSolvable);
    }
    let length = rng.random_range(1..=4);
    let mut calls: Vec<SolverMethod> = (0..length)
        .map(|_| methods[rng.random_range(0..methods.len())])
        .collect();
    calls.push(SolverMethod::Solution);
    calls
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_drawn_at_an_exact_distance_carry_it_and_are_that_far() {
        let oracle = crate::oracle::Oracle::new(3).unwrap();
        let inputs = make(Inputs::ExactMoves(3), 7);
        assert_eq!(inputs.len(), 36);
        for input in &inputs {
            let k = input.exact_moves.expect("an exact distance");
            assert!(
                input.list.contains(&format!("exactly {k} move")),
                "{}",
                input.list
            );
            assert_eq!(oracle.distance(&input.boards[0]), Some(k));
        }
        let near = make(Inputs::Near(&[(3, 2, 5)]), 7);
        assert!(near.iter().all(|i| i.exact_moves.is_none()));
    }
}
