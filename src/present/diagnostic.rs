//! Compiler-style rendering of errors and findings (through annotate-snippets).
//!
//! Detection lives elsewhere; this module only turns a [`Diagnostic`] and the
//! source it points into into text. It writes no stream: callers print.

use std::ops::Range;

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};

use crate::format::PuzzleError;
use crate::format::Span;

/// Lines longer than this are not quoted; the location is still given.
const MAX_QUOTED_LINE: usize = 1024;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Something is wrong.
    Error,
    /// Worth knowing, not wrong.
    Warning,
}

/// One message about a place in a file, ready to render.
///
/// # Example
///
/// ```
/// use slider::present::diagnostic::{Diagnostic, render};
/// let source = b"2\n1 2\n3 3\n";
/// let err = slider::format::parse_puzzle(source).unwrap_err();
/// let text = render(&[Diagnostic::from_puzzle_error(&err, "p.txt")], source, false);
/// assert!(text.contains("error[E0107]: tile 3 appears twice"));
/// assert!(text.contains("--> p.txt:3:3"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A stable code such as `E0107`, documented in the README.
    pub code: &'static str,
    /// One line saying what is wrong.
    pub message: String,
    /// The file the spans point into, as the user named it.
    pub path: String,
    /// The main place, with a label.
    pub primary: (Span, String),
    /// A second place that explains the first (a previous board, a header).
    pub secondary: Option<(Span, String)>,
    /// Notes printed after the snippet.
    pub notes: Vec<String>,
    /// The source lines to quote, when the caller has no whole source (a
    /// streamed answer); empty to quote from the `source` given to
    /// [`render`].
    pub quoted: Vec<crate::format::Line>,
}

impl Diagnostic {
    /// The diagnostic for a puzzle-file error.
    ///
    /// # Example
    ///
    /// ```
    /// let err = slider::format::parse_puzzle(b"x").unwrap_err();
    /// let d = slider::present::diagnostic::Diagnostic::from_puzzle_error(&err, "p.txt");
    /// assert_eq!(d.code, "E0102");
    /// ```
    pub fn from_puzzle_error(error: &PuzzleError, path: &str) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code: error.kind.code(),
            message: error.kind.to_string(),
            path: path.to_string(),
            primary: (error.span, error.label()),
            secondary: error
                .other
                .map(|span| (span, "first seen here".to_string())),
            notes: Vec::new(),
            quoted: Vec::new(),
        }
    }
}

/// Renders diagnostics rustc-style; `color` adds ANSI styles.
///
/// `source` is the whole file the spans point into. Lines that are not
/// valid UTF-8 are shown lossily; very long lines are not quoted.
///
/// # Example
///
/// ```
/// use slider::present::diagnostic::{Diagnostic, render};
/// let err = slider::format::parse_puzzle(b"").unwrap_err();
/// let text = render(&[Diagnostic::from_puzzle_error(&err, "empty.txt")], b"", false);
/// assert!(text.starts_with("error[E0100]"));
/// ```
pub fn render(diagnostics: &[Diagnostic], source: &[u8], color: bool) -> String {
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = String::new();
    for diagnostic in diagnostics {
        let excerpts = excerpts(diagnostic, source);
        let level = match diagnostic.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let title = level
            .primary_title(diagnostic.message.as_str())
            .id(diagnostic.code);
        let group = if let Some(excerpts) = &excerpts {
            title.elements(excerpts.iter().map(|e| e.snippet(&diagnostic.path)))
        } else {
            // The line is too long to quote: give the place and the label.
            let (span, label) = &diagnostic.primary;
            title
                .element(
                    Origin::path(diagnostic.path.as_str())
                        .line(span.line)
                        .char_column(span.column),
                )
                .element(Level::NOTE.message(label.as_str()))
        };
        let mut report = vec![group];
        for note in &diagnostic.notes {
            report.push(Group::with_title(
                Level::NOTE.secondary_title(note.as_str()),
            ));
        }
        out.push_str(&renderer.render(&report));
        out.push('\n');
    }
    out
}

/// A quoted line with its annotations.
struct Excerpt {
    line: usize,
    text: String,
    annotations: Vec<(bool, Range<usize>, String)>,
}

