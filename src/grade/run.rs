//! Running a submission on one puzzle, under limits, and naming the outcome.
//!
//! - The program runs in its own process group with standard input closed;
//!   `{}` in its arguments becomes the puzzle's path, as one argument,
//!   with no shell interpolation.
//! - The address space is limited with `ulimit -v` by a tiny `sh` wrapper
//!   that then `exec`s the program, so no `unsafe` `pre_exec` is needed.
//! - On timeout, or when the output passes its cap, the whole process
//!   group is killed.

use std::ffi::OsString;
use std::io::Read;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

use super::suite::Entry;
use crate::check::{self, Api, CheckOptions, FindingKind, Verdict};

/// Limits on one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time.
    pub timeout: Duration,
    /// Address space, in MiB.
    pub memory_mb: u64,
    /// Standard output, in bytes.
    pub max_output: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            timeout: Duration::from_secs(5),
            memory_mb: 2048,
            max_output: 64 << 20,
        }
    }
}

/// The program to grade: `program args…`, `{}` standing for the puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// The program.
    pub program: OsString,
    /// Its arguments.
    pub args: Vec<OsString>,
}

/// How one test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Accepted by the checker.
    Passed,
    /// Rejected by the checker.
    WrongAnswer,
    /// Legal, but longer than the optimum.
    NotOptimal,
    /// Ran past the time limit.
    Timeout,
    /// Killed by a signal or exited non-zero.
    Crashed,
    /// Printed more than the output cap.
    OutputLimit,
    /// Ran out of its address space.
    MemoryLimit,
}

impl Outcome {
    /// The outcome's name in reports.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::grade::run::Outcome::WrongAnswer.name(), "wrong answer");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Passed => "passed",
            Outcome::WrongAnswer => "wrong answer",
            Outcome::NotOptimal => "not optimal",
            Outcome::Timeout => "timeout",
            Outcome::Crashed => "crashed",
            Outcome::OutputLimit => "output limit",
            Outcome::MemoryLimit => "memory limit",
        }
    }
}

/// The result of one test.
#[derive(Debug, Clone, PartialEq)]
pub struct TestResult {
    /// The puzzle's file name.
    pub name: String,
    /// The board side.
    pub n: usize,
    /// The expected optimum (`None`: unsolvable).
    pub expected: Option<u64>,
    /// The moves the answer made or claimed, if any.
    pub got: Option<u64>,
    /// Whether the answer claimed "unsolvable".
    pub claimed_unsolvable: bool,
    /// How it ended.
    pub outcome: Outcome,
    /// The checker's first finding, the exit status and stderr's tail, or
    /// the limit that was hit.
    pub detail: String,
    /// Wall-clock time of the run.
    pub time: Duration,
    /// Points for passing.
    pub weight: f64,
}

/// The bytes of standard error kept for crash reports.
const STDERR_TAIL: usize = 2048;

/// Messages of programs that ran out of memory, in common runtimes.
const OUT_OF_MEMORY: [&str; 7] = [
    "out of memory",
    "Out of memory",
    "OutOfMemoryError",
    "MemoryError",
    "bad_alloc",
    "memory allocation of",
    "Cannot allocate memory",
];

fn kill_group(pid: u32) {
    // The group may be gone already; that is fine.
    let _ = killpg(Pid::from_raw(pid as i32), Signal::SIGKILL);
}

fn status_text(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => Signal::try_from(signal)
            .map_or(format!("signal {signal}"), |s| format!("killed by {s}")),
        _ => "abnormal exit".to_string(),
    }
}

