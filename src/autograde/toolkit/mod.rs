//! slider's compiled Java (the probe, the stand-ins, the size agent),
//! built once per run and shared by every submission; running a JDK tool;
//! and compiling a submission.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

mod cache;

use super::budget::{Budget, Phase};
use super::memo::Memo;
use super::{AutogradeError, JdkTool, Options, StageNote, java};
use crate::run::Workdir;
use crate::run::process::{self, Ended, Exit, Job, Limits, Memory};

/// slider's compiled Java, in a world-readable folder removed when dropped.
#[derive(Debug)]
pub struct Toolkit {
    pub(super) root: PathBuf,
    pub(super) probe: PathBuf,
    algs4: PathBuf,
    /// The reference Board, compiled (each student's Solver is compiled
    /// against it, without slider's probe on the class path).
    pub(super) reference_board: PathBuf,
    pub(super) agent: PathBuf,
    /// The batch's plans, model counts and optima, shared by every
    /// submission graded with this toolkit.
    pub(super) memo: Memo,
}

impl Drop for Toolkit {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// Limits for the JDK's own tools (javac, javap, jar): a JVM needs room.
fn tool_limits(options: &Options, budget: Option<&Budget>) -> Limits {
    // What is left of the submission's time bounds its tools too: a source
    // that javac takes minutes over (nested overloaded lambdas are
    // exponential) cannot hold the grader past its cap.
    let (cpu, wall) = budget.map_or((TOOL_CPU, TOOL_WALL), |b| {
        b.left()
            .unwrap_or((Duration::from_secs(1), Duration::from_secs(1)))
    });
    Limits {
        wall: wall.clamp(Duration::from_secs(1), TOOL_WALL),
        cpu: Some(cpu.clamp(Duration::from_secs(1), TOOL_CPU)),
        memory: Memory::Resident(options.harness.limits.memory_bytes().max(1 << 30)),
        ..options.harness.limits
    }
}

/// The most wall time one JDK tool may take.
const TOOL_WALL: Duration = Duration::from_secs(120);
/// The most CPU time one JDK tool may take: javac spends 1 to 3 s on a
/// submission.
const TOOL_CPU: Duration = Duration::from_secs(60);

/// The JVM flags of every JDK tool (javac, javap, jar): the tools are
/// short runs, which the client compiler alone and the serial collector
/// start fastest (about 40% less CPU for a submission's javac).
const TOOL_JVM: [&str; 3] = [
    "-J-XX:TieredStopAtLevel=1",
    "-J-XX:+UseSerialGC",
    "-J-XX:-UsePerfData",
];

/// Runs one of the JDK's tools with `args` in `workdir`, as `uid`, under
/// the harness's isolation with `expose` shown in the sandbox; its CPU
/// time is charged to `budget` as the phase given.
///
/// # Errors
///
/// The system's, when the tool cannot be started.
pub(super) fn run_tool(
    options: &Options,
    tool: &Path,
    args: &[OsString],
    workdir: &Path,
    expose: Vec<PathBuf>,
    uid: Option<u32>,
    budget: Option<(&Budget, Phase)>,
) -> std::io::Result<Ended> {
    let started = std::time::Instant::now();
    let args: Vec<OsString> = TOOL_JVM
        .iter()
        .map(OsString::from)
        .chain(args.iter().cloned())
        .collect();
    let job = Job {
        program: tool.as_os_str(),
        args: &args,
        workdir,
        channel: false,
    };
    let ended = process::run(
        &job,
        &tool_limits(options, budget.map(|(b, _)| b)),
        &options.harness.isolation(uid, expose),
    )?;
    if let Some((budget, phase)) = budget {
        budget.charge(phase, started, ended.cpu);
    }
    Ok(ended)
}

/// The lint warnings the course's javac prints: its `javac-algs4` runs
/// `-Xlint:all -Xlint:-overrides`, and its report fails compilation on
/// any of them ("Compilation:  FAILED (0 errors, 6 warnings)"). They are
/// named one by one, as javac 11 knew them, so that a newer JDK's new lint
/// (JDK 21's `this-escape`, JDK 23's `dangling-doc-comments`) does not
/// fail code the course passes.
const COURSE_LINT: &str = "-Xlint:cast,classfile,deprecation,dep-ann,divzero,empty,fallthrough,\
finally,rawtypes,removal,serial,static,try,unchecked,varargs";

/// javac's arguments: UTF-8, into `out`, against `classpath`; the
/// course's lint warnings when `lint`, else none.
fn javac_args(out: &Path, classpath: &OsString, files: &[PathBuf], lint: bool) -> Vec<OsString> {
    let mut args: Vec<OsString> = [
        "-encoding",
        "UTF-8",
        if lint { COURSE_LINT } else { "-nowarn" },
        "-proc:none",
        "-Xmaxerrs",
        "20",
        "-d",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    args.push(out.into());
    args.push("-cp".into());
    args.push(classpath.clone());
    args.extend(files.iter().map(|f| f.clone().into_os_string()));
    args
}

fn joined(paths: &[&Path]) -> OsString {
    let mut cp = OsString::new();
    for (i, p) in paths.iter().enumerate() {
        if i > 0 {
            cp.push(":");
        }
        cp.push(p.as_os_str());
    }
    cp
}

impl Toolkit {
    /// Writes and compiles slider's Java under the harness's scratch folder
    /// (the reference Board is compiled with each student's Solver), or
    /// copies it from `options.cache` when it was compiled there before by
    /// the same JDK (and keeps it there when it was not).
    ///
    /// # Errors
    ///
    /// [`AutogradeError`] when the folder cannot be written or a JDK tool
    /// fails on slider's own sources.
    pub fn build(options: &Options) -> Result<Toolkit, AutogradeError> {
        use std::os::unix::fs::DirBuilderExt;
        let root = options
            .harness
            .scratch
            .join(format!("slider-autograde-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::DirBuilder::new()
            .mode(0o755)
            .create(&root)
            .map_err(|error| AutogradeError::Scratch {
                path: root.clone(),
                error,
            })?;
        let toolkit = Toolkit {
            probe: root.join("probe"),
            algs4: root.join("algs4"),
            reference_board: root.join("reference"),
            agent: root.join("slider-agent.jar"),
            root,
            memo: Memo::default(),
        };
        let key = cache::key(&options.jdk.javac);
        let cached = options
            .cache
            .as_deref()
            .is_some_and(|dir| cache::load(dir, &key, &toolkit.root));
        if !cached {
            toolkit.compile_own(options)?;
            if let Some(dir) = &options.cache {
                cache::save(dir, &key, &toolkit.root);
            }
        }
        java::open_up(&toolkit.root).map_err(|error| AutogradeError::Scratch {
            path: toolkit.root.clone(),
            error,
        })?;
        Ok(toolkit)
    }

    /// Compiles slider's Java into the toolkit's folders.
    fn compile_own(&self, options: &Options) -> Result<(), AutogradeError> {
        let toolkit = self;
        let sources = toolkit.root.join("src");
        let scratch = |path: &Path| {
            let path = path.to_path_buf();
            move |error| AutogradeError::Scratch { path, error }
        };
        let probe =
            java::write_sources(&sources.join("probe"), &java::PROBE).map_err(scratch(&sources))?;
        let algs4 =
            java::write_sources(&sources.join("algs4"), &java::ALGS4).map_err(scratch(&sources))?;
        let reference = java::write_sources(&sources.join("reference"), &[java::REFERENCE_BOARD])
            .map_err(scratch(&sources))?;
        let tool = |program: &Path, args: Vec<OsString>| -> Result<(), AutogradeError> {
            let ended = run_tool(
                options,
                program,
                &args,
                &toolkit.root,
                vec![toolkit.root.clone()],
                None,
                None,
            )
            .map_err(|error| AutogradeError::ToolStart {
                program: program.to_path_buf(),
                error,
            })?;
            if ended.exit != Exit::Code(0) {
                return Err(AutogradeError::ToolFailed {
                    program: program.to_path_buf(),
                    exit: ended.exit,
                    stderr: String::from_utf8_lossy(&ended.stderr_tail).into_owned(),
                });
            }
            Ok(())
        };
        let jdk = &options.jdk;
        // Deep.java reads static fields through the JDK's own Unsafe (the
        // memory JVM exports it too): sun.misc.Unsafe cannot tell an
        // initialized class from JDK 22 on
        let mut probe_args: Vec<OsString> =
            ["--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"]
                .map(OsString::from)
                .into();
        probe_args.extend(javac_args(
            &toolkit.probe,
            &joined(&[&toolkit.probe]),
            &probe,
            false,
        ));
        tool(&jdk.javac, probe_args)?;
        tool(
            &jdk.javac,
            javac_args(
                &toolkit.algs4,
                &joined(&[&toolkit.algs4, &toolkit.probe]),
                &algs4,
                false,
            ),
        )?;
        tool(
            &jdk.javac,
            javac_args(
                &toolkit.reference_board,
                &joined(&[&toolkit.probe]),
                &reference,
                false,
            ),
        )?;
        let manifest = toolkit.root.join("agent-manifest.txt");
        std::fs::write(&manifest, "Premain-Class: slider.probe.Agent\n")
            .map_err(scratch(&manifest))?;
        tool(
            &jdk.jar,
            vec![
                "--create".into(),
                "--file".into(),
                toolkit.agent.clone().into(),
                "--manifest".into(),
                manifest.into(),
                "-C".into(),
                toolkit.probe.clone().into(),
                "slider/probe/Agent.class".into(),
            ],
        )
    }

    /// The algs4 classes submissions compile and run against.
    pub(super) fn algs4<'a>(&'a self, options: &'a Options) -> &'a Path {
        options.settings.algs4.as_deref().unwrap_or(&self.algs4)
    }

    /// The class path of a probe's JVM: slider's probe first, then algs4,
    /// then the `classes` under test.
    pub(super) fn classpath<'a>(
        &'a self,
        options: &'a Options,
        classes: &'a Path,
    ) -> [&'a Path; 3] {
        [&self.probe, self.algs4(options), classes]
    }

    /// Compiles `files` (name, text) into `out`, against the algs4
    /// classes and the compiled classes `against` (which are copied into
    /// `out` too), as job slot 0's uid, within `budget`. `Ok` holds the
    /// lint warnings javac printed (the course's, only when `against` is
    /// `None`: the student's own classes); `Err` holds javac's
    /// diagnostics, or why it did not run to its end. slider's probe is not
    /// on the class path: a student's class that names it does not compile.
    pub(super) fn compile(
        &self,
        options: &Options,
        files: &[(&str, &str)],
        against: Option<&Path>,
        out: &Path,
        budget: &Budget,
    ) -> Result<Vec<StageNote>, Vec<StageNote>> {
        let uid = options.harness.uid(0);
        let io = |e: std::io::Error| vec![StageNote::CannotPrepare((&e).into())];
        let workdir = Workdir::new(&options.harness.scratch, "slider-javac", uid).map_err(io)?;
        let mut paths = Vec::new();
        for (name, text) in files {
            paths.push(workdir.add(name, text.as_bytes()).map_err(io)?);
        }
        let mut classpath = vec![self.algs4(options)];
        classpath.extend(against);
        let classpath = joined(&classpath);
        let mut args: Vec<OsString> = vec!["-Xstdout".into(), "javac.txt".into()];
        args.extend(javac_args(
            Path::new("classes"),
            &classpath,
            &paths,
            against.is_none(),
        ));
        let mut expose = vec![self.root.clone()];
        expose.extend(options.settings.algs4.iter().cloned());
        let ended = run_tool(
            options,
            &options.jdk.javac,
            &args,
            &workdir.path,
            expose,
            uid,
            Some((
                budget,
                if against.is_some() {
                    Phase::CompileReference
                } else {
                    Phase::Compile
                },
            )),
        )
        .map_err(|e| {
            vec![StageNote::CannotStart {
                tool: JdkTool::Javac,
                error: (&e).into(),
            }]
        })?;
        let text = std::fs::read(workdir.path.join("javac.txt")).unwrap_or_default();
        // Each diagnostic names its file as given (`Board.java:35: …`),
        // not by the scratch folder it was compiled in.
        let text = String::from_utf8_lossy(&text[..text.len().min(64 << 10)])
            .replace(&format!("{}/", workdir.path.display()), "");
        let mut messages: Vec<StageNote> = text
            .lines()
            .map(|line| StageNote::Javac(line.to_string()))
            .collect();
        if ended.exit != Exit::Code(0) || ended.stop.is_some() {
            if let Some(limit) = ended.stop {
                messages.push(StageNote::Stopped {
                    tool: JdkTool::Javac,
                    limit,
                });
            }
            if messages.is_empty() {
                let stderr = String::from_utf8_lossy(&ended.stderr_tail).into_owned();
                messages.push(StageNote::Javac(stderr));
            }
            return Err(messages);
        }
        copy_classes(&workdir.path.join("classes"), out).map_err(io)?;
        if let Some(against) = against {
            copy_classes(against, out).map_err(io)?;
        }
        java::open_up(out).map_err(io)?;
        if against.is_some() {
            messages.clear();
        }
        Ok(messages)
    }
}

/// Copies the `.class` files javac wrote (the default package only).
fn copy_classes(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        if entry.file_type()?.is_file() && entry.path().extension().is_some_and(|e| e == "class") {
            std::fs::copy(entry.path(), to.join(entry.file_name()))?;
        }
    }
    Ok(())
}
