//! `slider-check`: one puzzle and answer, or every pair of a manifest.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{CommandError, Console};
use crate::check::batch::{PairOutcome, check_pairs, read_pairs};
use crate::check::files::{Checked, Files, ProofDatabases, check_files};
use crate::check::{CheckOptions, CheckVerdict, FindingKind};
use crate::exit_code;
use crate::format::names::display_name;
use crate::present::ConsoleFormat;
use crate::present::check as render;
use crate::search::Goal;
use crate::search::pdb::{Choice, Partition, PatternDatabase};

/// What `slider-check` was asked to check.
#[derive(Debug)]
pub struct CheckJob<'a> {
    /// The puzzle file (`-`: standard input).
    pub puzzle: Option<&'a Path>,
    /// The answer file (`-`: standard input).
    pub answer: Option<&'a Path>,
    /// The goal the answer must reach (default: the course's).
    pub goal: Option<&'a Path>,
    /// A manifest of pairs, checked instead of one pair.
    pub batch: Option<&'a Path>,
    /// The JSON report file: the pair's report, or with a manifest every
    /// pair's.
    pub json: Option<&'a PathBuf>,
    /// The `JUnit` XML file: a test case for the pair, or one per pair of
    /// a manifest.
    pub junit: Option<&'a PathBuf>,
    /// The checker's options.
    pub options: CheckOptions,
    /// The console output.
    pub format: ConsoleFormat,
    /// The pattern-database cache for proofs by search (`None`: linear
    /// conflict only).
    pub pdb_dir: Option<PathBuf>,
    /// How long a pipe or terminal may send nothing.
    pub input_timeout: Duration,
}

/// Checks the pair, or the manifest; returns the exit code (0 accepted,
/// 1 rejected, 2 unreadable input or usage, 3 unproven).
///
/// ```
/// use slider::app::{Console, check::{CheckJob, check}};
/// # let dir = std::env::temp_dir().join(format!("slider-app-check-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// let (puzzle, answer) = (dir.join("p.txt"), dir.join("a.txt"));
/// std::fs::write(&puzzle, "2\n 1 2\n 0 3\n")?;
/// std::fs::write(&answer, "R\n")?;
/// let job = CheckJob {
///     puzzle: Some(&puzzle), answer: Some(&answer), goal: None, batch: None,
///     json: None, junit: None, options: Default::default(),
///     format: slider::present::ConsoleFormat::Human, pdb_dir: None,
///     input_timeout: std::time::Duration::from_secs(5),
/// };
/// let console = Console::new(Box::new(Vec::new()), Box::new(Vec::new()));
/// assert_eq!(check(&job, &console)?, slider::exit_code::SUCCESS);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check(job: &CheckJob<'_>, console: &Console) -> Result<u8, CommandError> {
    let open = |goal: &Goal| open_proof_pdb(job.pdb_dir.as_deref(), goal, console);
    let dbs = ProofDatabases::new(&open);
    let (Some(puzzle), Some(answer)) = (job.puzzle, job.answer) else {
        return match job.batch {
            Some(manifest) => batch(job, manifest, &dbs, console),
            None => Err("give a PUZZLE and an ANSWER, or --batch MANIFEST".into()),
        };
    };
    let files = Files {
        puzzle,
        answer,
        goal: job.goal,
    };
    refuse_overwriting_inputs(job, &[Some(puzzle), Some(answer), job.goal])?;
    let reports = super::services::report_files(&[("json", job.json), ("junit", job.junit)])?;
    let started = std::time::Instant::now();
    let checked = check_files(files, &job.options, job.input_timeout, &dbs);
    let (puzzle_name, answer_name) = (display_name(files.puzzle), display_name(files.answer));
    // The report files say what the console says, an unreadable input too.
    let outcome = PairOutcome {
        puzzle: puzzle_name.clone().into(),
        answer: answer_name.clone().into(),
        result: match &checked {
            Ok(checked) => Ok(checked.report.clone()),
            Err(e) => Err(e.to_string()),
        },
        elapsed: started.elapsed(),
    };
    super::services::write_reports(reports, &|kind| match kind {
        "json" => render::pair_json(&outcome),
        _ => render::batch_junit(std::slice::from_ref(&outcome), &puzzle_name),
    })?;
    let Checked { puzzle, report } = checked?;
    let text = render::console(&report, job.format, &puzzle_name, &answer_name);
    // Human text may hold colour: it goes through the styled stream.
    let written = match job.format {
        ConsoleFormat::Human => console.print_styled(&text),
        _ => console.write_out(|out| out.write_all(text.as_bytes())),
    };
    if let Err(e) = written
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        return Err(format!("cannot write the report: {e}").into());
    }
    if report.verdict == CheckVerdict::Unproven && files.goal.is_none() {
        suggest_stronger(puzzle.size(), dbs.opened(puzzle.size()), console);
    }
    // A refuted --optimum is the caller's mistake, not the answer's (the
    // report says so).
    if report
        .findings
        .iter()
        .any(|f| matches!(f.kind, FindingKind::GivenOptimumWrong { .. }))
    {
        return Ok(exit_code::ERROR);
    }
    Ok(report.verdict.exit_code())
}

