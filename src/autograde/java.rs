//! The Java side: the sources slider ships (its probe in the package
//! `slider.probe`, the algs4 stand-ins, the reference Board), and how a
//! probe's JVM is started (which JDK: [`jdk`](super::jdk)).
//!
//! The stand-ins are written by this project (the algs4 library is GPL);
//! they cover what real submissions use. All of them are embedded in the
//! binary and written out once per autograder run.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::catalog::JvmMode;
use super::jdk::Jdk;

/// One embedded Java source: its path under the source root, its text.
pub type JavaSource = (&'static str, &'static str);

macro_rules! sources {
    ($dir:literal: $($path:literal),* $(,)?) => {
        [$(($path, include_str!(concat!("java/", $dir, "/", $path)))),*]
    };
}

/// slider's probe, its counters, its size agent: package `slider.probe`,
/// which no student class can join (a submission's `package` line is
/// removed, so its classes are all in the default package).
pub const PROBE: [JavaSource; 9] = sources!["probe":
    "slider/probe/Probe.java",
    "slider/probe/Clocks.java",
    "slider/probe/Yardstick.java",
    "slider/probe/Ops.java",
    "slider/probe/Calls.java",
    "slider/probe/Tally.java",
    "slider/probe/Instances.java",
    "slider/probe/Deep.java",
    "slider/probe/Agent.java",
];

/// The algs4 stand-ins, in package `edu.princeton.cs.algs4`.
pub const ALGS4: [JavaSource; 11] = sources!["algs4":
    "MinPQ.java",
    "Stack.java",
    "Queue.java",
    "Bag.java",
    "ResizingArrayStack.java",
    "StdOut.java",
    "StdIn.java",
    "In.java",
    "Scanning.java",
    "StdRandom.java",
    "Stopwatch.java",
];

/// The public classes of the stand-ins, which a submission written for the
/// old default-package algs4 uses without importing.
pub const ALGS4_CLASSES: [&str; 10] = [
    "MinPQ",
    "Stack",
    "Queue",
    "Bag",
    "ResizingArrayStack",
    "StdOut",
    "StdIn",
    "In",
    "StdRandom",
    "Stopwatch",
];

/// slider's own submission for the Coursera API: a clean implementation
/// that scores 100%. A Gradescope bundle grades it with its flags before
/// it is written; `fixtures/autograde/reference` links here.
pub const COURSERA_SUBMISSION: [JavaSource; 2] =
    sources!["submissions/coursera": "Board.java", "Solver.java"];

/// The same for the Princeton API (`fixtures/autograde/princeton`).
pub const PRINCETON_SUBMISSION: [JavaSource; 2] =
    sources!["submissions/princeton": "Board.java", "Solver.java"];

/// The reference Board a student's Solver is compiled against for every
/// Solver test.
pub const REFERENCE_BOARD: JavaSource = ("Board.java", include_str!("java/reference/Board.java"));

