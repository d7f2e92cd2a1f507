//! The edits made to a source so that it compiles beside slider's classes,
//! as data: `present::autograde` words them for the report.

/// One edit made to a source (its lines are never moved).
///
/// ```
/// use slider::autograde::sources::{SourceChange, prepare};
/// let (_, changes) = prepare("package hw4;\nclass Board {}\n");
/// assert_eq!(changes, [SourceChange::PackageRemoved { declaration: "package hw4;".into() }]);
/// assert_eq!(changes[0].to_string(), "`package hw4;` removed (graded in the default package)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceChange {
    /// It began with a UTF-8 byte-order mark, which javac refuses: removed.
    ByteOrderMarkRemoved,
    /// It is not UTF-8: read as Windows-1252 (Latin-1 is too).
    ReadAsWindows1252,
    /// Its `package` declaration was blanked (graded in the default
    /// package).
    PackageRemoved {
        /// The declaration, as written.
        declaration: String,
    },
    /// Imports of the algs4 classes it uses were added, for the old
    /// default-package algs4.
    ImportsAdded {
        /// The classes imported (`MinPQ`).
        classes: Vec<&'static str>,
    },
}
