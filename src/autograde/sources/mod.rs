//! A submission's sources: found in a folder or a `.zip` at any depth,
//! read under a cap, and made compilable beside slider's classes (a `package` line
//! blanked, imports added for the old default-package algs4) without
//! moving a single line, so that javac's line numbers stay the student's.

use std::path::{Path, PathBuf};

mod change;
mod lexer;
mod student;

pub use change::SourceChange;
pub use student::student;

use super::java::ALGS4_CLASSES;
use lexer::Lexed;

/// The files a submission must hold.
pub const REQUIRED: [&str; 2] = ["Board.java", "Solver.java"];
/// The largest source file read.
pub const MAX_SOURCE: u64 = 1 << 20;
/// How deep a submission folder is searched.
const MAX_DEPTH: usize = 8;
/// How many entries are looked at, at most, while searching.
const MAX_ENTRIES: usize = 10_000;

/// One source file, ready to compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// `Board.java` or `Solver.java`.
    pub name: &'static str,
    /// Where it was found.
    pub found: PathBuf,
    /// The text to compile.
    pub text: String,
    /// What was changed, for the report.
    pub changes: Vec<SourceChange>,
    /// The other files of this name in the submission, not graded.
    pub others: Vec<PathBuf>,
}

/// Why a submission's sources cannot be had (`present::autograde` words
/// it).
///
/// ```
/// use slider::autograde::sources::SourceError;
/// let missing = SourceError::Missing { name: "Board.java", near: None };
/// assert_eq!(missing.to_string(), "Board.java not found in the submission");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceError {
    /// A required file is nowhere in the folder; `near`, a file whose
    /// name differs from it only in case (`solver.java`), when there is
    /// one.
    Missing {
        /// `Solver.java`.
        name: &'static str,
        /// Where a file of the name in another case is.
        near: Option<PathBuf>,
    },
    /// The file could not be read, or is too large.
    Unreadable(PathBuf, WhyUnreadable),
}

/// Why a submission or one of its sources could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WhyUnreadable {
    /// A file given as a submission that is not a `.zip`.
    NotFolderOrZip,
    /// The file system's (or the archive's) error, in its own words.
    Io(String),
    /// A `.zip` over [`MAX_ARCHIVE`].
    ArchiveTooLarge,
    /// A source over [`MAX_SOURCE`].
    SourceTooLarge,
    /// Not an archive the zip reader can open; its words.
    NotZip(String),
}

/// The largest `.zip` submission opened.
pub const MAX_ARCHIVE: u64 = 64 << 20;

/// Finds `Board.java` and `Solver.java` in a submission, a folder or a
/// `.zip` file, and prepares them. The shallowest `Solver.java` is graded
/// (the first by path among equals), with the `Board.java` beside it, or
/// else the shallowest; the others of each name are listed in
/// [`SourceFile::others`]. Symbolic links are not followed; hidden folders
/// and `__MACOSX` are skipped.
///
/// # Errors
///
/// [`SourceError`] for a missing, oversized, unreadable or non-UTF-8 file,
/// or an archive that cannot be read.
///
/// # Example
///
/// ```
/// let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/autograde/reference");
/// let files = slider::autograde::sources::find(&root)?;
/// assert_eq!(files.len(), 2);
/// assert_eq!(files[0].name, "Board.java");
/// # Ok::<(), slider::autograde::sources::SourceError>(())
/// ```
pub fn find(root: &Path) -> Result<Vec<SourceFile>, SourceError> {
    let found = if root.is_file() {
        find_in_zip(root)?
    } else {
        find_in_folder(root)?
    };
    let (found, near) = found;
    let mut files = Vec::new();
    for ((name, found), near) in REQUIRED.iter().zip(found).zip(near) {
        let Some((path, decoded, others)) = found else {
            return Err(SourceError::Missing { name, near });
        };
        let (text, mut changes) = prepare(&decoded.text);
        changes.splice(0..0, decoded.note);
        files.push(SourceFile {
            name,
            found: path,
            text,
            changes,
            others,
        });
    }
    Ok(files)
}

/// Where each required file was found, its text, and the other files of
/// its name; and for each, the first file whose name differs from it only
/// in case.
type Found = (
    [Option<(PathBuf, Decoded, Vec<PathBuf>)>; 2],
    [Option<PathBuf>; 2],
);

