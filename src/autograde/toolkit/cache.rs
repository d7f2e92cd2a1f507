//! slider's compiled Java kept between runs: a folder per key (slider's
//! Java sources and the JDK's compiler), each file checked against the
//! manifest's hash when it is used, so that a damaged or edited copy is
//! compiled again rather than graded with.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::{Xxh3, xxh3_64};

use super::super::java;

/// The parts of a toolkit the cache holds (the sources are not kept).
pub(super) const KEPT: [&str; 4] = ["probe", "algs4", "reference", "slider-agent.jar"];

/// The manifest's name in a cached folder: one `HASH PATH` line per file.
const MANIFEST: &str = "manifest";

/// The key of slider's Java compiled by `javac`: every source's name and
/// text, and the compiler's resolved path, size and modification time (a
/// JDK replaced by another compiles again).
pub(super) fn key(javac: &Path) -> String {
    let mut hash = Xxh3::new();
    for (name, text) in java::PROBE
        .iter()
        .chain(java::ALGS4.iter())
        .chain(std::iter::once(&java::REFERENCE_BOARD))
    {
        hash.update(name.as_bytes());
        hash.update(&[0]);
        hash.update(text.as_bytes());
        hash.update(&[0]);
    }
    let resolved = std::fs::canonicalize(javac).unwrap_or_else(|_| javac.to_path_buf());
    hash.update(resolved.as_os_str().as_encoded_bytes());
    if let Ok(meta) = std::fs::metadata(&resolved) {
        hash.update(&meta.len().to_le_bytes());
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        hash.update(&modified.to_le_bytes());
    }
    format!("toolkit-{:016x}", hash.digest())
}

/// Copies the cached toolkit `cache/key` into `root`; `false` when there
/// is none, or any of its files is missing or differs from its manifest.
pub(super) fn load(cache: &Path, key: &str, root: &Path) -> bool {
    let dir = cache.join(key);
    let Ok(manifest) = std::fs::read_to_string(dir.join(MANIFEST)) else {
        return false;
    };
    let mut copied = 0;
    for line in manifest.lines() {
        let Some((hash, relative)) = line.split_once(' ') else {
            return false;
        };
        let relative = Path::new(relative);
        let inside = relative
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)));
        let Ok(bytes) = std::fs::read(dir.join(relative)) else {
            return false;
        };
        if !inside || format!("{:016x}", xxh3_64(&bytes)) != hash {
            return false;
        }
        let to = root.join(relative);
        let written = to
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&to, &bytes));
        if written.is_err() {
            return false;
        }
        copied += 1;
    }
    copied > 0
}

/// Keeps the toolkit compiled in `root` as `cache/key`, whole or not at
/// all (written beside, then renamed); a cache that cannot be written is
/// no error: the next run compiles again.
pub(super) fn save(cache: &Path, key: &str, root: &Path) {
    let files: Vec<PathBuf> = KEPT
        .iter()
        .flat_map(|part| files_under(root, Path::new(part)))
        .collect();
    if files.is_empty() || std::fs::create_dir_all(cache).is_err() {
        return;
    }
    let partial = cache.join(format!(".{key}.{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&partial);
    let mut manifest = Vec::new();
    let written = files.iter().try_for_each(|relative| {
        let bytes = std::fs::read(root.join(relative))?;
        let to = partial.join(relative);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&to, &bytes)?;
        writeln!(manifest, "{:016x} {}", xxh3_64(&bytes), relative.display())
    });
    let kept = written
        .and_then(|()| std::fs::write(partial.join(MANIFEST), &manifest))
        .and_then(|()| std::fs::rename(&partial, cache.join(key)));
    if kept.is_err() {
        let _ = std::fs::remove_dir_all(&partial);
    }
}

/// The files under `root/relative`, as paths relative to `root`.
fn files_under(root: &Path, relative: &Path) -> Vec<PathBuf> {
    let path = root.join(relative);
    match std::fs::symlink_metadata(&path) {
        Ok(meta) if meta.is_file() => vec![relative.to_path_buf()],
        Ok(meta) if meta.is_dir() => std::fs::read_dir(&path)
            .into_iter()
            .flatten()
            .flatten()
            .flat_map(|entry| files_under(root, &relative.join(entry.file_name())))
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toolkit_in(root: &Path) {
        for (path, text) in [
            ("probe/slider/probe/Probe.class", "probe"),
            ("algs4/edu/MinPQ.class", "queue"),
            ("reference/Board.class", "board"),
            ("slider-agent.jar", "agent"),
            ("src/probe/Probe.java", "not kept"),
        ] {
            let to = root.join(path);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::write(to, text).unwrap();
        }
    }

    #[test]
    fn a_kept_toolkit_comes_back_whole_and_a_damaged_one_not_at_all() {
        let (built, cache, again) = (
            tempfile::tempdir().unwrap(),
            tempfile::tempdir().unwrap(),
            tempfile::tempdir().unwrap(),
        );
        toolkit_in(built.path());
        assert!(!load(cache.path(), "k", again.path()), "nothing kept yet");
        save(cache.path(), "k", built.path());
        assert!(load(cache.path(), "k", again.path()));
        let read = |p: &str| std::fs::read_to_string(again.path().join(p)).unwrap();
        assert_eq!(read("algs4/edu/MinPQ.class"), "queue");
        assert_eq!(read("slider-agent.jar"), "agent");
        assert!(!again.path().join("src").exists(), "sources are not kept");
        assert!(!load(cache.path(), "other", again.path()), "another key");

        std::fs::write(cache.path().join("k/reference/Board.class"), "edited").unwrap();
        assert!(!load(
            cache.path(),
            "k",
            tempfile::tempdir().unwrap().path()
        ));
        std::fs::write(cache.path().join("k/reference/Board.class"), "board").unwrap();
        assert!(load(cache.path(), "k", tempfile::tempdir().unwrap().path()));
        std::fs::write(cache.path().join("k/manifest"), "0 ../../etc/passwd\n").unwrap();
        assert!(!load(
            cache.path(),
            "k",
            tempfile::tempdir().unwrap().path()
        ));
    }

    #[test]
    fn the_key_follows_the_compiler() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::write(&a, "javac").unwrap();
        std::fs::write(&b, "another javac").unwrap();
        assert_eq!(key(&a), key(&a));
        assert_ne!(key(&a), key(&b));
    }
}
