//! The answer as a stream of tokens, with the recent lines kept for quoting.
//!
//! Only non-blank lines of the boards still in play are kept: the caller
//! prunes the history as boards are done, so a gigabyte answer is checked in
//! memory proportional to one or two boards.

use std::collections::VecDeque;
use std::io::BufRead;

use crate::format::{Line, LineReader, OwnedToken, Span, TokenSource};

use super::strict::StrictFormat;

/// A token of the answer and the line it is on.
pub(crate) type AnswerToken = OwnedToken;

pub(crate) struct AnswerStream<R> {
    lines: LineReader<R>,
    pending: VecDeque<AnswerToken>,
    history: VecDeque<Line>,
    /// Fed every line, when `--strict` is on.
    pub(crate) strict: Option<StrictFormat>,
    /// The first line that was too long, and the first read error.
    pub(crate) too_long: Option<Line>,
    pub(crate) io_error: Option<(String, Span)>,
    ended: bool,
}

impl<R: BufRead> AnswerStream<R> {
    pub(crate) fn new(reader: R, strict: bool) -> Self {
        AnswerStream {
            lines: LineReader::new(reader),
            pending: VecDeque::new(),
            history: VecDeque::new(),
            strict: strict.then(StrictFormat::default),
            too_long: None,
            io_error: None,
            ended: false,
        }
    }

    /// Reads lines until at least `count` tokens are pending or the input ends.
    fn fill(&mut self, count: usize) {
        while self.pending.len() < count && !self.ended {
            match self.lines.next_line() {
                Ok(Some(line)) => {
                    if let Some(strict) = &mut self.strict {
                        strict.feed(&line);
                    }
                    if line.truncated && self.too_long.is_none() {
                        self.too_long = Some(line.clone());
                    }
                    if line.is_blank() {
                        continue;
                    }
                    for (span, text) in line.tokens() {
                        self.pending.push_back(OwnedToken {
                            text: text.to_vec(),
                            span,
                            truncated: false,
                        });
                    }
                    self.history.push_back(line);
                }
                Ok(None) => self.ended = true,
                Err(e) => {
                    self.io_error = Some((e.to_string(), self.lines.here()));
                    self.ended = true;
                }
            }
        }
    }

    /// The `k`-th pending token (0 is the next one).
    pub(crate) fn peek(&mut self, k: usize) -> Option<&AnswerToken> {
        self.fill(k + 1);
        self.pending.get(k)
    }

    /// The next token.
    pub(crate) fn next(&mut self) -> Option<AnswerToken> {
        self.fill(1);
        self.pending.pop_front()
    }

    /// Copies of the kept lines numbered `first..=last`.
    pub(crate) fn lines(&self, first: usize, last: usize) -> Vec<Line> {
        self.history
            .iter()
            .filter(|l| (first..=last).contains(&l.number))
            .cloned()
            .collect()
    }

    /// Forgets lines before `line` (no finding will quote them any more).
    pub(crate) fn forget_before(&mut self, line: usize) {
        while self.history.front().is_some_and(|l| l.number < line) {
            self.history.pop_front();
        }
    }

    /// Reads to the end (for the strict check and the end position),
    /// keeping nothing: one line at a time, in constant memory.
    pub(crate) fn finish(&mut self) -> Span {
        while !self.ended {
            self.pending.clear();
            self.history.clear();
            self.fill(1);
        }
        let end = self.lines.here();
        if let Some(strict) = &mut self.strict {
            strict.finish(end);
        }
        end
    }
}

impl<R: BufRead> TokenSource for AnswerStream<R> {
    fn next_owned(&mut self) -> std::io::Result<Option<OwnedToken>> {
        Ok(self.next())
    }
    fn here(&self) -> Span {
        self.pending.front().map_or_else(
            || self.lines.here(),
            |t| Span::empty_at(t.span.start, t.span.line, t.span.column),
        )
    }
}
