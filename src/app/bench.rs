//! `slider bench`: each benchmark of [`crate::bench`] run, its rows
//! printed as [`crate::present::bench`] renders them. Nothing here
//! asserts a time; correctness is the test suite's job.

use std::path::{Path, PathBuf};

use super::Console;
use crate::bench::search::{Instances, KorfRun};
use crate::bench::{Line, course, search};
use crate::exit_code;
use crate::format::manifest::Convention;
use crate::present::bench::render;
use crate::search::Goal;
use crate::search::pdb::{Choice, Kind};

/// The reference A* on the timing puzzles, then bi-BFS against a Java
/// bi-BFS on `bibfs` (default: [`course::BIBFS_FILES`]).
pub fn reference(course_dir: &Path, runs: usize, bibfs: &[PathBuf], console: &Console) -> u8 {
    let result = course::reference_suite(course_dir, runs, bibfs, &mut printer(console));
    counted(result, console)
}

/// Building the exhaustive tables, `runs` times each.
///
/// ```no_run
/// let console = slider::app::Console::new(Box::new(std::io::stdout()), Box::new(std::io::sink()));
/// assert_eq!(slider::app::bench::oracle(1, &console), slider::exit_code::SUCCESS);
/// ```
pub fn oracle(runs: usize, console: &Console) -> u8 {
    counted(
        course::oracle(runs, &mut printer(console)).map(|()| 0),
        console,
    )
}

/// The native breadth-first searches against the generic ones on `files`
/// (default: [`course::CLASSIC_FILES`] of `course_dir`).
pub fn classic(files: &[PathBuf], course_dir: &Path, console: &Console) -> u8 {
    let result = course::course_boards(files, course_dir, &course::CLASSIC_FILES)
        .map(|boards| course::classic(&boards, &mut printer(console)));
    counted(result, console)
}

/// Building `kind` cold in `scratch`, then `runs` loads.
pub fn pdb(kind: Kind, runs: usize, scratch: &Path, console: &Console) -> u8 {
    let (bar, progress) = console.build_progress(&format!("{kind} pattern databases"));
    let mut print = printer(console);
    let mut emit = |line: Line| {
        bar.finish_and_clear();
        print(line);
    };
    let result = search::pdb(kind, runs, scratch, &progress, &mut emit).map(|()| 0);
    counted(result, console)
}

/// A benchmark set (`chosen` instances, at most `limit`) solved by IDA*
/// as `run` says.
pub fn korf(
    file: &Path,
    convention: Convention,
    chosen: &[usize],
    limit: Option<usize>,
    run: &KorfRun,
    console: &Console,
) -> u8 {
    let open = |goal: &Goal, choice: Choice| console.open_pdb(goal, choice, &run.pdb_dir, false);
    let result = Instances::read(file, convention, chosen, limit)
        .and_then(|set| search::korf_run(&set, run, &open, &mut printer(console)));
    counted(result, console)
}

/// The course's hardest files (default: [`course::HARDEST_FILES`]) by
/// IDA* with the databases cached in `pdb_dir`.
pub fn hardest(files: &[PathBuf], course_dir: &Path, pdb_dir: &Path, console: &Console) -> u8 {
    let result = course::course_boards(files, course_dir, &course::HARDEST_FILES)
        .and_then(|boards| {
            let open = |goal: &Goal| console.open_pdb(goal, Choice::Best, pdb_dir, false);
            search::hardest(&boards, &open, &mut printer(console))
        })
        .map(|()| 0);
    counted(result, console)
}

/// The candidate 4x4 partitions on `file` and `random` boards of `seed`.
pub fn partitions(file: &Path, random: usize, seed: u64, console: &Console) -> u8 {
    let result = Instances::read(file, Convention::Auto, &[], None)
        .and_then(|set| search::partitions(&set, random, seed, &mut printer(console)))
        .map(|()| 0);
    counted(result, console)
}

/// Prints each row as its table line.
fn printer(console: &Console) -> impl FnMut(Line) + '_ {
    move |line: Line| console.print(&format!("{}\n", render(&line)))
}

/// The exit code of a benchmark that counted `wrong` answers.
fn counted(wrong: Result<usize, String>, console: &Console) -> u8 {
    match wrong {
        Ok(0) => exit_code::SUCCESS,
        Ok(_) => exit_code::FAILURE,
        Err(e) => console.fail(&e),
    }
}
