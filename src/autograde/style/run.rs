//! Running the style section's tools on a submission's sources.

use std::ffi::OsString;
use std::path::Path;
use std::time::{Duration, Instant};

use super::pmd::PmdReport;
use super::{
    BlockEnd, JavaFile, Style, StyleBlock, StyleSkip, StyleTool, StyleTools, checkstyle, custom,
    pmd,
};
use crate::autograde::Options;
use crate::autograde::budget::{Budget, Phase};
use crate::course::Edition;
use crate::run::Workdir;
use crate::run::process::{self, Ended, Exit, Job, Limits, Memory};

/// The most CPU time one style tool may take (Checkstyle spends about
/// 2 s, PMD about 4 s on a submission).
const STYLE_CPU: Duration = Duration::from_secs(60);
/// The most wall time one style tool may take.
const STYLE_WALL: Duration = Duration::from_secs(120);

/// Runs every block of the style section on `files` (name, text) with
/// `tools`, as `options`' edition asks; each tool's time is noted in
/// `budget`'s profile, not charged to the submission (the tools are the
/// course's, not the student's).
pub(in crate::autograde) fn run_style(
    files: &[(String, String)],
    tools: &StyleTools,
    options: &Options,
    budget: &Budget,
) -> Style {
    let edition = options.settings.edition;
    let mut blocks = vec![(
        StyleBlock::SpotBugs,
        BlockEnd::NotRun(StyleSkip::NotAvailable),
    )];
    let pmd_end = match (pmd::ruleset(edition), &tools.pmd) {
        // The course's block is empty in every report of the edition.
        (None, _) => BlockEnd::Warnings(Vec::new()),
        (Some(_), None) => BlockEnd::NotRun(StyleSkip::NotInstalled),
        (Some(ruleset), Some(home)) => run_pmd(files, home, ruleset, options, budget),
    };
    blocks.push((StyleBlock::Pmd, pmd_end));
    let checkstyle_end = match &tools.checkstyle {
        None => BlockEnd::NotRun(StyleSkip::NotInstalled),
        Some(program) => run_checkstyle(files, program, options, budget),
    };
    blocks.push((StyleBlock::Checkstyle, checkstyle_end));
    for file in [JavaFile::Board, JavaFile::Solver] {
        let started = Instant::now();
        let findings = files
            .iter()
            .find(|(name, _)| name.as_str() == file.name())
            .map(|(_, text)| custom::check(file, text))
            .unwrap_or_default()
            .into_iter()
            // The 49-test edition's checks are fewer (no `hamming()` call).
            .filter(|f| edition != Edition::E49 || f.rule.in_older_edition())
            .collect();
        budget.note(Phase::Style(StyleTool::Checkstyle), started, Duration::ZERO);
        blocks.push((StyleBlock::Custom(file), BlockEnd::Custom(findings)));
    }
    Style { blocks }
}

