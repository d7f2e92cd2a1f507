//! The style section's words: its summary lines, its weights, and the
//! section itself as the course prints it (each edition's spellings,
//! banners and end lines, and the course's cut after 39 lines of a block).

use std::fmt::Write as _;

use super::custom_words;
use crate::autograde::Report;
use crate::autograde::style::{
    BlockEnd, JavaFile, Style, StyleBlock, StyleSkip, StyleTool, ToolVerdict, ToolWarning,
};
use crate::course::Edition;
use crate::run::process::Stop;

/// The most lines of one block the course prints; the rest is `...`.
const SHOWN_LINES: usize = 39;

/// The tool's name on its summary line, in `edition`'s spelling.
///
/// # Example
///
/// ```
/// use slider::{autograde::style::StyleTool, course::Edition};
/// use slider::present::autograde::style::tool_name;
/// assert_eq!(tool_name(StyleTool::SpotBugs, Edition::E52), "SpotBugs");
/// assert_eq!(tool_name(StyleTool::SpotBugs, Edition::E49), "Findbugs");
/// ```
#[must_use]
pub fn tool_name(tool: StyleTool, edition: Edition) -> &'static str {
    match (tool, edition) {
        (StyleTool::SpotBugs, Edition::E52) => "SpotBugs",
        (StyleTool::SpotBugs, Edition::E51) => "Spotbugs",
        (StyleTool::SpotBugs, Edition::E49) => "Findbugs",
        (StyleTool::Pmd, _) => "PMD",
        (StyleTool::Checkstyle, _) => "Checkstyle",
    }
}

/// The tool's command word (`spotbugs`, `pmd`, `checkstyle`), as the
/// profile names its step.
#[must_use]
pub fn tool_command(tool: StyleTool) -> &'static str {
    match tool {
        StyleTool::SpotBugs => "spotbugs",
        StyleTool::Pmd => "pmd",
        StyleTool::Checkstyle => "checkstyle",
    }
}

/// `n warning` or `n warnings`.
fn warnings(n: usize) -> String {
    if n == 1 {
        "1 warning".to_string()
    } else {
        format!("{n} warnings")
    }
}

/// Why a block did not run, in words.
#[must_use]
pub fn skip_words(tool: StyleTool, why: &StyleSkip) -> String {
    let name = tool_name(tool, Edition::E52);
    match why {
        StyleSkip::NotInstalled => match tool {
            StyleTool::Pmd => format!(
                "{name} is not installed (bash .ci/pmd.sh DIR, then set {}=DIR)",
                crate::autograde::style::PMD_HOME_VAR
            ),
            _ => format!("{name} is not installed (apt-get install checkstyle)"),
        },
        StyleSkip::NotAvailable => {
            format!("{name} is in no package registry slider can reach")
        }
        StyleSkip::CannotStart(error) => format!("{name} could not be started: {error}"),
        StyleSkip::Stopped(stop) => {
            let limit = match stop {
                Stop::Wall => "wall-clock",
                Stop::Cpu => "CPU-time",
                Stop::Memory => "memory",
                Stop::Output => "output",
            };
            format!("{name} was stopped at its {limit} limit")
        }
        StyleSkip::Failed { code, stderr } => {
            let code = code.map_or_else(|| "a signal".to_string(), |c| format!("exit code {c}"));
            let tail = stderr.lines().last().unwrap_or("").trim();
            if tail.is_empty() {
                format!("{name} ended without a report ({code})")
            } else {
                format!("{name} ended without a report ({code}): {tail}")
            }
        }
    }
}

/// A tool's summary value: `PASSED`, `FAILED (2 warnings)`, `FAILED (0
/// errors, 4 warnings)` for Checkstyle, or `not run: why`.
#[must_use]
pub fn verdict_words(style: &Style, tool: StyleTool) -> String {
    match style.verdict(tool) {
        ToolVerdict::Passed => "PASSED".to_string(),
        ToolVerdict::Failed {
            errors,
            warnings: w,
        } => match tool {
            StyleTool::Checkstyle => format!("FAILED ({errors} errors, {})", warnings(w)),
            _ => format!("FAILED ({})", warnings(errors + w)),
        },
        ToolVerdict::NotRun(why) => {
            format!("not run: {}", super::one_line(&skip_words(tool, &why)))
        }
    }
}

/// The summary lines of the style section (after API's), when it ran.
pub(super) fn summary_lines(out: &mut String, report: &Report) {
    let Some(style) = &report.style else {
        return;
    };
    out.push('\n');
    for tool in StyleTool::ALL {
        let name = format!("{}:", tool_name(tool, report.edition));
        let _ = writeln!(out, "{name:<13} {}", verdict_words(style, tool));
    }
    out.push('\n');
}

