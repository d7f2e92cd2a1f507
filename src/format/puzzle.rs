//! Puzzle files: `n`, then n² tiles, as a whitespace-separated token stream.

use std::io::BufRead;

use super::error::{PuzzleError, PuzzleErrorKind};
use super::tokens::{Token, Tokenizer};
use super::{Span, shorten};
use crate::board::{Board, MAX_SIZE, MIN_SIZE};
use crate::error::BoardError;

/// How many tiles to reserve room for before the data shows up. The declared
/// size is untrusted: a file that claims n = 32768 and holds three numbers
/// must not allocate four gigabytes.
const INITIAL_CAPACITY: usize = 1 << 12;

/// An integer token, read the way `In.readInt` reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Integer {
    /// A value that fits in an `i64`.
    Value(i64),
    /// Digits, but too many of them for an `i64`.
    Huge,
    /// Not an integer at all.
    Invalid,
}

/// Reads `[+-]?[0-9]+`.
pub(crate) fn parse_integer(text: &[u8], truncated: bool) -> Integer {
    let digits = match text.first() {
        Some(b'+' | b'-') => &text[1..],
        _ => text,
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Integer::Invalid;
    }
    if truncated {
        return Integer::Huge;
    }
    std::str::from_utf8(text)
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
        .map_or(Integer::Huge, Integer::Value)
}

/// The token as text for messages, or the invalid-UTF-8 error.
///
/// A truncated token may end inside a character; that is not an error.
pub(crate) fn token_text(token: &Token<'_>) -> Result<String, PuzzleError> {
    match std::str::from_utf8(token.text) {
        Ok(text) => Ok(shorten(text, token.truncated)),
        Err(e) if token.truncated && e.error_len().is_none() => Ok(shorten(
            std::str::from_utf8(&token.text[..e.valid_up_to()]).unwrap_or_default(),
            true,
        )),
        Err(_) => Err(PuzzleError {
            kind: PuzzleErrorKind::InvalidUtf8,
            span: token.span,
            other: None,
        }),
    }
}

fn error(kind: PuzzleErrorKind, span: Span) -> PuzzleError {
    PuzzleError {
        kind,
        span,
        other: None,
    }
}

fn io_error(e: &std::io::Error, span: Span) -> PuzzleError {
    error(
        PuzzleErrorKind::Io {
            message: e.to_string(),
        },
        span,
    )
}

/// Parses the text of a puzzle file held in memory.
///
/// # Errors
///
/// See [`read_puzzle`].
///
/// # Example
///
/// ```
/// let board = slider::format::parse_puzzle(b"3\n0 1 3\n4 2 5\n7 8 6\n\n")?;
/// assert_eq!(board.manhattan(), 4);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn parse_puzzle(bytes: &[u8]) -> Result<Board, PuzzleError> {
    read_puzzle(bytes)
}

/// Reads a puzzle file from a stream: the size `n`, then n² tiles.
///
/// Any ASCII whitespace separates tokens (CRLF, tabs, aligned columns and
/// blank lines are all fine), as the course's `In.readInt` does. Memory grows
/// with the data actually read, never with the declared size.
///
/// # Errors
///
/// A [`PuzzleError`] with the span of the offending token (or of the end of
/// the input): empty input, a missing, non-integer or out-of-range size, too
/// few or too many tiles, a non-integer or out-of-range tile, a duplicate
/// tile (with the span of its first copy), invalid UTF-8, or a read error.
///
/// # Example
///
/// ```
/// use slider::{format::read_puzzle, PuzzleErrorKind};
/// let err = read_puzzle("2\n1 2\n3 3\n".as_bytes()).unwrap_err();
/// assert_eq!(err.kind, PuzzleErrorKind::DuplicateTile { tile: 3 });
/// assert_eq!((err.span.line, err.span.column), (3, 3));
/// assert_eq!(err.other.map(|s| (s.line, s.column)), Some((3, 1)));
/// ```
pub fn read_puzzle<R: BufRead>(reader: R) -> Result<Board, PuzzleError> {
    let mut tokens = Tokenizer::new(reader);
    let (board, _) = read_board(&mut tokens)?;
    check_end(&mut tokens, board.size() * board.size())?;
    Ok(board)
}

/// A token that owns its (capped) text, for token sources other than the
/// tokenizer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OwnedToken {
    pub(crate) text: Vec<u8>,
    pub(crate) span: Span,
    pub(crate) truncated: bool,
}

/// Anything that yields tokens with spans: the tokenizer, or the line-based
/// answer reader.
pub(crate) trait TokenSource {
    /// The next token, or `None` at the end.
    fn next_owned(&mut self) -> std::io::Result<Option<OwnedToken>>;
    /// An empty span at the end of what was read.
    fn here(&self) -> Span;
}

