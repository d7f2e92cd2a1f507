//! The processes of one test, found through `/proc`: the program's tree,
//! everything ever seen in it, orphans that came back to the grader marked
//! as the test's, and (with a uid of its own) every process of that uid;
//! their memory and CPU time; and killing them all, by pid.

use std::collections::HashMap;
use std::process::Child;
use std::time::Duration;

use nix::sys::signal::{Signal, kill};
use nix::sys::wait::{WaitPidFlag, waitpid};
use nix::unistd::Pid;

/// The environment variable that marks a run's processes, so that orphans
/// re-parented to the grader are told apart by run.
pub(super) const TOKEN: &str = "SLIDER_GRADE_RUN";

/// Kills every process that is still a child of this one, and then their
/// children as they come back to it, and reaps them; returns how many.
///
/// The last line of defence when tests run without a uid of their own and
/// without a sandbox: a daemon that cleared its environment and left its
/// test's tree before it was first seen is re-parented to this process (a
/// subreaper), and ends here. Call it only when nothing else this process
/// started should be running (`run_suite` does, after the last test).
///
/// # Example
///
/// ```no_run
/// let swept = slider::run::process::sweep_orphans();
/// ```
pub fn sweep_orphans() -> usize {
    let own = std::process::id() as i32;
    let mut swept = std::collections::HashSet::new();
    for _ in 0..100 {
        let kids = children(own);
        if kids.is_empty() {
            break;
        }
        for pid in kids {
            swept.insert(pid);
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
            let _ = waitpid(Pid::from_raw(pid), None);
        }
    }
    swept.len()
}

/// Kills every process descended from this one (and every process that
/// carries one of this process's run marks, wherever it went), over and
/// over until none is left, and reaps them; returns how many. For an
/// interrupted grader: call it only when nothing this process started
/// should go on.
///
/// # Example
///
/// ```no_run
/// let killed = slider::run::process::kill_descendants();
/// ```
pub fn kill_descendants() -> usize {
    let own = std::process::id() as i32;
    let mark = format!("{TOKEN}={own}-").into_bytes();
    let marked = |pid: i32| {
        std::fs::read(format!("/proc/{pid}/environ"))
            .is_ok_and(|env| env.split(|&b| b == 0).any(|var| var.starts_with(&mark)))
    };
    let mut killed = std::collections::HashSet::new();
    for _ in 0..100 {
        let parents: HashMap<i32, i32> = all_pids()
            .into_iter()
            .filter_map(|pid| stat(pid).map(|s| (pid, s.ppid)))
            .collect();
        let descends = |mut pid: i32| {
            for _ in 0..64 {
                match parents.get(&pid) {
                    Some(&parent) if parent == own => return true,
                    Some(&parent) if parent > 1 => pid = parent,
                    _ => return false,
                }
            }
            false
        };
        let doomed: Vec<i32> = parents
            .keys()
            .copied()
            .filter(|&pid| pid != own && (descends(pid) || marked(pid)))
            .collect();
        if doomed.is_empty() {
            break;
        }
        for pid in doomed {
            killed.insert(pid);
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
        }
        sweep_orphans();
        // A killed process takes a moment to go (a JVM unmaps its heap).
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    killed.len()
}

/// One process as `/proc/PID/stat` shows it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Stat {
    ppid: i32,
    pub(super) start: u64,
    cpu_ticks: u64,
    /// CPU ticks of the children it has reaped (and theirs).
    reaped_ticks: u64,
    pub(super) rss_pages: u64,
}

pub(super) fn stat(pid: i32) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold anything: split after
    // its last `)`.
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_ascii_whitespace().collect();
    let field = |k: usize| fields.get(k - 3).and_then(|f| f.parse::<u64>().ok());
    Some(Stat {
        ppid: fields.get(1)?.parse().ok()?,
        start: field(22)?,
        cpu_ticks: field(14)? + field(15)?,
        reaped_ticks: field(16)? + field(17)?,
        rss_pages: field(24)?,
    })
}

fn uid_of(pid: i32) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(format!("/proc/{pid}"))
        .ok()
        .map(|m| m.uid())
}

/// The children of a process, from `/proc/PID/task/*/children`.
fn children(pid: i32) -> Vec<i32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            out.extend(
                text.split_ascii_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok()),
            );
        }
    }
    out
}

/// The pid the kernel made last in this process's PID namespace (the last
/// field of `/proc/loadavg`); processes in a sandbox's namespace have a pid
/// here too.
fn newest_pid() -> Option<i32> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_ascii_whitespace().nth(4)?.parse().ok()
}

