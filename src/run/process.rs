//! Running one program under limits: the harness's process layer.
//!
//! Whatever runs here is presumed hostile. It may hang, fork, flood its
//! output, escape its process group with `setsid`, allocate without end,
//! write where it can, read the environment or kill its parent. So:
//!
//! - **Everything a test starts dies with it.** The grader is a child
//!   subreaper (`PR_SET_CHILD_SUBREAPER`), so orphaned descendants are
//!   re-parented to it rather than to init; every few milliseconds the
//!   test's process tree is walked through `/proc` and remembered, and at
//!   the end every process seen (and, as root, every process of the test's
//!   own uid) is killed by pid.
//! - **Limits are measured, not guessed.** Resident memory is the sum over
//!   the whole tree, sampled from `/proc` (address space is an opt-in
//!   mode, since a JVM reserves gigabytes it never touches); CPU time is
//!   the tree's user + system time; the wall clock covers the whole test,
//!   pipes included: an end of file is never awaited past the deadline.
//! - **Isolation.** A private, empty working directory; a scrubbed
//!   environment; as root, a separate unprivileged uid per job slot (so a
//!   test cannot signal the grader, and `RLIMIT_NPROC` caps its processes);
//!   with bubblewrap, also a new PID namespace, a read-only root, a private
//!   `/tmp`, no network and hidden folders (the suite).
//! - **No panics.** No helper threads: one `poll` loop reads both pipes,
//!   so a system that refuses threads cannot crash the grader.
//!
//! How a run ended is returned as facts ([`Ended`]); naming the outcome is
//! `outcome`'s job.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::AsFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

use super::tree::{TOKEN, Tree};
pub use super::tree::{kill_descendants, sweep_orphans};
use nix::sys::wait::{Id, WaitPidFlag, WaitStatus, waitid};
use nix::unistd::Pid;

/// Runs started by this process, for their marks.
static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// How often the process tree is sampled.
const TICK: Duration = Duration::from_millis(5);
/// How long the pipes are drained after the program ended or was killed.
const DRAIN: Duration = Duration::from_millis(200);
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

/// Makes this process a child subreaper, so that the orphans of a run come
/// back to it instead of init (done once by [`run`]; harmless to repeat).
fn become_subreaper() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = nix::sys::prctl::set_child_subreaper(true);
    });
}

