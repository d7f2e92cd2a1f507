//! Reading the answer: which format it is in, and the course output's
//! header and unsolvable messages, a bare count, or a move string (replayed
//! by `replay`).

use std::io::BufRead;

use super::{AnswerFormat, Checker, Claim, FindingKind, Label, text_of};
use crate::course::Api;
use crate::format::{Integer, Span, parse_integer};

impl<R: BufRead> Checker<'_, '_, R> {
    pub(super) fn detect(&mut self) -> Option<AnswerFormat> {
        if let Some(format) = self.options.format {
            return Some(format);
        }
        let first = self.stream.peek(0)?.text.clone();
        if matches!(first.as_slice(), b"Minimum" | b"Unsolvable" | b"No") {
            return Some(AnswerFormat::Course);
        }
        if let Integer::Value(_) | Integer::Huge = parse_integer(&first, false) {
            // One number alone is a count; a number followed by more is a
            // board (the header is missing).
            return Some(if self.stream.peek(1).is_none() {
                AnswerFormat::Count
            } else {
                AnswerFormat::Course
            });
        }
        // Mostly move letters: a move string, perhaps with a typo that the
        // replay will point at.
        let text = String::from_utf8_lossy(&first);
        let letters = text.chars().filter(|c| "UDLRudlr,".contains(*c)).count();
        if letters * 2 > text.chars().count() {
            return Some(AnswerFormat::Moves);
        }
        None
    }

    pub(super) fn run(&mut self) -> (Option<AnswerFormat>, Claim) {
        let Some(format) = self.detect() else {
            let outcome = match self.stream.peek(0).cloned() {
                None => {
                    let end = self.stream.finish();
                    self.at(FindingKind::EmptyAnswer, end, Label::NothingHere);
                    Claim::Broken
                }
                Some(token) => {
                    let kind = FindingKind::Unrecognized {
                        token: text_of(&token.text),
                    };
                    self.at(kind, token.span, Label::NotAnAnswer);
                    Claim::Broken
                }
            };
            return (None, outcome);
        };
        let outcome = match format {
            AnswerFormat::Course => self.course(),
            AnswerFormat::Moves => self.move_string(),
            AnswerFormat::Count => self.count(),
        };
        (Some(format), outcome)
    }

    /// The course client's output.
    pub(super) fn course(&mut self) -> Claim {
        let first = self.stream.peek(0).cloned();
        let Some(first) = first else {
            let end = self.stream.finish();
            self.at(FindingKind::EmptyAnswer, end, Label::NothingHere);
            return Claim::Broken;
        };
        let claimed = match first.text.as_slice() {
            b"Unsolvable" | b"No" => return self.unsolvable_message(),
            b"Minimum" => match self.header() {
                Some(claimed) => Some(claimed),
                None => return Claim::Broken,
            },
            _ => {
                self.at(
                    FindingKind::MissingHeader,
                    first.span,
                    Label::FirstBoardStarts,
                );
                None
            }
        };
        super::replay::boards(self, claimed)
    }

    /// `Minimum number of moves = N`; returns N and its span.
    pub(super) fn header(&mut self) -> Option<(u64, Span)> {
        let first = self.stream.peek(0)?.clone();
        for (k, word) in crate::course::HEADER
            .split_ascii_whitespace()
            .map(str::as_bytes)
            .enumerate()
        {
            let token = self.stream.next();
            match token {
                Some(t) if t.text == *word && t.span.line == first.span.line => {}
                other => {
                    let span = other.map_or(first.span, |t| t.span);
                    let label = if k == 0 {
                        Label::Here
                    } else {
                        Label::ExpectedWord(String::from_utf8_lossy(word).into_owned())
                    };
                    self.at(FindingKind::BadHeader, span, label);
                    return None;
                }
            }
        }
        match self.stream.next() {
            Some(t) if t.span.line == first.span.line => match parse_integer(&t.text, false) {
                Integer::Value(v) if v >= 0 => Some((v as u64, t.span)),
                _ => {
                    self.at(FindingKind::BadHeader, t.span, Label::ExpectedMoveCount);
                    None
                }
            },
            other => {
                let span = other.map_or(self.stream.finish(), |t| t.span);
                self.at(FindingKind::BadHeader, span, Label::ExpectedMoveCount);
                None
            }
        }
    }

    /// `Unsolvable puzzle` or `No solution possible`, alone.
    pub(super) fn unsolvable_message(&mut self) -> Claim {
        let words: Vec<_> = (0..3)
            .filter_map(|k| self.stream.peek(k).cloned())
            .collect();
        let line = words[0].span.line;
        let texts: Vec<&[u8]> = words
            .iter()
            .filter(|t| t.span.line == line)
            .map(|t| t.text.as_slice())
            .collect();
        // The message's words, whatever the spacing between them.
        let found = Api::ALL.into_iter().find_map(|api| {
            let message: Vec<&[u8]> = api
                .unsolvable_message()
                .split(' ')
                .map(str::as_bytes)
                .collect();
            texts.starts_with(&message).then_some((api, message.len()))
        });
        let Some((message, len)) = found else {
            self.at(FindingKind::BadHeader, words[0].span, Label::Here);
            return Claim::Broken;
        };
        // The whole message, first word to last.
        let span = Span {
            end: words[len - 1].span.end,
            ..words[0].span
        };
        for _ in 0..len {
            self.stream.next();
        }
        // No API required (`None`): either message is accepted.
        if let Some(wanted) = self.options.api.filter(|&wanted| wanted != message) {
            self.at(
                FindingKind::WrongUnsolvableMessage {
                    expected: wanted.unsolvable_message(),
                },
                span,
                Label::ThisMessage,
            );
        }
        self.expect_end();
        Claim::Unsolvable { span }
    }

    /// Reports a token after the end of the answer, if any.
    pub(super) fn expect_end(&mut self) {
        if let Some(extra) = self.stream.next() {
            self.at(
                FindingKind::TrailingText,
                extra.span,
                Label::NothingShouldFollow,
            );
        }
    }

    /// A move string, replayed from the puzzle.
    pub(super) fn move_string(&mut self) -> Claim {
        super::replay::moves(self)
    }

    /// A bare count.
    pub(super) fn count(&mut self) -> Claim {
        let Some(token) = self.stream.next() else {
            let end = self.stream.finish();
            self.at(FindingKind::EmptyAnswer, end, Label::NothingHere);
            return Claim::Broken;
        };
        let outcome = match parse_integer(&token.text, false) {
            Integer::Value(-1) => Claim::Unsolvable { span: token.span },
            Integer::Value(v) if v >= 0 => Claim::Count {
                moves: v as u64,
                span: token.span,
            },
            _ => {
                let kind = FindingKind::Unrecognized {
                    token: text_of(&token.text),
                };
                self.at(kind, token.span, Label::ExpectedCountOrMinusOne);
                return Claim::Broken;
            }
        };
        self.expect_end();
        outcome
    }
}
