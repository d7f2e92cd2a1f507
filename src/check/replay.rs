//! Replaying a path: boards one by one, or move letters, from the puzzle.

use std::io::BufRead;

use crate::format::Span;
use crate::{Board, Direction};

use super::finding::{Finding, FindingKind, Label, StepFault};
use super::{Checker, Claim, MoveMeaning, Seen, next_board};

/// A board of the answer and where it is.
struct Placed {
    board: Board,
    spans: Vec<Span>,
    index: u64,
}

impl Placed {
    fn first_line(&self) -> usize {
        self.spans.first().map_or(0, |s| s.line)
    }
    fn last_line(&self) -> usize {
        self.spans.last().map_or(0, |s| s.line)
    }
}

/// How `next` differs from `previous` (same size), or `None` for one slide.
/// Also returns the first changed cell.
fn step_fault(previous: &Board, next: &Board) -> Option<(StepFault, usize)> {
    let n = previous.size();
    let a: Vec<u32> = previous.tiles().collect();
    let b: Vec<u32> = next.tiles().collect();
    let changed: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    let Some(&first) = changed.first() else {
        return Some((StepFault::Repeated, 0));
    };
    if let [i, j] = changed[..]
        && a[i] == b[j]
        && a[j] == b[i]
    {
        {
            if a[i] != 0 && a[j] != 0 {
                return Some((
                    StepFault::Swap {
                        tiles: (a[i], a[j]),
                    },
                    first,
                ));
            }
            let adjacent = (i / n).abs_diff(j / n) + (i % n).abs_diff(j % n) == 1;
            if adjacent {
                return None;
            }
            let (from, to) = if a[i] == 0 { (i, j) } else { (j, i) };
            return Some((
                StepFault::Jump {
                    from: (from / n, from % n),
                    to: (to / n, to % n),
                },
                first,
            ));
        }
    }
    let tiles: Vec<u32> = changed
        .iter()
        .map(|&i| b[i])
        .filter(|&t| t != 0)
        .take(8)
        .collect();
    Some((
        StepFault::Many {
            tiles,
            cells: changed.len(),
        },
        first,
    ))
}

/// Replays the boards after the header.
pub(super) fn boards<R: BufRead>(
    checker: &mut Checker<'_, '_, R>,
    claimed: Option<(u64, Span)>,
) -> Claim {
    let n = checker.puzzle.size();
    // The header line is quoted by findings made at the end, after the
    // history has moved on: keep it now.
    let header_lines = claimed.map(|(_, span)| checker.stream.lines(span.line, span.line));
    checker.kept.extend(header_lines.iter().flatten().cloned());
    let mut previous: Option<Placed> = None;
    let mut seen = Seen::default();
    let mut index = 0;
    let mut broken = false;
    while checker.stream.peek(0).is_some() {
        index += 1;
        let (board, spans) = match next_board(&mut checker.stream) {
            Ok(read) => read,
            Err(e) => {
                let lines = checker.stream.lines(e.span.line, e.span.line);
                let related = e.other.map(|s| (s, Label::FirstSeenHere));
                checker.add(Finding {
                    kind: FindingKind::MalformedBoard {
                        index,
                        reason: e.kind.clone(),
                    },
                    span: e.span,
                    label: Label::Board(e.kind.clone()),
                    related,
                    lines,
                });
                broken = true;
                break;
            }
        };
        let current = Placed {
            board,
            spans,
            index,
        };
        if current.board.size() != n {
            let span = current.spans[0];
            let kind = FindingKind::SizeChanged {
                index,
                found: current.board.size(),
                expected: n,
            };
            checker.at(kind, span, Label::ThisBoard);
            broken = true;
            break;
        }
        compare(checker, previous.as_ref(), &current, &mut seen);
        // Findings on the next board quote this one and itself, no more.
        checker.stream.forget_before(current.first_line());
        previous = Some(current);
    }
    let end = checker.stream.finish();
    let Some(last) = previous else {
        if !broken {
            let span = claimed.map_or(end, |(_, span)| span);
            checker.add(Finding {
                kind: FindingKind::NoBoards,
                span,
                label: Label::NoBoardFollows,
                related: None,
                lines: header_lines.unwrap_or_default(),
            });
        }
        return Claim::Broken;
    };
    if broken {
        return Claim::Broken;
    }
    let moves = last.index - 1;
    if !checker.is_goal(&last.board) {
        checker.at(
            FindingKind::LastNotGoal { index: last.index },
            last.spans[0],
            Label::BoardAt(last.index),
        );
    }
    if let Some((claimed, span)) = claimed
        && claimed != moves
    {
        {
            let lines = header_lines.clone().unwrap_or_default();
            checker.add(Finding {
                kind: FindingKind::CountMismatch {
                    claimed,
                    actual: moves,
                },
                span,
                label: Label::Claimed(claimed),
                related: None,
                lines,
            });
        }
    }
    let span = claimed.map_or(last.spans[0], |(_, span)| span);
    Claim::Path { moves, span }
}