/// Which required file `name` is in another case, if any.
fn in_other_case(name: &str) -> Option<usize> {
    REQUIRED
        .iter()
        .position(|r| name != *r && name.eq_ignore_ascii_case(r))
}

/// A source's text, and how it was read when not as plain UTF-8.
struct Decoded {
    text: String,
    note: Option<SourceChange>,
}

/// The text of a source as students save it: UTF-8, with a byte-order mark
/// or without; anything else is read as Windows-1252 (which Latin-1 text
/// is too, and which every byte decodes in), what Windows editors save.
fn decode(bytes: Vec<u8>) -> Decoded {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    if let Some(Ok(text)) = bytes.strip_prefix(BOM).map(std::str::from_utf8) {
        return Decoded {
            text: text.to_string(),
            note: Some(SourceChange::ByteOrderMarkRemoved),
        };
    }
    match String::from_utf8(bytes) {
        Ok(text) => Decoded { text, note: None },
        Err(not_utf8) => {
            let bytes = not_utf8.into_bytes();
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&bytes);
            Decoded {
                text: text.into_owned(),
                note: Some(SourceChange::ReadAsWindows1252),
            }
        }
    }
}

/// Every file of each required name: `(depth, path, handle)`.
type Candidates<T> = [Vec<(usize, PathBuf, T)>; 2];

/// The file of each name to grade, and the others: the shallowest
/// `Solver.java` (the first by path among equals), and the `Board.java` in
/// its folder, or else the shallowest.
fn choose<T>(candidates: Candidates<T>) -> [Option<(PathBuf, T, Vec<PathBuf>)>; 2] {
    let solver_index = REQUIRED
        .iter()
        .position(|r| *r == "Solver.java")
        .unwrap_or(1);
    let shallowest = |list: &[(usize, PathBuf, T)]| {
        (0..list.len()).min_by(|&a, &b| (list[a].0, &list[a].1).cmp(&(list[b].0, &list[b].1)))
    };
    let solver_dir = shallowest(&candidates[solver_index]).map(|k| {
        candidates[solver_index][k]
            .1
            .parent()
            .map(Path::to_path_buf)
    });
    let mut chosen = [None, None];
    for (k, list) in candidates.into_iter().enumerate() {
        let beside = (k != solver_index)
            .then(|| {
                list.iter().position(|(_, p, _)| {
                    solver_dir
                        .as_ref()
                        .is_some_and(|d| p.parent() == d.as_deref())
                })
            })
            .flatten();
        let Some(pick) = beside.or_else(|| shallowest(&list)) else {
            continue;
        };
        let mut list = list;
        let (_, path, handle) = list.swap_remove(pick);
        let mut others: Vec<PathBuf> = list.into_iter().map(|(_, p, _)| p).collect();
        others.sort();
        chosen[k] = Some((path, handle, others));
    }
    chosen
}

/// Whether a folder or archive entry of this name is searched.
fn searched(name: &str) -> bool {
    !name.starts_with('.') && name != "__MACOSX"
}

fn find_in_folder(root: &Path) -> Result<Found, SourceError> {
    let mut candidates: Candidates<()> = [Vec::new(), Vec::new()];
    let mut near: [Option<PathBuf>; 2] = [None, None];
    let mut queue = vec![(root.to_path_buf(), 0)];
    let mut seen = 0;
    while let Some((dir, depth)) = queue.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            // The submission itself: a dangling link, a folder that
            // cannot be listed.
            Err(e) if depth == 0 => {
                return Err(SourceError::Unreadable(
                    dir,
                    WhyUnreadable::Io(e.to_string()),
                ));
            }
            Err(_) => continue,
        };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for entry in entries {
            seen += 1;
            if seen > MAX_ENTRIES {
                break;
            }
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let name = entry.file_name();
            if kind.is_dir() && depth < MAX_DEPTH && searched(&name.to_string_lossy()) {
                queue.push((entry.path(), depth + 1));
            } else if kind.is_file()
                && let Some(k) = REQUIRED.iter().position(|r| name == *r)
            {
                candidates[k].push((depth, entry.path(), ()));
            } else if kind.is_file()
                && let Some(k) = in_other_case(&name.to_string_lossy())
            {
                near[k].get_or_insert_with(|| entry.path());
            }
        }
    }
    let mut texts = [None, None];
    for (k, slot) in choose(candidates).into_iter().enumerate() {
        if let Some((path, (), others)) = slot {
            let text = read_capped(std::fs::File::open(&path), &path)?;
            texts[k] = Some((path, text, others));
        }
    }
    Ok((texts, near))
}