/// The style entries of the weights line, after API's: `Style: 0%` in
/// the 52-test edition, each tool's in the older ones.
pub(super) fn weights(report: &Report) -> Vec<String> {
    if report.style.is_none() {
        return Vec::new();
    }
    match report.edition {
        Edition::E52 => vec!["Style: 0%".to_string()],
        edition => StyleTool::ALL
            .iter()
            .map(|&t| format!("{}: 0%", tool_name(t, edition)))
            .collect(),
    }
}

/// A warning of a real tool, as the course prints it.
fn tool_line(block: StyleBlock, w: &ToolWarning) -> String {
    if block == StyleBlock::Pmd {
        return format!("{}:{}: {} [{}]", w.file, w.line, w.message, w.rule);
    }
    let level = if w.error { "ERROR" } else { "WARN" };
    let at = w.column.map_or(String::new(), |c| format!(":{c}"));
    format!(
        "[{level}] {}:{}{at}: {} [{}]",
        w.file, w.line, w.message, w.rule
    )
}

/// A custom check's tag in `edition`.
fn custom_tag(finding: &crate::autograde::style::CustomFinding, edition: Edition) -> &'static str {
    if edition == Edition::E49 {
        finding.rule.older_tag()
    } else {
        finding.rule.tag()
    }
}

/// The block's header command.
fn command(block: StyleBlock, edition: Edition) -> String {
    match block {
        StyleBlock::SpotBugs => format!(
            "% {} *.class",
            tool_name(StyleTool::SpotBugs, edition).to_lowercase()
        ),
        StyleBlock::Pmd => "% pmd .".to_string(),
        StyleBlock::Checkstyle => "% checkstyle *.java".to_string(),
        StyleBlock::Custom(file) => format!("% custom checkstyle checks for {}", file.name()),
    }
}

/// The line that ends a block with warnings, in `edition`'s words.
fn end_line(block: StyleBlock, end: &BlockEnd, edition: Edition) -> Option<String> {
    let n = end.count();
    if n == 0 {
        return None;
    }
    Some(match block {
        StyleBlock::SpotBugs if edition == Edition::E52 => {
            format!("SpotBugs ends with {}.", warnings(n))
        }
        StyleBlock::SpotBugs => format!("Warnings generated: {n}"),
        StyleBlock::Pmd => format!("PMD ends with {}.", warnings(n)),
        StyleBlock::Checkstyle | StyleBlock::Custom(_) => {
            let errors = end.errors();
            format!(
                "Checkstyle ends with {errors} errors and {}.",
                warnings(n - errors)
            )
        }
    })
}

/// The lines of one block, as the course prints them: each warning, the
/// first 39 only, and the end line; or why it did not run.
#[must_use]
pub fn block_lines(block: StyleBlock, end: &BlockEnd, edition: Edition) -> Vec<String> {
    let mut lines: Vec<String> = match end {
        BlockEnd::Warnings(w) => w.iter().map(|w| tool_line(block, w)).collect(),
        BlockEnd::Custom(findings) => findings
            .iter()
            .map(|f| {
                let at = f.column.map_or(String::new(), |c| format!(":{c}"));
                let file = match block {
                    StyleBlock::Custom(file) => file.name(),
                    _ => "",
                };
                format!(
                    "[WARN] {file}:{}{at}: {} [{}]",
                    f.line,
                    custom_words::message(f),
                    custom_tag(f, edition)
                )
            })
            .collect(),
        BlockEnd::NotRun(why) => {
            return vec![format!(
                "(not run: {})",
                super::one_line(&skip_words(block.tool(), why))
            )];
        }
    };
    if lines.len() > SHOWN_LINES {
        lines.truncate(SHOWN_LINES);
        lines.push("...".to_string());
    }
    lines.extend(end_line(block, end, edition));
    lines.iter().map(|l| super::visible(l)).collect()
}

/// The section "CHECKING STYLE AND COMMON BUG PATTERNS", as the course
/// lays it out.
pub(super) fn section(out: &mut String, report: &Report) {
    let Some(style) = &report.style else {
        return;
    };
    let stars = "*".repeat(80);
    let rule = "=".repeat(64);
    let _ = writeln!(
        out,
        "\n{stars}\n{:<80}\n{stars}\n",
        "*  CHECKING STYLE AND COMMON BUG PATTERNS"
    );
    for (block, end) in &style.blocks {
        let _ = writeln!(
            out,
            "\n{}\n*{}",
            command(*block, report.edition),
            "-".repeat(59)
        );
        for line in block_lines(*block, end, report.edition) {
            let _ = writeln!(out, "{line}");
        }
        match block {
            StyleBlock::Checkstyle | StyleBlock::Custom(JavaFile::Board) => {}
            _ => {
                let _ = writeln!(out, "\n\n{rule}\n");
            }
        }
    }
    let _ = writeln!(out, "\n{stars}");
}

