//! `slider grade`: run a submission over a suite and report.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use slider::app::grade::{GradeJob, grade};
use slider::app::{CommandError, Console};
use slider::present::ConsoleFormat;
use slider::run::process::{Limits, MemoryMode};
use slider::run::sandbox::{SandboxMode, UserMode};

/// Arguments of `slider grade`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  slider grade --suite fixtures/course -- java -cp build Solver {}
  slider grade --suite fixtures/course --timeout 10 --json report.json -- python3 solver.py {}
  slider grade --suite fixtures/puzzles -- ./target/release/slider solve {}

`{}` must be a whole argument: it is replaced by the path of the test's
private copy of the puzzle (`--file={}` is passed as written). Each test runs
in a private, empty folder; an argument naming an existing path relative to
where slider grade runs (`-cp build`, `solver.py`) is passed as an absolute
path. The program's standard output is judged as the course client's output,
a move string or a move count. See the README's threat model for what a
submission can and cannot do in each mode.")]
pub struct GradeArgs {
    /// The folder of puzzle files (with an optional `slider-suite.txt`).
    #[arg(long, value_name = "DIR")]
    suite: PathBuf,
    /// Puzzles run at once, 1 to 256 (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,
    /// Wall-clock seconds per test (at least 1), output pipes included.
    #[arg(long, default_value = "10", value_name = "SECS", value_parser = seconds_at_least_1)]
    timeout: Duration,
    /// CPU seconds (user + system, every process of the test) per test (at
    /// least 1; the course's limit is 5 s of CPU).
    #[arg(long, default_value = "5", value_name = "SECS", value_parser = seconds_at_least_1)]
    cpu_time: Duration,
    /// Memory per test, in MiB: resident memory of all its processes
    /// together (128 to 1048576; `java File.java` needs about 90), or with
    /// `--memory-mode address-space` the virtual memory of each process
    /// (2048 to 1048576; a JVM then also needs -Xmx64m
    /// -XX:CompressedClassSpaceSize=64m or the like).
    #[arg(long, default_value_t = 2048, value_name = "MIB", value_parser = clap::value_parser!(u64).range(128..=1 << 20))]
    memory: u64,
    /// What `--memory` limits.
    #[arg(long, value_enum, default_value_t = MemoryMode::Resident)]
    memory_mode: MemoryMode,
    /// Output cap per test, in MiB; past it the test fails.
    #[arg(long, default_value_t = 64, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=4096))]
    max_output: u64,
    /// Processes and threads per test (enforced when run as root, where
    /// each job has a uid of its own; a JVM needs about 30).
    #[arg(long, default_value_t = 256, value_name = "N", value_parser = clap::value_parser!(u64).range(32..=100_000))]
    processes: u64,
    /// As root, run each job as an unprivileged uid of its own (`auto`), or
    /// as root (`keep`, not recommended). Ignored when not root.
    #[arg(long, value_enum, default_value_t = UserMode::Auto)]
    user: UserMode,
    /// Pass this environment variable through to the program (repeatable);
    /// it otherwise sees only PATH, HOME, TMPDIR and LANG.
    #[arg(long = "env", value_name = "NAME")]
    pass_env: Vec<String>,
    /// Run every test inside bubblewrap (`bwrap`): read-only root, private
    /// /tmp, no network, its own PID namespace, the suite hidden. `auto`
    /// uses it when it is installed and works.
    #[arg(long, value_enum, default_value_t = SandboxMode::Auto)]
    sandbox: SandboxMode,
    /// Skip puzzles whose file name contains this text (repeatable).
    #[arg(long, value_name = "TEXT")]
    exclude: Vec<String>,
    /// Node budget for optima slider must prove itself.
    #[arg(long, default_value_t = 5_000_000, value_name = "NODES")]
    budget: u64,
    /// Which unsolvable message to require (default: either).
    #[arg(long, default_value = slider::values::ANY_API, value_parser = slider::values::api_parser())]
    api: slider::values::ApiChoice,
    /// Write the full result as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write `JUnit` XML.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Write Gradescope's results.json.
    #[arg(long, value_name = "FILE")]
    gradescope: Option<PathBuf>,
    /// Console output: a table, the JSON report, or GitHub Actions
    /// annotations and the table.
    #[arg(long, value_enum, default_value_t = ConsoleFormat::Human)]
    format: ConsoleFormat,
    /// The program and its arguments; an argument that is exactly `{}`
    /// stands for the puzzle's path.
    #[arg(last = true, required = true, value_name = "PROGRAM ARGS... {}")]
    command: Vec<OsString>,
}

fn seconds_at_least_1(text: &str) -> Result<Duration, String> {
    let seconds = slider::values::parse_seconds(text)?;
    if seconds < Duration::from_secs(1) {
        return Err(format!(
            "`{text}`: at least 1 second, which a JVM needs to start"
        ));
    }
    Ok(seconds)
}

/// Runs the command; returns the exit code.
pub fn run(args: &GradeArgs, console: &Console) -> Result<u8, CommandError> {
    if args.memory_mode == MemoryMode::AddressSpace && args.memory < 2048 {
        return Err(CommandError::from(
            "--memory must be at least 2048 MiB with --memory-mode address-space, which a JVM needs to start",
        ));
    }
    let context = crate::common::context();
    let job = GradeJob {
        suite: &args.suite,
        exclude: &args.exclude,
        budget: args.budget,
        command: &args.command,
        limits: Limits {
            wall: args.timeout,
            cpu: Some(args.cpu_time),
            memory: args.memory_mode.limit(args.memory << 20),
            max_output: args.max_output << 20,
            processes: args.processes,
            file_size: 64 << 20,
        },
        user: args.user,
        sandbox: args.sandbox,
        pass_env: &args.pass_env,
        jobs: args.jobs,
        api: args.api,
        format: args.format,
        json: args.json.as_ref(),
        junit: args.junit.as_ref(),
        gradescope: args.gradescope.as_ref(),
        context: &context,
    };
    grade(&job, console)
}
