//! Checkstyle's standard block: slider's own configuration of each
//! edition (`checkstyle/standard-*.xml`, written from the rules and
//! messages of the course's reports; see `checkstyle/README.md`), and
//! reading what Checkstyle prints.

use super::ToolWarning;
use crate::course::Edition;

/// slider's configuration of `edition`'s standard Checkstyle block.
///
/// # Example
///
/// ```
/// use slider::{autograde::style::checkstyle::config, course::Edition};
/// assert!(config(Edition::E52).contains("<module name=\"Checker\">"));
/// ```
#[must_use]
pub fn config(edition: Edition) -> &'static str {
    match edition {
        Edition::E49 => include_str!("checkstyle/standard-49.xml"),
        Edition::E51 => include_str!("checkstyle/standard-51.xml"),
        Edition::E52 => include_str!("checkstyle/standard-52.xml"),
    }
}

/// The warnings in Checkstyle's plain output, `[WARN] /dir/Board.java:12:5:
/// message [Tag]` (or `[ERROR]`, and without a column), each with the
/// file's bare name; `None` when a line that names a file cannot be read
/// (a format slider does not know: the block is then not trusted).
///
/// # Example
///
/// ```
/// use slider::autograde::style::checkstyle::parse;
/// let out = "Starting audit...\n[WARN] /tmp/w/Board.java:12:5: Bad. [Rule]\nAudit done.\n";
/// let warnings = parse(out).unwrap();
/// assert_eq!((warnings[0].file.as_str(), warnings[0].line, warnings[0].column), ("Board.java", 12, Some(5)));
/// assert_eq!((warnings[0].message.as_str(), warnings[0].rule.as_str()), ("Bad.", "Rule"));
/// ```
#[must_use]
pub fn parse(output: &str) -> Option<Vec<ToolWarning>> {
    let mut warnings = Vec::new();
    for line in output.lines() {
        let (error, rest) = if let Some(rest) = line.strip_prefix("[WARN] ") {
            (false, rest)
        } else if let Some(rest) = line.strip_prefix("[ERROR] ") {
            (true, rest)
        } else {
            continue;
        };
        warnings.push(warning(rest, error)?);
    }
    Some(warnings)
}

/// Moves `warnings`' columns to where `edition`'s Checkstyle put them:
/// the 49-test edition's older Checkstyle gives a `WhitespaceAfter`
/// warning the column just after its token (`'while' is not followed by
/// whitespace.` at the `while`'s column plus 5), where Checkstyle 8 gives
/// the token's own.
///
/// # Example
///
/// ```
/// use slider::{autograde::style::checkstyle::{course_columns, parse}, course::Edition};
/// let mut w = parse("[WARN] S.java:3:9: 'while' is not followed by whitespace. [WhitespaceAfter]\n").unwrap();
/// course_columns(Edition::E49, &mut w);
/// assert_eq!(w[0].column, Some(14));
/// ```
pub fn course_columns(edition: Edition, warnings: &mut [ToolWarning]) {
    if edition != Edition::E49 {
        return;
    }
    for w in warnings.iter_mut().filter(|w| w.rule == "WhitespaceAfter") {
        let token = w
            .message
            .strip_prefix('\'')
            .and_then(|m| m.split_once("' is not followed by whitespace."))
            .map(|(token, _)| token.chars().count())
            // A typecast's token is its `)`.
            .or_else(|| w.message.starts_with("Typecast ").then_some(1));
        if let (Some(column), Some(len)) = (w.column, token) {
            w.column = Some(column + u32::try_from(len).unwrap_or(0));
        }
    }
}

/// One line after its `[WARN] `: `path:line[:column]: message [Tag]`.
fn warning(rest: &str, error: bool) -> Option<ToolWarning> {
    let java = rest.find(".java:")? + ".java".len();
    let file = rest[..java].rsplit('/').next()?.to_string();
    let (line, after) = number(&rest[java + 1..])?;
    let (column, tail) = match number(after) {
        Some((column, tail)) => (Some(column), tail),
        None => (None, after),
    };
    let tail = tail.strip_prefix(' ').unwrap_or(tail);
    let (message, rule) = match tail.rfind(" [") {
        Some(at) if tail.ends_with(']') => (&tail[..at], &tail[at + 2..tail.len() - 1]),
        _ => (tail, ""),
    };
    Some(ToolWarning {
        file,
        line,
        column,
        rule: rule.to_string(),
        message: message.to_string(),
        error,
    })
}

/// A decimal number ended by `:` at the start of `text`, and what follows
/// the colon.
fn number(text: &str) -> Option<(u32, &str)> {
    let (digits, rest) = text.split_once(':')?;
    Some((digits.parse().ok()?, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_edition_has_its_own_configuration() {
        for edition in Edition::ALL {
            let text = config(edition);
            assert!(
                roxmltree::Document::parse_with_options(
                    text,
                    roxmltree::ParsingOptions {
                        allow_dtd: true,
                        ..Default::default()
                    }
                )
                .is_ok()
            );
        }
        assert_ne!(config(Edition::E51), config(Edition::E52));
    }

    #[test]
    fn lines_without_a_column_colons_in_messages_and_errors_are_read() {
        let out = "[ERROR] /a b/Solver.java:7: Got: this, or that [X]\n\
                   [WARN] Board.java:3:1: a: b [Tag]\n";
        let w = parse(out).unwrap();
        assert_eq!(w.len(), 2);
        assert_eq!(
            (w[0].file.as_str(), w[0].line, w[0].column, w[0].error),
            ("Solver.java", 7, None, true)
        );
        assert_eq!(w[0].message, "Got: this, or that");
        assert_eq!(w[0].rule, "X");
        assert_eq!((w[1].column, w[1].message.as_str()), (Some(1), "a: b"));
    }

    #[test]
    fn a_warning_line_slider_cannot_read_is_not_passed_over() {
        assert_eq!(parse("[WARN] something else entirely\n"), None);
        assert_eq!(parse("[WARN] Board.java:x:1: m [T]\n"), None);
        assert_eq!(parse("Audit done.\n"), Some(vec![]));
    }
}
