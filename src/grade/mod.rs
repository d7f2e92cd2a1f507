//! The grading harness: run a submission over a suite under limits, check
//! every answer as `slider-check` would, and report.
//!
//! - [`suite`]: the puzzles and their optima, checked before anything runs;
//! - [`outcome`]: how a run ended, and so its outcome (pure);
//!
//! Its reports (table, JSON, `JUnit`, Gradescope, GitHub) are in
//! [`present::grade`](crate::present::grade).
//!
//! This module ties them together over [`run`](crate::run): a private
//! working folder and puzzle copy per test, a uid per job slot when run as
//! root, and the job threads.

pub mod outcome;
pub mod suite;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::course::Api;
use crate::run::process::{self, Job};
use crate::run::{Harness, Workdir, in_slots};
use outcome::{Detail, Expectation, Outcome, PuzzleResult, classify};
use suite::{Entry, Suite};

/// The program to grade: `program args…`, `{}` standing for the puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// The program.
    pub program: OsString,
    /// Its arguments; an argument that is exactly `{}` is replaced by the
    /// path of the test's private copy of the puzzle.
    pub args: Vec<OsString>,
}

impl Submission {
    /// The same submission with every argument (and the program) that names
    /// an existing path relative to `cwd` made absolute, since tests run in
    /// a private folder of their own: `-cp .` and `fixtures/x.sh` keep
    /// meaning what they meant where the grader was started.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::grade::Submission;
    /// let s = Submission { program: "sh".into(), args: vec!["src".into(), "{}".into(), "-x".into()] };
    /// let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    /// let r = s.resolved(here);
    /// assert_eq!(r.program, "sh");
    /// assert_eq!(r.args[0], here.join("src").into_os_string());
    /// assert_eq!((r.args[1].as_os_str(), r.args[2].as_os_str()), ("{}".as_ref(), "-x".as_ref()));
    /// ```
    #[must_use]
    pub fn resolved(&self, cwd: &Path) -> Submission {
        let resolve = |arg: &OsString| {
            let path = Path::new(arg);
            if arg != "{}" && path.is_relative() && cwd.join(path).exists() {
                cwd.join(path).into_os_string()
            } else {
                arg.clone()
            }
        };
        let program = if Path::new(&self.program).components().count() > 1 {
            resolve(&self.program)
        } else {
            self.program.clone() // a bare name is looked up in PATH
        };
        Submission {
            program,
            args: self.args.iter().map(resolve).collect(),
        }
    }
}

