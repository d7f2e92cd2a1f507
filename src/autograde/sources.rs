//! A submission's sources: found in a folder or a `.zip` at any depth,
//! read under a cap, and made compilable beside slider's classes (a `package` line
//! blanked, imports added for the old default-package algs4) without
//! moving a single line, so that javac's line numbers stay the student's.

use std::path::{Path, PathBuf};

use super::java::ALGS4_CLASSES;

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
    pub changes: Vec<String>,
}

/// Why a submission's sources cannot be had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceError {
    /// A required file is nowhere in the folder.
    Missing(&'static str),
    /// The file could not be read, or is too large, or not UTF-8.
    Unreadable(PathBuf, String),
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SourceError::Missing(name) => write!(f, "{name} not found in the submission"),
            SourceError::Unreadable(path, why) => write!(f, "{}: {why}", path.display()),
        }
    }
}

/// The largest `.zip` submission opened.
pub const MAX_ARCHIVE: u64 = 64 << 20;

/// Finds `Board.java` and `Solver.java` in a submission, a folder or a
/// `.zip` file (the shallowest of each; symbolic links are not followed,
/// hidden folders and `__MACOSX` are skipped), and prepares them.
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
    let mut files = Vec::new();
    for (name, found) in REQUIRED.iter().zip(found) {
        let Some((path, text)) = found else {
            return Err(SourceError::Missing(name));
        };
        let (text, changes) = prepare(&text);
        files.push(SourceFile {
            name,
            found: path,
            text,
            changes,
        });
    }
    Ok(files)
}

/// Where each required file was found, and its text.
type Found = [Option<(PathBuf, String)>; 2];

/// Whether a folder or archive entry of this name is searched.
fn searched(name: &str) -> bool {
    !name.starts_with('.') && name != "__MACOSX"
}

fn find_in_folder(root: &Path) -> Result<Found, SourceError> {
    let mut found: [Option<(usize, PathBuf)>; 2] = [None, None];
    let mut queue = vec![(root.to_path_buf(), 0)];
    let mut seen = 0;
    while let Some((dir, depth)) = queue.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
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
                && found[k].as_ref().is_none_or(|(d, _)| depth < *d)
            {
                found[k] = Some((depth, entry.path()));
            }
        }
    }
    let mut texts: Found = [None, None];
    for (k, slot) in found.into_iter().enumerate() {
        if let Some((_, path)) = slot {
            let text = read_capped(std::fs::File::open(&path), &path)?;
            texts[k] = Some((path, text));
        }
    }
    Ok(texts)
}

/// The two files from a `.zip`, read in memory under the caps (nothing is
/// extracted, so entry names like `../x` are harmless).
fn find_in_zip(archive_path: &Path) -> Result<Found, SourceError> {
    let unreadable = |why: String| SourceError::Unreadable(archive_path.to_path_buf(), why);
    let is_zip = archive_path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"));
    if !is_zip {
        return Err(unreadable(
            "a submission is a folder or a .zip file".to_string(),
        ));
    }
    let file = std::fs::File::open(archive_path).map_err(|e| unreadable(e.to_string()))?;
    let size = file
        .metadata()
        .map_err(|e| unreadable(e.to_string()))?
        .len();
    if size > MAX_ARCHIVE {
        return Err(unreadable(format!("larger than {} MiB", MAX_ARCHIVE >> 20)));
    }
    let mut archive = zip::ZipArchive::new(std::io::BufReader::new(file))
        .map_err(|e| unreadable(format!("not a readable .zip ({e})")))?;
    let mut found: [Option<(usize, usize, PathBuf)>; 2] = [None, None];
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
            && found[k].as_ref().is_none_or(|(d, _, _)| depth < *d)
        {
            found[k] = Some((depth, index, path));
        }
    }
    let mut texts: Found = [None, None];
    for (k, slot) in found.into_iter().enumerate() {
        if let Some((_, index, path)) = slot {
            let shown = archive_path.join(&path);
            let entry = archive
                .by_index(index)
                .map_err(|e| std::io::Error::other(e.to_string()));
            texts[k] = Some((shown.clone(), read_capped(entry, &shown)?));
        }
    }
    Ok(texts)
}