/// Runs `job` under `limits` and `isolation`, to its end or the runner's
/// kill, and reports what happened.
///
/// # Errors
///
/// The system's error when the program cannot be started (its pipes, its
/// process); everything after that is a fact in [`Ended`].
///
/// # Example
///
/// ```
/// use slider::run::process::{Exit, Isolation, Job, Limits, run};
/// let dir = std::env::temp_dir();
/// let args = ["-c".into(), "echo hi; exit 3".into()];
/// let job = Job { program: "sh".as_ref(), args: &args, workdir: &dir, channel: false };
/// let isolation = Isolation { env: vec![("PATH".into(), "/usr/bin:/bin".into())], ..Default::default() };
/// let ended = run(&job, &Limits::default(), &isolation)?;
/// assert_eq!((ended.exit, ended.stdout.as_slice()), (Exit::Code(3), &b"hi\n"[..]));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn run(job: &Job<'_>, limits: &Limits, isolation: &Isolation) -> io::Result<Ended> {
    become_subreaper();
    let token = format!(
        "{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    );
    let started = Instant::now();
    let (mut child, channel) = spawn(job, limits, isolation, &token)?;
    let root = Pid::from_raw(child.id() as i32);
    let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
        let mut tree = Tree::new(root, isolation.uid, &token);
        tree.kill_all(Some(&mut child));
        return Err(io::Error::other(
            "the program's output could not be captured",
        ));
    };
    let mut tree = Tree::new(root, isolation.uid, &token);
    // Past this point an error must not leave the program running.
    let fail = |child: &mut Child, tree: &mut Tree, e: io::Error| {
        tree.kill_all(Some(child));
        let _ = child.wait();
        Err(e)
    };
    let mut pipes = match Pipes::new(
        File::from(std::os::fd::OwnedFd::from(stdout)),
        File::from(std::os::fd::OwnedFd::from(stderr)),
        channel,
        limits.max_output,
    ) {
        Ok(pipes) => pipes,
        Err(e) => return fail(&mut child, &mut tree, e),
    };
    let ticks = clock_ticks();
    let mut stop = None;
    let mut exit = None;
    let mut ended_at: Option<Instant> = None;
    let mut peak_rss = 0_u64;
    let mut leftovers = 0;
    loop {
        let flooded = match pipes.pump(TICK) {
            Ok(flooded) => flooded,
            Err(e) => return fail(&mut child, &mut tree, e),
        };
        if flooded && stop.is_none() {
            stop = Some(Stop::Output);
        }
        let sample = tree.sample();
        peak_rss = peak_rss.max(sample.rss);
        let cpu = Duration::from_secs_f64(sample.cpu_ticks as f64 / ticks);
        if stop.is_none() && ended_at.is_none() {
            if started.elapsed() >= limits.wall {
                stop = Some(Stop::Wall);
            } else if limits.cpu.is_some_and(|c| cpu >= c) {
                stop = Some(Stop::Cpu);
            } else if matches!(limits.memory, Memory::Resident(max) if sample.rss > max) {
                stop = Some(Stop::Memory);
            }
        }
        if exit.is_none() {
            exit = reap_if_ended(&mut child, &mut tree);
        }
        let finished = exit.is_some() || stop.is_some();
        if finished && ended_at.is_none() {
            // The program is done, or must be: nothing of the test may outlive it.
            // Leftovers are what outlived a program that ended by itself.
            let alive = tree.kill_all(Some(&mut child));
            if stop.is_none() {
                leftovers = alive;
            }
            if exit.is_none() {
                exit = Some(wait_exit(&mut child));
            }
            ended_at = Some(Instant::now());
        }
        if let Some(at) = ended_at
            && (pipes.closed() || at.elapsed() >= DRAIN || started.elapsed() >= limits.wall)
        {
            break;
        }
        if ended_at.is_none() && started.elapsed() >= limits.wall + DRAIN {
            stop.get_or_insert(Stop::Wall);
        }
    }
    // A last sweep: anything that slipped past the kills, and its zombie.
    tree.kill_all(None);
    let wall = started.elapsed();
    let final_cpu = tree.cpu_ticks() as f64 / ticks;
    let (stdout, stderr_tail, channel) = pipes.finish();
    Ok(Ended {
        exit: exit.unwrap_or(Exit::Unknown),
        stop,
        stdout,
        stderr_tail,
        channel,
        wall,
        cpu: Duration::from_secs_f64(final_cpu),
        peak_rss,
        leftovers,
    })
}

/// Clock ticks per second, for `/proc/PID/stat` times.
fn clock_ticks() -> f64 {
    nix::unistd::sysconf(nix::unistd::SysconfVar::CLK_TCK)
        .ok()
        .flatten()
        .map_or(100.0, |t| t as f64)
}

/// Starts the program: a tiny `sh` sets the rlimits and `exec`s it (or
/// bubblewrap, which runs it), in its own process group, with standard
/// input closed, the outputs piped, the environment replaced and, when
/// asked, under another uid. With a side channel, the pipe's writing end
/// comes in as standard input and the script moves it to descriptor 3
/// (no `pre_exec` needed); the reading end is returned.
fn spawn(
    job: &Job<'_>,
    limits: &Limits,
    isolation: &Isolation,
    token: &str,
) -> io::Result<(Child, Option<File>)> {
    let processes = if isolation.uid.is_some() {
        limits.processes.to_string()
    } else {
        "-".to_string()
    };
    let address_space = match limits.memory {
        Memory::AddressSpace(bytes) => (bytes / 1024).to_string(),
        Memory::Resident(_) => "-".to_string(),
    };
    // dash counts -f in 512-byte blocks, and names the process limit -p.
    let script = r#"p=$1 v=$2 f=$3 c=$4; shift 4
if [ "$c" = 1 ]; then exec 3<&0 0</dev/null; fi
ulimit -c 0
ulimit -f "$f" || exit 125
if [ "$p" != - ]; then ulimit -p "$p" 2>/dev/null || ulimit -u "$p" || exit 125; fi
if [ "$v" != - ]; then ulimit -v "$v" || exit 125; fi
exec "$@""#;
    let mut command = Command::new("/bin/sh");
    command
        .arg("-c")
        .arg(script)
        .arg("slider-grade")
        .arg(processes)
        .arg(address_space)
        .arg((limits.file_size / 512).max(1).to_string())
        .arg(if job.channel { "1" } else { "0" });
    let (reader, stdin) = if job.channel {
        let (reader, writer) = nix::unistd::pipe()?;
        (Some(File::from(reader)), Stdio::from(writer))
    } else {
        (None, Stdio::null())
    };
    if let Some(bwrap) = &isolation.bwrap {
        command.arg(bwrap).args(sandbox_args(
            job.workdir,
            &isolation.hide,
            &isolation.expose,
        ));
    }
    command
        .arg(job.program)
        .args(job.args)
        .current_dir(job.workdir)
        .env_clear()
        .envs(isolation.env.iter().map(|(k, v)| (k, v)))
        .env(TOKEN, token)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    if let Some(uid) = isolation.uid {
        // std drops the supplementary groups when it changes the uid.
        command.uid(uid).gid(uid);
    }
    // The command, and with it this process's copy of the writing end, is
    // dropped on return: the channel ends when the program's copies close.
    Ok((command.spawn()?, reader))
}

