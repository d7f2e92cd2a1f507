//! Whose submission it is, for the CSV and the JSON.

use std::path::Path;

/// Who handed `submission` in: the names of the `users` of Gradescope's
/// `submission_metadata.json` beside it (Gradescope puts it next to
/// `/autograder/submission`), joined with " & " for a group; else the
/// submission's folder name, or its `.zip` name without `.zip`.
///
/// # Example
///
/// ```
/// use slider::autograde::sources::student;
/// assert_eq!(student("subs/ada-lovelace.zip".as_ref()), "ada-lovelace");
/// assert_eq!(student("subs/grace/".as_ref()), "grace");
/// ```
#[must_use]
pub fn student(submission: &Path) -> String {
    let metadata = submission
        .parent()
        .map(|dir| dir.join("submission_metadata.json"))
        .and_then(|path| {
            use std::io::Read;
            let mut text = String::new();
            std::fs::File::open(path)
                .ok()?
                .take(1 << 20)
                .read_to_string(&mut text)
                .ok()?;
            serde_json::from_str::<serde_json::Value>(&text).ok()
        });
    let names: Vec<String> = metadata
        .as_ref()
        .and_then(|m| m["users"].as_array())
        .map(|users| {
            users
                .iter()
                .filter_map(|u| u["name"].as_str().or_else(|| u["email"].as_str()))
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    if !names.is_empty() {
        return names.join(" & ");
    }
    let name = submission
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match name.rsplit_once('.') {
        Some((stem, ext)) if ext.eq_ignore_ascii_case("zip") && !stem.is_empty() => {
            stem.to_string()
        }
        _ => name,
    }
}
