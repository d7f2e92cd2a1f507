//! The limits of the container the grader runs in: the memory and the CPU
//! share of its control group (cgroup v2 or v1), the least over the group
//! and its ancestors, as Gradescope, GitHub's runners, Kubernetes and
//! Slurm set them. The grader sizes and schedules its programs to fit
//! (`autograde`'s JVMs), and names the container when it kills one.
//!
//! Reading is split from parsing: [`Container::read`] takes a function
//! that reads a file, so every layout is tested from text.

use std::path::{Path, PathBuf};

/// What the container gives this process.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Container {
    /// The memory limit, in bytes (`None`: none set).
    pub memory: Option<u64>,
    /// The CPU share, in CPUs (`None`: none set): `0.5` for a quota of
    /// 50 ms per 100 ms.
    pub cpus: Option<f64>,
    /// The file that counts the group's out-of-memory kills
    /// (`memory.events` in v2, `memory.oom_control` in v1), when there is
    /// a memory limit.
    pub oom_events: Option<PathBuf>,
}

/// "No limit" in cgroup v1, rounded to pages: anything at or above this.
const V1_UNLIMITED: u64 = 1 << 62;

impl Container {
    /// This process's container, from `/proc/self/cgroup` and
    /// `/sys/fs/cgroup`. Nothing found (no cgroups, unreadable files)
    /// reads as no limit.
    #[must_use]
    pub fn of_this_process() -> Container {
        Container::read(Path::new("/sys/fs/cgroup"), &|p: &Path| {
            std::fs::read_to_string(p).ok()
        })
        .unwrap_or_default()
    }