/// bubblewrap's arguments, up to and including `--`: everything read-only,
/// fresh `/proc`, `/dev` and `/tmp`, no network, a new PID namespace and
/// session, the exposed paths shown read-only, then the hidden folders
/// emptied (so that no exposed parent shows them again), the working
/// directory writable.
fn sandbox_args(workdir: &Path, hide: &[PathBuf], expose: &[PathBuf]) -> Vec<OsString> {
    let mut args: Vec<OsString> = [
        "--die-with-parent",
        "--new-session",
        "--unshare-all",
        "--ro-bind",
        "/",
        "/",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--tmpfs",
        "/tmp",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    for path in expose {
        let path = path.clone().into_os_string();
        args.extend(["--ro-bind".into(), path.clone(), path]);
    }
    // Hidden after every exposed path is bound: a command that names a
    // parent of the suite cannot show the suite again.
    for folder in hide {
        args.extend(["--tmpfs".into(), folder.clone().into_os_string()]);
    }
    args.extend([
        "--bind".into(),
        workdir.as_os_str().to_owned(),
        workdir.as_os_str().to_owned(),
        "--chdir".into(),
        workdir.as_os_str().to_owned(),
        "--".into(),
    ]);
    args
}

/// Whether the program's own process has ended; if so, its exit, read
/// before reaping so that its final times are counted.
fn reap_if_ended(child: &mut Child, tree: &mut Tree) -> Option<Exit> {
    let pid = Pid::from_raw(child.id() as i32);
    let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
    match waitid(Id::Pid(pid), flags) {
        Ok(WaitStatus::StillAlive) | Err(nix::errno::Errno::EINTR) => None,
        Ok(_) => {
            tree.sample(); // the zombie's final CPU time
            Some(wait_exit(child))
        }
        Err(_) => Some(wait_exit(child)),
    }
}

fn wait_exit(child: &mut Child) -> Exit {
    child.wait().map_or(Exit::Unknown, exit_of)
}

fn exit_of(status: ExitStatus) -> Exit {
    match (status.code(), status.signal()) {
        (Some(code), _) => Exit::Code(code),
        (None, Some(signal)) => Exit::Signal(signal),
        _ => Exit::Unknown,
    }
}

/// The output pipes (and the side channel), read without blocking by one
/// `poll` loop.
struct Pipes {
    stdout: Option<File>,
    stderr: Option<File>,
    channel: Option<File>,
    out: Vec<u8>,
    err: Vec<u8>,
    side: Vec<u8>,
    cap: u64,
}

impl Pipes {
    fn new(stdout: File, stderr: File, channel: Option<File>, cap: u64) -> io::Result<Pipes> {
        for file in [Some(&stdout), Some(&stderr), channel.as_ref()]
            .into_iter()
            .flatten()
        {
            use nix::fcntl::{F_GETFL, F_SETFL, OFlag, fcntl};
            let flags = OFlag::from_bits_truncate(fcntl(file, F_GETFL)?);
            fcntl(file, F_SETFL(flags | OFlag::O_NONBLOCK))?;
        }
        Ok(Pipes {
            stdout: Some(stdout),
            stderr: Some(stderr),
            channel,
            out: Vec::new(),
            err: Vec::new(),
            side: Vec::new(),
            cap,
        })
    }

    fn closed(&self) -> bool {
        self.stdout.is_none() && self.stderr.is_none() && self.channel.is_none()
    }

    /// Waits up to `wait` for output and reads what is there. Returns
    /// whether standard output passed its cap.
    fn pump(&mut self, wait: Duration) -> io::Result<bool> {
        if self.closed() {
            std::thread::sleep(wait);
            return Ok(false);
        }
        let timeout = PollTimeout::try_from(wait).unwrap_or(PollTimeout::ZERO);
        {
            let mut fds: Vec<PollFd<'_>> = [&self.stdout, &self.stderr, &self.channel]
                .into_iter()
                .flatten()
                .map(|f| PollFd::new(f.as_fd(), PollFlags::POLLIN))
                .collect();
            match poll(&mut fds, timeout) {
                Ok(_) | Err(nix::errno::Errno::EINTR) => {}
                Err(e) => return Err(e.into()),
            }
        }
        let mut flooded = false;
        let mut buf = vec![0_u8; 1 << 16];
        for (pipe, into) in [
            (&mut self.stdout, &mut self.out),
            (&mut self.channel, &mut self.side),
        ] {
            if let Some(file) = pipe {
                if drain(file, &mut buf, into)? {
                    *pipe = None;
                }
                if into.len() as u64 > self.cap {
                    into.truncate(self.cap as usize);
                    *pipe = None;
                    flooded = true;
                }
            }
        }
        if let Some(file) = &mut self.stderr {
            let eof = drain(file, &mut buf, &mut self.err)?;
            if self.err.len() > 4 * TAIL {
                self.err.drain(..self.err.len() - TAIL);
            }
            if eof {
                self.stderr = None;
            }
        }
        Ok(flooded)
    }

    fn finish(mut self) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        let start = self.err.len().saturating_sub(TAIL);
        self.err.drain(..start);
        (self.out, self.err, self.side)
    }
}

