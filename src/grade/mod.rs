//! The grading harness: run a submission over a suite under limits, check
//! every answer as `slider-check` would, and report.
//!
//! - [`suite`]: the puzzles and their optima, checked before anything runs;
//! - [`process`]: running one program under limits, and killing everything
//!   it started (the only part that touches processes);
//! - [`outcome`]: how a run ended, and so its outcome (pure);
//!
//! Its reports (table, JSON, `JUnit`, Gradescope, GitHub) are in
//! [`present::grade`](crate::present::grade).
//!
//! This module ties them together: a private working folder and puzzle
//! copy per test, a uid per job slot when run as root, and the job threads.

pub mod outcome;
pub mod process;
pub mod suite;
mod tree;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::format::Api;
use outcome::{Expectation, Outcome, TestResult, classify};
use process::{Isolation, Job, Limits};
use suite::{Entry, Suite};

/// The first of the uids tests run under when the grader is root: far above
/// any real account's (and the usual container sub-uid ranges), so the
/// processes of a test are exactly those of its uid. See [`slot_uid`].
pub const UID_BASE: u32 = 1_000_000_000;

/// The most job slots a root grader runs at once (each has its own uid).
pub const MAX_SLOTS: u32 = 256;

/// The uid of job slot `slot` in grader process `pid`: unique across
/// graders running at once, as well as across slots.
///
/// # Example
///
/// ```
/// use slider::grade::{UID_BASE, slot_uid};
/// assert_eq!(slot_uid(UID_BASE, 7, 3), UID_BASE + 7 * 256 + 3);
/// assert_ne!(slot_uid(UID_BASE, 7, 3), slot_uid(UID_BASE, 8, 3));
/// ```
pub fn slot_uid(base: u32, pid: u32, slot: u32) -> u32 {
    // pid_max is at most 2^22, so this stays below 2^31.
    base + (pid % (1 << 22)) * MAX_SLOTS + slot % MAX_SLOTS
}

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

/// How every test of a run is run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Harness {
    /// Limits on each test.
    pub limits: Limits,
    /// Which unsolvable message to require.
    pub api: Api,
    /// When set (the grader is root), each slot runs as its own uid
    /// ([`slot_uid`]).
    pub uid_base: Option<u32>,
    /// The programs' whole environment.
    pub env: Vec<(OsString, OsString)>,
    /// bubblewrap's path, to sandbox every test.
    pub bwrap: Option<PathBuf>,
    /// Folders the sandbox hides (the suite, so that only the puzzle copy
    /// is seen).
    pub hide: Vec<PathBuf>,
    /// Where private working folders are made.
    pub scratch: PathBuf,
}

/// Runs `submission` on one puzzle, as job slot `slot`, and checks its
/// answer. Never panics: a test that cannot be run is a
/// [`Outcome::HarnessError`].
///
/// # Example
///
/// ```no_run
/// use slider::grade::{Harness, Submission, run_one};
/// let suite = slider::grade::suite::load("fixtures/puzzles".as_ref(), &[], 1_000_000)?;
/// let harness = Harness {
///     limits: Default::default(), api: slider::format::Api::Any, uid_base: None,
///     env: vec![("PATH".into(), "/usr/bin:/bin".into())], bwrap: None, hide: vec![],
///     scratch: std::env::temp_dir(),
/// };
/// let submission = Submission { program: "slider".into(), args: vec!["solve".into(), "{}".into()] };
/// let result = run_one(&suite.entries[0], &submission, &harness, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_one(entry: &Entry, submission: &Submission, harness: &Harness, slot: u32) -> TestResult {
    let mut result = TestResult {
        name: entry.name.clone(),
        n: entry.board.size(),
        expected: entry.expected,
        got: None,
        claimed_unsolvable: false,
        outcome: Outcome::HarnessError,
        detail: String::new(),
        time: Duration::ZERO,
        cpu: Duration::ZERO,
        peak_rss: 0,
        leftovers: 0,
        weight: entry.weight,
    };
    let uid = harness
        .uid_base
        .map(|base| slot_uid(base, std::process::id(), slot));
    let prepared = Workdir::new(&harness.scratch, "slider-grade", uid).and_then(|workdir| {
        let puzzle = workdir.add(&entry.name, &std::fs::read(&entry.path)?)?;
        Ok((workdir, puzzle))
    });
    let (workdir, puzzle) = match prepared {
        Ok(prepared) => prepared,
        Err(e) => {
            result.detail = format!("cannot prepare the test's folder: {e}");
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
    let isolation = Isolation {
        uid,
        env: harness.env.clone(),
        bwrap: harness.bwrap.clone(),
        hide: harness.hide.clone(),
        expose: exposed(submission, &harness.env),
    };
    let ended = match process::run(&job, &harness.limits, &isolation) {
        Ok(ended) => ended,
        Err(e) => {
            result.detail = format!("cannot start the program: {e}");
            return result;
        }
    };
    let expect = Expectation {
        board: &entry.board,
        expected: entry.expected,
    };
    let (outcome, detail, got, claimed) = classify(expect, harness.api, &harness.limits, &ended);
    result.outcome = outcome;
    result.detail = detail;
    result.got = got;
    result.claimed_unsolvable = claimed;
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

/// A test's private folder (mode 0700, owned by the test's uid when it has
/// one), holding only the files the test needs; removed when dropped.
pub(crate) struct Workdir {
    pub(crate) path: PathBuf,
}

impl Workdir {
    pub(crate) fn new(scratch: &Path, prefix: &str, uid: Option<u32>) -> std::io::Result<Workdir> {
        use std::os::unix::fs::DirBuilderExt;
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let k = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = scratch.join(format!("{prefix}-{}-{k}", std::process::id()));
        std::fs::DirBuilder::new().mode(0o700).create(&path)?;
        let workdir = Workdir { path };
        if let Some(uid) = uid {
            let owner = Some(nix::unistd::Uid::from_raw(uid));
            let group = Some(nix::unistd::Gid::from_raw(uid));
            nix::unistd::chown(&workdir.path, owner, group)?;
        }
        Ok(workdir)
    }

    /// Writes a read-only file `name` holding `contents`; returns its path.
    pub(crate) fn add(&self, name: &str, contents: &[u8]) -> std::io::Result<PathBuf> {
        use std::os::unix::fs::PermissionsExt;
        let path = self.path.join(name);
        std::fs::write(&path, contents)?;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444))?;
        Ok(path)
    }
}