/// Every process on the machine.
fn all_pids() -> Vec<i32> {
    std::fs::read_dir("/proc")
        .map(|dir| {
            dir.flatten()
                .filter_map(|e| e.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// What a sample found.
pub(super) struct Sample {
    pub(super) rss: u64,
    pub(super) cpu_ticks: u64,
}

/// The processes of one test: the program's tree, everything ever seen in
/// it (a setsid'd or daemonized process leaves the tree but not this
/// record), and, with a uid of its own, every process of that uid.
pub(super) struct Tree {
    root: Pid,
    uid: Option<u32>,
    /// `SLIDER_GRADE_RUN=<token>` as it appears in `/proc/PID/environ`.
    mark: Vec<u8>,
    /// pid → (start time, last CPU ticks seen).
    seen: HashMap<i32, (u64, u64)>,
    /// The most CPU ticks seen of the root with the children it reaped: a
    /// process that ran and was reaped between two looks is counted there.
    root_total: u64,
    page: u64,
    /// The last walk: the newest pid the machine had made when it began,
    /// and the members it found.
    walked: Option<(i32, Vec<i32>)>,
}

impl Tree {
    pub(super) fn new(root: Pid, uid: Option<u32>, token: &str) -> Tree {
        let page = nix::unistd::sysconf(nix::unistd::SysconfVar::PAGE_SIZE)
            .ok()
            .flatten()
            .map_or(4096, |p| p as u64);
        Tree {
            root,
            uid,
            mark: format!("{TOKEN}={token}").into_bytes(),
            seen: HashMap::new(),
            root_total: 0,
            page,
            walked: None,
        }
    }

    /// The test's live processes, with their stats.
    fn members(&self, sweep_uid: bool) -> Vec<(i32, Stat)> {
        let mut found: HashMap<i32, Stat> = HashMap::new();
        let mut stack = vec![self.root.as_raw()];
        for (&pid, &(start, _)) in &self.seen {
            if stat(pid).is_some_and(|s| s.start == start) {
                stack.push(pid);
            }
        }
        // Orphans that came back to the grader, marked as this run's.
        let own = std::process::id() as i32;
        stack.extend(
            children(own)
                .into_iter()
                .filter(|&p| p != self.root.as_raw() && self.is_marked(p)),
        );
        if sweep_uid && let Some(uid) = self.uid {
            stack.extend(all_pids().into_iter().filter(|&p| uid_of(p) == Some(uid)));
        }
        while let Some(pid) = stack.pop() {
            if found.contains_key(&pid) {
                continue;
            }
            let Some(s) = stat(pid) else { continue };
            found.insert(pid, s);
            stack.extend(children(pid));
        }
        found.into_iter().collect()
    }

    /// Whether a process carries this run's mark in its environment (a
    /// program that clears its environment loses it; as root the uid, and in
    /// the sandbox the PID namespace, still find it).
    fn is_marked(&self, pid: i32) -> bool {
        std::fs::read(format!("/proc/{pid}/environ")).is_ok_and(|env| {
            env.split(|&b| b == 0)
                .any(|var| var == self.mark.as_slice())
        })
    }

    /// Walks the tree, remembers it, and sums its memory and CPU time.
    ///
    /// A walk reads every thread's `children` file of every member (a JVM
    /// has dozens). When no pid has been made on the machine since the last
    /// walk began, nothing can have joined the tree (a process joins it
    /// only by being made, and a pid is reused only by being made again),
    /// so the look reads just the members it found then.
    pub(super) fn sample(&mut self) -> Sample {
        let newest = newest_pid();
        let members = match (&self.walked, newest) {
            (Some((then, pids)), Some(now)) if *then == now => pids
                .iter()
                .filter_map(|&pid| stat(pid).map(|s| (pid, s)))
                .collect(),
            _ => self.members(false),
        };
        self.walked = newest.map(|now| (now, members.iter().map(|(pid, _)| *pid).collect()));
        let mut rss = 0;
        for (pid, s) in &members {
            rss += s.rss_pages * self.page;
            self.remember(*pid, s);
        }
        Sample {
            rss,
            cpu_ticks: self.cpu_ticks(),
        }
    }

    fn remember(&mut self, pid: i32, s: &Stat) {
        self.seen.insert(pid, (s.start, s.cpu_ticks));
        if pid == self.root.as_raw() {
            self.root_total = self.root_total.max(s.cpu_ticks + s.reaped_ticks);
        }
    }

    /// CPU ticks of the test: of every process ever seen (the last value
    /// seen of each), or of the root and what it reaped when that is more
    /// (a short program can run and be reaped by its parent, a sandbox's
    /// init, between two looks).
    pub(super) fn cpu_ticks(&self) -> u64 {
        let seen: u64 = self.seen.values().map(|&(_, ticks)| ticks).sum();
        seen.max(self.root_total)
    }

    /// Kills every process of the test by pid, over and over until none is
    /// left (a fork bomb keeps forking while it dies), and reaps the ones
    /// that are the grader's children. Returns how many it killed besides
    /// the program's own process.
    pub(super) fn kill_all(&mut self, child: Option<&mut Child>) -> usize {
        let own = std::process::id() as i32;
        let root = self.root.as_raw();
        // Processes already on their way out (a sandbox's init after its
        // command) are not leftovers: give them a moment first.
        for _ in 0..10 {
            let exiting = self
                .members(true)
                .iter()
                .any(|(pid, s)| *pid != own && *pid != root && !is_zombie(*pid) && s.start > 0);
            if !exiting {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // Then kill until several looks in a row find nothing: a process in
        // the middle of `fork` or `exec` can hide from one look.
        let mut killed = std::collections::HashSet::new();
        let mut quiet = 0;
        for round in 0..400 {
            let members = self.members(true);
            let alive: Vec<&(i32, Stat)> = members
                .iter()
                .filter(|(pid, s)| *pid != own && !is_zombie(*pid) && s.start > 0)
                .collect();
            for (pid, s) in &members {
                self.remember(*pid, s);
            }
            if alive.is_empty() {
                quiet += 1;
                if quiet >= 3 {
                    break;
                }
                std::thread::sleep(Duration::from_micros(500));
                continue;
            }
            quiet = 0;
            for (pid, _) in &alive {
                let _ = kill(Pid::from_raw(*pid), Signal::SIGKILL);
                if *pid != root {
                    killed.insert(*pid);
                }
            }
            // Reap the orphans that came back to the grader (not the
            // program's own process: its `Child` reaps it).
            for (pid, s) in &members {
                if s.ppid == own && *pid != root {
                    let _ = waitpid(Pid::from_raw(*pid), Some(WaitPidFlag::WNOHANG));
                }
            }
            std::thread::sleep(Duration::from_micros(if round < 10 { 200 } else { 2000 }));
        }
        let leftovers = killed.len();
        if let Some(child) = child {
            let _ = child.try_wait();
        }
        self.reap_orphans();
        leftovers
    }

    /// Reaps zombies re-parented to the grader that belonged to this test.
    fn reap_orphans(&self) {
        let own = std::process::id() as i32;
        for &pid in self.seen.keys() {
            if pid != self.root.as_raw() && stat(pid).is_some_and(|s| s.ppid == own) {
                let _ = waitpid(Pid::from_raw(pid), Some(WaitPidFlag::WNOHANG));
            }
        }
    }
}

fn is_zombie(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|t| {
            let rest = &t[t.rfind(')')? + 2..];
            rest.chars().next()
        })
        .is_some_and(|state| state == 'Z' || state == 'X')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_reads_this_process() {
        let s = stat(std::process::id() as i32).unwrap();
        assert!(s.rss_pages > 0 && s.start > 0);
    }

    #[test]
    fn a_process_made_after_a_look_is_in_the_next() {
        // The shell reads a line from a FIFO before it starts a child: the
        // first looks find the shell alone, and the look after the child
        // starts must find it.
        let dir = std::env::temp_dir().join(format!("slider-tree-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let go = dir.join("go");
        nix::unistd::mkfifo(&go, nix::sys::stat::Mode::S_IRWXU).unwrap();
        let script = format!(
            "read x < {go}; sleep 60 & echo $! > {go}.pid; wait",
            go = go.display()
        );
        let mut shell = std::process::Command::new("sh")
            .args(["-c", &script])
            .spawn()
            .unwrap();
        let mut tree = Tree::new(Pid::from_raw(shell.id() as i32), None, "test");
        tree.sample();
        tree.sample();
        assert_eq!(tree.seen.len(), 1, "{:?}", tree.seen);
        std::fs::write(&go, "go\n").unwrap();
        let started = std::time::Instant::now();
        let child = loop {
            if let Some(pid) = std::fs::read_to_string(dir.join("go.pid"))
                .ok()
                .and_then(|t| t.trim().parse::<i32>().ok())
            {
                break pid;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "no child");
            std::thread::sleep(Duration::from_millis(5));
        };
        tree.sample();
        let found = tree.seen.contains_key(&child);
        let _ = kill(Pid::from_raw(child), Signal::SIGKILL);
        let _ = shell.kill();
        let _ = shell.wait();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(found, "{child} not in {:?}", tree.seen);
    }

    #[test]
    fn a_child_reaped_between_two_looks_is_counted() {
        // A child spins for a fixed amount of work and is reaped by its
        // parent before the tree is ever looked at: only the parent's
        // reaped ticks hold that time.
        let script = "sh -c 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done'; exec sleep 60";
        let mut parent = std::process::Command::new("sh")
            .args(["-c", script])
            .spawn()
            .unwrap();
        let pid = parent.id() as i32;
        let started = std::time::Instant::now();
        while stat(pid).is_some_and(|s| s.reaped_ticks == 0) {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "the child never ended"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let mut tree = Tree::new(Pid::from_raw(pid), None, "test");
        tree.sample();
        let ticks = tree.cpu_ticks();
        let _ = parent.kill();
        let _ = parent.wait();
        let per_second = nix::unistd::sysconf(nix::unistd::SysconfVar::CLK_TCK)
            .ok()
            .flatten()
            .map_or(100, |t| t as u64);
        assert!(
            ticks * 20 >= per_second,
            "{ticks} ticks of {per_second} a second"
        );
    }
}
