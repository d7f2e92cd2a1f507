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
