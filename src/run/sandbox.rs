//! What a program sees: whether bubblewrap can sandbox it here, and its
//! environment. The caller passes in what it read from its own environment
//! (the library reads none).

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

/// Whether runs are sandboxed with bubblewrap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SandboxMode {
    /// When bubblewrap is installed and works here.
    Auto,
    /// Always; an error when it does not work.
    Always,
    /// Never.
    Never,
}

/// What a sandbox mode gives here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sandbox {
    /// bubblewrap, at this path.
    Bwrap(PathBuf),
    /// No sandbox; with `auto`, why not (worth a note).
    None(Option<Unavailable>),
}

/// Why bubblewrap cannot sandbox a run here (worded by
/// `present::sandbox`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unavailable {
    /// No `bwrap` on the `PATH`.
    NotInstalled,
    /// `bwrap` was found but could not be started.
    CannotStart {
        /// Where it was found.
        bwrap: PathBuf,
        /// The operating system's error.
        error: String,
    },
    /// `bwrap` started but could not set up the sandbox a real run uses
    /// (namespaces, a fresh `/proc`, `/dev`, `/tmp`).
    Refused {
        /// Where it was found.
        bwrap: PathBuf,
        /// How it ended.
        status: String,
        /// The first line it wrote on standard error, if any.
        said: Option<String>,
    },
}

/// The sandbox `mode` gives, looking for `bwrap` on `path` (a `PATH`-style
/// list) and trying it in `scratch` (an existing folder) with the very
/// arguments of a real run.
///
/// # Errors
///
/// Why `always` cannot be had.
///
/// # Example
///
/// ```
/// use slider::run::sandbox::{Sandbox, SandboxMode, Unavailable, sandbox};
/// let scratch = std::path::Path::new("/");
/// assert_eq!(sandbox(SandboxMode::Never, None, scratch), Ok(Sandbox::None(None)));
/// assert_eq!(
///     sandbox(SandboxMode::Always, Some("/nonexistent".as_ref()), scratch),
///     Err(Unavailable::NotInstalled)
/// );
/// ```
pub fn sandbox(
    mode: SandboxMode,
    path: Option<&OsStr>,
    scratch: &Path,
) -> Result<Sandbox, Unavailable> {
    match mode {
        SandboxMode::Never => Ok(Sandbox::None(None)),
        mode => match working_bwrap(path, scratch) {
            Ok(path) => Ok(Sandbox::Bwrap(path)),
            Err(why) if mode == SandboxMode::Always => Err(why),
            Err(why) => Ok(Sandbox::None(Some(why))),
        },
    }
}

/// bubblewrap's path, once it has been seen to start here the sandbox
/// every real run gets ([`super::spawn::sandbox_args`], `/proc`
/// included), in a folder of `scratch` as the working folder.
fn working_bwrap(path: Option<&OsStr>, scratch: &Path) -> Result<PathBuf, Unavailable> {
    let bwrap = path
        .map(|p| std::env::split_paths(p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .map(|dir| dir.join("bwrap"))
        .find(|p| p.is_file())
        .ok_or(Unavailable::NotInstalled)?;
    let cannot_start = |e: std::io::Error| Unavailable::CannotStart {
        bwrap: bwrap.clone(),
        error: e.to_string(),
    };
    let workdir = super::Workdir::new(scratch, "slider-probe", None).map_err(cannot_start)?;
    let output = std::process::Command::new(&bwrap)
        .args(super::spawn::sandbox_args(&workdir.path, &[], &[]))
        .arg("true")
        .current_dir(&workdir.path)
        .env_clear()
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .output()
        .map_err(cannot_start)?;
    if output.status.success() {
        Ok(bwrap)
    } else {
        let said = String::from_utf8_lossy(&output.stderr)
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty())
            .map(|line| crate::format::visible(line.as_bytes(), false));
        Err(Unavailable::Refused {
            bwrap,
            status: output.status.to_string(),
            said,
        })
    }
}

/// The whole environment of a program run under the harness: `PATH` (the
/// caller's, or a default), `HOME` and `TMPDIR` at `/tmp`, `LANG`, and the
/// variables `pass`ed through with their values.
///
/// # Example
///
/// ```
/// let env = slider::run::sandbox::program_env(None, &[("X".into(), "1".into())]);
/// assert!(env.iter().any(|(k, v)| k == "PATH" && v == "/usr/local/bin:/usr/bin:/bin"));
/// assert!(env.iter().any(|(k, v)| k == "X" && v == "1"));
/// ```
#[must_use]
pub fn program_env(
    path: Option<OsString>,
    pass: &[(OsString, OsString)],
) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = vec![
        (
            "PATH".into(),
            path.unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into()),
        ),
        ("HOME".into(), "/tmp".into()),
        ("TMPDIR".into(), "/tmp".into()),
        ("LANG".into(), "C.UTF-8".into()),
    ];
    for (name, value) in pass {
        env.retain(|(k, _)| k != name);
        env.push((name.clone(), value.clone()));
    }
    env
}

