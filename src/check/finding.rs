//! What can be wrong with an answer: each kind carries its data; all the
//! wording is in [`FindingKind`]'s `Display` and [`FindingKind::code`], and
//! in [`Label`]'s `Display` for what a caret points at.

use std::fmt;

use crate::format::{Line, Span};

/// How a board differs from the one before it, when it is not one slide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepFault {
    /// The same board again.
    Repeated,
    /// The blank swapped with a tile that is not next to it.
    Jump {
        /// (row, column) of the blank before.
        from: (usize, usize),
        /// (row, column) of the blank after.
        to: (usize, usize),
    },
    /// Two tiles swapped, the blank stayed.
    Swap {
        /// The two tiles.
        tiles: (u32, u32),
    },
    /// More than two cells changed.
    Many {
        /// Tiles that changed place (the blank excluded), at most 8 listed.
        tiles: Vec<u32>,
        /// How many cells changed.
        cells: usize,
    },
}

/// What is wrong with an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FindingKind {
    /// The answer is empty.
    EmptyAnswer,
    /// The answer is none of the known formats.
    Unrecognized {
        /// Its first token (shortened).
        token: String,
    },
    /// Boards without the `Minimum number of moves = N` line.
    MissingHeader,
    /// A header line that is not `Minimum number of moves = N`.
    BadHeader,
    /// A board that does not parse.
    MalformedBoard {
        /// 1-based board number.
        index: u64,
        /// What is wrong, as the puzzle parser found it.
        reason: crate::format::PuzzleErrorKind,
    },
    /// A header and no boards.
    NoBoards,
    /// The first board is not the puzzle.
    FirstBoardNotPuzzle,
    /// A board of another size.
    SizeChanged {
        /// 1-based board number.
        index: u64,
        /// Its size.
        found: usize,
        /// The puzzle's.
        expected: usize,
    },
    /// A board that is not one slide from the previous one.
    NotOneSlide {
        /// 1-based board number.
        index: u64,
        /// How it differs.
        fault: StepFault,
    },
    /// A board seen earlier in the path (a loop).
    RepeatsEarlierBoard {
        /// 1-based board number.
        index: u64,
        /// The earlier board's number.
        earlier: u64,
    },
    /// The path does not end at the goal.
    LastNotGoal {
        /// 1-based number of the last board.
        index: u64,
    },
    /// The header's move count differs from the moves in the file.
    CountMismatch {
        /// What the header claims.
        claimed: u64,
        /// Moves in the file.
        actual: u64,
    },
    /// A legal solution that is longer than the optimum.
    NotOptimal {
        /// Moves in the answer.
        moves: u64,
        /// The proven optimum.
        optimum: u64,
    },
    /// A claimed count shorter than any solution (a bare count, or a path
    /// that cannot be legal).
    ShorterThanOptimal {
        /// What is claimed.
        moves: u64,
        /// The proven optimum.
        optimum: u64,
    },
    /// The optimum the caller gave (`--optimum`, a suite's name or manifest)
    /// is wrong: a legal path is shorter, or the exhaustive table disagrees.
    /// The answer is not at fault.
    GivenOptimumWrong {
        /// The optimum given.
        given: u64,
        /// The legal path's length, or the table's optimum.
        actual: u64,
        /// Whether `actual` is the table's.
        by_table: bool,
    },
    /// "Unsolvable" for a solvable puzzle.
    ClaimsUnsolvable,
    /// A solution for an unsolvable puzzle.
    SolutionForUnsolvable,
    /// The other course API's unsolvable message.
    WrongUnsolvableMessage {
        /// The message required.
        expected: &'static str,
    },
    /// Text after the end of the answer.
    TrailingText,
    /// A move that takes the blank off the board.
    IllegalMove {
        /// 1-based move number.
        index: u64,
        /// The letter as written.
        letter: char,
    },
    /// A character that is not a move letter in a move string.
    BadMoveLetter {
        /// The character.
        letter: char,
    },
    /// `--strict`: the first place the answer differs from the course's
    /// exact output.
    NotExactFormat {
        /// What was expected there.
        expected: String,
    },
    /// A line too long to read (over 1 MiB).
    LineTooLong,
    /// The answer could not be read.
    Io {
        /// The system's message.
        message: String,
    },
}