/// Refuses a report file that is one of the inputs (it would be emptied
/// before it is read), or that both reports name.
fn refuse_overwriting_inputs(
    job: &CheckJob<'_>,
    inputs: &[Option<&Path>],
) -> Result<(), CommandError> {
    let same = |a: &Path, b: &Path| {
        a == b
            || matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(a), Ok(b)) if a == b)
    };
    for (flag, report) in [("--json", job.json), ("--junit", job.junit)] {
        let Some(report) = report else { continue };
        if let Some(input) = inputs.iter().flatten().find(|input| same(input, report)) {
            return Err(render::report_is_input(flag, report, input).into());
        }
    }
    if let (Some(json), Some(junit)) = (job.json, job.junit)
        && same(json, junit)
    {
        return Err(render::reports_collide(json).into());
    }
    Ok(())
}

/// The databases for a proof by search on 4x4 or 5x5 (none without a
/// cache folder): 7-8 or 6-6-6-6 when cached, else 6-6-3 for 4x4, built
/// on first use in seconds. A 5x5 build takes minutes and is never
/// started here: the warning says how.
fn open_proof_pdb(dir: Option<&Path>, goal: &Goal, console: &Console) -> Option<PatternDatabase> {
    super::services::open_pdb(console, goal, Choice::Best, dir?, false)
        .map_err(|e| {
            console.say(&format!(
                "warning: pattern databases unavailable ({e}); proving with linear conflict"
            ));
        })
        .ok()
}

/// After a proof ran out of budget with databases weaker than the size's
/// strongest (6-6-3 on 4x4): says how to get the stronger ones.
fn suggest_stronger(n: usize, used: Option<&PatternDatabase>, console: &Console) {
    if let Some(pdb) = used
        && let Some(strong) = Partition::strongest(n)
        && let Some(kind) = pdb.kind()
        && kind != strong
    {
        console.status(&crate::present::pdb::unproven_note(kind, strong));
    }
}

/// `--batch MANIFEST`: every pair checked, a line each, then the counts
/// (or the JSON on standard output with `--format json`), and the report
/// files.
fn batch(
    job: &CheckJob<'_>,
    manifest: &Path,
    dbs: &ProofDatabases<'_>,
    console: &Console,
) -> Result<u8, CommandError> {
    refuse_overwriting_inputs(job, &[Some(manifest)])?;
    let pairs = read_pairs(manifest, job.input_timeout)?;
    let files = super::services::report_files(&[("json", job.json), ("junit", job.junit)])?;
    let base = manifest.parent().unwrap_or(Path::new("."));
    let json = job.format == ConsoleFormat::Json;
    let mut lines = pairs.iter().map(|pair| pair.line);
    let outcomes = check_pairs(
        base,
        &pairs,
        &job.options,
        job.input_timeout,
        dbs,
        &mut |outcome| {
            let line = lines.next().unwrap_or(0);
            match job.format {
                ConsoleFormat::Json => {}
                ConsoleFormat::Github => {
                    let text = render::batch_github(outcome, base, manifest, line);
                    console.print(&text);
                }
                ConsoleFormat::Human => {
                    let _ = console.print_styled(&format!("{}\n", render::batch_line(outcome)));
                }
            }
        },
    );
    let name = manifest.display().to_string();
    let text = if json {
        render::batch_json(&outcomes)
    } else {
        format!("{}\n", render::batch_summary(&outcomes))
    };
    console.print(&text);
    super::services::write_reports(files, &|kind| match kind {
        "json" => render::batch_json(&outcomes),
        _ => render::batch_junit(&outcomes, &name),
    })?;
    let [_, rejected, unproven, errors] = render::batch_counts(&outcomes);
    // a pair that could not be checked is on its line: the batch says 2
    Ok(if errors > 0 {
        exit_code::ERROR
    } else if rejected > 0 {
        exit_code::FAILURE
    } else if unproven > 0 {
        exit_code::UNPROVEN
    } else {
        exit_code::SUCCESS
    })
}
