//! The autograder's reports as HTML pages that people look at: one per
//! student (the summary, each failing test with its input board drawn as a
//! grid, the student's and the reference's values side by side with the
//! first differing tile marked, and the memory and timing figures drawn as
//! bars against the limit), and one per class (a score histogram, each
//! test's failure rate, most common first, and a table of students).
//!
//! Every page is one self-contained file: inline CSS, no network, no
//! external script; the class page's table sorts with a few lines of inline
//! script and reads the same without it. Every string from a submission is
//! made visible (control and bidi characters) and HTML-escaped.

use std::fmt::Write as _;

use super::describe;

mod class;
use crate::Board;
use crate::autograde::judge::numbers;
use crate::autograde::{Category, Failure, Figure, Report, SectionReport, TestResult, Verdict};
pub use class::{class, class_of};

/// A test's anchor on its page (`board-test-1a`, `memory-2-puzzle10-txt`):
/// letters and digits of its name, lower case, the rest as `-`.
///
/// # Example
///
/// ```
/// use slider::present::autograde::html::anchor;
/// assert_eq!(anchor("Board 1a"), "board-test-1a");
/// assert_eq!(anchor("Memory 2 puzzle10.txt"), "memory-2-puzzle10-txt");
/// ```
#[must_use]
pub fn anchor(id: &str) -> String {
    let name = super::test_name(id);
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// Untrusted text, visible and escaped for HTML text and attributes.
fn esc(text: &str) -> String {
    let visible = crate::format::visible(text.as_bytes(), true);
    let mut out = String::with_capacity(visible.len());
    for c in visible.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#222;background:#fff}
h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
h3{font-size:1em;margin:1.2em 0 .3em}
table{border-collapse:collapse;margin:.5em 0;max-width:100%}td,th{padding:.2em .6em;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{border-bottom:1px solid #999}tr:nth-child(even) td{background:#f6f6f6}
.pass{color:#1a7f37}.fail{color:#c62828;font-weight:600}.skip{color:#777}
.score{font-size:2em;font-weight:700}.meta{color:#555}
pre{background:#f4f4f4;padding:.5em;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
.boards{display:flex;gap:2em;flex-wrap:wrap;align-items:flex-start}
.boards figure{margin:0}.boards figcaption{font-weight:600;margin-bottom:.2em}
table.grid td{border:1px solid #bbb;text-align:right;min-width:1.8em;font-family:monospace;background:#fff}
table.grid td.blank{background:#ddd;color:#ddd}table.grid td.diff{background:#ffcdd2;font-weight:700}
.bar{position:relative;width:10em;height:1em;background:#eee;display:inline-block;vertical-align:middle}
.bar span{position:absolute;left:0;top:0;bottom:0;background:#4caf50}
.bar.over span{background:#e53935}.bar i{position:absolute;top:-2px;bottom:-2px;width:2px;background:#000}
.bar b{position:absolute;top:0;bottom:0;width:2px;background:#1565c0}
.hist{display:flex;align-items:flex-end;gap:4px;height:10em;border-bottom:1px solid #999}
.hist div{flex:1;background:#1565c0;color:#fff;font-size:.8em;text-align:center;min-height:1px}
.legend{font-size:.85em;color:#555}
";

fn page(title: &str, body: &str, script: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}"
    );
    if !script.is_empty() {
        let _ = writeln!(out, "<script>{script}</script>");
    }
    out.push_str("</body>\n</html>\n");
    // what XML 1.0 forbids HTML's parsers report too: none at all
    crate::present::xml::document(&out).into_owned()
}

fn verdict_class(verdict: Verdict) -> (&'static str, &'static str) {
    match verdict {
        Verdict::Passed => ("pass", "passed"),
        Verdict::Failed => ("fail", "FAILED"),
        Verdict::NotRun => ("skip", "not run"),
    }
}

/// A board as a table of tiles; `marked` cells get the `diff` class.
fn grid(n: usize, tiles: &[i64], marked: Option<usize>) -> String {
    let mut out = String::from("<table class=\"grid\">");
    for row in 0..n {
        out.push_str("<tr>");
        for col in 0..n {
            let cell = row * n + col;
            let tile = tiles[cell];
            let class = if Some(cell) == marked {
                " class=\"diff\""
            } else if tile == 0 {
                " class=\"blank\""
            } else {
                ""
            };
            let _ = write!(out, "<td{class}>{tile}</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    out
}

fn board_tiles(board: &Board) -> Vec<i64> {
    board.tiles().map(i64::from).collect()
}

fn figure_html(caption: &str, n: usize, tiles: &[i64], marked: Option<usize>) -> String {
    format!(
        "<figure><figcaption>{caption}</figcaption>{}</figure>",
        grid(n, tiles, marked)
    )
}

/// Boards wider than this are not drawn (their text stays).
const MAX_DRAWN: usize = 12;

/// A failure: the student's and the reference's boards side by side (the
/// first differing tile marked) when it is about a board, else the
/// failure's words.
fn failure_html(out: &mut String, failure: &Failure, input: Option<&Board>) {
    let drawable = |b: &Board| b.size() <= MAX_DRAWN;
    let mut boards = String::new();
    if let Some(board) = input.filter(|b| drawable(b)) {
        boards.push_str(&figure_html(
            "input",
            board.size(),
            &board_tiles(board),
            None,
        ));
    }
    match failure {
        Failure::WrongBoard {
            method,
            student,
            reference,
        } if drawable(reference) && numbers(student).is_some_and(|(n, _)| n <= MAX_DRAWN) => {
            let want = board_tiles(reference);
            if let Some((n, tiles)) = numbers(student) {
                let first = (n == reference.size())
                    .then(|| tiles.iter().zip(&want).position(|(a, b)| a != b))
                    .flatten();
                boards.push_str(&figure_html(
                    &format!("student {}", esc(method)),
                    n,
                    &tiles,
                    first,
                ));
            }
            boards.push_str(&figure_html(
                &format!("reference {}", esc(method)),
                reference.size(),
                &want,
                None,
            ));
        }
        Failure::WrongValue {
            method,
            student,
            reference,
        } => {
            let _ = write!(
                out,
                "<table><tr><th></th><th>{m}</th></tr><tr><td>student</td><td class=\"fail\">{s}</td></tr>\
                 <tr><td>reference</td><td>{r}</td></tr></table>",
                m = esc(method),
                s = esc(student),
                r = esc(reference)
            );
        }
        _ => {}
    }
    if !matches!(failure, Failure::WrongValue { .. }) {
        let _ = write!(out, "<pre>{}</pre>", esc(&describe(failure).join("\n")));
    }
    if !boards.is_empty() {
        let _ = write!(out, "<div class=\"boards\">{boards}</div>");
    }
}

/// A bar of `value` against `limit` (the black mark, at two thirds of the
/// width) and the reference (the blue mark).
fn bar(figure: &Figure) -> String {
    let Some(limit) = figure.limit.filter(|l| *l > 0.0) else {
        return String::new();
    };
    let scale = |v: f64| (v / limit * 66.7).clamp(0.0, 100.0);
    let over = if figure.value > limit { " over" } else { "" };
    let mut out = format!(
        "<span class=\"bar{over}\" title=\"{} of {:.0} limit\"><span style=\"width:{:.1}%\"></span><i style=\"left:66.7%\"></i>",
        figure.name,
        limit,
        scale(figure.value)
    );
    if let Some(reference) = figure.reference {
        let _ = write!(out, "<b style=\"left:{:.1}%\"></b>", scale(reference));
    }
    out.push_str("</span>");
    out
}

/// A memory or timing table: a row per input, each figure with its bar.
fn table_html(out: &mut String, section: &SectionReport) {
    let names: Vec<&str> = section
        .tests
        .iter()
        .find(|t| !t.figures.is_empty())
        .map(|t| t.figures.iter().map(|f| f.name).collect())
        .unwrap_or_default();
    out.push_str("<table><tr><th></th><th>input</th>");
    for name in &names {
        let title = if *name == "bytes" {
            "bytes / reference"
        } else {
            name
        };
        let _ = write!(out, "<th>{title}</th>");
    }
    out.push_str("</tr>");
    for test in &section.tests {
        let (class, word) = verdict_class(test.verdict);
        let _ = write!(
            out,
            "<tr id=\"{}\"><td class=\"{class}\">{word}</td><td>{}</td>",
            anchor(&format!("{} {}", section.id, test.row)),
            esc(&test.row)
        );
        for figure in &test.figures {
            // the text report's cell, the bar under it: a column a figure
            let mut cell = esc(&super::figure_cell(figure));
            if figure.close() {
                let _ = write!(
                    cell,
                    " <span title=\"{}\">(close)</span>",
                    esc(&super::close_note(figure))
                );
            }
            let _ = write!(out, "<td>{cell}<br>{}</td>", bar(figure));
        }
        out.push_str("</tr>");
        for failure in test
            .failures
            .iter()
            .filter(|f| f.failure != Failure::OverLimit)
        {
            let _ = write!(
                out,
                "<tr><td></td><td colspan=\"{}\"><pre>{}</pre></td></tr>",
                1 + names.len(),
                esc(&describe(&failure.failure).join("\n"))
            );
        }
    }
    out.push_str("</table>");
    out.push_str(
        "<p class=\"legend\">Bars: the student's figure (green, red when over the limit); \
         black: the limit; blue: the course's reference.</p>",
    );
}

fn correctness_html(out: &mut String, test: &TestResult) {
    for failure in &test.failures {
        let _ = write!(out, "<h4>{}</h4>", esc(&failure.input));
        failure_html(out, &failure.failure, failure.board.as_ref());
    }
    if test.more_failures > 0 {
        let _ = write!(out, "<p>… {} more failing inputs</p>", test.more_failures);
    }
}

fn summary_html(out: &mut String, report: &Report) {
    let (score, weight) = report.score();
    let graded = if report.compilation.ran() && !report.compilation.went_on() {
        "compilation failed, so no test could run".to_string()
    } else if report.guard.ran() && !report.guard.passed() {
        "refused: the classes use what the assignment does not need, so no test could run"
            .to_string()
    } else {
        format!("of the {weight}% graded")
    };
    let _ = write!(
        out,
        "<p class=\"score\">{score:.2}%</p><p class=\"meta\">{graded} · {}</p>",
        report.status().name()
    );
    out.push_str("<table><tr><th>category</th><th>result</th><th>weight</th></tr>");
    for category in Category::ALL {
        let why = report.not_run.iter().find(|(c, _)| *c == category);
        let (class, text) = if let Some((_, why)) = why {
            ("skip", format!("not run: {}", esc(&why.to_string())))
        } else {
            let (passed, total) = report.tally(category);
            let class = if passed == total { "pass" } else { "fail" };
            (class, format!("{passed}/{total} tests passed"))
        };
        let _ = write!(
            out,
            "<tr><td>{}</td><td class=\"{class}\">{text}</td><td>{}%</td></tr>",
            category.name(),
            category.weight()
        );
    }
    out.push_str("</table>");
}

/// The style section (weighed 0%): each tool's verdict, and the lines of
/// those that found something or did not run.
fn style_html(out: &mut String, report: &Report) {
    let tools = super::style::tools_shown(report);
    if tools.is_empty() {
        return;
    }
    out.push_str("<h2 id=\"style\">Style and common bug patterns (0%)</h2>");
    for tool in tools {
        let class = match tool.passed {
            Some(true) => "pass",
            Some(false) => "fail",
            None => "skip",
        };
        let _ = write!(
            out,
            "<section id=\"style-{}\"><h3>{} <span class=\"{class}\">{}</span></h3>",
            tool.key,
            tool.name,
            esc(&tool.verdict)
        );
        if tool.passed != Some(true) {
            let _ = write!(out, "<pre>{}</pre>", esc(&tool.text));
        }
        out.push_str("</section>");
    }
}

/// One student's page.
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage};
/// let mut report = Report::new("<b>hw4</b>".into(), slider::course::Api::Coursera, Default::default());
/// report.compilation = Stage::passed_clean();
/// let page = slider::present::autograde::html::student(&report);
/// assert!(page.starts_with("<!DOCTYPE html>"));
/// assert!(page.contains("&lt;b&gt;hw4&lt;/b&gt;") && !page.contains("<b>hw4"));
/// ```
#[must_use]
pub fn student(report: &Report) -> String {
    let mut body = String::new();
    let name = esc(&report.submission);
    let _ = write!(
        body,
        "<h1>slider autograde: {name}</h1><p class=\"meta\">API: {}; edition: {}</p>",
        esc(&super::api_words(report)),
        esc(&report.edition.describe())
    );
    if !report.files.is_empty() {
        body.push_str("<p class=\"meta\">graded: ");
        let files: Vec<String> = report
            .files
            .iter()
            .map(|f| format!("<code>{}</code>", esc(&f.display().to_string())))
            .collect();
        body.push_str(&files.join(", "));
        body.push_str("</p>");
    }
    for warning in &report.warnings {
        let _ = write!(
            body,
            "<p class=\"fail\">warning: {}</p>",
            esc(&warning.to_string())
        );
    }
    summary_html(&mut body, report);
    for (title, stage) in [
        ("Compilation", &report.compilation),
        ("API", &report.api_check),
        ("What the classes use (slider's guard)", &report.guard),
    ] {
        if stage.ran() && !stage.passed() {
            let _ = write!(
                body,
                "<h2>{title}</h2><pre>{}</pre>",
                esc(&super::stage_text(stage))
            );
        }
    }
    style_html(&mut body, report);
    let mut passed_tests = Vec::new();
    let mut heading = None;
    for section in &report.sections {
        let failing = section.tests.iter().any(|t| t.verdict != Verdict::Passed);
        let is_table = matches!(section.category, Category::Memory | Category::Timing);
        if !failing && !is_table {
            passed_tests.push((
                anchor(&section.id),
                format!("{}: {}", super::test_name(&section.id), section.title),
            ));
            continue;
        }
        if heading != Some(section.category) {
            heading = Some(section.category);
            let _ = write!(body, "<h2>{}</h2>", section.category.name());
        }
        let verdict = if failing {
            Verdict::Failed
        } else {
            Verdict::Passed
        };
        let (class, word) = verdict_class(verdict);
        let _ = write!(
            body,
            "<section id=\"{}\"><h3><a href=\"#{0}\">{}</a>: {} <span class=\"{class}\">{word}</span></h3>",
            anchor(&section.id),
            esc(&super::test_name(&section.id)),
            esc(&section.title)
        );
        if is_table {
            table_html(&mut body, section);
        } else if let Some(test) = section.tests.first() {
            correctness_html(&mut body, test);
            let _ = write!(body, "<p>{}/{} inputs passed</p>", test.passed, test.total);
        }
        if let Some(hint) = super::hints::in_report(report, section) {
            let _ = write!(body, "<p class=\"hint\"><b>Hint:</b> {}</p>", esc(&hint));
        }
        body.push_str("</section>");
    }
    if !passed_tests.is_empty() {
        let _ = write!(
            body,
            "<h2>Passed</h2><details><summary>{} tests passed</summary><ul>",
            passed_tests.len()
        );
        for (id, test) in passed_tests {
            let _ = write!(body, "<li id=\"{id}\">{}</li>", esc(&test));
        }
        body.push_str("</ul></details>");
    }
    page(&format!("slider autograde: {name}"), &body, "")
}

#[cfg(test)]
mod tests {
    use super::failure_html;
    use crate::Board;
    use crate::autograde::Failure;

    #[test]
    fn the_first_differing_tile_is_marked() {
        let reference = Board::goal(3).unwrap();
        let failure = Failure::WrongBoard {
            method: "twin()".into(),
            student: "3\n 1  2  3 \n 4  5  6 \n 8  7  0 \n".into(),
            reference,
        };
        let mut out = String::new();
        failure_html(&mut out, &failure, None);
        // The student's 8 (cell 6) is the first tile that differs.
        assert!(out.contains("<td class=\"diff\">8</td>"), "{out}");
        assert_eq!(out.matches("class=\"diff\"").count(), 1);
    }
}