impl FindingKind {
    /// Whether a path with this finding can still be a legal solution (a
    /// loop, or a formatting deviation), so that its optimality is still
    /// worth proving and reporting.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::check::FindingKind;
    /// assert!(FindingKind::RepeatsEarlierBoard { index: 3, earlier: 1 }.keeps_path_legal());
    /// assert!(!FindingKind::NoBoards.keeps_path_legal());
    /// ```
    pub fn keeps_path_legal(&self) -> bool {
        matches!(
            self,
            FindingKind::RepeatsEarlierBoard { .. } | FindingKind::NotExactFormat { .. }
        )
    }

    /// The stable code of this kind, documented in the README.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::check::FindingKind::EmptyAnswer.code(), "E0200");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            FindingKind::EmptyAnswer => "E0200",
            FindingKind::Unrecognized { .. } => "E0201",
            FindingKind::MissingHeader => "E0202",
            FindingKind::BadHeader => "E0203",
            FindingKind::MalformedBoard { .. } => "E0204",
            FindingKind::NoBoards => "E0205",
            FindingKind::LineTooLong => "E0206",
            FindingKind::Io { .. } => "E0207",
            FindingKind::FirstBoardNotPuzzle => "E0210",
            FindingKind::SizeChanged { .. } => "E0211",
            // The same board twice in a row is a repeat, as the README's
            // table says, not a malformed step.
            FindingKind::NotOneSlide {
                fault: StepFault::Repeated,
                ..
            }
            | FindingKind::RepeatsEarlierBoard { .. } => "E0213",
            FindingKind::NotOneSlide { .. } => "E0212",
            FindingKind::LastNotGoal { .. } => "E0220",
            FindingKind::CountMismatch { .. } => "E0221",
            FindingKind::NotOptimal { .. } => "E0230",
            FindingKind::ShorterThanOptimal { .. } => "E0231",
            FindingKind::GivenOptimumWrong { .. } => "E0232",
            FindingKind::ClaimsUnsolvable => "E0240",
            FindingKind::SolutionForUnsolvable => "E0241",
            FindingKind::WrongUnsolvableMessage { .. } => "E0242",
            FindingKind::TrailingText => "E0243",
            FindingKind::IllegalMove { .. } => "E0250",
            FindingKind::BadMoveLetter { .. } => "E0251",
            FindingKind::NotExactFormat { .. } => "E0260",
        }
    }
}

