//! The characters XML 1.0 allows, for every report written as XML (the
//! `JUnit` files of `slider check`, `slider grade` and `slider autograde`)
//! and the HTML pages: a student's text (an exception's message, a
//! `toString()`, a file's name) may hold any `char`, and one XML 1.0
//! forbids makes the whole file unreadable to a CI's parser.
//!
//! XML 1.0 allows tab, line feed, carriage return, U+0020 to U+D7FF,
//! U+E000 to U+FFFD and U+10000 to U+10FFFF (its production `Char`); a
//! surrogate cannot be in a Rust string. The others are the C0 controls
//! and U+FFFE, U+FFFF: shown as [`crate::format::visible`] shows them (a
//! control as its Unicode picture, `␁`; a noncharacter as `\u{fffe}`).

use std::borrow::Cow;

/// Whether XML 1.0 allows `c` in a document.
///
/// ```
/// use slider::present::xml::allowed;
/// assert!(allowed('\n') && allowed('é') && allowed('\u{10ffff}'));
/// assert!(!allowed('\u{1}') && !allowed('\u{fffe}') && !allowed('\u{ffff}'));
/// ```
#[must_use]
pub fn allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// `document` with every character XML 1.0 forbids replaced by what shows
/// it: a document written by an XML writer (which escapes markup, not
/// characters) that a strict parser reads. Markup is ASCII, so only text
/// changes.
///
/// ```
/// use slider::present::xml::document;
/// assert_eq!(document("<a>ok</a>"), "<a>ok</a>");
/// assert_eq!(document("<a>x\u{1}\u{fffe}y</a>"), "<a>x\u{2401}\\u{fffe}y</a>");
/// ```
#[must_use]
pub fn document(document: &str) -> Cow<'_, str> {
    if document.chars().all(allowed) {
        return Cow::Borrowed(document);
    }
    let mut out = String::with_capacity(document.len() + 16);
    for c in document.chars() {
        if allowed(c) {
            out.push(c);
        } else {
            let mut buffer = [0; 4];
            out.push_str(&crate::format::visible(
                c.encode_utf8(&mut buffer).as_bytes(),
                false,
            ));
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strict_parser_refuses_what_xml_1_0_forbids_and_reads_it_shown() {
        let text = "a\u{0}\u{1}\u{8}\u{b}\u{c}\u{1f}\u{fffe}\u{ffff}\u{10ffff}b";
        let raw = format!("<a>{text}</a>");
        assert!(roxmltree::Document::parse(&raw).is_err());
        let shown = document(&raw);
        assert!(shown.chars().all(allowed), "{shown}");
        let parsed = roxmltree::Document::parse(&shown).unwrap();
        assert_eq!(
            parsed.root_element().text(),
            Some("a\u{2400}\u{2401}\u{2408}\u{240b}\u{240c}\u{241f}\\u{fffe}\\u{ffff}\u{10ffff}b")
        );
    }
}