/// Runs `submission` on one puzzle, as job slot `slot`, and checks its
/// answer, requiring `api`'s unsolvable message (`None`: either). Never
/// panics: a test that cannot be run is a [`Outcome::HarnessError`].
///
/// # Example
///
/// ```no_run
/// use slider::grade::{Submission, run_one};
/// use slider::run::Harness;
/// let suite = slider::grade::suite::load("fixtures/puzzles".as_ref(), &[], 1_000_000)?;
/// let harness = Harness {
///     limits: Default::default(), uid_base: None,
///     env: vec![("PATH".into(), "/usr/bin:/bin".into())], bwrap: None, hide: vec![],
///     scratch: std::env::temp_dir(),
/// };
/// let submission = Submission { program: "slider".into(), args: vec!["solve".into(), "{}".into()] };
/// let result = run_one(&suite.entries[0], &submission, &harness, None, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_one(
    entry: &Entry,
    submission: &Submission,
    harness: &Harness,
    api: Option<Api>,
    slot: u32,
) -> PuzzleResult {
    let mut result = PuzzleResult {
        name: entry.name.clone(),
        n: entry.board.size(),
        expected: entry.expected,
        got: None,
        claimed_unsolvable: false,
        outcome: Outcome::HarnessError,
        detail: Detail::None,
        time: Duration::ZERO,
        cpu: Duration::ZERO,
        peak_rss: 0,
        leftovers: 0,
        weight: entry.weight,
    };
    let uid = harness.uid(slot);
    let prepared = Workdir::new(&harness.scratch, "slider-grade", uid).and_then(|workdir| {
        let puzzle = workdir.add(&entry.name, &std::fs::read(&entry.path)?)?;
        Ok((workdir, puzzle))
    });
    let (workdir, puzzle) = match prepared {
        Ok(prepared) => prepared,
        Err(e) => {
            result.detail = Detail::Prepare((&e).into());
            return result;
        }
    };
    let args: Vec<OsString> = submission
        .args
        .iter()
        .map(|a| {
            if a == "{}" {
                puzzle.clone().into_os_string()
            } else {
                a.clone()
            }
        })
        .collect();
    let job = Job {
        program: &submission.program,
        args: &args,
        workdir: &workdir.path,
        channel: false,
    };
    let isolation = harness.isolation(uid, exposed(submission, &harness.env));
    let ended = match process::run(&job, &harness.limits, &isolation) {
        Ok(ended) => ended,
        Err(e) => {
            result.detail = Detail::Start((&e).into());
            return result;
        }
    };
    let expect = Expectation {
        board: &entry.board,
        expected: entry.expected,
    };
    let classified = classify(expect, api, &harness.limits, &ended);
    result.outcome = classified.outcome;
    result.detail = classified.detail;
    result.got = classified.got;
    result.claimed_unsolvable = classified.claimed_unsolvable;
    result.time = ended.wall;
    result.cpu = ended.cpu;
    result.peak_rss = ended.peak_rss;
    result.leftovers = ended.leftovers;
    result
}

/// What the sandbox must show again over its private `/tmp`: the program,
/// its arguments and the passed-through environment values that are
/// existing absolute paths under `/tmp` (the working folder aside).
fn exposed(submission: &Submission, env: &[(OsString, OsString)]) -> Vec<PathBuf> {
    let named = std::iter::once(&submission.program)
        .chain(&submission.args)
        .chain(env.iter().map(|(_, v)| v));
    let mut paths: Vec<PathBuf> = named
        .map(PathBuf::from)
        .filter(|p| p.starts_with("/tmp") && p != Path::new("/tmp") && p.exists())
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

/// Runs every puzzle of `suite` with `jobs` at a time, in any order, and
/// returns the results in the suite's order, each answer checked for
/// `api`'s unsolvable message (`None`: either). `done` is called as each test
/// ends (from worker threads), for progress. When the system refuses
/// threads, the tests run on the threads it gave (or on this one): never a
/// panic. Afterwards every remaining child of this process is killed
/// ([`process::sweep_orphans`]): call it from a process that runs nothing
/// else meanwhile.
///
/// # Example
///
/// ```no_run
/// use slider::grade::{Submission, run_suite, suite};
/// use slider::run::Harness;
/// let suite = suite::load("fixtures/puzzles".as_ref(), &[], 1_000_000)?;
/// let harness = Harness {
///     limits: Default::default(), uid_base: None,
///     env: vec![("PATH".into(), "/usr/bin:/bin".into())], bwrap: None, hide: vec![],
///     scratch: std::env::temp_dir(),
/// };
/// let submission = Submission { program: "slider".into(), args: vec!["solve".into(), "{}".into()] };
/// let results = run_suite(&suite, &submission, &harness, None, 2, &|_| {});
/// assert_eq!(results.len(), suite.entries.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_suite(
    suite: &Suite,
    submission: &Submission,
    harness: &Harness,
    api: Option<Api>,
    jobs: usize,
    done: &(dyn Fn(&PuzzleResult) + Sync),
) -> Vec<PuzzleResult> {
    let results = in_slots(suite.entries.len(), jobs, &|i, slot| {
        let result = run_one(&suite.entries[i], submission, harness, api, slot);
        done(&result);
        result
    });
    // Whatever escaped every test's tracking and came back to the grader.
    process::sweep_orphans();
    results
}