impl Jdk {
    /// The `java` arguments that start the probe on `plan` with classes from
    /// `classpath` (slider's own first), `heap_mib` of heap, and what
    /// `mode` needs (for memory, the size `agent` and the course's memory
    /// model: no compressed references or class pointers). The same on
    /// JDK 17 to 25: no security manager (JDK 24 and later refuse one),
    /// and the JVM's own warnings on standard error, never in what the
    /// student's code prints.
    ///
    /// # Example
    ///
    /// ```
    /// use std::path::Path;
    /// use slider::autograde::{catalog::JvmMode, jdk::Jdk};
    /// let jdk = Jdk { java: "java".into(), javac: "javac".into(), javap: "javap".into(), jar: "jar".into(), feature: 25 };
    /// let args = jdk.probe_args(&[Path::new("/p")], Path::new("plan.txt"), JvmMode::Memory, Path::new("/a.jar"), 512);
    /// assert!(args.iter().any(|a| a == "-javaagent:/a.jar"));
    /// assert!(args.iter().any(|a| a == "-XX:-UseCompressedOops"));
    /// ```
    #[must_use]
    pub fn probe_args(
        &self,
        classpath: &[&Path],
        plan: &Path,
        mode: JvmMode,
        agent: &Path,
        heap_mib: u64,
    ) -> Vec<OsString> {
        let mut cp = OsString::new();
        for (i, dir) in classpath.iter().enumerate() {
            if i > 0 {
                cp.push(":");
            }
            cp.push(dir.as_os_str());
        }
        let mut args: Vec<OsString> = vec![
            // the probe writes on descriptor 3 itself (see Probe.java)
            "--add-opens=java.base/java.io=ALL-UNNAMED".into(),
            // the JVM's unified log (its warnings: a thread that cannot
            // start, a shared archive it cannot use) goes to standard
            // output by default, where the student's output is counted
            "-Xlog:disable".into(),
            "-Xlog:all=warning:stderr".into(),
            format!("-Xmx{heap_mib}m").into(),
            "-Xss16m".into(),
            "-XX:-UsePerfData".into(),
            "-Xshare:auto".into(),
            "-XX:+UseSerialGC".into(),
            // every collector and compiler thread made at the start, so that
            // the probe knows the JVM's own threads before student code runs
            "-XX:-UseDynamicNumberOfGCThreads".into(),
            "-XX:-UseDynamicNumberOfCompilerThreads".into(),
            // the container probe fails inside bubblewrap's namespaces
            // (JDK 17 reads cgroup files that are not there)
            "-XX:-UseContainerSupport".into(),
        ];
        if mode != JvmMode::Timing {
            // C2 compiles a method after twice the default calls and loops:
            // the untimed JVMs then spend some 14% less CPU (much of it
            // compiling lukewarm code of the probe and the JDK), and their
            // hot loops are compiled all the same. The timing JVM keeps the
            // defaults its yardstick was fitted with.
            args.extend(
                [
                    "-XX:Tier4InvocationThreshold=10000",
                    "-XX:Tier4CompileThreshold=30000",
                    "-XX:Tier4BackEdgeThreshold=80000",
                ]
                .map(OsString::from),
            );
        }
        match mode {
            JvmMode::Correctness => {}
            JvmMode::Memory => {
                let mut flag = OsString::from("-javaagent:");
                flag.push(agent);
                args.push(flag);
                // no class data sharing: no JDK's archive is made without
                // compressed class pointers (JDK 25 warns, then shares none)
                args.retain(|a| a != "-Xshare:auto");
                args.extend(
                    [
                        "-Xshare:off",
                        // the course's model: 16-byte headers, 8-byte
                        // references (JDK 25 deprecates the second flag
                        // with a warning on standard error; it still works)
                        "-XX:-UseCompressedOops",
                        "-XX:-UseCompressedClassPointers",
                        // Deep reads statics of initialized classes only
                        // through the JDK's own Unsafe
                        "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
                        "--add-opens=java.base/java.lang=ALL-UNNAMED",
                        "--add-opens=java.base/java.lang.ref=ALL-UNNAMED",
                        "--add-opens=java.base/java.util=ALL-UNNAMED",
                        "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                        "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
                        // what a MethodHandle bound to a constant or a heap
                        // buffer holds (Deep follows closed fields otherwise not)
                        "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
                        "--add-opens=java.base/java.nio=ALL-UNNAMED",
                    ]
                    .map(OsString::from),
                );
            }
            JvmMode::Timing => {
                // a throughput collector: a Solver that fills a large heap
                // must not spend its 5 s in one thread's collections
                args.retain(|a| a != "-XX:+UseSerialGC");
                args.push("-XX:+UseParallelGC".into());
            }
        }
        args.push("-cp".into());
        args.push(cp);
        args.push("slider.probe.Probe".into());
        args.push(plan.as_os_str().to_owned());
        args
    }
}

/// Writes `sources` under `root`, world-readable (tests may run as other
/// uids), and returns their paths.
///
/// # Errors
///
/// The file system's.
pub fn write_sources(root: &Path, sources: &[JavaSource]) -> std::io::Result<Vec<PathBuf>> {
    let mut paths = Vec::new();
    for (name, text) in sources {
        let path = root.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, text)?;
        paths.push(path);
    }
    open_up(root)?;
    Ok(paths)
}

/// Makes `root` and everything under it readable (and folders searchable)
/// by every uid.
///
/// # Errors
///
/// The file system's.
pub fn open_up(root: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::symlink_metadata(root)?;
    if meta.is_dir() {
        std::fs::set_permissions(root, std::fs::Permissions::from_mode(0o755))?;
        for entry in std::fs::read_dir(root)? {
            open_up(&entry?.path())?;
        }
    } else if meta.is_file() {
        std::fs::set_permissions(root, std::fs::Permissions::from_mode(0o644))?;
    }
    Ok(())
}
