//! Source positions: every token, board and finding keeps where it came from.

use std::fmt;

/// A range of bytes in a source text, with the 1-based line and column of its
/// first byte.
///
/// Columns count characters (UTF-8 scalar values), as rustc does; offsets count
/// bytes, so a span can slice the source it came from.
///
/// # Example
///
/// ```
/// use slider::format::Span;
/// let span = Span { start: 4, end: 6, line: 2, column: 3 };
/// assert_eq!(span.to_string(), "2:3");
/// assert_eq!(span.len(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte (equal to `start` for an empty span).
    pub end: usize,
    /// 1-based line of `start`.
    pub line: usize,
    /// 1-based column (in characters) of `start`.
    pub column: usize,
}

impl Span {
    /// An empty span at the given position, used for "end of file" findings.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::format::Span;
    /// let eof = Span::empty_at(10, 3, 1);
    /// assert!(eof.is_empty());
    /// ```
    pub fn empty_at(offset: usize, line: usize, column: usize) -> Span {
        Span {
            start: offset,
            end: offset,
            line,
            column,
        }
    }

    /// Number of bytes covered.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::format::Span;
    /// assert_eq!(Span { start: 1, end: 4, line: 1, column: 2 }.len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no bytes.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::format::Span;
    /// assert!(Span::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}