    /// The container of the process whose `/proc/self/cgroup` `read`
    /// gives at that path, with its cgroup file systems under `root`.
    /// `None` when there is no `/proc/self/cgroup`.
    ///
    /// In each hierarchy the group's own folder is tried first, then the
    /// root's (inside a cgroup namespace, or a container that mounts only
    /// its own group, the group is the root); every folder from the
    /// group's up to the root counts, the smallest limit wins.
    pub fn read(root: &Path, read: &dyn Fn(&Path) -> Option<String>) -> Option<Container> {
        let groups = read(Path::new("/proc/self/cgroup"))?;
        let mut container = Container::default();
        for line in groups.lines() {
            let mut fields = line.splitn(3, ':');
            let (Some(_), Some(controllers), Some(path)) =
                (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let path = path.trim_start_matches('/');
            if controllers.is_empty() {
                container.v2(&root.join("unified"), path, read);
                container.v2(root, path, read);
            }
            for controller in controllers.split(',') {
                let mount = root.join(controllers);
                let alone = root.join(controller);
                match controller {
                    "memory" => {
                        container.v1_memory(&mount, path, read);
                    }
                    "cpu" => {
                        container.v1_cpu(&mount, path, read);
                        container.v1_cpu(&alone, path, read);
                    }
                    _ => {}
                }
            }
        }
        Some(container)
    }

    /// The memory limit left for programs when `reserve` bytes are kept
    /// for the grader itself; `None` without a memory limit.
    #[must_use]
    pub fn memory_after(&self, reserve: u64) -> Option<u64> {
        self.memory.map(|m| m.saturating_sub(reserve))
    }

    /// How many out-of-memory kills the container has had so far (0 when
    /// it cannot tell).
    #[must_use]
    pub fn oom_kills(&self) -> u64 {
        let Some(text) = self
            .oom_events
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
        else {
            return 0;
        };
        oom_kills(&text)
    }

    fn lower_memory(&mut self, bytes: u64, events: PathBuf) {
        if self.memory.is_none_or(|m| bytes < m) {
            self.memory = Some(bytes);
            self.oom_events = Some(events);
        }
    }

    fn lower_cpus(&mut self, cpus: f64) {
        if cpus > 0.0 && self.cpus.is_none_or(|c| cpus < c) {
            self.cpus = Some(cpus);
        }
    }

    /// cgroup v2, mounted at `mount`: `memory.max` and `cpu.max`.
    fn v2(&mut self, mount: &Path, path: &str, read: &dyn Fn(&Path) -> Option<String>) {
        for dir in folders(mount, path, read, "cgroup.controllers") {
            if let Some(max) = read(&dir.join("memory.max")).and_then(|t| t.trim().parse().ok()) {
                self.lower_memory(max, dir.join("memory.events"));
            }
            if let Some(cpus) = read(&dir.join("cpu.max")).and_then(|t| v2_cpus(&t)) {
                self.lower_cpus(cpus);
            }
        }
    }

    /// cgroup v1's memory controller, mounted at `mount`.
    fn v1_memory(&mut self, mount: &Path, path: &str, read: &dyn Fn(&Path) -> Option<String>) {
        for dir in folders(mount, path, read, "memory.limit_in_bytes") {
            let limit =
                read(&dir.join("memory.limit_in_bytes")).and_then(|t| t.trim().parse().ok());
            if let Some(limit) = limit.filter(|&l: &u64| l < V1_UNLIMITED) {
                self.lower_memory(limit, dir.join("memory.oom_control"));
            }
        }
    }

    /// cgroup v1's CPU controller, mounted at `mount`.
    fn v1_cpu(&mut self, mount: &Path, path: &str, read: &dyn Fn(&Path) -> Option<String>) {
        for dir in folders(mount, path, read, "cpu.cfs_quota_us") {
            let number = |name: &str| -> Option<i64> { read(&dir.join(name))?.trim().parse().ok() };
            if let (Some(quota), Some(period)) =
                (number("cpu.cfs_quota_us"), number("cpu.cfs_period_us"))
                && quota > 0
                && period > 0
            {
                self.lower_cpus(quota as f64 / period as f64);
            }
        }
    }
}

/// The folders of group `path` under `mount`, from the group's up to the
/// mount itself, that hold `marker`; the mount alone when the group's own
/// folder is not there.
fn folders(
    mount: &Path,
    path: &str,
    read: &dyn Fn(&Path) -> Option<String>,
    marker: &str,
) -> Vec<PathBuf> {
    let own = mount.join(path);
    let mut dirs = Vec::new();
    if !path.is_empty() && read(&own.join(marker)).is_some() {
        let mut dir = own.as_path();
        while dir.starts_with(mount) {
            dirs.push(dir.to_path_buf());
            match dir.parent() {
                Some(parent) => dir = parent,
                None => break,
            }
        }
    } else if read(&mount.join(marker)).is_some() {
        dirs.push(mount.to_path_buf());
    }
    dirs
}

/// `cpu.max`'s "QUOTA PERIOD" as CPUs (`max`: none).
fn v2_cpus(text: &str) -> Option<f64> {
    let mut words = text.split_whitespace();
    let quota: f64 = words.next()?.parse().ok()?;
    let period: f64 = words.next().unwrap_or("100000").parse().ok()?;
    (period > 0.0).then(|| quota / period)
}

/// The `oom_kill` count of a `memory.events` or `memory.oom_control` text.
fn oom_kills(text: &str) -> u64 {
    text.lines()
        .find_map(|line| line.strip_prefix("oom_kill "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn container(files: &[(&str, &str)]) -> Option<Container> {
        let files: HashMap<PathBuf, String> = files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), (*t).to_string()))
            .collect();
        Container::read(Path::new("/sys/fs/cgroup"), &|p: &Path| {
            files.get(p).cloned()
        })
    }