/// One tool's part of the section, for the formats that show it tool by
/// tool (Gradescope's tests, Classroom's runner, the Markdown and HTML
/// pages).
pub(super) struct ToolShown {
    /// The tool's command word (`checkstyle`): a stable key.
    pub key: &'static str,
    /// Its name in the edition's spelling.
    pub name: &'static str,
    /// Its summary value (`FAILED (0 errors, 4 warnings)`).
    pub verdict: String,
    /// Whether it passed; `None` when a block of it did not run (never
    /// shown as passed).
    pub passed: Option<bool>,
    /// Its blocks as the course prints them: each block's command, then
    /// its lines.
    pub text: String,
}

/// Each tool's part of `report`'s style section, in the report's order
/// (none when the section did not run).
pub(super) fn tools_shown(report: &Report) -> Vec<ToolShown> {
    let Some(style) = &report.style else {
        return Vec::new();
    };
    StyleTool::ALL
        .iter()
        .map(|&tool| {
            let mut text = String::new();
            for (block, end) in style.blocks.iter().filter(|(b, _)| b.tool() == tool) {
                let lines = block_lines(*block, end, report.edition);
                let _ = writeln!(text, "{}", command(*block, report.edition));
                for line in lines {
                    let _ = writeln!(text, "{line}");
                }
            }
            ToolShown {
                key: tool_command(tool),
                name: tool_name(tool, report.edition),
                verdict: verdict_words(style, tool),
                passed: match style.verdict(tool) {
                    ToolVerdict::Passed => Some(true),
                    ToolVerdict::Failed { .. } => Some(false),
                    ToolVerdict::NotRun(_) => None,
                },
                text,
            }
        })
        .collect()
}

/// The style section in the JSON: each tool's verdict, and every warning
/// with its tool, rule, file, line and message.
#[derive(serde::Serialize)]
pub(super) struct StyleJson {
    tools: Vec<ToolJson>,
    warnings: Vec<WarningJson>,
}

#[derive(serde::Serialize)]
struct ToolJson {
    tool: &'static str,
    name: &'static str,
    verdict: &'static str,
    errors: usize,
    warnings: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_run: Option<SkipJson>,
}

#[derive(serde::Serialize)]
struct SkipJson {
    kind: &'static str,
    words: String,
}

#[derive(serde::Serialize)]
struct WarningJson {
    tool: &'static str,
    block: String,
    severity: &'static str,
    file: String,
    line: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
    rule: String,
    message: String,
}

/// A skip's stable key.
fn skip_kind(why: &StyleSkip) -> &'static str {
    match why {
        StyleSkip::NotInstalled => "not_installed",
        StyleSkip::NotAvailable => "not_available",
        StyleSkip::CannotStart(_) => "cannot_start",
        StyleSkip::Stopped(_) => "stopped",
        StyleSkip::Failed { .. } => "failed",
    }
}

/// The JSON of `report`'s style section, when it ran.
pub(super) fn json(report: &Report) -> Option<StyleJson> {
    let style = report.style.as_ref()?;
    let tools = StyleTool::ALL
        .iter()
        .map(|&tool| {
            let (verdict, errors, warnings, not_run) = match style.verdict(tool) {
                ToolVerdict::Passed => ("passed", 0, 0, None),
                ToolVerdict::Failed { errors, warnings } => ("failed", errors, warnings, None),
                ToolVerdict::NotRun(why) => (
                    "not_run",
                    0,
                    0,
                    Some(SkipJson {
                        kind: skip_kind(&why),
                        words: skip_words(tool, &why),
                    }),
                ),
            };
            ToolJson {
                tool: tool_command(tool),
                name: tool_name(tool, report.edition),
                verdict,
                errors,
                warnings,
                not_run,
            }
        })
        .collect();
    let mut warnings = Vec::new();
    for (block, end) in &style.blocks {
        let block_key = match block {
            StyleBlock::Custom(file) => format!("custom {}", file.name()),
            other => tool_command(other.tool()).to_string(),
        };
        match end {
            BlockEnd::Warnings(list) => warnings.extend(list.iter().map(|w| WarningJson {
                tool: tool_command(block.tool()),
                block: block_key.clone(),
                severity: if w.error { "error" } else { "warning" },
                file: super::visible(&w.file),
                line: w.line,
                column: w.column,
                rule: super::visible(&w.rule),
                message: super::visible(&w.message),
            })),
            BlockEnd::Custom(findings) => warnings.extend(findings.iter().map(|f| WarningJson {
                tool: tool_command(block.tool()),
                block: block_key.clone(),
                severity: "warning",
                file: match block {
                    StyleBlock::Custom(file) => file.name().to_string(),
                    _ => String::new(),
                },
                line: f.line,
                column: f.column,
                rule: custom_tag(f, report.edition).to_string(),
                message: custom_words::message(f),
            })),
            BlockEnd::NotRun(_) => {}
        }
    }
    Some(StyleJson { tools, warnings })
}
