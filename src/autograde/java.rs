//! The Java side: the sources slider ships (algs4 stand-ins, the probe, the
//! instrumented reference Board), the JDK's tools, and compiling.
//!
//! The stand-ins are written by this project (the algs4 library is GPL);
//! they cover what real submissions use. All of them are embedded in the
//! binary and written out once per autograder run.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// One embedded Java source: its path under the source root, its text.
pub type Source = (&'static str, &'static str);

/// The algs4 stand-ins, in package `edu.princeton.cs.algs4`.
pub const ALGS4: [Source; 11] = [
    (
        "edu/princeton/cs/algs4/MinPQ.java",
        include_str!("java/algs4/MinPQ.java"),
    ),
    (
        "edu/princeton/cs/algs4/Stack.java",
        include_str!("java/algs4/Stack.java"),
    ),
    (
        "edu/princeton/cs/algs4/Queue.java",
        include_str!("java/algs4/Queue.java"),
    ),
    (
        "edu/princeton/cs/algs4/Bag.java",
        include_str!("java/algs4/Bag.java"),
    ),
    (
        "edu/princeton/cs/algs4/ResizingArrayStack.java",
        include_str!("java/algs4/ResizingArrayStack.java"),
    ),
    (
        "edu/princeton/cs/algs4/StdOut.java",
        include_str!("java/algs4/StdOut.java"),
    ),
    (
        "edu/princeton/cs/algs4/StdIn.java",
        include_str!("java/algs4/StdIn.java"),
    ),
    (
        "edu/princeton/cs/algs4/In.java",
        include_str!("java/algs4/In.java"),
    ),
    (
        "edu/princeton/cs/algs4/Scanning.java",
        include_str!("java/algs4/Scanning.java"),
    ),
    (
        "edu/princeton/cs/algs4/StdRandom.java",
        include_str!("java/algs4/StdRandom.java"),
    ),
    (
        "edu/princeton/cs/algs4/Stopwatch.java",
        include_str!("java/algs4/Stopwatch.java"),
    ),
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

/// The probe that runs the plan's operations on the student's classes.
pub const PROBE: Source = ("Probe.java", include_str!("java/probe/Probe.java"));

/// The size agent the memory tests start the probe's JVM with.
pub const AGENT: Source = (
    "SliderAgent.java",
    include_str!("java/agent/SliderAgent.java"),
);

/// What a probe's JVM is started for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JvmMode<'a> {
    /// Correctness tests: a quick start (the C1 compiler only).
    Correctness,
    /// Memory tests: the size agent (this jar) loaded, and the JDK's
    /// collections opened to the probe so that their contents are counted.
    Memory(&'a Path),
    /// Timing tests: the JVM's full compilers, as a student's own run has.
    Timing,
}

/// The instrumented reference Board a student's Solver is compiled against
/// for the tests that count what the Solver asks of its boards.
pub const REFERENCE_BOARD: Source = ("Board.java", include_str!("java/reference/Board.java"));

/// The JDK's programs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Jdk {
    /// `java`.
    pub java: PathBuf,
    /// `javac`.
    pub javac: PathBuf,
    /// `javap`.
    pub javap: PathBuf,
    /// `jar`.
    pub jar: PathBuf,
}

impl Jdk {
    /// Finds the JDK: in `java_home`'s `bin` when given, else on `path`
    /// (a `PATH`-style list). `None` names what is missing.
    ///
    /// # Errors
    ///
    /// The first tool not found, as a sentence that says what to install.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::java::Jdk;
    /// let err = Jdk::find(None, Some("/nonexistent".as_ref())).unwrap_err();
    /// assert!(err.contains("javac"), "{err}");
    /// ```
    pub fn find(java_home: Option<&Path>, path: Option<&std::ffi::OsStr>) -> Result<Jdk, String> {
        let dirs: Vec<PathBuf> = match java_home {
            Some(home) => vec![home.join("bin")],
            None => path
                .map(|p| std::env::split_paths(p).collect())
                .unwrap_or_default(),
        };
        let find = |tool: &str| {
            dirs.iter()
                .map(|d| d.join(tool))
                .find(|p| p.is_file())
                .ok_or_else(|| {
                    let place = match java_home {
                        Some(home) => format!("in {}/bin (JAVA_HOME)", home.display()),
                        None => "on PATH".to_string(),
                    };
                    format!(
                        "`{tool}` not found {place}: slider autograde needs a JDK 17 or later \
                         (on Debian or Ubuntu: apt-get install openjdk-17-jdk-headless)"
                    )
                })
        };
        Ok(Jdk {
            javac: find("javac")?,
            java: find("java")?,
            javap: find("javap")?,
            jar: find("jar")?,
        })
    }

    /// The `java` arguments that start the probe on `plan` with classes from
    /// `classpath`: a small heap, the security manager the probe installs
    /// allowed, and what `mode` needs.
    ///
    /// # Example
    ///
    /// ```
    /// use std::path::Path;
    /// use slider::autograde::java::{Jdk, JvmMode};
    /// let jdk = Jdk { java: "java".into(), javac: "javac".into(), javap: "javap".into(), jar: "jar".into() };
    /// let args = jdk.probe_args(&[Path::new("/p")], Path::new("plan.txt"), JvmMode::Memory(Path::new("/a.jar")));
    /// assert!(args.iter().any(|a| a == "-javaagent:/a.jar"));
    /// ```
    pub fn probe_args(&self, classpath: &[&Path], plan: &Path, mode: JvmMode<'_>) -> Vec<OsString> {
        let mut cp = OsString::new();
        for (i, dir) in classpath.iter().enumerate() {
            if i > 0 {
                cp.push(":");
            }
            cp.push(dir.as_os_str());
        }
        let mut args: Vec<OsString> = [
            "-Djava.security.manager=allow",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "-Xmx512m",
            "-Xss8m",
            "-XX:+UseSerialGC",
            "-XX:-UsePerfData",
            "-Xshare:auto",
        ]
        .iter()
        .map(OsString::from)
        .collect();
        match mode {
            JvmMode::Correctness => args.push("-XX:TieredStopAtLevel=1".into()),
            JvmMode::Memory(agent) => {
                let mut flag = OsString::from("-javaagent:");
                flag.push(agent);
                args.push(flag);
                args.push("--add-opens=java.base/java.lang=ALL-UNNAMED".into());
                args.push("--add-opens=java.base/java.util=ALL-UNNAMED".into());
                args.push("-XX:TieredStopAtLevel=1".into());
            }
            JvmMode::Timing => {}
        }
        args.push("-cp".into());
        args.push(cp);
        args.push("Probe".into());
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
pub fn write_sources(root: &Path, sources: &[Source]) -> std::io::Result<Vec<PathBuf>> {
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
