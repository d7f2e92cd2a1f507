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
pub fn prepare(text: &str) -> (String, Vec<String>) {
    let mut changes = Vec::new();
    let lexed = Lexed::new(text);
    let mut bytes = text.as_bytes().to_vec();
    if let Some((range, declaration)) = lexed.package() {
        for b in &mut bytes[range] {
            if *b != b'\n' && *b != b'\r' {
                *b = b' ';
            }
        }
        changes.push(format!(
            "`{declaration}` removed (graded in the default package)"
        ));
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
        let used: Vec<&str> = ALGS4_CLASSES
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
            changes.push(format!(
                "imports added for the default-package algs4: {}",
                used.join(", ")
            ));
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

/// A Java source's tokens, as the compiler reads them: `\uXXXX` escapes
/// decoded, comments and literals skipped; each token keeps the byte range
/// of its raw text.
struct Lexed {
    tokens: Vec<(String, std::ops::Range<usize>)>,
}

impl Lexed {
    fn new(text: &str) -> Lexed {
        // Decode unicode escapes: a backslash preceded by an even number of
        // backslashes, one or more `u`, four hex digits.
        let raw = text.as_bytes();
        let mut chars: Vec<(char, usize, usize)> = Vec::new();
        let mut i = 0;
        let mut backslashes = 0;
        while i < raw.len() {
            let start = i;
            let c = text[i..].chars().next().unwrap_or('\0');
            if c == '\\' && backslashes % 2 == 0 {
                let mut j = i + 1;
                while j < raw.len() && raw[j] == b'u' {
                    j += 1;
                }
                if j > i + 1
                    && let Some(hex) = text.get(j..j + 4)
                    && let Ok(code) = u32::from_str_radix(hex, 16)
                {
                    chars.push((char::from_u32(code).unwrap_or('\u{fffd}'), start, j + 4));
                    i = j + 4;
                    backslashes = 0;
                    continue;
                }
            }
            backslashes = if c == '\\' { backslashes + 1 } else { 0 };
            i += c.len_utf8();
            chars.push((c, start, i));
        }
        let mut tokens = Vec::new();
        let mut k = 0;
        let at = |k: usize| chars.get(k).map_or('\0', |c| c.0);
        while k < chars.len() {
            let c = at(k);
            if c.is_whitespace() {
                k += 1;
            } else if c == '/' && at(k + 1) == '/' {
                while k < chars.len() && at(k) != '\n' {
                    k += 1;
                }
            } else if c == '/' && at(k + 1) == '*' {
                k += 2;
                while k < chars.len() && !(at(k) == '*' && at(k + 1) == '/') {
                    k += 1;
                }
                k += 2;
            } else if c == '"' || c == '\'' {
                k += 1;
                while k < chars.len() && at(k) != c {
                    k += if at(k) == '\\' { 2 } else { 1 };
                }
                k += 1;
            } else if c.is_alphanumeric() || c == '_' || c == '$' {
                let start = k;
                while k < chars.len() && (at(k).is_alphanumeric() || at(k) == '_' || at(k) == '$') {
                    k += 1;
                }
                let word: String = chars[start..k].iter().map(|c| c.0).collect();
                tokens.push((word, chars[start].1..chars[k - 1].2));
            } else {
                tokens.push((c.to_string(), chars[k].1..chars[k].2));
                k += 1;
            }
        }
        Lexed { tokens }
    }

    /// The package declaration's raw byte range and its text, when the
    /// file starts with one (annotations before it allowed).
    fn package(&self) -> Option<(std::ops::Range<usize>, String)> {
        let mut k = 0;
        while self.tokens.get(k).is_some_and(|t| t.0 == "@") {
            k += 2;
            if self.tokens.get(k).is_some_and(|t| t.0 == "(") {
                let mut depth = 0;
                while let Some(t) = self.tokens.get(k) {
                    depth += match t.0.as_str() {
                        "(" => 1,
                        ")" => -1,
                        _ => 0,
                    };
                    k += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
        }
        if self.tokens.get(k)?.0 != "package" {
            return None;
        }
        let end = (k..self.tokens.len()).find(|&j| self.tokens[j].0 == ";")?;
        let text: String = self.tokens[k..=end]
            .iter()
            .map(|t| t.0.as_str())
            .collect::<Vec<_>>()
            .join(" ")
            .replace(" . ", ".")
            .replace(" ;", ";");
        Some((self.tokens[k].1.start..self.tokens[end].1.end, text))
    }

    /// Every import's name: `java.util.Stack`, `java.util.*`.
    fn imports(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (k, token) in self.tokens.iter().enumerate() {
            if token.0 != "import" {
                continue;
            }
            let name: String = self.tokens[k + 1..]
                .iter()
                .take_while(|t| t.0 != ";")
                .filter(|t| t.0 != "static")
                .map(|t| t.0.as_str())
                .collect();
            out.push(name);
        }
        out
    }

    /// The types the file declares.
    fn declared(&self) -> Vec<String> {
        self.tokens
            .windows(2)
            .filter(|w| matches!(w[0].0.as_str(), "class" | "interface" | "enum" | "record"))
            .map(|w| w[1].0.clone())
            .collect()
    }

    /// Whether the code names `word` (not after a `.`).
    fn uses(&self, word: &str) -> bool {
        self.tokens
            .iter()
            .enumerate()
            .any(|(k, t)| t.0 == word && (k == 0 || self.tokens[k - 1].0 != "."))
    }
}

#[cfg(test)]
mod tests {
    use super::prepare;

    fn lines(text: &str) -> usize {
        text.lines().count()
    }

    #[test]
    fn every_form_of_package_declaration_is_blanked_and_lines_kept() {
        for source in [
            "package a.b;\nclass Board {}\n",
            "package\n  a . b\n ;\nclass Board {}\n",
            "/* x */ package /* y */ a.b; // z\nclass Board {}\n",
            "\\u0070ackage a.b;\nclass Board {}\n",
            "\\uuu0070ackage a\\u002eb\\u003b\nclass Board {}\n",
            "@Deprecated package a;\nclass Board {}\n",
        ] {
            let (text, changes) = prepare(source);
            assert!(
                !text.contains("package") && !text.contains("ackage"),
                "{source:?} -> {text:?}"
            );
            assert_eq!(lines(&text), lines(source), "{source:?}");
            assert_eq!(changes.len(), 1, "{source:?}: {changes:?}");
            assert!(text.contains("class Board {}"));
        }
    }

    #[test]
    fn words_in_strings_and_comments_are_not_code() {
        let (text, changes) = prepare("class Board { String s = \"package x;\"; } // MinPQ\n");
        assert!(changes.is_empty(), "{changes:?}");
        assert!(text.contains("\"package x;\""));
    }

    #[test]
    fn imports_are_added_only_for_names_nothing_else_provides() {
        let cases = [
            (
                "import java.util.Stack;\nclass S { Stack<Integer> s; MinPQ<Integer> q; }\n",
                vec!["MinPQ"],
            ),
            (
                "import java.util.*;\nclass S { Stack<Integer> s; Queue<Integer> q; MinPQ<Integer> m; }\n",
                vec!["MinPQ"],
            ),
            ("class S { MinPQ<Integer> q; }\nclass MinPQ<T> {}\n", vec![]),
            (
                "import edu.princeton.cs.algs4.MinPQ;\nclass S { MinPQ<Integer> q; Stack<Integer> s; }\n",
                vec![],
            ),
            (
                "class S { Stack<Integer> s; StdOut x; }\n",
                vec!["Stack", "StdOut"],
            ),
        ];
        for (source, added) in cases {
            let (text, changes) = prepare(source);
            for class in ["MinPQ", "Stack", "Queue", "StdOut"] {
                let import = format!("import edu.princeton.cs.algs4.{class};");
                let new = text.matches(&import).count() - source.matches(&import).count();
                assert_eq!(new == 1, added.contains(&class), "{source:?} -> {text:?}");
            }
            assert_eq!(changes.is_empty(), added.is_empty(), "{source:?}");
            assert_eq!(lines(&text), lines(source));
        }
    }
}
