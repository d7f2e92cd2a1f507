//! Every binary against hostile inputs: `/dev/zero`, random bytes, a FIFO
//! whose writer never closes, a FIFO with no writer, a directory, and
//! standard input from `/dev/zero`. Each must end on its own (a hang is
//! killed and fails the test), with its documented exit code and a message
//! that says what happened, in bounded memory.
//!
//! This file holds ONE test on purpose: peak memory is read with
//! `getrusage(RUSAGE_CHILDREN)`, which covers every child this process has
//! waited for, so no other test may run children beside it.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use std::process::{Command, Output};

/// Past this, a case is a hang: the child is killed and the test fails.
/// (A guard against hangs, not a speed requirement.)
const HANG: Duration = Duration::from_secs(60);

/// The memory bar of the issue: every case stays under 64 MB resident.
const MAX_RSS_KB: i64 = 64 * 1024;

/// One line of `fixtures/hostile/inputs.txt`.
struct Case {
    name: String,
    bin: String,
    args: Vec<String>,
    stdin: Option<String>,
    code: i32,
    /// Text the output (stdout and stderr together) must contain.
    says: String,
}

/// The cases, with their placeholders replaced.
fn cases(places: &[(&str, String)]) -> Vec<Case> {
    let text = std::fs::read_to_string(fixture("fixtures/hostile/inputs.txt")).unwrap();
    let fill = |word: &str| {
        places
            .iter()
            .find(|(name, _)| *name == word)
            .map_or_else(|| word.to_string(), |(_, value)| value.clone())
    };
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let [name, bin, args, stdin, code, says] = fields[..] else {
                panic!("a case needs six fields: {line}");
            };
            Case {
                name: name.to_string(),
                bin: bin.to_string(),
                args: args.split_whitespace().map(fill).collect(),
                stdin: (stdin != "-").then(|| fill(stdin)),
                code: code.parse().unwrap(),
                says: says.to_string(),
            }
        })
        .collect()
}

fn fixture(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

fn peak_children_rss_kb() -> i64 {
    use nix::sys::resource::{UsageWho, getrusage};
    getrusage(UsageWho::RUSAGE_CHILDREN)
        .expect("getrusage")
        .max_rss()
}

#[test]
fn every_binary_ends_cleanly_on_hostile_inputs_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = |name: &str| dir.path().join(name).display().to_string();

    // Random bytes, bounded (the `head -c` of the issue).
    let random = tmp("random.bin");
    let mut bytes = vec![0_u8; 4 << 20];
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    for byte in &mut bytes {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        *byte = (state >> 24) as u8;
    }
    std::fs::write(&random, &bytes).unwrap();

    // A FIFO held open for writing by this test, with a few bytes in it and
    // never closed while the binaries run: a reader gets no end of input.
    let open_fifo = tmp("open.fifo");
    nix::unistd::mkfifo(Path::new(&open_fifo), nix::sys::stat::Mode::S_IRWXU).unwrap();
    let mut writer = std::fs::OpenOptions::new()
        .read(true) // O_RDWR: opening a FIFO so never blocks on Linux
        .write(true)
        .open(&open_fifo)
        .unwrap();
    // A FIFO nobody writes to: opening it must not block.
    let lonely_fifo = tmp("lonely.fifo");
    nix::unistd::mkfifo(Path::new(&lonely_fifo), nix::sys::stat::Mode::S_IRWXU).unwrap();

    // A suite whose manifest is endless.
    let suite = dir.path().join("suite");
    std::fs::create_dir(&suite).unwrap();
    std::fs::copy(
        fixture("fixtures/course/puzzle04.txt"),
        suite.join("puzzle04.txt"),
    )
    .unwrap();
    std::os::unix::fs::symlink("/dev/zero", suite.join("slider-suite.txt")).unwrap();

    let places = [
        ("{zero}", "/dev/zero".to_string()),
        ("{random}", random),
        ("{open}", open_fifo.clone()),
        ("{lonely}", lonely_fifo),
        ("{dir}", fixture("fixtures")),
        ("{puzzle}", fixture("fixtures/course/puzzle04.txt")),
        (
            "{answer}",
            fixture("fixtures/check/a01-course-output/answer.txt"),
        ),
        ("{suite}", suite.display().to_string()),
    ];
    let cases = cases(&places);
    assert!(cases.len() >= 25, "only {} cases", cases.len());
    // The FIFO must hold something, and stay open, for the "open" cases.
    writer.write_all(b"3\n1 2").unwrap();

    let mut failures = Vec::new();
    for case in cases {
        let mut command = Command::new(assert_cmd::cargo::cargo_bin(&case.bin));
        command
            .args(&case.args)
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        match &case.stdin {
            Some(path) => command.stdin(Stdio::from(File::open(path).unwrap())),
            None => command.stdin(Stdio::null()),
        };
        let output = run_bounded(command);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let peak = peak_children_rss_kb();
        let shown: String = text.chars().take(400).collect();
        if output.status.code() != Some(case.code) {
            failures.push(format!(
                "{}: exit {:?} (killed as a hang if None), expected {}: {shown}",
                case.name,
                output.status.code(),
                case.code
            ));
        } else if !text.contains(&case.says) {
            failures.push(format!(
                "{}: output lacks `{}`: {shown}",
                case.name, case.says
            ));
        }
        if peak > MAX_RSS_KB {
            failures.push(format!(
                "{}: the peak resident memory of the children reached {peak} KB (> {MAX_RSS_KB} KB)",
                case.name
            ));
            break; // the peak is a running maximum: later cases would repeat it
        }
        // Drain what the open FIFO's readers left, then refill it.
        drain(&open_fifo);
        writer.write_all(b"3\n1 2").unwrap();
    }
    drop(writer);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs the command to its end, killing it (by its own pid) if it outlives
/// [`HANG`]; the outputs are small, so reading them after the end is safe.
fn run_bounded(mut command: Command) -> Output {
    let mut child = command.spawn().unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > HANG {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// Empties the FIFO without blocking (its writer is this test).
fn drain(fifo: &str) {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let mut reader = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(nix::fcntl::OFlag::O_NONBLOCK.bits())
        .open(PathBuf::from(fifo))
        .unwrap();
    let mut sink = [0_u8; 4096];
    while matches!(reader.read(&mut sink), Ok(n) if n > 0) {}
}
