//! `slider bench`: each benchmark of [`crate::bench`] run, its rows
//! printed as [`crate::present::bench`] renders them. Nothing here
//! asserts a time; correctness is the test suite's job.

use std::path::{Path, PathBuf};

use super::{CommandError, Console};
use crate::bench::search::{Instances, KorfRun, Shipped};
use crate::bench::{BenchLine, course, search};
use crate::exit_code;
use crate::format::manifest::Convention;
use crate::present::bench::render;
use crate::search::Goal;
use crate::search::pdb::{Choice, Partition};

/// The reference A* on the timing puzzles, then bi-BFS against a Java
/// bi-BFS on `bibfs` (default: [`course::BIBFS_FILES`]).
pub fn reference(
    course_dir: Option<&Path>,
    runs: usize,
    bibfs: &[PathBuf],
    context: &crate::context::Context,
    console: &Console,
) -> Result<u8, CommandError> {
    let result = course::reference_suite(course_dir, runs, bibfs, context, &mut printer(console));
    counted(result)
}

/// Building the exhaustive tables, `runs` times each.
///
/// ```no_run
/// let console = slider::app::Console::new(Box::new(std::io::stdout()), Box::new(std::io::sink()));
/// assert_eq!(slider::app::bench::oracle(1, &console)?, slider::exit_code::SUCCESS);
/// # Ok::<(), slider::app::CommandError>(())
/// ```
pub fn oracle(runs: usize, console: &Console) -> Result<u8, CommandError> {
    counted(course::oracle(runs, &mut printer(console)).map(|()| 0))
}

/// The native breadth-first searches against the generic ones on `files`
/// (default: [`course::CLASSIC_FILES`] of `course_dir`, or as shipped).
pub fn classic(
    files: &[PathBuf],
    course_dir: Option<&Path>,
    console: &Console,
) -> Result<u8, CommandError> {
    let result = course::course_boards(files, course_dir, &course::CLASSIC_FILES)
        .map(|boards| course::classic(&boards, &mut printer(console)));
    counted(result)
}

/// Building `kind` cold in `scratch`, then `runs` loads.
pub fn pdb(
    kind: Partition,
    runs: usize,
    scratch: &Path,
    console: &Console,
) -> Result<u8, CommandError> {
    let (bar, progress) =
        super::services::build_progress(console, &format!("{kind} pattern databases"));
    let mut print = printer(console);
    let mut emit = |line: BenchLine| {
        bar.finish_and_clear();
        print(line);
    };
    let result = search::pdb(kind, runs, scratch, &progress, &mut emit).map(|()| 0);
    counted(result)
}

/// A benchmark set (`chosen` instances, at most `limit`) solved by IDA*
/// as `run` says: `file`, or the `shipped` set when there is none.
pub fn korf(
    file: Option<&Path>,
    shipped: Shipped,
    convention: Convention,
    chosen: &[usize],
    limit: Option<usize>,
    run: &KorfRun,
    console: &Console,
) -> Result<u8, CommandError> {
    let open = |goal: &Goal, choice: Choice| {
        super::services::open_pdb(console, goal, choice, &run.pdb_dir, false)
    };
    let result = read_set(file, shipped, convention, chosen, limit)
        .and_then(|set| search::korf_run(&set, run, &open, &mut printer(console)));
    counted(result)
}

/// The course's hardest files (default: [`course::HARDEST_FILES`]) by
/// IDA* with the databases cached in `pdb_dir`.
pub fn hardest(
    files: &[PathBuf],
    course_dir: Option<&Path>,
    pdb_dir: &Path,
    console: &Console,
) -> Result<u8, CommandError> {
    let result = course::course_boards(files, course_dir, &course::HARDEST_FILES)
        .and_then(|boards| {
            let open = |goal: &Goal| {
                super::services::open_pdb(console, goal, Choice::Best, pdb_dir, false)
            };
            search::hardest(&boards, &open, &mut printer(console))
        })
        .map(|()| 0);
    counted(result)
}

/// The candidate 4x4 partitions on `file` (default: Korf's 100, shipped)
/// and `random` boards of `seed`.
pub fn partitions(
    file: Option<&Path>,
    random: usize,
    seed: u64,
    console: &Console,
) -> Result<u8, CommandError> {
    let result = read_set(file, search::KORF_100, Convention::Auto, &[], None)
        .and_then(|set| search::partitions(&set, random, seed, &mut printer(console)))
        .map(|()| 0);
    counted(result)
}

/// The instances of `file`, or of the `shipped` set.
fn read_set(
    file: Option<&Path>,
    shipped: Shipped,
    convention: Convention,
    chosen: &[usize],
    limit: Option<usize>,
) -> Result<Instances, String> {
    match file {
        Some(file) => Instances::read(file, convention, chosen, limit),
        None => Instances::shipped(shipped, convention, chosen, limit),
    }
}

