//! The layering `src/lib.rs` documents, enforced: every `crate::module`
//! reference in a module's files names a module on the same floor or below.

use std::collections::HashMap;
use std::path::Path;

/// Floors from lib.rs: its numbered lines, each listing modules in backticks.
fn floors() -> HashMap<String, usize> {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let mut floors = HashMap::new();
    for line in lib.lines() {
        let Some(rest) = line.strip_prefix("//! ") else {
            continue;
        };
        let Some((number, names)) = rest.split_once(". ") else {
            continue;
        };
        let Ok(floor) = number.parse::<usize>() else {
            continue;
        };
        let names = names.split(':').next().unwrap_or("");
        for name in names.split('`').skip(1).step_by(2) {
            floors.insert(name.to_string(), floor);
        }
    }
    floors
}

/// The top-level module a source file belongs to.
fn module_of(relative: &Path) -> Option<String> {
    let first = relative.components().next()?.as_os_str().to_str()?;
    Some(first.trim_end_matches(".rs").to_string())
}

fn visit(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            visit(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn imports_run_only_downward() {
    let floors = floors();
    assert!(
        floors.len() >= 12,
        "lib.rs lists too few modules: {floors:?}"
    );
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    visit(&src, &mut files);
    let mut upward = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        if relative.starts_with("bin") || relative == Path::new("lib.rs") {
            continue; // the binaries sit on top; lib.rs only declares
        }
        let module = module_of(relative).unwrap();
        let Some(&own) = floors.get(&module) else {
            panic!(
                "{}: module `{module}` is on no floor of lib.rs",
                relative.display()
            );
        };
        let text = std::fs::read_to_string(file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for (at, _) in code.match_indices("crate::") {
                let name: String = code[at + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if let Some(&floor) = floors.get(&name)
                    && floor > own
                {
                    upward.push(format!(
                        "{}:{}: `{module}` (floor {own}) uses `{name}` (floor {floor})",
                        relative.display(),
                        number + 1
                    ));
                }
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that run upwards:\n{}",
        upward.join("\n")
    );
}

/// The module path of a source file under `root` (`search/nodes.rs` →
/// `[search, nodes]`, `search/pdb/mod.rs` → `[search, pdb]`).
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if let Some(last) = parts.pop() {
        let stem = last.trim_end_matches(".rs").to_string();
        if stem != "mod" && stem != "lib" && stem != "main" {
            parts.push(stem);
        }
    }
    parts
}

/// The file that holds the module at the longest prefix of `path` that is
/// a file of the tree.
fn file_of(root: &Path, path: &[String]) -> Option<std::path::PathBuf> {
    (1..=path.len()).rev().find_map(|k| {
        let base = path[..k].iter().collect::<std::path::PathBuf>();
        [
            root.join(&base).with_extension("rs"),
            root.join(&base).join("mod.rs"),
        ]
        .into_iter()
        .find(|p| p.is_file())
    })
}

/// The files each file names through `crate::` and `super::` paths.
fn arrows(
    root: &Path,
    files: &[std::path::PathBuf],
) -> Vec<(std::path::PathBuf, std::path::PathBuf)> {
    let mut out = Vec::new();
    for file in files {
        let relative = file.strip_prefix(root).unwrap();
        let own = module_path(relative);
        let text = std::fs::read_to_string(file).unwrap();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            for start in ["crate::", "super::"] {
                for (at, _) in code.match_indices(start) {
                    if at > 0
                        && code[..at]
                            .ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
                    {
                        continue;
                    }
                    let rest: String = code[at..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                        .collect();
                    let mut segments: Vec<String> = rest
                        .split("::")
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                        .collect();
                    let mut path = if segments.first().is_some_and(|s| s == "crate") {
                        segments.remove(0);
                        Vec::new()
                    } else {
                        own.clone()
                    };
                    while segments.first().is_some_and(|s| s == "super") {
                        segments.remove(0);
                        path.pop();
                    }
                    path.extend(segments);
                    if let Some(target) = file_of(root, &path)
                        && target != *file
                    {
                        out.push((file.clone(), target));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn no_two_files_name_each_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    visit(&root, &mut files);
    files.retain(|f| !f.starts_with(root.join("bin")));
    let arrows: std::collections::HashSet<_> = arrows(&root, &files).into_iter().collect();
    // A module's own file and its direct children name each other by design
    // (re-exports one way, `super::` the other): only other pairs count.
    let parent_of = |child: &Path, parent: &Path| {
        parent
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs")
            && child.parent().is_some_and(|folder| {
                folder == parent.parent().unwrap()
                    || folder.parent() == parent.parent()
                        && child.file_name().is_some_and(|n| n == "mod.rs")
            })
    };
    let mut circles: Vec<String> = arrows
        .iter()
        .filter(|(a, b)| a < b && arrows.contains(&(b.clone(), a.clone())))
        .filter(|(a, b)| !parent_of(a, b) && !parent_of(b, a))
        .map(|(a, b)| {
            format!(
                "{} <-> {}",
                a.strip_prefix(&root).unwrap().display(),
                b.strip_prefix(&root).unwrap().display()
            )
        })
        .collect();
    circles.sort();
    assert!(
        circles.is_empty(),
        "files that name each other:\n{}",
        circles.join("\n")
    );
}

/// lib.rs re-exports items of some modules at the crate root
/// (`pub use format::PuzzleError`). Those modules must name the items they
/// use by their own module (`crate::board::Board`), never through the
/// root (`crate::Board`): that would be an arrow from the module up to
/// lib.rs and back, a circle through the root.
#[test]
fn modules_lib_re_exports_from_do_not_import_through_the_root() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(root.join("lib.rs")).unwrap();
    let re_exported: Vec<&str> = lib
        .lines()
        .filter_map(|line| line.trim().strip_prefix("pub use "))
        .filter_map(|rest| rest.split("::").next())
        .collect();
    assert!(re_exported.contains(&"format"), "{re_exported:?}");
    let mut through_root = Vec::new();
    for module in re_exported {
        let mut files = Vec::new();
        if root.join(module).is_dir() {
            visit(&root.join(module), &mut files);
        } else {
            files.push(root.join(format!("{module}.rs")));
        }
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for (number, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                let named = code.match_indices("crate::").any(|(at, _)| {
                    code[at + 7..].starts_with(|c: char| c.is_ascii_uppercase() || c == '{')
                });
                if named {
                    through_root.push(format!(
                        "{}:{}: {}",
                        file.strip_prefix(&root).unwrap().display(),
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        through_root.is_empty(),
        "modules re-exported by lib.rs that import through the crate root:\n{}",
        through_root.join("\n")
    );
}
