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
