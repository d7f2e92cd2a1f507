//! What one run of a program is (the job, its limits, its isolation) and
//! how it ended: plain data, shared by the runner's parts.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The bytes of standard error (and of a crash's standard output) kept.
pub const TAIL: usize = 2048;

/// What memory a run may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Memory {
    /// Resident memory of the whole process tree, in bytes; the runner
    /// kills the tree when the sampled sum passes it.
    Resident(u64),
    /// Address space of each process, in bytes (`ulimit -v`); a JVM needs
    /// several GiB of it unless given `-Xmx` and friends.
    AddressSpace(u64),
}

/// Which memory [`Memory`] limits, as `--memory-mode` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum MemoryMode {
    /// Resident memory of the whole process tree (sampled).
    #[default]
    Resident,
    /// Address space of each process (`ulimit -v`).
    AddressSpace,
}

impl MemoryMode {
    /// The limit of `bytes` of this memory.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::run::process::{Memory, MemoryMode};
    /// assert_eq!(MemoryMode::AddressSpace.limit(1 << 30), Memory::AddressSpace(1 << 30));
    /// ```
    #[must_use]
    pub fn limit(self, bytes: u64) -> Memory {
        match self {
            MemoryMode::Resident => Memory::Resident(bytes),
            MemoryMode::AddressSpace => Memory::AddressSpace(bytes),
        }
    }
}

/// Limits on one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time of the whole test.
    pub wall: Duration,
    /// User + system CPU time of the whole process tree.
    pub cpu: Option<Duration>,
    /// Memory.
    pub memory: Memory,
    /// Standard output, in bytes; past it the tree is killed.
    pub max_output: u64,
    /// Processes and threads of the test (`RLIMIT_NPROC`; enforced only
    /// when the test runs under its own uid, that is as root).
    pub processes: u64,
    /// The largest file the program may write, in bytes (`ulimit -f`).
    pub file_size: u64,
}

impl Limits {
    /// The memory limit in bytes, whatever its mode.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::run::process::Limits;
    /// assert_eq!(Limits::default().memory_bytes(), 2048 << 20);
    /// ```
    #[must_use]
    pub fn memory_bytes(&self) -> u64 {
        match self.memory {
            Memory::Resident(bytes) | Memory::AddressSpace(bytes) => bytes,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            wall: Duration::from_secs(10),
            cpu: Some(Duration::from_secs(5)),
            memory: Memory::Resident(2048 << 20),
            max_output: 64 << 20,
            processes: 256,
            file_size: 64 << 20,
        }
    }
}

/// Where and as whom a run happens.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Isolation {
    /// Run as this uid (and gid), with no supplementary groups. Set it only
    /// when the grader is root; each concurrent run needs its own.
    pub uid: Option<u32>,
    /// The whole environment of the program.
    pub env: Vec<(OsString, OsString)>,
    /// bubblewrap's path, to run inside a sandbox.
    pub bwrap: Option<PathBuf>,
    /// Folders the sandbox hides behind an empty tmpfs (the suite).
    pub hide: Vec<PathBuf>,
    /// Paths under `/tmp` the sandbox shows again, read-only, over its
    /// private `/tmp` (the program and the files its command names).
    pub expose: Vec<PathBuf>,
}

/// One program to run: `program args…` in `workdir`.
#[derive(Debug, Clone, Copy)]
pub struct Job<'a> {
    /// The program.
    pub program: &'a OsStr,
    /// Its arguments.
    pub args: &'a [OsString],
    /// Its working directory (private to the run).
    pub workdir: &'a Path,
    /// Whether the program gets a side channel: a pipe on its file
    /// descriptor 3, read into [`Ended::channel`]. A probe reports there, out
    /// of reach of whatever the code under test prints.
    pub channel: bool,
}

/// How the program's own process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this code.
    Code(i32),
    /// A signal ended it.
    Signal(i32),
    /// It could not be waited for.
    Unknown,
}

/// Why the runner ended the run itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The wall-clock limit.
    Wall,
    /// The CPU-time limit.
    Cpu,
    /// The resident-memory limit.
    Memory,
    /// The output cap.
    Output,
}

/// The facts of a finished run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ended {
    /// How the program's own process ended.
    pub exit: Exit,
    /// Whether, and why, the runner killed it.
    pub stop: Option<Stop>,
    /// Standard output (at most the cap).
    pub stdout: Vec<u8>,
    /// The last [`TAIL`] bytes of standard error.
    pub stderr_tail: Vec<u8>,
    /// What was written to the side channel (at most the output cap; empty
    /// without [`Job::channel`]).
    pub channel: Vec<u8>,
    /// Wall-clock time, from start to the last process's end.
    pub wall: Duration,
    /// User + system CPU time of the tree (sampled; processes that lived
    /// less than a few milliseconds may be missed).
    pub cpu: Duration,
    /// The largest sampled resident memory of the tree, in bytes.
    pub peak_rss: u64,
    /// Processes still alive when the program's own process ended by itself,
    /// all killed by the runner (0 when the runner stopped the run).
    pub leftovers: usize,
}