fn list(tiles: &[u32]) -> String {
    match tiles {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(u32::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// The wording of [`FindingKind::GivenOptimumWrong`].
fn given_optimum_wrong(given: u64, actual: u64, by_table: bool) -> String {
    if by_table {
        format!("the given optimum {given} is wrong: the exhaustive table says {actual}")
    } else {
        format!(
            "the given optimum {given} is wrong: this legal path reaches the goal in {actual} moves"
        )
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FindingKind::EmptyAnswer => f.write_str("the answer is empty"),
            FindingKind::Unrecognized { token } => write!(
                f,
                "not a solution, a move string or a move count: it starts with `{token}`"
            ),
            FindingKind::MissingHeader => {
                f.write_str("the boards are not preceded by `Minimum number of moves = N`")
            }
            FindingKind::BadHeader => {
                f.write_str("expected `Minimum number of moves = N`, `Unsolvable puzzle` or `No solution possible`")
            }
            FindingKind::MalformedBoard { index, reason } => {
                write!(f, "board {index} is malformed: {reason}")
            }
            FindingKind::NoBoards => f.write_str("the header is not followed by any board"),
            FindingKind::FirstBoardNotPuzzle => f.write_str("board 1 is not the puzzle"),
            FindingKind::SizeChanged {
                index,
                found,
                expected,
            } => write!(f, "board {index} is {found}x{found}, the puzzle is {expected}x{expected}"),
            FindingKind::NotOneSlide { index, fault } => {
                let previous = index - 1;
                match fault {
                    StepFault::Repeated => write!(f, "board {index} repeats board {previous}"),
                    StepFault::Jump { from, to } => {
                        let how = if from.0 != to.0 && from.1 != to.1 {
                            "moved diagonally"
                        } else {
                            "jumped"
                        };
                        write!(
                            f,
                            "board {index} is not one slide from board {previous}: the blank {how} from row {}, column {} to row {}, column {}",
                            from.0, from.1, to.0, to.1
                        )
                    }
                    StepFault::Swap { tiles } => write!(
                        f,
                        "board {index} is not one slide from board {previous}: tiles {} and {} swapped places",
                        tiles.0, tiles.1
                    ),
                    StepFault::Many { tiles, cells } => write!(
                        f,
                        "board {index} is not one slide from board {previous}: tiles {} {} moved ({cells} cells changed)",
                        list(tiles),
                        if tiles.len() == 2 { "both" } else { "all" }
                    ),
                }
            }
            FindingKind::RepeatsEarlierBoard { index, earlier } => {
                write!(f, "board {index} repeats board {earlier}: the path has a loop")
            }
            FindingKind::LastNotGoal { index } => {
                write!(f, "the last board (board {index}) is not the goal")
            }
            FindingKind::CountMismatch { claimed, actual } => {
                write!(f, "the claimed {claimed} moves are {actual} in the file")
            }
            FindingKind::NotOptimal { moves, optimum } => {
                write!(f, "legal but not optimal: {moves} moves, the optimum is {optimum}")
            }
            FindingKind::ShorterThanOptimal { moves, optimum } => {
                write!(f, "{moves} moves is impossible: the optimum is {optimum}")
            }
            FindingKind::GivenOptimumWrong { given, actual, by_table } => {
                f.write_str(&given_optimum_wrong(*given, *actual, *by_table))
            }
            FindingKind::ClaimsUnsolvable => {
                f.write_str("the answer says unsolvable, but the puzzle is solvable")
            }
            FindingKind::SolutionForUnsolvable => {
                f.write_str("the puzzle is unsolvable, but the answer claims a solution")
            }
            FindingKind::WrongUnsolvableMessage { expected } => {
                write!(f, "the unsolvable message must be `{expected}` for this API")
            }
            FindingKind::TrailingText => f.write_str("unexpected text after the end of the answer"),
            FindingKind::IllegalMove { index, letter } => {
                write!(f, "move {index} (`{letter}`) takes the blank off the board")
            }
            FindingKind::BadMoveLetter { letter } => {
                write!(f, "`{letter}` is not a move: expected U, D, L or R")
            }
            FindingKind::NotExactFormat { expected } => {
                write!(f, "not the course's exact output: expected {expected}")
            }
            FindingKind::LineTooLong => {
                f.write_str("a line is longer than 1 MiB; nothing from there on is read")
            }
            FindingKind::Io { message } => write!(f, "cannot read the answer: {message}"),
        }
    }
}

/// What a caret under the answer points at, as data; its words are its
/// `Display`, beside the findings' messages.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Label {
    /// Where the answer ends, with nothing in it.
    NothingHere,
    /// A token that starts no answer format.
    NotAnAnswer,
    /// The first board, where the header belongs.
    FirstBoardStarts,
    /// The place itself.
    Here,
    /// Where the header's word belongs.
    ExpectedWord(String),
    /// Where the header's number of moves belongs.
    ExpectedMoveCount,
    /// The unsolvable message.
    ThisMessage,
    /// Text after the answer.
    NothingShouldFollow,
    /// A count answer's token that is not a number.
    ExpectedCountOrMinusOne,
    /// A malformed board: the puzzle parser's label for its error.
    Board(crate::format::PuzzleErrorKind),
    /// The tile seen before, that a board repeats.
    FirstSeenHere,
    /// A board of the wrong size.
    ThisBoard,
    /// The header, with no board after it.
    NoBoardFollows,
    /// The board at this place (from 1).
    BoardAt(u64),
    /// The claimed number of moves.
    Claimed(u64),
    /// A cell of the first board: the puzzle's tile there.
    PuzzleHas(u32),
    /// A cell of the board before: its tile there.
    BoardBeforeHad {
        /// That board's place (from 1).
        index: u64,
        /// Its tile.
        tile: u32,
    },
    /// A letter that is not a move.
    NotAMove,
    /// An illegal move.
    BlankAtEdge,
    /// An illegal move, legal when the letters are read the other way.
    LegalReadOtherwise {
        /// The other reading.
        meaning: super::MoveMeaning,
        /// Whether they then reach the goal.
        reaches: bool,
    },
    /// The last move, short of the goal.
    MovesEndShort,
    /// A strict comparison's first difference.
    FirstDifference,
    /// Where the output ends.
    OutputEnds,
    /// A line too long to quote.
    ThisLine,
    /// Where reading stopped.
    ReadingStopped,
    /// An "unsolvable" claim.
    PuzzleSolvable,
    /// A solution of an unsolvable puzzle.
    SolutionClaimed,
    /// The optimum the suite gave.
    GivenOptimum,
    /// The answer's number of moves.
    Moves(u64),
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::NothingHere => f.write_str("nothing here"),
            Label::NotAnAnswer => f.write_str("expected a header, a move string or a number"),
            Label::FirstBoardStarts => f.write_str("the first board starts here"),
            Label::Here => f.write_str("here"),
            Label::ExpectedWord(word) => write!(f, "expected `{word}`"),
            Label::ExpectedMoveCount => f.write_str("expected the number of moves"),
            Label::ThisMessage => f.write_str("this message"),
            Label::NothingShouldFollow => f.write_str("nothing should follow"),
            Label::ExpectedCountOrMinusOne => f.write_str("expected a move count, or -1"),
            Label::Board(kind) => f.write_str(&kind.label()),
            Label::FirstSeenHere => f.write_str("first seen here"),
            Label::ThisBoard => f.write_str("this board"),
            Label::NoBoardFollows => f.write_str("no board follows"),
            Label::BoardAt(index) => write!(f, "board {index}"),
            Label::Claimed(moves) => write!(f, "{moves} claimed"),
            Label::PuzzleHas(tile) => write!(f, "the puzzle has {tile} here"),
            Label::BoardBeforeHad { index, tile } => write!(f, "board {index} had {tile} here"),
            Label::NotAMove => f.write_str("not U, D, L or R"),
            Label::BlankAtEdge => f.write_str("the blank is at the edge"),
            Label::LegalReadOtherwise { meaning, reaches } => {
                let (flag, whose) = match meaning {
                    super::MoveMeaning::Tile => ("--moves tile", "the tiles'"),
                    super::MoveMeaning::Blank => ("--moves blank", "the blank's"),
                };
                let ends = if *reaches {
                    "and reach the goal"
                } else {
                    "but stop short of the goal"
                };
                write!(
                    f,
                    "the blank is at the edge; read as {whose} moves ({flag}), these moves are legal {ends}"
                )
            }
            Label::MovesEndShort => f.write_str("the moves end here, short of the goal"),
            Label::FirstDifference => f.write_str("first difference"),
            Label::OutputEnds => f.write_str("the output ends here"),
            Label::ThisLine => f.write_str("this line"),
            Label::ReadingStopped => f.write_str("reading stopped here"),
            Label::PuzzleSolvable => f.write_str("the puzzle is solvable"),
            Label::SolutionClaimed => f.write_str("a solution is claimed here"),
            Label::GivenOptimum => f.write_str("given optimum"),
            Label::Moves(moves) => write!(f, "{moves} moves"),
        }
    }
}

/// One finding: what is wrong, where, and the source lines to quote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// What is wrong.
    pub kind: FindingKind,
    /// Where (in the answer).
    pub span: Span,
    /// What the place is.
    pub label: Label,
    /// A second place that explains the first, with its label.
    pub related: Option<(Span, Label)>,
    /// The answer's lines the spans point into, kept for rendering (the
    /// answer itself is streamed and not kept).
    pub lines: Vec<Line>,
}