impl Drop for Workdir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Runs `work(i, slot)` for every `i` below `count`, `jobs` at a time on
/// threads of their own (each with its slot number, for its uid), and
/// returns the results in order. When the system refuses threads, the work
/// runs on the threads it gave (or on this one): never a panic.
pub(crate) fn in_slots<T: Send>(
    count: usize,
    jobs: usize,
    work: &(dyn Fn(usize, u32) -> T + Sync),
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..count).map(|_| None).collect());
    let run = |slot: u32| {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count {
                break;
            }
            let result = work(i, slot);
            if let Ok(mut results) = results.lock() {
                results[i] = Some(result);
            }
        }
    };
    std::thread::scope(|scope| {
        let mut started = 0;
        let jobs = jobs.clamp(1, count.max(1)).min(MAX_SLOTS as usize);
        for slot in 0..jobs {
            let run = &run;
            let spawned = std::thread::Builder::new()
                .name(format!("slot-{slot}"))
                .spawn_scoped(scope, move || run(slot as u32));
            if spawned.is_err() {
                break;
            }
            started += 1;
        }
        if started == 0 {
            run(0); // no thread to be had: run here
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

/// Runs every puzzle of `suite` with `jobs` at a time, in any order, and
/// returns the results in the suite's order. `done` is called as each test
/// ends (from worker threads), for progress. When the system refuses
/// threads, the tests run on the threads it gave (or on this one): never a
/// panic. Afterwards every remaining child of this process is killed
/// ([`process::sweep_orphans`]): call it from a process that runs nothing
/// else meanwhile.
///
/// # Example
///
/// ```no_run
/// use slider::grade::{Harness, Submission, run_suite, suite};
/// let suite = suite::load("fixtures/puzzles".as_ref(), &[], 1_000_000)?;
/// let harness = Harness {
///     limits: Default::default(), api: slider::format::Api::Any, uid_base: None,
///     env: vec![("PATH".into(), "/usr/bin:/bin".into())], bwrap: None, hide: vec![],
///     scratch: std::env::temp_dir(),
/// };
/// let submission = Submission { program: "slider".into(), args: vec!["solve".into(), "{}".into()] };
/// let results = run_suite(&suite, &submission, &harness, 2, &|_| {});
/// assert_eq!(results.len(), suite.entries.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_suite(
    suite: &Suite,
    submission: &Submission,
    harness: &Harness,
    jobs: usize,
    done: &(dyn Fn(&TestResult) + Sync),
) -> Vec<TestResult> {
    let results = in_slots(suite.entries.len(), jobs, &|i, slot| {
        let result = run_one(&suite.entries[i], submission, harness, slot);
        done(&result);
        result
    });
    // Whatever escaped every test's tracking and came back to the grader.
    process::sweep_orphans();
    results
}
