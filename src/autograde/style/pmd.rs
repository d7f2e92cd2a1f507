//! PMD's block: slider's own rulesets of each edition
//! (`pmd/ruleset-*.xml`, written from the rules and messages of the
//! course's reports; see `pmd/README.md`), PMD's launcher, and reading its
//! XML report.

use std::path::{Path, PathBuf};

use super::ToolWarning;
use crate::course::Edition;

/// slider's ruleset of `edition`, or `None` where the course's PMD block
/// is empty in every report (the 52-test edition): PMD is not run there.
///
/// # Example
///
/// ```
/// use slider::{autograde::style::pmd::ruleset, course::Edition};
/// assert!(ruleset(Edition::E52).is_none());
/// assert!(ruleset(Edition::E51).unwrap().contains("<ruleset"));
/// ```
#[must_use]
pub fn ruleset(edition: Edition) -> Option<&'static str> {
    match edition {
        Edition::E49 => Some(include_str!("pmd/ruleset-49.xml")),
        Edition::E51 => Some(include_str!("pmd/ruleset-51.xml")),
        Edition::E52 => None,
    }
}

/// PMD 6's launcher in its home.
#[must_use]
pub fn launcher(home: &Path) -> PathBuf {
    home.join("bin").join("run.sh")
}

/// What PMD's XML report says: its warnings (each file's bare name, in
/// PMD's order), or the first file it could not read, or `None` when the
/// text is not PMD's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PmdReport {
    /// Every file was read: the warnings.
    Warnings(Vec<ToolWarning>),
    /// A file could not be read (PMD's `<error>`): its name and PMD's
    /// message.
    Unread {
        /// The file's bare name.
        file: String,
        /// PMD's words.
        message: String,
    },
}

/// Reads PMD's XML report (`-f xml`).
///
/// # Example
///
/// ```
/// use slider::autograde::style::pmd::{parse, PmdReport};
/// let xml = r#"<pmd version="6.12.0"><file name="/w/Board.java">
/// <violation beginline="17" endline="17" begincolumn="9" rule="ImmutableField" priority="3">
/// Make it final.
/// </violation></file></pmd>"#;
/// let PmdReport::Warnings(w) = parse(xml).unwrap() else { panic!() };
/// assert_eq!((w[0].file.as_str(), w[0].line, w[0].rule.as_str()), ("Board.java", 17, "ImmutableField"));
/// assert_eq!(w[0].message, "Make it final.");
/// ```
#[must_use]
pub fn parse(xml: &str) -> Option<PmdReport> {
    let document = roxmltree::Document::parse(xml).ok()?;
    let root = document.root_element();
    if root.tag_name().name() != "pmd" {
        return None;
    }
    let bare = |path: &str| path.rsplit('/').next().unwrap_or(path).to_string();
    let mut warnings = Vec::new();
    for node in root.children().filter(roxmltree::Node::is_element) {
        match node.tag_name().name() {
            "file" => {
                let file = bare(node.attribute("name")?);
                for violation in node.children().filter(|n| n.has_tag_name("violation")) {
                    warnings.push(ToolWarning {
                        file: file.clone(),
                        line: violation.attribute("beginline")?.parse().ok()?,
                        column: None,
                        rule: violation.attribute("rule")?.to_string(),
                        message: violation.text().unwrap_or("").trim().to_string(),
                        error: false,
                    });
                }
            }
            "error" => {
                return Some(PmdReport::Unread {
                    file: bare(node.attribute("filename").unwrap_or("")),
                    message: node.attribute("msg").unwrap_or("").to_string(),
                });
            }
            _ => {}
        }
    }
    Some(PmdReport::Warnings(warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unread_files_and_foreign_text_are_not_warnings() {
        let xml = r#"<pmd><file name="a/Board.java"><violation beginline="2" rule="R">m</violation></file>
            <error filename="/w/Solver.java" msg="ParseException: bad"/></pmd>"#;
        assert_eq!(
            parse(xml),
            Some(PmdReport::Unread {
                file: "Solver.java".into(),
                message: "ParseException: bad".into()
            })
        );
        assert_eq!(parse("Board.java:1: text format"), None);
        assert_eq!(parse("<other/>"), None);
        assert_eq!(
            parse(r#"<pmd><file name="B.java"><violation rule="R">m</violation></file></pmd>"#),
            None
        );
        assert_eq!(parse("<pmd/>"), Some(PmdReport::Warnings(vec![])));
    }

    #[test]
    fn the_rulesets_are_xml() {
        for edition in [Edition::E49, Edition::E51] {
            assert!(roxmltree::Document::parse(ruleset(edition).unwrap()).is_ok());
        }
    }
}
