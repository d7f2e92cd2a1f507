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

    /// Every character a student's text could bring, in a name.
    const HOSTILE: &str =
        "a\u{0}\u{1}\u{8}\u{b}\u{c}\u{1f}\u{7f}\u{9b}\u{fffe}\u{ffff}\u{10ffff}]]><x a='&'>";

    #[test]
    fn every_junit_writer_writes_xml_1_0_a_strict_parser_reads() {
        for (what, xml) in [
            ("slider grade", crate::present::grade::junit(&[], HOSTILE)),
            (
                "slider check",
                crate::present::check::batch_junit(&[], HOSTILE),
            ),
        ] {
            let parsed = roxmltree::Document::parse(&xml);
            assert!(parsed.is_ok(), "{what}: {parsed:?}\n{xml}");
            assert!(xml.chars().all(allowed), "{what}: {xml}");
            // the name is still there, its noncharacters shown (quick-junit
            // drops the controls itself)
            assert!(xml.contains("\\u{fffe}\\u{ffff}"), "{what}: {xml}");
        }
        // without the replacement, the same writer's file is refused
        let raw = format!("<a>{HOSTILE}</a>").replace(['<', '>', '&', '\''], "");
        assert!(roxmltree::Document::parse(&format!("<a>{raw}</a>")).is_err());
        assert!(roxmltree::Document::parse(&format!("<a>{}</a>", document(&raw))).is_ok());
    }
}
