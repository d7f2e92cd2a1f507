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

use std::fs::File;
use std::io;
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, ExitStatus};
use std::time::{Duration, Instant};

use super::pipes::Pipes;
use super::spawn::spawn;
use super::tree::Tree;
pub use super::tree::{kill_descendants, sweep_orphans};
use nix::sys::wait::{Id, WaitPidFlag, WaitStatus, waitid};
use nix::unistd::Pid;

/// Runs started by this process, for their marks.
static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Set by [`shut_down`]: no run starts after it.
static SHUTTING_DOWN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Stops the grader's runs for good: no [`run`] starts a program after
/// this call (it returns an error), a run whose program was starting as it
/// came kills that program itself, and every process this grader started
/// is killed ([`kill_descendants`], twice, for a program that was being
/// started the first time). Returns how many processes were killed. For a
/// grader that is interrupted and about to exit.
///
/// # Example
///
/// ```no_run
/// let killed = slider::run::process::shut_down();
/// eprintln!("interrupted: {killed} processes ended");
/// ```
pub fn shut_down() -> usize {
    SHUTTING_DOWN.store(true, std::sync::atomic::Ordering::SeqCst);
    let first = kill_descendants();
    std::thread::sleep(Duration::from_millis(50));
    first + kill_descendants()
}

/// Whether [`shut_down`] was called: nothing new may start, and what
/// runs now ends in errors that say nothing of the program.
///
/// # Example
///
/// ```
/// assert!(!slider::run::process::shutting_down());
/// ```
#[must_use]
pub fn shutting_down() -> bool {
    SHUTTING_DOWN.load(std::sync::atomic::Ordering::SeqCst)
}

/// How often the process tree is sampled.
const TICK: Duration = Duration::from_millis(5);
/// How long the pipes are drained after the program ended or was killed.
const DRAIN: Duration = Duration::from_millis(200);

pub use super::job::{Ended, Exit, Isolation, Job, Limits, Memory, MemoryMode, Stop, TAIL};

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
    if shutting_down() {
        return Err(io::Error::other("the grader is shutting down"));
    }
    let token = format!(
        "{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    );
    let started = Instant::now();
    let (mut child, channel) = spawn(job, limits, isolation, &token)?;
    let mut tree = Tree::new(Pid::from_raw(child.id() as i32), isolation.uid, &token);
    // Past this point an error must not leave the program running.
    let fail = |child: &mut Child, tree: &mut Tree, e: io::Error| {
        tree.kill_all(Some(child));
        let _ = child.wait();
        Err(e)
    };
    if shutting_down() {
        // Started as the grader was being stopped: the stop's sweep may
        // have missed it.
        let stopping = io::Error::other("the grader is shutting down");
        return fail(&mut child, &mut tree, stopping);
    }
    let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
        let uncaptured = io::Error::other("the program's output could not be captured");
        return fail(&mut child, &mut tree, uncaptured);
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
        assert_eq!(ended.stop, Some(Stop::Wall), "{ended:?}");
        assert_eq!(ended.exit, Exit::Signal(9), "{ended:?}");
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