/// Reads what a non-blocking pipe holds now; `Ok(true)` at its end.
fn drain(file: &mut File, buf: &mut [u8], into: &mut Vec<u8>) -> io::Result<bool> {
    loop {
        match file.read(buf) {
            Ok(0) => return Ok(true),
            Ok(k) => {
                into.extend_from_slice(&buf[..k]);
                if into.len() > (1 << 30) {
                    return Ok(false); // the caller caps it
                }
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(false),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain() -> Isolation {
        Isolation {
            env: vec![("PATH".into(), "/usr/bin:/bin".into())],
            ..Isolation::default()
        }
    }

    fn sh(script: &str, limits: &Limits) -> Ended {
        let dir = std::env::temp_dir();
        let args = ["-c".into(), script.into()];
        let job = Job {
            program: "sh".as_ref(),
            args: &args,
            workdir: &dir,
            channel: false,
        };
        run(&job, limits, &plain()).unwrap()
    }

    #[test]
    fn the_side_channel_is_descriptor_3_and_apart_from_stdout() {
        let dir = std::env::temp_dir();
        let args = [
            "-c".into(),
            "echo out; echo side >&3; exec 3>&-; echo err >&2".into(),
        ];
        let job = Job {
            program: "sh".as_ref(),
            args: &args,
            workdir: &dir,
            channel: true,
        };
        let ended = run(&job, &Limits::default(), &plain()).unwrap();
        assert_eq!(ended.exit, Exit::Code(0), "{ended:?}");
        assert_eq!(
            (ended.stdout.as_slice(), ended.channel.as_slice()),
            (&b"out\n"[..], &b"side\n"[..])
        );
        assert_eq!(ended.stderr_tail, b"err\n");
        let without = sh("echo side >&3 || echo refused", &Limits::default());
        assert_eq!(
            (without.stdout.as_slice(), without.channel.as_slice()),
            (&b"refused\n"[..], &b""[..])
        );
    }

    #[test]
    fn a_setsid_grandchild_holding_the_pipe_does_not_hang_the_run() {
        let limits = Limits {
            wall: Duration::from_secs(20),
            ..Limits::default()
        };
        let started = Instant::now();
        let ended = sh("setsid sleep 30 & echo done", &limits);
        assert_eq!(ended.exit, Exit::Code(0));
        assert_eq!(ended.stdout, b"done\n");
        assert!(ended.leftovers >= 1, "{ended:?}");
        assert!(started.elapsed() < Duration::from_secs(20), "{ended:?}");
    }

    #[test]
    fn the_wall_limit_covers_the_pipes() {
        let limits = Limits {
            wall: Duration::from_millis(300),
            ..Limits::default()
        };
        let ended = sh("sleep 30", &limits);
        assert_eq!(ended.stop, Some(Stop::Wall));
        assert_eq!(ended.exit, Exit::Signal(9));
    }

    #[test]
    fn cpu_time_is_measured_and_limited() {
        let limits = Limits {
            wall: Duration::from_secs(30),
            cpu: Some(Duration::from_millis(300)),
            ..Limits::default()
        };
        let ended = sh("while :; do :; done", &limits);
        assert_eq!(ended.stop, Some(Stop::Cpu), "{ended:?}");
        assert!(ended.cpu >= Duration::from_millis(300), "{ended:?}");
    }
}