/// Whether a root grader runs each job slot as an unprivileged uid of its
/// own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum UserMode {
    /// As root: a uid of its own per job slot (from 1,000,000,000 up).
    Auto,
    /// Keep the grader's own uid.
    Keep,
}

impl UserMode {
    /// The first uid of the job slots, when `root` and the mode asks for it.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::run::{UID_BASE, sandbox::UserMode};
    /// assert_eq!(UserMode::Auto.uid_base(true), Some(UID_BASE));
    /// assert_eq!(UserMode::Auto.uid_base(false), None);
    /// assert_eq!(UserMode::Keep.uid_base(true), None);
    /// ```
    #[must_use]
    pub fn uid_base(self, root: bool) -> Option<u32> {
        (root && self == UserMode::Auto).then_some(super::UID_BASE)
    }
}

/// What the flags and the machine give the programs of a run.
#[derive(Debug, Clone)]
pub struct Setup {
    /// Limits on each run.
    pub limits: super::process::Limits,
    /// `--user`.
    pub user: UserMode,
    /// `--sandbox`.
    pub mode: SandboxMode,
    /// The grader's `PATH` (bubblewrap is looked for there; the programs
    /// get it).
    pub path: Option<std::ffi::OsString>,
    /// Variables passed through to the programs, with their values.
    pub pass: Vec<(std::ffi::OsString, std::ffi::OsString)>,
    /// Folders the sandbox hides.
    pub hide: Vec<PathBuf>,
    /// Whether the grader runs as root (each job slot then gets a uid).
    pub root: bool,
    /// Where private working folders are made.
    pub scratch: PathBuf,
}

impl Setup {
    /// The setup of a process in `context`: `limits`, `user` and `mode` as
    /// chosen, the context's `PATH`, the variables of `pass_env` that are
    /// set there (with their values), `hide`, whether this process runs as
    /// root, and the context's temporary folder for scratch.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::context::Context;
    /// use slider::run::process::{Limits, Memory};
    /// use slider::run::sandbox::{SandboxMode, Setup, UserMode};
    /// let limits = Limits { wall: std::time::Duration::from_secs(1), cpu: None, memory: Memory::Resident(1 << 30), max_output: 1 << 20, processes: 64, file_size: 1 << 20 };
    /// let context = Context::new([("X".into(), "1".into())], None, "/w".into(), "/scratch".into());
    /// let setup = Setup::new(&context, limits, UserMode::Keep, SandboxMode::Never, &["X".to_string(), "Y".to_string()], Vec::new());
    /// assert_eq!(setup.pass, vec![("X".into(), "1".into())]);
    /// assert_eq!(setup.path, None);
    /// assert_eq!(setup.scratch, std::path::Path::new("/scratch"));
    /// ```
    pub fn new(
        context: &crate::context::Context,
        limits: super::process::Limits,
        user: UserMode,
        mode: SandboxMode,
        pass_env: &[String],
        hide: Vec<PathBuf>,
    ) -> Setup {
        let pass = pass_env.iter().filter_map(|name| {
            context
                .var(name)
                .map(|value| (name.into(), value.to_owned()))
        });
        Setup {
            limits,
            user,
            mode,
            path: context.var("PATH").map(std::ffi::OsStr::to_owned),
            pass: pass.collect(),
            hide,
            root: nix::unistd::geteuid().is_root(),
            scratch: context.temp_dir.clone(),
        }
    }
}

/// The harness of `setup`, and why there is no sandbox when `auto` found
/// none.
///
/// # Errors
///
/// Why `--sandbox always` cannot be had.
///
/// # Example
///
/// ```
/// use slider::run::process::{Limits, Memory};
/// use slider::run::sandbox::{SandboxMode, Setup, UserMode, harness};
/// let limits = Limits { wall: std::time::Duration::from_secs(1), cpu: None, memory: Memory::Resident(1 << 30), max_output: 1 << 20, processes: 64, file_size: 1 << 20 };
/// let setup = Setup { limits, user: UserMode::Keep, mode: SandboxMode::Never, path: None, pass: Vec::new(), hide: Vec::new(), root: false, scratch: std::env::temp_dir() };
/// let (harness, no_sandbox) = harness(setup)?;
/// assert!(harness.bwrap.is_none() && harness.uid_base.is_none() && no_sandbox.is_none());
/// # Ok::<(), slider::run::sandbox::Unavailable>(())
/// ```
pub fn harness(setup: Setup) -> Result<(super::Harness, Option<Unavailable>), Unavailable> {
    let (bwrap, why) = match sandbox(setup.mode, setup.path.as_deref(), &setup.scratch)? {
        Sandbox::Bwrap(path) => (Some(path), None),
        Sandbox::None(why) => (None, why),
    };
    let harness = super::Harness {
        limits: setup.limits,
        uid_base: setup.user.uid_base(setup.root),
        env: program_env(setup.path, &setup.pass),
        bwrap,
        hide: setup.hide,
        scratch: setup.scratch,
    };
    Ok((harness, why))
}