impl<R: BufRead> TokenSource for Tokenizer<R> {
    fn next_owned(&mut self) -> std::io::Result<Option<OwnedToken>> {
        Ok(self.next_token()?.map(|t| OwnedToken {
            text: t.text.to_vec(),
            span: t.span,
            truncated: t.truncated,
        }))
    }
    fn here(&self) -> Span {
        Tokenizer::here(self)
    }
}

/// Reads a size token and n² tile tokens into a board, with the span of
/// every tile. Memory grows with the tiles actually read.
pub(crate) fn read_board<S: TokenSource>(
    tokens: &mut S,
) -> Result<(Board, Vec<Span>), PuzzleError> {
    let n = read_size(tokens)?;
    let cells = n * n;
    let max = (cells - 1) as u32;
    let mut tiles = Vec::with_capacity(cells.min(INITIAL_CAPACITY));
    let mut spans = Vec::with_capacity(cells.min(INITIAL_CAPACITY));
    while tiles.len() < cells {
        let here = tokens.here();
        let Some(token) = tokens.next_owned().map_err(|e| io_error(&e, here))? else {
            return Err(error(
                PuzzleErrorKind::TooFewTiles {
                    expected: cells,
                    found: tiles.len(),
                },
                tokens.here(),
            ));
        };
        let text = owned_text(&token)?;
        let tile = match parse_integer(&token.text, token.truncated) {
            Integer::Value(v) if (0..=i64::from(max)).contains(&v) => v as u32,
            Integer::Value(_) | Integer::Huge => {
                return Err(error(
                    PuzzleErrorKind::TileOutOfRange { token: text, max },
                    token.span,
                ));
            }
            Integer::Invalid => {
                return Err(error(
                    PuzzleErrorKind::TileNotInteger { token: text },
                    token.span,
                ));
            }
        };
        tiles.push(tile);
        spans.push(token.span);
    }
    let board = board_from_checked(n, &tiles, |cell| spans[cell])?;
    Ok((board, spans))
}

fn owned_text(token: &OwnedToken) -> Result<String, PuzzleError> {
    token_text(&Token {
        text: &token.text,
        span: token.span,
        truncated: token.truncated,
    })
}

/// Reads the first token as the board size.
fn read_size<S: TokenSource>(tokens: &mut S) -> Result<usize, PuzzleError> {
    let here = tokens.here();
    let Some(token) = tokens.next_owned().map_err(|e| io_error(&e, here))? else {
        return Err(error(PuzzleErrorKind::Empty, tokens.here()));
    };
    let text = owned_text(&token)?;
    match parse_integer(&token.text, token.truncated) {
        Integer::Value(v) if (MIN_SIZE as i64..=MAX_SIZE as i64).contains(&v) => Ok(v as usize),
        Integer::Value(v) if (0..MIN_SIZE as i64).contains(&v) => {
            // 0 or 1 followed by more numbers on its line: a board's first
            // row, its size line missing.
            let here = tokens.here();
            let next = tokens.next_owned().map_err(|e| io_error(&e, here))?;
            let kind = if next.is_some_and(|t| t.span.line == token.span.line) {
                PuzzleErrorKind::NoSizeLine { token: text }
            } else {
                PuzzleErrorKind::SizeOutOfRange { token: text }
            };
            Err(error(kind, token.span))
        }
        Integer::Value(_) | Integer::Huge => Err(error(
            PuzzleErrorKind::SizeOutOfRange { token: text },
            token.span,
        )),
        Integer::Invalid => Err(error(
            PuzzleErrorKind::SizeNotInteger { token: text },
            token.span,
        )),
    }
}

/// Fails on any token after the last tile, counting them all.
fn check_end<R: BufRead>(tokens: &mut Tokenizer<R>, cells: usize) -> Result<(), PuzzleError> {
    let here = tokens.here();
    let Some(first) = tokens.next_token().map_err(|e| io_error(&e, here))? else {
        return Ok(());
    };
    let span = first.span;
    let mut found = cells + 1;
    loop {
        let here = tokens.here();
        match tokens.next_token().map_err(|e| io_error(&e, here))? {
            Some(_) => found += 1,
            None => break,
        }
    }
    Err(error(
        PuzzleErrorKind::TooManyTiles {
            expected: cells,
            found,
        },
        span,
    ))
}

/// The largest one-line board read (`n` up to 256, 65,536 tokens).
pub const ONE_LINE_MAX_SIZE: usize = 256;