/// Reads a source under [`MAX_SOURCE`], as UTF-8.
fn read_capped(
    opened: std::io::Result<impl std::io::Read>,
    path: &Path,
) -> Result<String, SourceError> {
    use std::io::Read;
    let unreadable = |why: String| SourceError::Unreadable(path.to_path_buf(), why);
    let reader = opened.map_err(|e| unreadable(e.to_string()))?;
    let mut bytes = Vec::new();
    reader
        .take(MAX_SOURCE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| unreadable(e.to_string()))?;
    if bytes.len() as u64 > MAX_SOURCE {
        return Err(unreadable(format!("larger than {} KiB", MAX_SOURCE >> 10)));
    }
    String::from_utf8(bytes).map_err(|e| unreadable(format!("not UTF-8 ({e})")))
}

/// The text to compile: a `package` declaration blanked (the classes run in
/// the default package beside the probe), and, when the file imports
/// nothing from `edu.princeton.cs.algs4` but names its classes (the old
/// default-package algs4), single-type imports of those classes put on the
/// first line. Line numbers are kept.
///
/// # Example
///
/// ```
/// use slider::autograde::sources::prepare;
/// let (text, changes) = prepare("package hw4;\npublic class Solver { MinPQ<String> q; }\n");
/// assert_eq!(text, "import edu.princeton.cs.algs4.MinPQ; \npublic class Solver { MinPQ<String> q; }\n");
/// assert_eq!(changes.len(), 2);
/// ```
pub fn prepare(text: &str) -> (String, Vec<String>) {
    let mut changes = Vec::new();
    let mut out = String::with_capacity(text.len() + 200);
    let mut in_comment = false;
    let mut package_done = false;
    for line in text.split_inclusive('\n') {
        let code = code_of(line, &mut in_comment);
        let trimmed = code.trim_start();
        if !package_done && trimmed.starts_with("package") && trimmed.contains(';') {
            let decl = trimmed[..=trimmed.find(';').unwrap_or(0)]
                .trim()
                .to_string();
            changes.push(format!("`{decl}` removed (graded in the default package)"));
            out.push_str(&line.replacen(decl.as_str(), &" ".repeat(decl.len()), 1));
            package_done = true;
            continue;
        }
        if !trimmed.is_empty() {
            package_done = true;
        }
        out.push_str(line);
    }
    if !text.contains("edu.princeton.cs.algs4") {
        let used: Vec<&str> = ALGS4_CLASSES
            .iter()
            .copied()
            .filter(|class| names(text, class))
            .collect();
        if !used.is_empty() {
            let imports: String = used
                .iter()
                .flat_map(|c| ["import edu.princeton.cs.algs4.", c, "; "])
                .collect();
            changes.push(format!(
                "imports added for the default-package algs4: {}",
                used.join(", ")
            ));
            let first_line_is_blank_package = out.starts_with(' ');
            let rest = if first_line_is_blank_package {
                out.trim_start_matches(' ').to_string()
            } else {
                out
            };
            out = imports + &rest;
        }
    }
    (out, changes)
}

/// The code part of a line (comments and string contents dropped), for
/// recognizing declarations.
fn code_of(line: &str, in_comment: &mut bool) -> String {
    let mut code = String::new();
    let mut rest = line;
    loop {
        if *in_comment {
            match rest.find("*/") {
                Some(end) => {
                    rest = &rest[end + 2..];
                    *in_comment = false;
                }
                None => return code,
            }
        }
        let block = rest.find("/*");
        let line_comment = rest.find("//");
        match (block, line_comment) {
            (Some(b), l) if l.is_none_or(|l| b < l) => {
                code.push_str(&rest[..b]);
                rest = &rest[b + 2..];
                *in_comment = true;
            }
            (_, Some(l)) => {
                code.push_str(&rest[..l]);
                return code;
            }
            _ => {
                code.push_str(rest);
                return code;
            }
        }
    }
}

/// Whether `text` uses `word` as a whole identifier.
fn names(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident) && before != Some('.')
    })
}
