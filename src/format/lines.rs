//! A streaming line reader with a token cursor, for answer files.
//!
//! Answers can be huge (a looping student program prints gigabytes), so they
//! are read a line at a time. A line longer than [`MAX_LINE_BYTES`] is cut
//! there, flagged, and ends the reading, whether or not a newline ever comes
//! (`/dev/zero` has none): memory and time stay bounded whatever the input.
//! A UTF-8 byte-order mark at the very start is skipped.

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
    /// Whether the line was longer than [`MAX_LINE_BYTES`]; it is then the
    /// last line read.
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
    /// A read error met after some bytes of a line, returned next time.
    error: Option<io::Error>,
    /// Set after an overlong line or an error: nothing more is read.
    stopped: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Starts at line 1.
    pub fn new(reader: R) -> Self {
        LineReader {
            reader,
            number: 0,
            offset: 0,
            error: None,
            stopped: false,
        }
    }

    /// An empty span at the end of everything read so far.
    pub fn here(&self) -> Span {
        Span::empty_at(self.offset, self.number + 1, 1)
    }

    /// The next line, or `None` at the end of the input (and after a line
    /// that was cut at [`MAX_LINE_BYTES`]).
    ///
    /// # Errors
    ///
    /// Any error of the underlying reader; a line read in part before the
    /// error is returned first.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        if self.stopped {
            return Ok(None);
        }
        if self.offset == 0 {
            self.skip_byte_order_mark()?;
        }
        let mut line = Line {
            number: self.number + 1,
            offset: self.offset,
            ..Line::default()
        };
        let mut consumed = 0_usize;
        loop {
            let buf = match super::tokens::fill(&mut self.reader) {
                Ok(buf) => buf,
                Err(e) if consumed == 0 => {
                    self.stopped = true;
                    return Err(e);
                }
                Err(e) => {
                    self.error = Some(e);
                    self.stopped = true;
                    break;
                }
            };
            if buf.is_empty() {
                break;
            }
            let (take, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (buf.len(), false),
            };
            let room = MAX_LINE_BYTES - line.bytes.len();
            if take > room {
                // Cut here, and read no further: the rest may never end.
                line.bytes.extend_from_slice(&buf[..room]);
                line.truncated = true;
                consumed += room;
                self.reader.consume(room);
                self.stopped = true;
                break;
            }
            line.bytes.extend_from_slice(&buf[..take]);
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

    /// Skips a UTF-8 byte-order mark (`EF BB BF`) at the start: editors on
    /// Windows write one, and it is not part of the text.
    fn skip_byte_order_mark(&mut self) -> io::Result<()> {
        const MARK: &[u8] = b"\xEF\xBB\xBF";
        let buf = super::tokens::fill(&mut self.reader)?;
        if buf.starts_with(MARK) {
            self.reader.consume(MARK.len());
            self.offset = MARK.len();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_line_is_cut_and_ends_the_reading() {
        let mut lines = LineReader::new(io::BufReader::new(io::repeat(0)));
        let line = lines.next_line().unwrap().unwrap();
        assert!(line.truncated && !line.terminated);
        assert_eq!(line.bytes.len(), MAX_LINE_BYTES);
        assert!(lines.next_line().unwrap().is_none());
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let mut lines = LineReader::new(&b"\xEF\xBB\xBFRD\nLU"[..]);
        let first = lines.next_line().unwrap().unwrap();
        assert_eq!((first.offset, first.content()), (3, &b"RD"[..]));
        assert_eq!(first.tokens()[0].0.column, 1);
        assert_eq!(lines.next_line().unwrap().unwrap().offset, 6);
    }

    #[test]
    fn a_line_read_before_an_error_comes_first() {
        struct Failing(bool);
        impl io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    Err(io::Error::other("boom"))
                } else {
                    buf[..2].copy_from_slice(b"RD");
                    Ok(2)
                }
            }
        }
        let mut lines = LineReader::new(io::BufReader::new(Failing(false)));
        assert_eq!(lines.next_line().unwrap().unwrap().content(), b"RD");
        assert_eq!(lines.next_line().unwrap_err().to_string(), "boom");
        assert!(lines.next_line().unwrap().is_none());
    }
}
