//! A Gradescope autograder, ready to upload: a `.zip` holding this slider
//! binary, Gradescope's `setup.sh` (installs a JDK and bubblewrap) and
//! `run_autograder` (runs `slider autograde` on `/autograder/submission`
//! and writes `/autograder/results/results.json`).

use std::io::Write;
use std::path::Path;

/// Gradescope's setup script, run once when the image is built.
pub const SETUP: &str = include_str!("gradescope/setup.sh");
/// Gradescope's entry point, run for each submission.
pub const RUN_AUTOGRADER: &str = include_str!("gradescope/run_autograder");

/// Writes the bundle to `out`: `slider` (a copy of `slider_binary`),
/// `setup.sh` and `run_autograder`, each executable.
///
/// # Errors
///
/// Reading the binary, or writing the zip.
///
/// # Example
///
/// ```no_run
/// let exe = std::env::current_exe()?;
/// slider::autograde::gradescope::bundle("autograder.zip".as_ref(), &exe)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn bundle(out: &Path, slider_binary: &Path) -> std::io::Result<()> {
    let binary = std::fs::read(slider_binary)?;
    let file = std::fs::File::create(out)?;
    let mut zip = zip::ZipWriter::new(std::io::BufWriter::new(file));
    let executable = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o755);
    for (name, bytes) in [
        ("setup.sh", SETUP.as_bytes()),
        ("run_autograder", RUN_AUTOGRADER.as_bytes()),
        ("slider", binary.as_slice()),
    ] {
        zip.start_file(name, executable)
            .map_err(std::io::Error::other)?;
        zip.write_all(bytes)?;
    }
    zip.finish().map_err(std::io::Error::other)?.flush()
}
