//! The sandbox's words: why bubblewrap cannot sandbox the runs here, the
//! one status line when `--sandbox auto` goes on without it, the error
//! when `--sandbox always` cannot have it, and the sandbox a report names.

use crate::run::sandbox::Unavailable;

/// Why bubblewrap cannot sandbox a run here, in a clause.
///
/// # Example
///
/// ```
/// use slider::run::sandbox::Unavailable;
/// let why = slider::present::sandbox::why(&Unavailable::NotInstalled);
/// assert!(why.contains("not installed"));
/// ```
#[must_use]
pub fn why(why: &Unavailable) -> String {
    match why {
        Unavailable::NotInstalled => {
            "bwrap is not installed (Debian: apt-get install bubblewrap)".to_string()
        }
        Unavailable::CannotStart { bwrap, error } => {
            format!("{} cannot start: {error}", bwrap.display())
        }
        Unavailable::Refused {
            bwrap,
            status,
            said,
        } => {
            let said = said.as_ref().map_or_else(String::new, |s| format!(": {s}"));
            format!(
                "{} cannot make a run's sandbox here (namespaces, a fresh /proc, /dev and /tmp; {status}){said}",
                bwrap.display()
            )
        }
    }
}

/// The one status line of `--sandbox auto` going on without bubblewrap.
#[must_use]
pub fn fallback(unavailable: &Unavailable) -> String {
    format!(
        "note: no sandbox ({}); --sandbox auto falls back to none: programs run with the other protections only",
        why(unavailable)
    )
}

/// The harness error of `--sandbox always` without bubblewrap.
#[must_use]
pub fn refused(unavailable: &Unavailable) -> String {
    format!(
        "harness error: --sandbox always: {} (not the submission's fault; --sandbox auto goes on without it)",
        why(unavailable)
    )
}

/// The sandbox runs had, as a report names it: `bwrap` or `none`.
#[must_use]
pub fn name(bwrap: bool) -> &'static str {
    if bwrap { "bwrap" } else { "none" }
}
