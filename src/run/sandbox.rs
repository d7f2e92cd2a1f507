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
    None(Option<String>),
}

/// The sandbox `mode` gives, looking for `bwrap` on `path` (a `PATH`-style
/// list).
///
/// # Errors
///
/// Why `always` cannot be had.
///
/// # Example
///
/// ```
/// use slider::run::sandbox::{Sandbox, SandboxMode, sandbox};
/// assert_eq!(sandbox(SandboxMode::Never, None), Ok(Sandbox::None(None)));
/// assert!(sandbox(SandboxMode::Always, Some("/nonexistent".as_ref())).is_err());
/// ```
pub fn sandbox(mode: SandboxMode, path: Option<&OsStr>) -> Result<Sandbox, String> {
    match mode {
        SandboxMode::Never => Ok(Sandbox::None(None)),
        mode => match working_bwrap(path) {
            Ok(path) => Ok(Sandbox::Bwrap(path)),
            Err(why) if mode == SandboxMode::Always => Err(format!("--sandbox always: {why}")),
            Err(why) => Ok(Sandbox::None(Some(why))),
        },
    }
}

/// bubblewrap's path, once it has been seen to start a sandbox here.
fn working_bwrap(path: Option<&OsStr>) -> Result<PathBuf, String> {
    let path = path
        .map(|p| std::env::split_paths(p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .map(|dir| dir.join("bwrap"))
        .find(|p| p.is_file())
        .ok_or("bwrap is not installed (Debian: apt-get install bubblewrap)")?;
    let status = std::process::Command::new(&path)
        .args([
            "--ro-bind",
            "/",
            "/",
            "--unshare-all",
            "--die-with-parent",
            "true",
        ])
        .env_clear()
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("{} cannot start: {e}", path.display()))?;
    if status.success() {
        Ok(path)
    } else {
        Err(format!(
            "{} cannot make namespaces here ({status})",
            Path::new(&path).display()
        ))
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
/// # Ok::<(), String>(())
/// ```
pub fn harness(setup: Setup) -> Result<(super::Harness, Option<String>), String> {
    let (bwrap, why) = match sandbox(setup.mode, setup.path.as_deref())? {
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