/// Checks one board against the puzzle (the first) or the board before it.
fn compare<R: BufRead>(
    checker: &mut Checker<'_, '_, R>,
    previous: Option<&Placed>,
    current: &Placed,
    seen: &mut Seen,
) {
    let n = checker.puzzle.size();
    let index = current.index;
    if index == 1 && current.board != *checker.puzzle {
        let cell = (0..n * n)
            .find(|&i| current.board.tiles().nth(i) != checker.puzzle.tiles().nth(i))
            .unwrap_or(0);
        let tile = checker.puzzle.tiles().nth(cell).unwrap_or(0);
        checker.at(
            FindingKind::FirstBoardNotPuzzle,
            current.spans[cell],
            Label::PuzzleHas(tile),
        );
    }
    if let Some(prev) = previous {
        if let Some((fault, cell)) = step_fault(&prev.board, &current.board) {
            if !checker.has_room() {
                return; // counted; no need to copy the boards' lines
            }
            let was = prev.board.tiles().nth(cell).unwrap_or(0);
            let mut lines = checker.stream.lines(prev.first_line(), current.last_line());
            lines.retain(|l| l.number <= prev.last_line() || l.number >= current.first_line());
            checker.add(Finding {
                kind: FindingKind::NotOneSlide { index, fault },
                span: current.spans[cell],
                label: Label::BoardAt(index),
                related: Some((
                    prev.spans[cell],
                    Label::BoardBeforeHad {
                        index: index - 1,
                        tile: was,
                    },
                )),
                lines,
            });
        } else if let Some(earlier) = seen.check_and_insert(&current.board, index) {
            checker.at(
                FindingKind::RepeatsEarlierBoard { index, earlier },
                current.spans[0],
                Label::BoardAt(index),
            );
        }
    } else {
        seen.check_and_insert(&current.board, index);
    }
}

/// The direction a letter names, if it is a move letter.
fn letter_direction(letter: char, meaning: MoveMeaning) -> Option<Direction> {
    let direction = Direction::from_letter(letter)?;
    Some(match meaning {
        MoveMeaning::Blank => direction,
        MoveMeaning::Tile => direction.opposite(),
    })
}

/// Replays move letters from the puzzle.
/// The first character of `bytes` and its length in bytes; a byte that
/// starts no valid UTF-8 character is U+FFFD, one byte long.
fn first_char(bytes: &[u8]) -> (char, usize) {
    let len = match bytes[0] {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    match bytes.get(..len).map(std::str::from_utf8) {
        Some(Ok(text)) => (text.chars().next().unwrap_or('\u{FFFD}'), len),
        _ if bytes[0].is_ascii() => (char::from(bytes[0]), 1),
        _ => ('\u{FFFD}', 1),
    }
}

pub(super) fn moves<R: BufRead>(checker: &mut Checker<'_, '_, R>) -> Claim {
    let mut board = checker.puzzle.clone();
    // The same letters read the other way (tile for blank, blank for
    // tile), while every move of that reading stays on the board: when the
    // answer's reading fails and this one does not, the finding says so.
    let other = match checker.options.moves {
        MoveMeaning::Blank => MoveMeaning::Tile,
        MoveMeaning::Tile => MoveMeaning::Blank,
    };
    let mut other_board = Some(checker.puzzle.clone());
    let mut first_illegal = None;
    let mut count = 0_u64;
    let mut first_span = None;
    let mut last_span = Span::default();
    while let Some(token) = checker.stream.next() {
        let mut column = token.span.column;
        let mut offset = 0;
        // One move per character: a multi-byte character is one bad letter.
        while offset < token.text.len() {
            let (letter, len) = first_char(&token.text[offset..]);
            let span = Span {
                start: token.span.start + offset,
                end: token.span.start + offset + len,
                line: token.span.line,
                column,
            };
            column += 1;
            offset += len;
            if letter == ',' {
                continue;
            }
            if first_span.is_none() {
                // Findings about the whole path point at its first move, whose
                // line the stream will have forgotten by then: keep a copy.
                first_span = Some(span);
                let line = checker.stream.lines(span.line, span.line);
                checker.kept.extend(line);
            }
            last_span = span;
            let Some(direction) = letter_direction(letter, checker.options.moves) else {
                checker.at(FindingKind::BadMoveLetter { letter }, span, Label::NotAMove);
                continue;
            };
            count += 1;
            other_board =
                other_board.and_then(|b| letter_direction(letter, other).and_then(|d| b.slide(d)));
            if let Some(next) = board.slide(direction) {
                board = next;
            } else {
                first_illegal.get_or_insert(checker.findings.len());
                checker.at(
                    FindingKind::IllegalMove {
                        index: count,
                        letter,
                    },
                    span,
                    Label::BlankAtEdge,
                );
            }
        }
        checker.stream.forget_before(token.span.line);
    }
    let other_reaches = other_board.as_ref().map(|b| checker.is_goal(b));
    if let (Some(index), Some(reaches)) = (first_illegal, other_reaches)
        && let Some(finding) = checker.findings.get_mut(index)
        && matches!(finding.kind, FindingKind::IllegalMove { .. })
    {
        finding.label = Label::LegalReadOtherwise {
            meaning: other,
            reaches,
        };
    }
    let end = checker.stream.finish();
    let span = first_span.unwrap_or(end);
    if checker.findings.is_empty() && !checker.is_goal(&board) && checker.solvable() {
        checker.at(
            FindingKind::LastNotGoal { index: count + 1 },
            last_span,
            Label::MovesEndShort,
        );
    }
    Claim::Path { moves: count, span }
}
