//! What a command knows of the process it runs in: its environment
//! variables, its own executable, its working folder and the temporary
//! folder. A binary takes them once and hands them down (as cargo's
//! `GlobalContext`), so that the library reads none of them itself and a
//! program that embeds slider decides what it sees.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

/// A snapshot of the process's surroundings.
///
/// # Example
///
/// ```
/// use slider::context::Context;
/// let context = Context::new(
///     [("PATH".into(), "/usr/bin".into())],
///     Some("/opt/slider".into()),
///     "/work".into(),
///     "/tmp".into(),
/// );
/// assert_eq!(context.var("PATH"), Some("/usr/bin".as_ref()));
/// assert_eq!(context.var("JAVA_HOME"), None);
/// assert_eq!(context.exe(), Ok("/opt/slider".as_ref()));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Context {
    vars: Vec<(OsString, OsString)>,
    exe: Option<PathBuf>,
    /// The working folder, which relative paths are read against.
    pub cwd: PathBuf,
    /// Where scratch folders are made.
    pub temp_dir: PathBuf,
}

impl Context {
    /// A context of these environment variables, executable (`None`: it
    /// cannot be found), working folder and temporary folder.
    #[must_use]
    pub fn new(
        vars: impl IntoIterator<Item = (OsString, OsString)>,
        exe: Option<PathBuf>,
        cwd: PathBuf,
        temp_dir: PathBuf,
    ) -> Context {
        Context {
            vars: vars.into_iter().collect(),
            exe,
            cwd,
            temp_dir,
        }
    }

    /// The value of the environment variable `name`, when it is set.
    #[must_use]
    pub fn var(&self, name: &str) -> Option<&OsStr> {
        self.vars
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_os_str())
    }

    /// slider's own executable, to start again as a child.
    ///
    /// # Errors
    ///
    /// It could not be found when the context was taken.
    pub fn exe(&self) -> Result<&Path, String> {
        self.exe
            .as_deref()
            .ok_or_else(|| "cannot find slider's own executable".to_string())
    }
}
