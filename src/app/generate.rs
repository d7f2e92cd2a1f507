//! `slider gen`: puzzle files in the course format, reproducibly.

use std::path::{Path, PathBuf};

use super::{CommandError, Console};
use crate::exit_code;
use crate::generate::{GenerateError, MAX_WALKS, Made, Request};

/// What `slider gen` was asked for.
#[derive(Debug)]
pub struct GenJob<'a> {
    /// The boards to make (`--manifest` reads them from a file instead).
    pub request: Request,
    /// A manifest of requests.
    pub manifest: Option<&'a Path>,
    /// Whether the seed was drawn fresh (it is then said on standard error).
    pub fresh_seed: bool,
    /// Write files named by the course convention here instead of printing.
    pub out: Option<&'a Path>,
}

/// Makes the boards and prints them (or writes their files); returns the
/// exit code (0 made, 1 the walks gave up, 2 a bad manifest or a file
/// that could not be written).
///
/// ```
/// use slider::app::{Console, generate::{GenJob, generate}};
/// use slider::generate::{Scramble, Request};
/// let request = Request { size: 3, kind: Scramble::ExactMoves(4), count: 2, seed: 7 };
/// let job = GenJob { request, manifest: None, fresh_seed: false, out: None };
/// let console = Console::new(Box::new(Vec::new()), Box::new(Vec::new()));
/// assert_eq!(generate(&job, &console)?, slider::exit_code::SUCCESS);
/// # Ok::<(), slider::app::CommandError>(())
/// ```
pub fn generate(job: &GenJob<'_>, console: &Console) -> Result<u8, CommandError> {
    let code = generate_all(job, console)?;
    // A fresh seed is said once boards were drawn (exit 0, or 1 when the
    // walks gave up), so that the run can be repeated.
    if job.fresh_seed && job.manifest.is_none() {
        let seed = job.request.seed;
        console.status(&format!(
            "seed: {seed} (`--seed {seed}` makes these boards again)"
        ));
    }
    Ok(code)
}

fn generate_all(job: &GenJob<'_>, console: &Console) -> Result<u8, CommandError> {
    let requests = if let Some(path) = job.manifest {
        crate::generate::read_manifest(path)?
    } else {
        vec![job.request]
    };
    let mut printed = 0;
    for request in &requests {
        // Walks proved by search can take a while: show them.
        let progress = console.progress(
            Some(u64::from(MAX_WALKS)),
            "{msg}: random walk {pos}/{len}, {elapsed} elapsed",
        );
        let made = request.each(
            &mut |index, walks| {
                progress.set_message(format!("board {index} of {}", request.count));
                progress.set_position(u64::from(walks));
            },
            &mut |index, board| {
                progress.suspend(|| {
                    if let Some(dir) = job.out {
                        let path = write_file(dir, &request.file_name(index), &board.to_string())?;
                        return console
                            .write_out(|out| writeln!(out, "{}", path.display()))
                            .map_err(|e| e.to_string());
                    }
                    let separator = if printed > 0 { "\n" } else { "" };
                    printed += 1;
                    console
                        .write_out(|out| write!(out, "{separator}{board}"))
                        .map_err(|e| e.to_string())
                })
            },
        );
        progress.finish_and_clear();
        match made {
            Err(e @ Made::Failed(GenerateError::GaveUp { .. })) => {
                console.error(&e.to_string());
                return Ok(exit_code::FAILURE);
            }
            Err(e) => return Err(e.to_string().into()),
            Ok(()) => {}
        }
    }
    Ok(exit_code::SUCCESS)
}

/// Writes a generated file; its path.
fn write_file(dir: &Path, name: &str, text: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(name);
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}