/// `slider autograde` timed as its users run it, each run a fresh
/// process of `exe` (after `--prepare`, as a Gradescope image or a
/// cluster's task starts): the shipped reference graded `runs` times, with
/// where its time went; then a batch of the shipped ordinary submissions
/// (`fixtures`' reference, princeton and learned/*), `jobs` JVMs at once.
pub fn autograde(
    exe: &Path,
    fixtures: &Path,
    temp: &Path,
    (runs, jobs): (usize, usize),
    console: &Console,
) -> Result<u8, CommandError> {
    use crate::present::autograde::profile as present;
    let scratch = tempfile_dir(temp).map_err(|e| format!("cannot make a scratch folder: {e}"))?;
    let result = (|| -> Result<u8, String> {
        run_slider(exe, &["autograde".as_ref(), "--prepare".as_ref()])?;
        let json = scratch.join("report.json");
        let jobs = jobs.to_string();
        let mut walls = Vec::new();
        let mut profiles = Vec::new();
        for run in 1..=runs {
            let reference = fixtures.join("reference");
            let started = std::time::Instant::now();
            run_slider(
                exe,
                &[
                    "autograde".as_ref(),
                    "--jobs".as_ref(),
                    jobs.as_ref(),
                    "--json".as_ref(),
                    json.as_os_str(),
                    reference.as_os_str(),
                ],
            )?;
            let wall = started.elapsed();
            let report = read_json(&json)?;
            console.print(&present::bench_run(run, wall, &report["reports"][0]));
            walls.push(wall);
            profiles.push(report);
        }
        let median = median_index(&walls);
        console.print(&present::bench_phases(&profiles[median]["reports"][0]));
        let batch = scratch.join("batch");
        let mut count = 0;
        std::fs::create_dir_all(&batch).map_err(|e| e.to_string())?;
        let learned = std::fs::read_dir(fixtures.join("learned")).map_err(|e| e.to_string())?;
        let mut passing: Vec<PathBuf> =
            vec![fixtures.join("reference"), fixtures.join("princeton")];
        passing.extend(learned.flatten().map(|e| e.path()).filter(|p| p.is_dir()));
        for dir in passing {
            let name = dir
                .file_name()
                .map(std::ffi::OsString::from)
                .unwrap_or_default();
            std::os::unix::fs::symlink(
                std::fs::canonicalize(&dir).map_err(|e| e.to_string())?,
                batch.join(name),
            )
            .map_err(|e| e.to_string())?;
            count += 1;
        }
        let started = std::time::Instant::now();
        run_slider(
            exe,
            &[
                "autograde".as_ref(),
                "--jobs".as_ref(),
                jobs.as_ref(),
                "--json".as_ref(),
                json.as_os_str(),
                "--batch".as_ref(),
                batch.as_os_str(),
            ],
        )?;
        let report = read_json(&json)?;
        console.print(&present::bench_batch(
            count,
            started.elapsed(),
            &report["reports"],
        ));
        Ok(exit_code::SUCCESS)
    })();
    let _ = std::fs::remove_dir_all(&scratch);
    result.map_err(CommandError::from)
}

/// Runs `exe args`; its exit code 0 or 1 (a graded submission that lost
/// points) is a finished run.
fn run_slider(exe: &Path, args: &[&std::ffi::OsStr]) -> Result<(), String> {
    let out = std::process::Command::new(exe)
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    match out.status.code() {
        Some(0 | 1) => Ok(()),
        _ => Err(format!(
            "slider {} failed: {}",
            args.iter()
                .map(|a| a.to_string_lossy())
                .collect::<Vec<_>>()
                .join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )),
    }
}

fn read_json(path: &Path) -> Result<serde_json::Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The index of the median of `walls`.
fn median_index(walls: &[std::time::Duration]) -> usize {
    let mut order: Vec<usize> = (0..walls.len()).collect();
    order.sort_by_key(|&i| walls[i]);
    order[order.len() / 2]
}

/// A fresh folder in `base`.
fn tempfile_dir(base: &Path) -> std::io::Result<PathBuf> {
    for k in 0..100 {
        let dir = base.join(format!("slider-bench-autograde-{}-{k}", std::process::id()));
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other(
        "no free folder name in the temp folder",
    ))
}

/// Prints each row as its table line.
fn printer(console: &Console) -> impl FnMut(BenchLine) + '_ {
    move |line: BenchLine| console.print(&format!("{}\n", render(&line)))
}

/// The exit code of a benchmark that counted `wrong` answers.
fn counted(wrong: Result<usize, String>) -> Result<u8, CommandError> {
    match wrong? {
        0 => Ok(exit_code::SUCCESS),
        _ => Ok(exit_code::FAILURE),
    }
}