/// PMD on `files` with `ruleset`, from PMD's `home`.
fn run_pmd(
    files: &[(String, String)],
    home: &Path,
    ruleset: &str,
    options: &Options,
    budget: &Budget,
) -> BlockEnd {
    let args: Vec<OsString> = [
        "pmd",
        "-no-cache",
        "-d",
        ".",
        "-R",
        "ruleset.xml",
        "-f",
        "xml",
        "-encoding",
        "UTF-8",
        "-failOnViolation",
        "false",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    let extra = [("ruleset.xml", ruleset.as_bytes())];
    let ran = run_tool(
        files,
        &extra,
        &pmd::launcher(home),
        &args,
        vec![home.to_path_buf()],
        options,
        budget,
        StyleTool::Pmd,
    );
    let ended = match ran {
        Ok(ended) => ended,
        Err(end) => return end,
    };
    let text = String::from_utf8_lossy(&ended.stdout);
    // 0 with -failOnViolation false (PMD 6 exits 4 on violations without it).
    match (&ended.exit, pmd::parse(&text)) {
        (Exit::Code(0 | 4), Some(PmdReport::Warnings(warnings))) => BlockEnd::Warnings(warnings),
        (Exit::Code(0 | 4), Some(PmdReport::Unread { file, message })) => {
            BlockEnd::NotRun(StyleSkip::Failed {
                code: None,
                stderr: format!("{file}: {message}"),
            })
        }
        _ => failed(&ended),
    }
}

/// Checkstyle on `files`, with slider's configuration of the edition or
/// the one `--checkstyle-config` names.
fn run_checkstyle(
    files: &[(String, String)],
    program: &Path,
    options: &Options,
    budget: &Budget,
) -> BlockEnd {
    let own = checkstyle::config(options.settings.edition);
    let (config, extra, expose): (OsString, Vec<(&str, &[u8])>, _) =
        match &options.settings.checkstyle_config {
            Some(path) => (
                path.clone().into_os_string(),
                Vec::new(),
                vec![path.clone()],
            ),
            None => (
                "checkstyle.xml".into(),
                vec![("checkstyle.xml", own.as_bytes())],
                Vec::new(),
            ),
        };
    let mut args: Vec<OsString> = vec!["-c".into(), config];
    args.extend(files.iter().map(|(name, _)| OsString::from(name)));
    let ended = match run_tool(
        files,
        &extra,
        program,
        &args,
        expose,
        options,
        budget,
        StyleTool::Checkstyle,
    ) {
        Ok(ended) => ended,
        Err(end) => return end,
    };
    let text = String::from_utf8_lossy(&ended.stdout);
    match (&ended.exit, checkstyle::parse(&text)) {
        // Checkstyle's exit code is its count of errors.
        (Exit::Code(code), Some(warnings))
            if text.contains("Audit done.")
                && usize::try_from(*code)
                    .is_ok_and(|c| c == warnings.iter().filter(|w| w.error).count()) =>
        {
            let mut warnings = warnings;
            checkstyle::course_columns(options.settings.edition, &mut warnings);
            BlockEnd::Warnings(warnings)
        }
        _ => failed(&ended),
    }
}

/// Runs `program args` in a fresh folder holding `files` and `extra`,
/// under the harness's isolation with `expose` shown, within the style
/// tools' limits; noted as `tool` in `budget`. `Err` holds the block's
/// end when it could not run to its end.
#[allow(clippy::too_many_arguments)]
fn run_tool(
    files: &[(String, String)],
    extra: &[(&str, &[u8])],
    program: &Path,
    args: &[OsString],
    expose: Vec<std::path::PathBuf>,
    options: &Options,
    budget: &Budget,
    tool: StyleTool,
) -> Result<Ended, BlockEnd> {
    let cannot = |e: &std::io::Error| BlockEnd::NotRun(StyleSkip::CannotStart(e.to_string()));
    let workdir =
        Workdir::new(&options.harness.scratch, "slider-style", None).map_err(|e| cannot(&e))?;
    for (name, text) in files {
        workdir.add(name, text.as_bytes()).map_err(|e| cannot(&e))?;
    }
    for (name, bytes) in extra {
        workdir.add(name, bytes).map_err(|e| cannot(&e))?;
    }
    let limits = Limits {
        wall: STYLE_WALL,
        cpu: Some(STYLE_CPU),
        memory: Memory::Resident(options.harness.limits.memory_bytes().max(1 << 30)),
        ..options.harness.limits
    };
    let job = Job {
        program: program.as_os_str(),
        args,
        workdir: &workdir.path,
        channel: false,
    };
    let started = Instant::now();
    let ended = process::run(&job, &limits, &options.harness.isolation(None, expose))
        .map_err(|e| cannot(&e))?;
    budget.note(Phase::Style(tool), started, ended.cpu);
    match ended.stop {
        Some(stop) => Err(BlockEnd::NotRun(StyleSkip::Stopped(stop))),
        None => Ok(ended),
    }
}

/// A tool that ended without a report slider can read.
fn failed(ended: &Ended) -> BlockEnd {
    let code = match ended.exit {
        Exit::Code(code) => Some(code),
        Exit::Signal(_) | Exit::Unknown => None,
    };
    let stderr = String::from_utf8_lossy(&ended.stderr_tail);
    let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
    BlockEnd::NotRun(StyleSkip::Failed {
        code,
        stderr: tail.into_iter().rev().collect::<Vec<_>>().join("\n"),
    })
}