/// The two files from a `.zip`, read in memory under the caps (nothing is
/// extracted, so entry names like `../x` are harmless).
fn find_in_zip(archive_path: &Path) -> Result<Found, SourceError> {
    let unreadable = |why| SourceError::Unreadable(archive_path.to_path_buf(), why);
    let io = |e: std::io::Error| unreadable(WhyUnreadable::Io(e.to_string()));
    let is_zip = archive_path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"));
    if !is_zip {
        return Err(unreadable(WhyUnreadable::NotFolderOrZip));
    }
    let file = std::fs::File::open(archive_path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    if size > MAX_ARCHIVE {
        return Err(unreadable(WhyUnreadable::ArchiveTooLarge));
    }
    let mut archive = zip::ZipArchive::new(std::io::BufReader::new(file))
        .map_err(|e| unreadable(WhyUnreadable::NotZip(e.to_string())))?;
    let mut candidates: Candidates<usize> = [Vec::new(), Vec::new()];
    let mut near: [Option<PathBuf>; 2] = [None, None];
    for index in 0..archive.len().min(MAX_ENTRIES) {
        let Ok(entry) = archive.by_index_raw(index) else {
            continue;
        };
        let Some(path) = entry.enclosed_name() else {
            continue;
        };
        let parts: Vec<String> = path
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let depth = parts.len().saturating_sub(1);
        if !entry.is_file() || depth > MAX_DEPTH || !parts[..depth].iter().all(|p| searched(p)) {
            continue;
        }
        if let Some(k) = parts
            .last()
            .and_then(|n| REQUIRED.iter().position(|r| n == r))
        {
            candidates[k].push((depth, path, index));
        } else if let Some(k) = parts.last().and_then(|n| in_other_case(n)) {
            near[k].get_or_insert_with(|| archive_path.join(&path));
        }
    }
    let mut texts = [None, None];
    for (k, slot) in choose(candidates).into_iter().enumerate() {
        if let Some((path, index, others)) = slot {
            let shown = archive_path.join(&path);
            let entry = archive
                .by_index(index)
                .map_err(|e| std::io::Error::other(e.to_string()));
            let others = others.iter().map(|o| archive_path.join(o)).collect();
            texts[k] = Some((shown.clone(), read_capped(entry, &shown)?, others));
        }
    }
    Ok((texts, near))
}

/// Reads a source under [`MAX_SOURCE`] ([`decode`]).
fn read_capped(
    opened: std::io::Result<impl std::io::Read>,
    path: &Path,
) -> Result<Decoded, SourceError> {
    use std::io::Read;
    let unreadable = |why| SourceError::Unreadable(path.to_path_buf(), why);
    let io = |e: std::io::Error| unreadable(WhyUnreadable::Io(e.to_string()));
    let reader = opened.map_err(io)?;
    let mut bytes = Vec::new();
    reader
        .take(MAX_SOURCE + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_SOURCE {
        return Err(unreadable(WhyUnreadable::SourceTooLarge));
    }
    Ok(decode(bytes))
}

/// The text to compile: the `package` declaration blanked (the classes
/// run in the default package beside the probe), in whatever form it is
/// written (over several lines, with comments inside, with `\u0070`
/// escapes); and, for the old default-package algs4, single-type imports
/// of the algs4 classes the file uses but cannot otherwise see (not
/// imported from elsewhere, by name or by `java.util.*`, not declared in
/// the file, and only when it imports nothing of `edu.princeton.cs.algs4`),
/// put on the first line. Line numbers are kept, so javac's diagnostics
/// point at the student's lines.
///
/// # Example
///
/// ```
/// use slider::autograde::sources::prepare;
/// let (text, changes) = prepare("package hw4;\npublic class Solver { MinPQ<String> q; }\n");
/// assert_eq!(text, "import edu.princeton.cs.algs4.MinPQ;             \npublic class Solver { MinPQ<String> q; }\n");
/// assert_eq!(changes.len(), 2);
/// // java.util's Stack, imported by a wildcard, is left alone
/// let (text, changes) = prepare("import java.util.*;\nclass Board { Stack<Board> s; }\n");
/// assert!(changes.is_empty(), "{changes:?}");
/// ```
pub fn prepare(text: &str) -> (String, Vec<SourceChange>) {
    let mut changes = Vec::new();
    let lexed = Lexed::new(text);
    let mut bytes = text.as_bytes().to_vec();
    if let Some((range, declaration)) = lexed.package() {
        for b in &mut bytes[range] {
            if *b != b'\n' && *b != b'\r' {
                *b = b' ';
            }
        }
        changes.push(SourceChange::PackageRemoved { declaration });
    }
    // Only ASCII spaces replaced whole characters' bytes: still UTF-8.
    let mut out = String::from_utf8(bytes).unwrap_or_else(|_| text.to_string());
    let imports = lexed.imports();
    if !imports
        .iter()
        .any(|i| i.starts_with("edu.princeton.cs.algs4."))
    {
        let declared = lexed.declared();
        let wildcard_util = imports.iter().any(|i| i == "java.util.*");
        let used: Vec<&'static str> = ALGS4_CLASSES
            .iter()
            .copied()
            .filter(|class| lexed.uses(class))
            .filter(|class| !imports.iter().any(|i| i.rsplit('.').next() == Some(class)))
            .filter(|class| !declared.iter().any(|d| d == class))
            .filter(|class| !(wildcard_util && matches!(*class, "Stack" | "Queue")))
            .collect();
        if !used.is_empty() {
            let added: String = used
                .iter()
                .flat_map(|c| ["import edu.princeton.cs.algs4.", c, "; "])
                .collect();
            changes.push(SourceChange::ImportsAdded { classes: used });
            // Over the blanked package declaration when it was on line 1,
            // else before the first line's text: the line count stays.
            let blank = out.bytes().take_while(|b| *b == b' ').count();
            if blank >= added.len() {
                out.replace_range(..added.len(), &added);
            } else {
                out.insert_str(0, &added);
            }
        }
    }
    (out, changes)
}

/// The submissions of a run: those `named`, each checked to be a folder or
/// a `.zip`, then every entry of the `batch` folder but the hidden ones
/// (sorted): an entry that is neither, or cannot be read (a dangling
/// link), is kept, and graded as [`Status::Unreadable`](crate::autograde::Status::Unreadable).
///
/// # Errors
///
/// The batch folder cannot be read; a named path is neither a folder nor
/// a `.zip`; there is no submission at all.
///
/// # Example
///
/// ```
/// use slider::autograde::sources::submissions;
/// let class = tempfile::tempdir()?;
/// std::fs::create_dir(class.path().join("bob"))?;
/// std::fs::create_dir(class.path().join("alice"))?;
/// std::fs::write(class.path().join("notes.txt"), "")?;
/// std::fs::write(class.path().join(".DS_Store"), "")?;
/// std::fs::write(class.path().join("README.md"), "")?;
/// let found = submissions(&[], Some(class.path()))?;
/// let names = ["alice", "bob", "notes.txt"].map(|n| class.path().join(n));
/// assert_eq!(found, names);
/// assert!(submissions(&[class.path().join("notes.txt")], None).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn submissions(named: &[PathBuf], batch: Option<&Path>) -> Result<Vec<PathBuf>, String> {
    let mut submissions = named.to_vec();
    if let Some(batch) = batch {
        let entries = std::fs::read_dir(batch)
            .map_err(|e| format!("cannot read {}: {e}", batch.display()))?;
        // Every entry but the hidden ones and the class folder's own notes
        // (Markdown files, such as its README): one that cannot be read is
        // graded all the same, as `unreadable`, never dropped.
        let mut found: Vec<PathBuf> = entries
            .flatten()
            .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
            .map(|e| e.path())
            .filter(|p| !is_notes(p))
            .collect();
        found.sort();
        submissions.extend(found);
    }
    if submissions.is_empty() {
        return Err("no submission to grade".to_string());
    }
    if let Some(odd) = named.iter().find(|s| !s.is_dir() && !is_zip(s)) {
        return Err(format!(
            "{}: not a folder or a .zip file (a submission holds Board.java and Solver.java)",
            odd.display()
        ));
    }
    Ok(submissions)
}

/// A regular file named `*.md`: a class folder's README, not a
/// submission.
fn is_notes(path: &Path) -> bool {
    path.is_file()
        && path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("md"))
}

/// A regular file named `*.zip`.
fn is_zip(path: &Path) -> bool {
    path.is_file()
        && path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

#[cfg(test)]
mod tests;
