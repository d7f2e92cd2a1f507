//! The harness of `slider grade`'s tests on hostile and real commands
//! (`tests/grade_hostile.rs`, `tests/grade_setup.rs`): private copies of
//! the grade suite's puzzles, `slider grade` run over them with a JSON
//! report, hostile scripts of `fixtures/grade/hostile/` staged and graded,
//! and any process one left behind found by its marker and ended by pid.

use std::collections::BTreeMap;
use std::path::Path;

use assert_cmd::Command;

/// The puzzles every hostile run is graded on.
pub const PUZZLES: [&str; 2] = ["puzzle2x2-06.txt", "puzzle3x3-04.txt"];

pub struct Graded {
    pub code: i32,
    pub outcomes: BTreeMap<String, String>,
    pub json: serde_json::Value,
    pub stdout: String,
    pub stderr: String,
}

/// A private copy of `puzzles` from the grade suite, readable by all.
pub fn suite(puzzles: &[&str]) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    for name in puzzles {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/grade/suite")
            .join(name);
        std::fs::copy(from, dir.path().join(name)).unwrap();
    }
    dir
}

pub fn fingerprint(dir: &Path) -> u64 {
    slider::grade::suite::fingerprint(dir).unwrap()
}

/// Grades `command` (after `--`; `{}` for the puzzle) over `suite`.
pub fn grade(suite: &Path, stage: &Path, flags: &[&str], command: &[&str]) -> Graded {
    let out = tempfile::tempdir().unwrap();
    let json = out.path().join("result.json");
    let output = Command::cargo_bin("slider")
        .unwrap()
        .env("SLIDER", stage.join("slider"))
        .env("SLIDER_TEST_SECRET", "hunter2")
        .args(["grade", "--env", "SLIDER", "--json"])
        .arg(&json)
        .arg("--suite")
        .arg(suite)
        .args(flags)
        .arg("--")
        .args(command)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let text = std::fs::read_to_string(&json)
        .unwrap_or_else(|e| panic!("no JSON report ({e}); stdout:\n{stdout}\nstderr:\n{stderr}"));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let outcomes = super::outcomes(&json);
    Graded {
        code: output.status.code().unwrap_or(-1),
        outcomes,
        json,
        stdout,
        stderr,
    }
}

pub fn all(outcome: &str) -> BTreeMap<String, String> {
    PUZZLES
        .iter()
        .map(|n| ((*n).to_string(), outcome.to_string()))
        .collect()
}

/// Processes whose command line holds `marker`, ended by pid (so a failing
/// test leaves nothing behind); returns how many there were. This test
/// process and its ancestors (cargo, a shell that passed `marker` as a
/// filter) are never among them.
pub fn escaped(marker: &str) -> usize {
    let ours = ancestry();
    let mut found = 0;
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if text.contains(marker) && !ours.contains(&pid) {
            found += 1;
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(pid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
    }
    found
}

/// This process's pid and its ancestors', from `/proc/PID/stat`.
fn ancestry() -> Vec<i32> {
    let mut pids = vec![i32::try_from(std::process::id()).unwrap()];
    while let Some(&pid) = pids.last() {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // the parent is the second field after the command's closing `)`
        let parent = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<i32>().ok())
            .filter(|&p| p > 1 && !pids.contains(&p));
        match parent {
            Some(p) => pids.push(p),
            None => break,
        }
    }
    pids
}

/// Stages the hostile script `name` and grades `sh SCRIPT {}` with `flags`
/// over a fresh copy of the puzzles.
pub fn run_hostile(name: &str, flags: &[&str]) -> Graded {
    let stage = super::stage(&[&hostile(name)]);
    let script = staged_script(stage.path(), name);
    let dir = suite(&PUZZLES);
    let before = fingerprint(dir.path());
    let graded = grade(dir.path(), stage.path(), flags, &["sh", &script, "{}"]);
    assert_eq!(fingerprint(dir.path()), before, "{name} changed the suite");
    graded
}

/// Asserts that every test passed and the grade exited 0.
pub fn assert_all_passed(g: &Graded, context: &str) {
    assert_eq!(
        (g.code, &g.outcomes),
        (0, &all("passed")),
        "{context}\n{}\n{}",
        g.stdout,
        g.stderr
    );
}

pub fn hostile(name: &str) -> String {
    format!("fixtures/grade/hostile/{name}")
}

pub fn staged_script(stage: &Path, name: &str) -> String {
    stage.join(name).display().to_string()
}