impl Excerpt {
    fn snippet<'a>(&'a self, path: &'a str) -> Snippet<'a, annotate_snippets::Annotation<'a>> {
        Snippet::source(self.text.as_str())
            .line_start(self.line)
            .path(path)
            .annotations(self.annotations.iter().map(|(primary, range, label)| {
                let kind = if *primary {
                    AnnotationKind::Primary
                } else {
                    AnnotationKind::Context
                };
                kind.span(range.clone()).label(label.as_str())
            }))
    }
}

/// The quoted lines, in line order, or `None` if a line is too long to quote.
fn excerpts(diagnostic: &Diagnostic, source: &[u8]) -> Option<Vec<Excerpt>> {
    let mut marks = vec![(true, &diagnostic.primary)];
    if let Some(secondary) = &diagnostic.secondary {
        marks.push((false, secondary));
    }
    // The primary place comes first (it names the `-->` location); a
    // secondary place on the same line shares its excerpt.
    let mut excerpts: Vec<Excerpt> = Vec::new();
    for (primary, (span, label)) in marks {
        let bytes = if diagnostic.quoted.is_empty() {
            line_bytes(source, span)?
        } else {
            let line = diagnostic.quoted.iter().find(|l| l.number == span.line)?;
            let content = line.content();
            (content.len() <= MAX_QUOTED_LINE).then_some(content)?
        };
        if !excerpts.iter().any(|e| e.line == span.line) {
            excerpts.push(Excerpt {
                line: span.line,
                text: String::from_utf8_lossy(bytes).into_owned(),
                annotations: Vec::new(),
            });
        }
        let excerpt = excerpts.iter_mut().find(|e| e.line == span.line)?;
        let chars = if diagnostic.quoted.is_empty() {
            token_chars(source, span)
        } else {
            // Characters, not bytes: `→` is one column wide.
            diagnostic
                .quoted
                .iter()
                .find(|l| l.number == span.line)
                .and_then(|l| {
                    let from = span.start.checked_sub(l.offset)?;
                    let to = span.end.checked_sub(l.offset)?.min(l.bytes.len());
                    l.bytes.get(from..to)
                })
                .map_or(span.len(), |bytes| {
                    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
                })
                .max(1)
        };
        let range = char_range(&excerpt.text, span.column, chars);
        excerpt.annotations.push((primary, range, label.clone()));
    }
    Some(excerpts)
}

/// The bytes of the line holding `span`, without its line ending.
fn line_bytes<'a>(source: &'a [u8], span: &Span) -> Option<&'a [u8]> {
    let at = span.start.min(source.len());
    let start = source[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = source[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(source.len(), |i| at + i);
    let line = &source[start..end];
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    (line.len() <= MAX_QUOTED_LINE).then_some(line)
}

/// Characters in the span, counted as the tokenizer counts columns.
fn token_chars(source: &[u8], span: &Span) -> usize {
    let end = span.end.min(source.len());
    let start = span.start.min(end);
    source[start..end]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count()
}

/// The byte range in `text` of `chars` characters from 1-based `column`.
fn char_range(text: &str, column: usize, chars: usize) -> Range<usize> {
    let offset = |skip: usize| text.char_indices().nth(skip).map_or(text.len(), |(i, _)| i);
    let start = offset(column.saturating_sub(1));
    let end = offset(column.saturating_sub(1) + chars);
    start..end
}
/// How a file that could not be checked is reported: a diagnostic that
/// quotes the text for a bad puzzle or goal (`file:line:col`), else
/// `error: WHY`; with a final newline.
///
/// # Example
///
/// ```
/// use slider::check::files::InputError;
/// use slider::present::diagnostic::input_error;
/// let text = input_error(&InputError::BothStdin, false);
/// assert_eq!(text, "error: the puzzle and the answer cannot both be standard input\n");
/// ```
#[cfg(feature = "cli")]
pub fn input_error(error: &crate::check::files::InputError, color: bool) -> String {
    match error {
        crate::check::files::InputError::Puzzle {
            name,
            error,
            source,
        } => render(&[Diagnostic::from_puzzle_error(error, name)], source, color),
        other => format!("error: {other}\n"),
    }
}
