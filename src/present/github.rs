//! GitHub Actions workflow commands: the one escaper of every annotation
//! slider writes (`slider-check --format github`, `slider grade --format
//! github`), and the quote around any other text a GitHub log shows.

/// Escapes a GitHub workflow-command property or message: the one escaper
/// of every GitHub annotation slider writes. A message cannot end the
/// command or start another (`%`, CR and LF are encoded, `##[` broken up),
/// and a property cannot add one (`:` and `,` too).
///
/// # Example
///
/// ```
/// use slider::present::github::escape;
/// assert_eq!(escape("50%\n::add-mask::x", false), "50%25%0A::add-mask::x");
/// assert_eq!(escape("a:b,c", true), "a%3Ab%2Cc");
/// assert_eq!(escape("x ##[error]y", false), "x #\u{200c}#[error]y");
/// ```
pub fn escape(text: &str, property: bool) -> String {
    // the runner reads `##[` anywhere in a line, annotations included
    let mut out = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
        .replace("##[", "#\u{200c}#[");
    if property {
        out = out.replace(':', "%3A").replace(',', "%2C");
    }
    out
}

/// `text` quoted for a GitHub Actions log: no line of it is read as a
/// workflow command. It goes between `::stop-commands::TOKEN` and
/// `::TOKEN::`, with a token drawn at random for each call (text written by
/// a student cannot end the quote: it cannot know the token), and every
/// `##[` in it, which the runner reads anywhere in a line, is broken up.
///
/// # Example
///
/// ```
/// use slider::present::github::quoted;
/// let text = quoted("  ::add-mask::secret\n##[warning]forged\n");
/// let mut lines = text.lines();
/// let token = lines.next().unwrap().strip_prefix("::stop-commands::").unwrap().to_string();
/// assert!(token.len() >= 32);
/// assert_eq!(lines.next(), Some("  ::add-mask::secret"));
/// assert_eq!(lines.next(), Some("#\u{200c}#[warning]forged"));
/// assert_eq!(lines.next(), Some(format!("::{token}::").as_str()));
/// assert_ne!(quoted("x"), quoted("x"), "a new token each time");
/// ```
#[must_use]
pub fn quoted(text: &str) -> String {
    use std::fmt::Write as _;
    let token = token();
    let mut out = format!("::stop-commands::{token}\n");
    out.push_str(&text.replace("##[", "#\u{200c}#["));
    if !out.ends_with('\n') {
        out.push('\n');
    }
    let _ = writeln!(out, "::{token}::");
    out
}

/// 128 random bits, in hex: the keys of two hashers the standard library
/// seeds from the operating system's randomness.
fn token() -> String {
    use std::hash::{BuildHasher, Hasher};
    let word = || {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(0x736c_6964_6572);
        hasher.finish()
    };
    format!("slider{:016x}{:016x}", word(), word())
}
