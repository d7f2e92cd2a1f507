//! `--strict`: the answer must be the course client's output byte for byte.
//!
//! A line-by-line state machine, independent of how the boards parse: the
//! header line, then for each board its size line, n rows of `%2d ` per
//! tile, and one empty line; `\n` line endings; nothing else.

use std::fmt::Write as _;

use crate::format::{Line, Span};

use super::finding::{Finding, FindingKind, Label};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
enum State {
    #[default]
    Header,
    Size {
        boards: usize,
    },
    Rows {
        n: usize,
        left: usize,
        boards: usize,
    },
    Blank {
        boards: usize,
    },
    AfterMessage,
}

/// The strict format checker; keeps the first deviation only.
#[derive(Debug, Default)]
pub(crate) struct StrictFormat {
    state: State,
    pub(crate) deviation: Option<Finding>,
}

fn canonical_number(text: &[u8]) -> Option<usize> {
    let s = std::str::from_utf8(text).ok()?;
    let value: usize = s.parse().ok()?;
    (value.to_string() == s).then_some(value)
}

/// The exact row line for the tokens found on it, if they are all numbers.
fn canonical_row(content: &[u8]) -> Option<(String, usize)> {
    let text = std::str::from_utf8(content).ok()?;
    let mut out = String::new();
    let mut count = 0;
    for token in text.split_ascii_whitespace() {
        let value: u64 = token.parse().ok()?;
        let _ = write!(out, "{value:2} ");
        count += 1;
    }
    Some((out, count))
}

impl StrictFormat {
    fn deviate(&mut self, line: &Line, column_byte: usize, expected: String) {
        if self.deviation.is_some() {
            return;
        }
        let prefix = &line.bytes[..column_byte.min(line.bytes.len())];
        let column = 1 + prefix.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        let at = line.offset + column_byte.min(line.bytes.len());
        self.deviation = Some(Finding {
            kind: FindingKind::NotExactFormat { expected },
            span: Span {
                start: at,
                end: (at + 1).min(line.offset + line.bytes.len()).max(at),
                line: line.number,
                column,
            },
            label: Label::FirstDifference,
            related: None,
            lines: vec![line.clone()],
        });
    }

    /// The byte where `found` first differs from `expected`.
    fn first_difference(found: &[u8], expected: &[u8]) -> usize {
        found
            .iter()
            .zip(expected)
            .position(|(a, b)| a != b)
            .unwrap_or(found.len().min(expected.len()))
    }

    pub(crate) fn feed(&mut self, line: &Line) {
        if self.deviation.is_some() {
            return;
        }
        let content = line.content();
        if content.len() != line.bytes.len() {
            self.deviate(
                line,
                content.len(),
                "`\\n` line endings, not `\\r\\n`".to_string(),
            );
            return;
        }
        if !line.terminated {
            self.deviate(
                line,
                content.len(),
                "a newline at the end of the last line".to_string(),
            );
            return;
        }
        match std::mem::take(&mut self.state) {
            State::Header => {
                if crate::course::Api::of_message(content).is_some() {
                    self.state = State::AfterMessage;
                    return;
                }
                let prefix = crate::course::HEADER.as_bytes();
                let number = content.strip_prefix(prefix).and_then(canonical_number);
                if number.is_none() {
                    let at = Self::first_difference(content, prefix);
                    self.deviate(line, at, "`Minimum number of moves = N`".to_string());
                }
                self.state = State::Size { boards: 0 };
            }
            State::Size { boards } => match canonical_number(content) {
                Some(n) if n > 0 => self.state = State::Rows { n, left: n, boards },
                _ => self.deviate(
                    line,
                    0,
                    "the board size alone on its line, as `3`".to_string(),
                ),
            },
            State::Rows { n, left, boards } => {
                match canonical_row(content) {
                    Some((expected, count)) if count == n && expected.as_bytes() == content => {}
                    Some((expected, count)) if count == n => {
                        let at = Self::first_difference(content, expected.as_bytes());
                        self.deviate(line, at, format!("`{expected}` (each tile as `%2d `)"));
                    }
                    _ => self.deviate(line, 0, format!("a row of {n} tiles, each as `%2d `")),
                }
                self.state = if left == 1 {
                    State::Blank { boards: boards + 1 }
                } else {
                    State::Rows {
                        n,
                        left: left - 1,
                        boards,
                    }
                };
            }
            State::Blank { boards } => {
                if !content.is_empty() {
                    self.deviate(line, 0, "an empty line after each board".to_string());
                }
                self.state = State::Size { boards };
            }
            State::AfterMessage => {
                self.deviate(line, 0, "nothing after the unsolvable message".to_string());
            }
        }
    }

    pub(crate) fn finish(&mut self, end: Span) {
        if self.deviation.is_some() {
            return;
        }
        let expected = match &self.state {
            State::Rows { .. } => "the rest of the last board",
            State::Blank { .. } => "an empty line after the last board",
            State::Size { boards: 0 } => "the boards after the header",
            _ => return,
        };
        self.deviation = Some(Finding {
            kind: FindingKind::NotExactFormat {
                expected: expected.to_string(),
            },
            span: end,
            label: Label::OutputEnds,
            related: None,
            lines: Vec::new(),
        });
    }
}
