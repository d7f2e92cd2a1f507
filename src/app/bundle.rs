//! `slider autograde --gradescope-bundle OUT -- FLAGS`: a Gradescope
//! autograder written only after slider's own submission scores full
//! marks through it, with the flags baked in.

use std::path::{Path, PathBuf};

use super::{CommandError, Console};
use crate::autograde::{Category, gradescope, java};
use crate::context::Context;
use crate::course::Api;
use crate::exit_code;
use crate::present::autograde::gradescope as present;

/// What the baked flags say, as `slider autograde` parsed them.
#[derive(Debug, Clone)]
pub struct Baked<'a> {
    /// The flags themselves, as given after `--`.
    pub flags: &'a [String],
    /// The API they grade against (`None`: detected).
    pub api: Option<Api>,
    /// The categories they run (all when empty).
    pub only: &'a [Category],
    /// Their results.json style: the points and each category's visibility.
    pub style: present::Style,
}

/// Writes the bundle to `out` once its flags pass: no category hidden
/// from students whose points would still show in the total, and slider's
/// own submission for the API graded to full marks by the bundle's own
/// `run_autograder` in a Gradescope root laid out as Gradescope's.
/// Returns the exit code.
///
/// # Errors
///
/// Why the flags were refused, or the bundle could not be written.
pub fn write(
    out: &Path,
    baked: &Baked<'_>,
    context: &Context,
    console: &Console,
) -> Result<u8, CommandError> {
    let graded = |c: Category| baked.only.is_empty() || baked.only.contains(&c);
    if let Some(category) = present::leaks_through_the_total(&baked.style, &graded) {
        return Err(present::hidden_refused(category).into());
    }
    console.status("grading slider's own submission as the bundle would, to check its flags");
    let exe = context
        .exe()
        .map_err(|e| present::bundle_refused(&[format!("cannot run the check: {e}")]))?;
    reference_scores_full_marks(baked, exe, &context.temp_dir)
        .map_err(|short| present::bundle_refused(&short))?;
    let bytes = gradescope::bundle(out, exe, baked.flags)
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let said = present::bundle_written(out, bytes, baked.flags);
    console.print(&format!("{said}\n"));
    Ok(exit_code::SUCCESS)
}

/// Grades slider's own submission for the baked API (Coursera's when it is
/// detected) in a Gradescope root laid out as the bundle would be, by its
/// `run_autograder`: `Err` with what fell short of full marks.
fn reference_scores_full_marks(
    baked: &Baked<'_>,
    exe: &Path,
    temp: &Path,
) -> Result<(), Vec<String>> {
    let failed = |e: std::io::Error| vec![format!("cannot run the check: {e}")];
    let root = private_root(temp).map_err(failed)?;
    let submission = match baked.api {
        Some(Api::Princeton) => java::PRINCETON_SUBMISSION,
        Some(Api::Coursera) | None => java::COURSERA_SUBMISSION,
    };
    let ran = gradescope::stage_root(&root, exe, baked.flags, &submission).and_then(|()| {
        std::process::Command::new("bash")
            .arg(root.join("source/run_autograder"))
            .env("AUTOGRADER_ROOT", &root)
            .env_remove("SLIDER_AUTOGRADE_ARGS")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .output()
    });
    let results = std::fs::read_to_string(root.join("results/results.json"));
    let _ = std::fs::remove_dir_all(&root);
    let ran = ran.map_err(failed)?;
    gradescope::full_marks(&results.map_err(failed)?).map_err(|short| {
        // a run that could not grade says why on its standard error
        let said = String::from_utf8_lossy(&ran.stderr);
        match said.lines().rev().find(|l| l.starts_with("error: ")) {
            Some(line) if ran.status.success() => {
                vec![line.trim_start_matches("error: ").to_string()]
            }
            _ => short,
        }
    })
}

/// A fresh folder in `temp` that the grader's own uids can read (0755).
fn private_root(temp: &Path) -> std::io::Result<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    for k in 0..100 {
        let dir = temp.join(format!("slider-bundle-check-{}-{k}", std::process::id()));
        match std::fs::DirBuilder::new().mode(0o755).create(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other(
        "no free folder name in the temp folder",
    ))
}
