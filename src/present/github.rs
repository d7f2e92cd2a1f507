//! GitHub Actions workflow commands: the one escaper of every annotation
//! slider writes (`slider-check --format github`, `slider grade --format
//! github`).

/// Escapes a GitHub workflow-command property or message: the one escaper
/// of every GitHub annotation slider writes. A message cannot end the
/// command or start another (`%`, CR and LF are encoded), and a property
/// cannot add one (`:` and `,` too).
///
/// # Example
///
/// ```
/// use slider::present::github::escape;
/// assert_eq!(escape("50%\n::add-mask::x", false), "50%25%0A::add-mask::x");
/// assert_eq!(escape("a:b,c", true), "a%3Ab%2Cc");
/// ```
pub fn escape(text: &str, property: bool) -> String {
    let mut out = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    if property {
        out = out.replace(':', "%3A").replace(',', "%2C");
    }
    out
}
