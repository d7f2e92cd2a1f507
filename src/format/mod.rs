//! Text formats: spans, the token stream, and puzzle files.
//!
//! Everything here reads; rendering of boards is [`Board`](crate::Board)'s
//! `Display`, and rendering of errors is in the binaries' diagnostics.

mod lines;
mod puzzle;
mod span;
mod tokens;

pub use lines::{Line, LineReader, MAX_LINE_BYTES};
pub(crate) use puzzle::{Integer, OwnedToken, TokenSource, parse_integer, read_board};
pub use puzzle::{parse_puzzle, parse_puzzle_any, read_puzzle};
pub use span::Span;
pub use tokens::{MAX_TOKEN_BYTES, Token, Tokenizer, is_separator};

/// The longest token text quoted in a message.
const QUOTE_CHARS: usize = 32;

/// Shortens a token for a message, marking what was cut with `…`.
pub(crate) fn shorten(text: &str, truncated: bool) -> String {
    let mut out: String = text.chars().take(QUOTE_CHARS).collect();
    if truncated || text.chars().nth(QUOTE_CHARS).is_some() {
        out.push('…');
    }
    out
}
