//! Text formats, read and written: spans, the token stream, puzzle files,
//! the course client's answer format, and (feature `cli`)
//! the capped input layer every binary reads through ([`source`]).
//!
//! Everything here reads; rendering of boards is [`Board`](crate::Board)'s
//! `Display`, and rendering of errors is in the binaries' diagnostics.

mod answer;
mod board_lines;
mod error;
mod lines;
pub mod manifest;
pub mod names;
mod puzzle;
#[cfg(feature = "cli")]
pub mod source;
mod span;
mod tokens;

pub use answer::{move_letters, write_solution};
pub use board_lines::{BoardLine, parse_board_lines};
pub use error::{PuzzleError, PuzzleErrorKind};
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

/// Text from an untrusted source, safe to print on a terminal: lossy UTF-8,
/// C0 control characters as their Unicode pictures (`␛` for ESC, `␀`), DEL
/// as `␡`, and C1 controls, bidi controls, line and paragraph separators,
/// zero-width characters and the noncharacters U+FFFE and U+FFFF (which
/// XML 1.0 forbids) as `\u{9b}`. With `keep_newlines`, `\n` stays
/// a line break (tabs too); a lone `\r`, which could overwrite a line,
/// never does. Every report slider prints goes through it.
///
/// # Example
///
/// ```
/// assert_eq!(slider::format::visible(b"\x1b[31mred\r\n", true), "␛[31mred␍\n");
/// assert_eq!(slider::format::visible(b"a\nb\xc2\x9b", false), "a␊b\\u{9b}");
/// assert_eq!(slider::format::visible("x\u{202e}y\u{2028}".as_bytes(), true), "x\\u{202e}y\\u{2028}");
/// assert_eq!(slider::format::visible("\u{fffe}".as_bytes(), true), "\\u{fffe}");
/// ```
pub fn visible(bytes: &[u8], keep_newlines: bool) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(bytes.len());
    for c in String::from_utf8_lossy(bytes).chars() {
        match c {
            '\n' | '\t' if keep_newlines => out.push(c),
            '\0'..='\x1f' => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
            '\x7f' => out.push('\u{2421}'),
            // C1 controls; bidi embeddings, overrides, isolates and marks
            // (they reorder what follows them); line and paragraph
            // separators; the byte-order mark and zero-width characters
            '\u{80}'..='\u{9f}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2069}'
            | '\u{61c}'
            | '\u{feff}'
            // the noncharacters XML 1.0 forbids
            | '\u{fffe}'
            | '\u{ffff}' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
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
