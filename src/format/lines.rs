//! A streaming line reader with a token cursor, for answer files.
//!
//! Answers can be huge (a looping student program prints gigabytes), so they
//! are read a line at a time. A line longer than [`MAX_LINE_BYTES`] is kept
//! only up to that length (the rest is skipped and flagged), so memory stays
//! bounded whatever the input.

use std::io::{self, BufRead};

use super::Span;
use super::tokens::is_separator;

/// The longest line kept; a 32768-wide board row needs about 360 KB.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input, without its `\n`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Line {
    /// 1-based line number.
    pub number: usize,
    /// Byte offset of the line's first byte.
    pub offset: usize,
    /// The line's bytes (a trailing `\r` included), at most [`MAX_LINE_BYTES`].
    pub bytes: Vec<u8>,
    /// Whether the line was longer than [`MAX_LINE_BYTES`].
    pub truncated: bool,
    /// Whether the line ended with `\n` (the last line of a file may not).
    pub terminated: bool,
}

impl Line {
    /// The line without a trailing `\r`.
    pub fn content(&self) -> &[u8] {
        self.bytes.strip_suffix(b"\r").unwrap_or(&self.bytes)
    }

    /// Whether the line holds nothing but whitespace.
    pub fn is_blank(&self) -> bool {
        self.bytes.iter().all(|&b| is_separator(b))
    }

    /// The tokens of the line, with spans.
    pub fn tokens(&self) -> Vec<(Span, &[u8])> {
        let mut out = Vec::new();
        let mut column = 1;
        let mut i = 0;
        while i < self.bytes.len() {
            if is_separator(self.bytes[i]) {
                i += 1;
                column += 1;
                continue;
            }
            let start = i;
            let start_column = column;
            while i < self.bytes.len() && !is_separator(self.bytes[i]) {
                if self.bytes[i] & 0xC0 != 0x80 {
                    column += 1;
                }
                i += 1;
            }
            out.push((
                Span {
                    start: self.offset + start,
                    end: self.offset + i,
                    line: self.number,
                    column: start_column,
                },
                &self.bytes[start..i],
            ));
        }
        out
    }

    /// An empty span just after the line's last byte.
    pub fn end_span(&self) -> Span {
        let column = 1 + self.bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        Span::empty_at(self.offset + self.bytes.len(), self.number, column)
    }
}

/// Reads lines one at a time, with numbers and offsets.
///
/// # Example
///
/// ```
/// use slider::format::LineReader;
/// let mut lines = LineReader::new("a b\r\nc".as_bytes());
/// let first = lines.next_line().unwrap().unwrap();
/// assert_eq!((first.number, first.content()), (1, &b"a b"[..]));
/// let second = lines.next_line().unwrap().unwrap();
/// assert_eq!((second.number, second.offset, second.terminated), (2, 5, false));
/// assert!(lines.next_line().unwrap().is_none());
/// ```
#[derive(Debug)]
pub struct LineReader<R> {
    reader: R,
    number: usize,
    offset: usize,
}

impl<R: BufRead> LineReader<R> {
    /// Starts at line 1.
    pub fn new(reader: R) -> Self {
        LineReader {
            reader,
            number: 0,
            offset: 0,
        }
    }

    /// An empty span at the end of everything read so far.
    pub fn here(&self) -> Span {
        Span::empty_at(self.offset, self.number + 1, 1)
    }

    /// The next line, or `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// Any error of the underlying reader.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut line = Line {
            number: self.number + 1,
            offset: self.offset,
            ..Line::default()
        };
        let mut consumed = 0_usize;
        loop {
            let buf = super::tokens::fill(&mut self.reader)?;
            if buf.is_empty() {
                break;
            }
            let (take, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (buf.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(line.bytes.len());
            line.bytes.extend_from_slice(&buf[..take.min(room)]);
            line.truncated |= take > room;
            consumed += take;
            self.reader.consume(take + usize::from(done));
            if done {
                line.terminated = true;
                consumed += 1;
                break;
            }
        }
        if consumed == 0 {
            return Ok(None);
        }
        self.number += 1;
        self.offset += consumed;
        Ok(Some(line))
    }
}
