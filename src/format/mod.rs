//! Text formats: spans, the token stream, puzzle files, and (feature `cli`)
//! the capped input layer every binary reads through ([`source`]).
//!
//! Everything here reads; rendering of boards is [`Board`](crate::Board)'s
//! `Display`, and rendering of errors is in the binaries' diagnostics.

mod lines;
mod puzzle;
#[cfg(feature = "cli")]
pub mod source;
mod span;
mod tokens;

pub use lines::{Line, LineReader, MAX_LINE_BYTES};
pub(crate) use puzzle::{Integer, OwnedToken, TokenSource, parse_integer, read_board};
pub use puzzle::{ONE_LINE_MAX_SIZE, parse_puzzle, parse_puzzle_any, read_puzzle};
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

/// A byte count as people write caps: `32 MiB`, `1 GiB`, else bytes.
pub(crate) fn size_text(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b => format!("{b} bytes"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sizes_read_well() {
        assert_eq!(super::size_text(32 << 20), "32 MiB");
        assert_eq!(super::size_text(1 << 30), "1 GiB");
        assert_eq!(super::size_text(1000), "1000 bytes");
    }
}