/// Parses a puzzle in the course format or as a one-line board.
///
/// One-line boards are what many online judges use: n² tokens (n up to
/// [`ONE_LINE_MAX_SIZE`]) with no size
/// (`1 2 3 4 5 6 7 8 0`), `x` or `X` allowed for the blank
/// (`1 2 3 x 4 6 7 5 8`), or, up to 3x3, one token of n² characters
/// (`12345678x`). The forms cannot be confused: a course file has 1 + n²
/// tokens, never a perfect square.
///
/// # Errors
///
/// As [`parse_puzzle`]; when the input has a square number of tokens (or
/// is one token of a square length), the one-line reading's error.
///
/// # Example
///
/// ```
/// use slider::format::parse_puzzle_any;
/// let a = parse_puzzle_any(b"3\n1 2 3\n4 0 6\n7 5 8\n")?;
/// assert_eq!(parse_puzzle_any(b"1 2 3 4 0 6 7 5 8")?, a);
/// assert_eq!(parse_puzzle_any(b"1 2 3 4 x 6 7 5 8")?, a);
/// assert_eq!(parse_puzzle_any(b"12346x758")?.size(), 3);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn parse_puzzle_any(bytes: &[u8]) -> Result<Board, PuzzleError> {
    let course = parse_puzzle(bytes);
    if course.is_ok() {
        return course;
    }
    // Count first, keeping nothing: only a square count of at most
    // ONE_LINE_MAX_SIZE² tokens can be a one-line board, and only then are
    // the tokens kept (a 32 MiB file of `1 1 1 …` must not become 16
    // million owned tokens).
    let mut tokenizer = Tokenizer::new(bytes);
    let mut count = 0_usize;
    loop {
        match tokenizer.next_token() {
            Ok(Some(_)) => count += 1,
            Ok(None) => break,
            Err(e) => return Err(io_error(&e, tokenizer.here())),
        }
        if count > ONE_LINE_MAX_SIZE * ONE_LINE_MAX_SIZE {
            return course;
        }
    }
    let side = |count: usize| {
        let k = count.isqrt();
        (k * k == count && (MIN_SIZE..=MAX_SIZE).contains(&k)).then_some(k)
    };
    if side(count).is_none() && count != 1 {
        return course;
    }
    let mut tokenizer = Tokenizer::new(bytes);
    let mut tokens = Vec::with_capacity(count);
    while let Some(token) = tokenizer
        .next_owned()
        .map_err(|e| io_error(&e, tokenizer.here()))?
    {
        tokens.push(token);
    }
    if let Some(n) = side(tokens.len()) {
        let cells: Vec<(Span, Vec<u8>, bool)> = tokens
            .into_iter()
            .map(|t| (t.span, t.text, t.truncated))
            .collect();
        return one_line_board(n, &cells);
    }
    if let [token] = tokens.as_slice()
        && let Some(n @ ..=3) = side(token.text.len())
    {
        {
            let cells: Vec<(Span, Vec<u8>, bool)> = token
                .text
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let span = Span {
                        start: token.span.start + i,
                        end: token.span.start + i + 1,
                        line: token.span.line,
                        column: token.span.column + i,
                    };
                    (span, vec![c], false)
                })
                .collect();
            return one_line_board(n, &cells);
        }
    }
    course
}

/// A board from n² cell tokens, `x`/`X` for the blank.
fn one_line_board(n: usize, cells: &[(Span, Vec<u8>, bool)]) -> Result<Board, PuzzleError> {
    let max = (n * n - 1) as u32;
    let mut tiles = Vec::with_capacity(cells.len());
    for (span, text, truncated) in cells {
        if matches!(text.as_slice(), b"x" | b"X") {
            tiles.push(0);
            continue;
        }
        let token = Token {
            text,
            span: *span,
            truncated: *truncated,
        };
        let shown = token_text(&token)?;
        match parse_integer(text, *truncated) {
            Integer::Value(v) if (0..=i64::from(max)).contains(&v) => tiles.push(v as u32),
            Integer::Value(_) | Integer::Huge => {
                return Err(error(
                    PuzzleErrorKind::TileOutOfRange { token: shown, max },
                    *span,
                ));
            }
            Integer::Invalid => {
                return Err(error(
                    PuzzleErrorKind::TileNotInteger { token: shown },
                    *span,
                ));
            }
        }
    }
    board_from_checked(n, &tiles, |cell| cells[cell].0)
}

/// The board of `tiles`, whose size, count and range were checked token by
/// token; the only error left is a duplicate, placed with `span_of(cell)`.
fn board_from_checked(
    n: usize,
    tiles: &[u32],
    span_of: impl Fn(usize) -> Span,
) -> Result<Board, PuzzleError> {
    Board::from_tiles(n, tiles).map_err(|e| match e {
        BoardError::DuplicateTile {
            tile,
            first,
            second,
        } => PuzzleError {
            kind: PuzzleErrorKind::DuplicateTile { tile },
            span: span_of(second.0 * n + second.1),
            other: Some(span_of(first.0 * n + first.1)),
        },
        other => unreachable!("validated board rejected: {other}"),
    })
}

impl std::str::FromStr for Board {
    type Err = PuzzleError;

    /// Parses the text of a puzzle file; see [`crate::format::parse_puzzle`].
    fn from_str(text: &str) -> Result<Board, Self::Err> {
        parse_puzzle(text.as_bytes())
    }
}
