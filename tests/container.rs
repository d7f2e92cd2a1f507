//! `slider autograde` as Gradescope runs it by default: the bundle's
//! `run_autograder`, inside a control group of 768 MB of memory and half
//! a CPU (Gradescope's documented default container). The reference
//! scores 100%, and buggy fixtures fail exactly what they fail on the
//! whole machine (`fixtures/autograde/expected.txt`): slider reads the
//! group's limits and sizes its JVMs to fit, and its per-submission cap
//! counts CPU time, which half a CPU does not use up.
//!
//! This needs root and a writable cgroup file system (v1's memory and cpu
//! controllers, or v2's), a JDK and bubblewrap, as CI has them; without
//! them it fails, saying what is missing. Every process it starts is in
//! its own group, and is ended by pid from the group's list when done.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::autograde::*;

/// Gradescope's default container.
const MEMORY: u64 = 768 << 20;
/// Half a CPU: 50 ms of every 100 ms.
const QUOTA_US: u64 = 50_000;

/// A control group of this test's own, with a memory limit and a CPU
/// quota, in cgroup v1 (a folder per controller) or v2 (one folder).
struct Cgroup {
    dirs: Vec<PathBuf>,
}

impl Cgroup {
    fn new(name: &str) -> Cgroup {
        let name = format!("slider-test-{}-{name}", std::process::id());
        let root = Path::new("/sys/fs/cgroup");
        let write = |path: PathBuf, value: String| {
            std::fs::write(&path, value).unwrap_or_else(|e| {
                panic!(
                    "cannot write {}: {e} (this test needs root and a writable cgroup file system)",
                    path.display()
                )
            });
        };
        let make = |dir: &Path| {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| {
                panic!("cannot make the control group {}: {e} (this test needs root and a writable cgroup file system)", dir.display())
            });
        };
        if root.join("memory/memory.limit_in_bytes").exists() {
            let (memory, cpu) = (
                root.join("memory").join(&name),
                root.join("cpu").join(&name),
            );
            make(&memory);
            make(&cpu);
            write(memory.join("memory.limit_in_bytes"), MEMORY.to_string());
            write(cpu.join("cpu.cfs_period_us"), "100000".into());
            write(cpu.join("cpu.cfs_quota_us"), QUOTA_US.to_string());
            Cgroup {
                dirs: vec![memory, cpu],
            }
        } else if root.join("cgroup.controllers").exists() {
            write(root.join("cgroup.subtree_control"), "+memory +cpu".into());
            let dir = root.join(&name);
            make(&dir);
            write(dir.join("memory.max"), MEMORY.to_string());
            write(dir.join("memory.swap.max"), "0".into());
            write(dir.join("cpu.max"), format!("{QUOTA_US} 100000"));
            Cgroup { dirs: vec![dir] }
        } else {
            panic!("no cgroup file system at /sys/fs/cgroup: this test needs one (v1 or v2)");
        }
    }

    /// `program ARGS` started in this group (a shell joins it, then
    /// becomes the program).
    fn command(&self, program: &Path) -> Command {
        let joins: Vec<String> = self
            .dirs
            .iter()
            .map(|d| format!("echo $$ > '{}/cgroup.procs' &&", d.display()))
            .collect();
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("{} exec \"$@\"", joins.join(" ")))
            .arg("sh")
            .arg(program);
        command
    }

    /// The kernel's out-of-memory kills in this group.
    fn oom_kills(&self) -> u64 {
        let dir = &self.dirs[0];
        ["memory.oom_control", "memory.events"]
            .iter()
            .filter_map(|f| std::fs::read_to_string(dir.join(f)).ok())
            .flat_map(|t| {
                t.lines()
                    .filter_map(|l| l.strip_prefix("oom_kill ")?.trim().parse::<u64>().ok())
                    .collect::<Vec<_>>()
            })
            .sum()
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        // Whatever is left in the group was started by this test.
        for dir in &self.dirs {
            let procs = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
            for pid in procs.lines().filter_map(|l| l.trim().parse::<i32>().ok()) {
                let _ = nix::sys::signal::kill(
                    nix::unistd::Pid::from_raw(pid),
                    nix::sys::signal::Signal::SIGKILL,
                );
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
        for dir in &self.dirs {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

#[test]
fn in_gradescopes_default_container_the_grade_is_the_grade_on_the_whole_machine() {
    use std::os::unix::fs::PermissionsExt;
    common::require_jdk();
    common::require_bwrap();
    let all = expected();
    let fixtures = [
        "reference",
        // the whole game tree kept: the most memory a fixture asks for
        "buggy/keeps-game-tree",
        // a timing table that fails on every row
        "buggy/no-caching",
    ];
    let place = tempfile::tempdir().unwrap();
    std::fs::set_permissions(place.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let bundle = place.path().join("autograder.zip");
    write_bundle(&bundle, &[]);
    // Gradescope runs each submission alone in its container: three
    // containers of half a CPU each share this machine's two cores.
    let runs: Vec<_> = fixtures
        .iter()
        .map(|fixture| {
            let root = place.path().join(fixture.replace('/', "-"));
            unzip_bundle(&bundle, &root.join("source"));
            submit(fixture, &root.join("submission"));
            let group = Cgroup::new(&fixture.replace('/', "-"));
            let child = group
                .command(&root.join("source/run_autograder"))
                .env("AUTOGRADER_ROOT", &root)
                .env(
                    "SLIDER_AUTOGRADE_ARGS",
                    format!("--json {}", root.join("report.json").display()),
                )
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            (fixture, root, group, child)
        })
        .collect();
    let mut wrong = Vec::new();
    for (fixture, root, group, child) in runs {
        let ran = child.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&ran.stderr);
        assert!(ran.status.success(), "{fixture}: {said}");
        // slider saw the container and fitted its JVMs into it
        assert!(
            said.contains("note: this container has 768 MB of memory and 0.5 CPU: 1 JVM at a time"),
            "{fixture}: {said}"
        );
        assert_eq!(
            group.oom_kills(),
            0,
            "{fixture}: the kernel killed a process"
        );
        let results: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(root.join("results/results.json")).unwrap(),
        )
        .unwrap();
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(root.join("report.json")).unwrap())
                .unwrap();
        let report = &json["reports"][0];
        assert_ne!(report["status"], "timeout", "{fixture}: {report}");
        if *fixture == "reference" {
            let tests = results["tests"].as_array().unwrap();
            assert!(tests.iter().all(|t| t["status"] == "passed"), "{results}");
            assert_eq!(results["score"], 100.0, "{fixture}: {results}");
        }
        wrong.extend(mismatches(report, &all[*fixture]));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
