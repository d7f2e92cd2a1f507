//! Running untrusted programs: the ground floor that `grade` and
//! `autograde` both stand on.
//!
//! - [`process`]: one program under limits, and killing everything it
//!   started (the only part that touches processes);
//! - `tree`: the processes of one run, found through `/proc`;
//! - [`sandbox`]: whether bubblewrap works here, and the environment a
//!   program sees;
//! - this module: the settings every run of a job shares ([`Harness`]), a
//!   private working folder per run ([`Workdir`]), and job slots, each with
//!   a uid of its own when the grader is root ([`in_slots`], [`slot_uid`]).

pub mod container;
mod job;
mod pipes;
pub mod process;
pub mod sandbox;
mod spawn;
mod tree;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use process::Limits;

/// An error the operating system gave, as data: its kind, and its number
/// when it has one. It reads as the system's own words (`No such file or
/// directory (os error 2)`), or its kind's when there is no number.
///
/// # Example
///
/// ```
/// let e = std::io::Error::from_raw_os_error(2);
/// let kept = slider::run::OsError::from(&e);
/// assert_eq!(kept.to_string(), e.to_string());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OsError {
    /// Its kind.
    pub kind: std::io::ErrorKind,
    /// The system's error number.
    pub code: Option<i32>,
}

impl From<&std::io::Error> for OsError {
    fn from(error: &std::io::Error) -> OsError {
        OsError {
            kind: error.kind(),
            code: error.raw_os_error(),
        }
    }
}

impl std::fmt::Display for OsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.code {
            Some(code) => write!(f, "{}", std::io::Error::from_raw_os_error(code)),
            None => write!(f, "{}", self.kind),
        }
    }
}

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
/// use slider::run::{UID_BASE, slot_uid};
/// assert_eq!(slot_uid(UID_BASE, 7, 3), UID_BASE + 7 * 256 + 3);
/// assert_ne!(slot_uid(UID_BASE, 7, 3), slot_uid(UID_BASE, 8, 3));
/// ```
pub fn slot_uid(base: u32, pid: u32, slot: u32) -> u32 {
    // pid_max is at most 2^22, so this stays below 2^31.
    base + (pid % (1 << 22)) * MAX_SLOTS + slot % MAX_SLOTS
}

/// How every program of a job is run: its limits and its isolation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Harness {
    /// Limits on each run.
    pub limits: Limits,
    /// When set (the grader is root), each slot runs as its own uid
    /// ([`slot_uid`]).
    pub uid_base: Option<u32>,
    /// The programs' whole environment.
    pub env: Vec<(OsString, OsString)>,
    /// bubblewrap's path, to sandbox every run.
    pub bwrap: Option<PathBuf>,
    /// Folders the sandbox hides (a suite, so that only the puzzle copy is
    /// seen).
    pub hide: Vec<PathBuf>,
    /// Where private working folders are made.
    pub scratch: PathBuf,
}

impl Harness {
    /// The uid of job slot `slot` of this process, when runs get their own.
    #[must_use]
    pub fn uid(&self, slot: u32) -> Option<u32> {
        self.uid_base
            .map(|base| slot_uid(base, std::process::id(), slot))
    }

    /// The isolation of a run as `uid`, showing the `expose`d paths inside
    /// the sandbox.
    #[must_use]
    pub fn isolation(&self, uid: Option<u32>, expose: Vec<PathBuf>) -> process::Isolation {
        process::Isolation {
            uid,
            env: self.env.clone(),
            bwrap: self.bwrap.clone(),
            hide: self.hide.clone(),
            expose,
        }
    }
}

/// A run's private folder (mode 0700, owned by the run's uid when it has
/// one), holding only the files the run needs; removed when dropped.
#[derive(Debug)]
pub struct Workdir {
    /// Where it is.
    pub path: PathBuf,
}

impl Workdir {
    /// Makes a new folder `PREFIX-PID-K` under `scratch`, owned by `uid`.
    ///
    /// # Errors
    ///
    /// The file system's.
    ///
    /// # Example
    ///
    /// ```
    /// let dir = slider::run::Workdir::new(&std::env::temp_dir(), "doc", None)?;
    /// let file = dir.add("a.txt", b"x")?;
    /// assert_eq!(std::fs::read(&file)?, b"x");
    /// let path = dir.path.clone();
    /// drop(dir);
    /// assert!(!path.exists());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn new(scratch: &Path, prefix: &str, uid: Option<u32>) -> std::io::Result<Workdir> {
        use std::os::unix::fs::DirBuilderExt;
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let stopping = || std::io::Error::other("the grader is shutting down");
        if process::shutting_down() {
            return Err(stopping());
        }
        let k = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = scratch.join(format!("{prefix}-{}-{k}", std::process::id()));
        std::fs::DirBuilder::new().mode(0o700).create(&path)?;
        let workdir = Workdir { path };
        // Made as the grader was being stopped: its sweep of the scratch
        // folder may have missed this one (dropping it removes it).
        if process::shutting_down() {
            return Err(stopping());
        }
        if let Some(uid) = uid {
            let owner = Some(nix::unistd::Uid::from_raw(uid));
            let group = Some(nix::unistd::Gid::from_raw(uid));
            nix::unistd::chown(&workdir.path, owner, group)?;
        }
        Ok(workdir)
    }

    /// Writes a read-only file `name` holding `contents`; returns its path.
    ///
    /// # Errors
    ///
    /// The file system's.
    pub fn add(&self, name: &str, contents: &[u8]) -> std::io::Result<PathBuf> {
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

/// The job slots to run with: `chosen`, else one per core.
///
/// # Example
///
/// ```
/// assert_eq!(slider::run::jobs(Some(3)), 3);
/// assert!(slider::run::jobs(None) >= 1);
/// ```
#[must_use]
pub fn jobs(chosen: Option<u64>) -> usize {
    chosen.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |jobs| usize::try_from(jobs).unwrap_or(usize::MAX),
    )
}

/// Removes the folders this process made under `scratch` (a toolkit, a
/// run's working folders: `slider-NAME-PID` and `slider-NAME-PID-K`), for
/// an interrupted grader; returns how many.
///
/// # Example
///
/// ```
/// let scratch = tempfile_dir();
/// let made = slider::run::Workdir::new(&scratch, "slider-doc", None)?;
/// let path = made.path.clone();
/// std::mem::forget(made);
/// assert_eq!(slider::run::remove_scratch(&scratch), 1);
/// assert!(!path.exists());
/// # fn tempfile_dir() -> std::path::PathBuf {
/// #     let d = std::env::temp_dir().join(format!("doc-scratch-{}", std::process::id()));
/// #     std::fs::create_dir_all(&d).unwrap(); d
/// # }
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn remove_scratch(scratch: &Path) -> usize {
    let pid = std::process::id().to_string();
    let ours = |name: &str| {
        name.starts_with("slider-")
            && (name.ends_with(&format!("-{pid}")) || name.contains(&format!("-{pid}-")))
    };
    let mut removed = 0;
    for entry in std::fs::read_dir(scratch).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if ours(&name) && std::fs::remove_dir_all(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Runs `work(i, slot)` for every `i` below `count`, `jobs` at a time on
/// threads of their own (each with its slot number, for its uid), and
/// returns the results in order. When the system refuses threads, the work
/// runs on the threads it gave (or on this one): never a panic.
///
/// # Example
///
/// ```
/// let squares = slider::run::in_slots(5, 2, &|i, _slot| i * i);
/// assert_eq!(squares, vec![0, 1, 4, 9, 16]);
/// ```
pub fn in_slots<T: Send>(
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
