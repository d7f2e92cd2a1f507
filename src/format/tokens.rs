//! A streaming whitespace tokenizer, the Rust twin of the course's `In.readInt`.
//!
//! Tokens are maximal runs of non-whitespace bytes (ASCII space, tab, CR, LF,
//! vertical tab, form feed); a UTF-8 byte-order mark at the start is skipped.
//! The tokenizer reads from any [`BufRead`], keeps
//! at most [`MAX_TOKEN_BYTES`] bytes of a token (a hostile 1 GB "number" costs
//! no memory), and tracks line and column for every token.

use std::io::{self, BufRead};

use super::Span;

/// The longest token prefix that is kept; longer tokens are marked truncated.
///
/// No valid tile or size has more than 10 digits, so 64 bytes leaves room for
/// readable error messages without letting a hostile token grow memory.
pub const MAX_TOKEN_BYTES: usize = 64;

/// One whitespace-separated token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's bytes, at most [`MAX_TOKEN_BYTES`] of them.
    pub text: &'a [u8],
    /// Where the whole token lies (even when `text` was truncated).
    pub span: Span,
    /// Whether the token was longer than [`MAX_TOKEN_BYTES`].
    pub truncated: bool,
}

/// The reader's buffered bytes, refilled if empty, retrying reads that a
/// signal interrupted. Empty at the end of the input.
pub(crate) fn fill<R: BufRead>(reader: &mut R) -> io::Result<&[u8]> {
    loop {
        match reader.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
            Ok(_) => break,
        }
    }
    // The bytes are buffered now: this second call does not read.
    reader.fill_buf()
}

/// Whether a byte separates tokens.
pub fn is_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Reads tokens one at a time from a reader, with positions.
///
/// # Example
///
/// ```
/// use slider::format::Tokenizer;
/// let mut tokens = Tokenizer::new("3\n 1 2\r\n".as_bytes());
/// let first = tokens.next_token().unwrap().unwrap();
/// assert_eq!((first.text, first.span.line, first.span.column), (&b"3"[..], 1, 1));
/// let second = tokens.next_token().unwrap().unwrap();
/// assert_eq!((second.text, second.span.line, second.span.column), (&b"1"[..], 2, 2));
///
/// // A byte-order mark is skipped.
/// let mut tokens = Tokenizer::new("\u{feff}3".as_bytes());
/// let size = tokens.next_token().unwrap().unwrap();
/// assert_eq!((size.text, size.span.start, size.span.column), (&b"3"[..], 3, 1));
/// ```
#[derive(Debug)]
pub struct Tokenizer<R> {
    reader: R,
    offset: usize,
    line: usize,
    column: usize,
    text: Vec<u8>,
}

impl<R: BufRead> Tokenizer<R> {
    /// Starts reading at line 1, column 1.
    pub fn new(reader: R) -> Self {
        Tokenizer {
            reader,
            offset: 0,
            line: 1,
            column: 1,
            text: Vec::with_capacity(MAX_TOKEN_BYTES),
        }
    }

    /// The position just after everything read so far (the end of the input
    /// once [`next_token`](Self::next_token) has returned `None`).
    pub fn here(&self) -> Span {
        Span::empty_at(self.offset, self.line, self.column)
    }

    /// The next token, or `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// Any error of the underlying reader.
    pub fn next_token(&mut self) -> io::Result<Option<Token<'_>>> {
        if self.offset == 0 {
            // A UTF-8 byte-order mark (written by some Windows editors) is
            // not text: skip it, leaving the column at 1.
            const MARK: &[u8] = b"\xEF\xBB\xBF";
            if fill(&mut self.reader)?.starts_with(MARK) {
                self.reader.consume(MARK.len());
                self.offset = MARK.len();
            }
        }
        // Skip separators.
        loop {
            let buf = fill(&mut self.reader)?;
            if buf.is_empty() {
                return Ok(None);
            }
            let skip = buf.iter().take_while(|&&b| is_separator(b)).count();
            let found = skip < buf.len();
            for &byte in &buf[..skip] {
                self.offset += 1;
                if byte == b'\n' {
                    self.line += 1;
                    self.column = 1;
                } else {
                    // Separators are ASCII: one byte, one column.
                    self.column += 1;
                }
            }
            self.reader.consume(skip);
            if found {
                break;
            }
        }
        // Read the token itself.
        let start = self.here();
        self.text.clear();
        let mut truncated = false;
        loop {
            let buf = fill(&mut self.reader)?;
            if buf.is_empty() {
                break;
            }
            let take = buf.iter().take_while(|&&b| !is_separator(b)).count();
            let room = MAX_TOKEN_BYTES - self.text.len();
            let keep = take.min(room);
            self.text.extend_from_slice(&buf[..keep]);
            truncated |= take > room;
            self.offset += take;
            // A token holds no newline, so only the column moves. Columns count
            // characters: UTF-8 continuation bytes add nothing.
            self.column += buf[..take].iter().filter(|&&b| b & 0xC0 != 0x80).count();
            let done = take < buf.len();
            self.reader.consume(take);
            if done {
                break;
            }
        }
        Ok(Some(Token {
            text: &self.text,
            span: Span {
                start: start.start,
                end: self.offset,
                line: start.line,
                column: start.column,
            },
            truncated,
        }))
    }
}