/// Runs `submission` on `entry` under `limits` and checks its answer.
///
/// # Example
///
/// ```no_run
/// use slider::grade::run::{Limits, Outcome, Submission, run_one};
/// let suite = slider::grade::suite::load("fixtures/puzzles".as_ref(), &[], 1_000_000)?;
/// let submission = Submission { program: "slider".into(), args: vec!["solve".into(), "{}".into()] };
/// let result = run_one(&suite.entries[0], &submission, &Limits::default(), slider::check::Api::Any);
/// assert_eq!(result.outcome, Outcome::Passed);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_one(entry: &Entry, submission: &Submission, limits: &Limits, api: Api) -> TestResult {
    let started = Instant::now();
    let mut result = TestResult {
        name: entry.name.clone(),
        n: entry.board.size(),
        expected: entry.expected,
        got: None,
        claimed_unsolvable: false,
        outcome: Outcome::Crashed,
        detail: String::new(),
        time: Duration::ZERO,
        weight: entry.weight,
    };
    let mut child = match spawn(entry, submission, limits) {
        Ok(child) => child,
        Err(e) => {
            result.detail = format!("cannot start the program: {e}");
            return result;
        }
    };
    let pid = child.id();
    let (Some(mut stdout), Some(mut stderr)) = (child.stdout.take(), child.stderr.take()) else {
        kill_group(pid);
        let _ = child.wait();
        result.detail = "cannot capture the program's output".to_string();
        return result;
    };
    let cap = limits.max_output;
    let out_reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let read = (&mut stdout).take(cap + 1).read_to_end(&mut out);
        let flooded = out.len() as u64 > cap;
        if flooded {
            kill_group(pid);
            out.truncate(cap as usize);
        }
        (out, flooded, read.is_ok())
    });
    let err_reader = std::thread::spawn(move || {
        let mut tail: Vec<u8> = Vec::new();
        let mut buf = [0_u8; 8192];
        while let Ok(k) = stderr.read(&mut buf) {
            if k == 0 {
                break;
            }
            tail.extend_from_slice(&buf[..k]);
            if tail.len() > 4 * STDERR_TAIL {
                tail.drain(..tail.len() - STDERR_TAIL);
            }
        }
        let start = tail.len().saturating_sub(STDERR_TAIL);
        String::from_utf8_lossy(&tail[start..]).into_owned()
    });
    let deadline = started + limits.timeout;
    let mut pause = Duration::from_micros(100);
    let (status, timed_out) = loop {
        match child.try_wait() {
            Ok(Some(status)) => break (Some(status), false),
            Ok(None) if Instant::now() >= deadline => {
                kill_group(pid);
                break (child.wait().ok(), true);
            }
            Ok(None) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(5));
            }
            Err(_) => break (None, false),
        }
    };
    // Reap anything the program left behind in its group.
    kill_group(pid);
    result.time = started.elapsed();
    let (stdout, flooded, _) = out_reader.join().unwrap_or_default();
    let stderr_tail = err_reader.join().unwrap_or_default();
    classify(
        &mut result,
        entry,
        api,
        limits,
        &Ended {
            status,
            timed_out,
            flooded,
            stdout: &stdout,
            stderr_tail: &stderr_tail,
        },
    );
    result
}

/// Starts the program on the puzzle, under `ulimit -v`, in its own process
/// group, with standard input closed and the outputs piped.
fn spawn(entry: &Entry, submission: &Submission, limits: &Limits) -> std::io::Result<Child> {
    let args = submission.args.iter().map(|a| {
        if a == "{}" {
            entry.path.clone().into_os_string()
        } else {
            a.clone()
        }
    });
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(r#"ulimit -v "$1" || exit 125; shift; exec "$@""#)
        .arg("slider-grade")
        .arg((limits.memory_mb * 1024).to_string())
        .arg(&submission.program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    command.spawn()
}

/// How the process ended, and what it printed.
struct Ended<'a> {
    status: Option<ExitStatus>,
    timed_out: bool,
    flooded: bool,
    stdout: &'a [u8],
    stderr_tail: &'a str,
}

fn classify(result: &mut TestResult, entry: &Entry, api: Api, limits: &Limits, ended: &Ended<'_>) {
    if ended.timed_out {
        result.outcome = Outcome::Timeout;
        result.detail = format!("no answer within {:.1} s", limits.timeout.as_secs_f64());
        return;
    }
    if ended.flooded {
        result.outcome = Outcome::OutputLimit;
        result.detail = format!("more than {} bytes of output", limits.max_output);
        return;
    }
    let Some(status) = ended.status.filter(ExitStatus::success) else {
        let how = ended
            .status
            .map_or("could not be waited for".to_string(), status_text);
        let tail = ended.stderr_tail.trim_end();
        let out_of_memory = OUT_OF_MEMORY.iter().any(|m| tail.contains(m));
        result.outcome = if out_of_memory {
            Outcome::MemoryLimit
        } else {
            Outcome::Crashed
        };
        result.detail = if tail.is_empty() {
            how
        } else {
            format!("{how}; stderr ends with:\n{tail}")
        };
        return;
    };
    let _ = status;
    let options = CheckOptions {
        api,
        optimum: Some(entry.expected),
        max_findings: 5,
        ..CheckOptions::default()
    };
    let report = check::check(&entry.board, ended.stdout, &options, None);
    result.got = report.moves;
    result.claimed_unsolvable = report.claims_unsolvable;
    match report.verdict {
        Verdict::Accepted => result.outcome = Outcome::Passed,
        Verdict::Rejected | Verdict::Unproven => {
            let not_optimal = report
                .findings
                .iter()
                .any(|f| matches!(f.kind, FindingKind::NotOptimal { .. }))
                && report.findings.iter().all(|f| {
                    f.kind.keeps_path_legal() || matches!(f.kind, FindingKind::NotOptimal { .. })
                });
            result.outcome = if not_optimal {
                Outcome::NotOptimal
            } else {
                Outcome::WrongAnswer
            };
            result.detail = report.findings.first().map_or_else(
                || "the answer could not be verified".to_string(),
                |f| format!("{}:{}: {}", f.span.line, f.span.column, f.kind),
            );
        }
    }
}