    #[test]
    fn v2_in_a_namespace_reads_the_root_group() {
        // Docker and Gradescope: the group is "/" inside its namespace
        let c = container(&[
            ("/proc/self/cgroup", "0::/\n"),
            ("/sys/fs/cgroup/cgroup.controllers", "cpu memory pids"),
            ("/sys/fs/cgroup/memory.max", "805306368\n"),
            ("/sys/fs/cgroup/cpu.max", "50000 100000\n"),
        ])
        .unwrap();
        assert_eq!(c.memory, Some(768 << 20));
        assert_eq!(c.cpus, Some(0.5));
        assert_eq!(
            c.oom_events,
            Some(PathBuf::from("/sys/fs/cgroup/memory.events"))
        );
    }

    #[test]
    fn v2_takes_the_least_limit_of_the_group_and_its_ancestors() {
        let c = container(&[
            ("/proc/self/cgroup", "0::/user.slice/job\n"),
            ("/sys/fs/cgroup/user.slice/job/cgroup.controllers", "memory"),
            ("/sys/fs/cgroup/user.slice/job/memory.max", "max\n"),
            ("/sys/fs/cgroup/user.slice/job/cpu.max", "max 100000\n"),
            ("/sys/fs/cgroup/user.slice/memory.max", "1073741824\n"),
            ("/sys/fs/cgroup/user.slice/cpu.max", "150000 100000\n"),
            ("/sys/fs/cgroup/memory.max", "2147483648\n"),
        ])
        .unwrap();
        assert_eq!(c.memory, Some(1 << 30));
        assert_eq!(c.cpus, Some(1.5));
    }

    #[test]
    fn v1_reads_memory_and_the_cfs_quota_whatever_the_mount_is_called() {
        let c = container(&[
            (
                "/proc/self/cgroup",
                "12:pids:/x\n4:memory:/grader\n3:cpu,cpuacct:/grader\n1:name=systemd:/\n",
            ),
            (
                "/sys/fs/cgroup/memory/grader/memory.limit_in_bytes",
                "805306368\n",
            ),
            (
                "/sys/fs/cgroup/memory/memory.limit_in_bytes",
                "9223372036854771712\n",
            ),
            (
                "/sys/fs/cgroup/cpu,cpuacct/grader/cpu.cfs_quota_us",
                "50000\n",
            ),
            (
                "/sys/fs/cgroup/cpu,cpuacct/grader/cpu.cfs_period_us",
                "100000\n",
            ),
            ("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "-1\n"),
            ("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000\n"),
        ])
        .unwrap();
        assert_eq!(c.memory, Some(768 << 20));
        assert_eq!(c.cpus, Some(0.5));
        assert_eq!(
            c.oom_events,
            Some(PathBuf::from(
                "/sys/fs/cgroup/memory/grader/memory.oom_control"
            ))
        );
    }

    #[test]
    fn no_limits_read_as_none_and_no_cgroups_as_nothing() {
        let c = container(&[
            ("/proc/self/cgroup", "4:memory:/\n1:cpu:/\n"),
            (
                "/sys/fs/cgroup/memory/memory.limit_in_bytes",
                "9223372036854771712\n",
            ),
            ("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", "-1\n"),
            ("/sys/fs/cgroup/cpu/cpu.cfs_period_us", "100000\n"),
        ])
        .unwrap();
        assert_eq!(c, Container::default());
        assert_eq!(container(&[]), None);
        // garbage in the files is no limit, not a panic
        let c = container(&[
            ("/proc/self/cgroup", "0::/\n\u{0}::\n:::\n"),
            ("/sys/fs/cgroup/cgroup.controllers", ""),
            ("/sys/fs/cgroup/memory.max", "lots"),
            ("/sys/fs/cgroup/cpu.max", "0 0"),
        ])
        .unwrap();
        assert_eq!(c, Container::default());
    }

    #[test]
    fn the_oom_kill_count_is_read_from_either_version() {
        assert_eq!(oom_kills("low 0\nhigh 0\nmax 3\noom 2\noom_kill 2\n"), 2);
        assert_eq!(
            oom_kills("oom_kill_disable 0\nunder_oom 0\noom_kill 5\n"),
            5
        );
        assert_eq!(oom_kills(""), 0);
    }
}
