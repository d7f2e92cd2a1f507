//! The course's file-name convention, written and read in one place:
//! `puzzle3x3-17.txt` is a 3x3 board 17 moves from the goal, `puzzle28.txt`
//! one of 28 moves, `puzzle4x4-unsolvable.txt` an unsolvable one, and a
//! `-02` suffix numbers the instances of one kind. Also the name an input
//! goes by in messages ([`display_name`]).

/// The name diagnostics use for an input path: `<stdin>` for `-`.
///
/// # Example
///
/// ```
/// use slider::format::names::display_name;
/// assert_eq!(display_name("-".as_ref()), "<stdin>");
/// assert_eq!(display_name("a/p.txt".as_ref()), "a/p.txt");
/// ```
pub fn display_name(path: &std::path::Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The name of a generated puzzle: `puzzle{n}x{n}-{label}[-{instance:02}].txt`,
/// where the label is [`moves_label`] or a word (`unsolvable`, `solvable`,
/// `uniform`).
///
/// # Example
///
/// ```
/// use slider::format::names::{course_file_name, moves_label};
/// assert_eq!(course_file_name(3, &moves_label(7), None), "puzzle3x3-07.txt");
/// assert_eq!(course_file_name(4, "unsolvable", Some(2)), "puzzle4x4-unsolvable-02.txt");
/// ```
pub fn course_file_name(n: usize, label: &str, instance: Option<usize>) -> String {
    match instance {
        Some(k) => format!("puzzle{n}x{n}-{label}-{k:02}.txt"),
        None => format!("puzzle{n}x{n}-{label}.txt"),
    }
}

/// The label of a number of moves in a file name (two digits at least).
pub fn moves_label(moves: u64) -> String {
    format!("{moves:02}")
}

/// The optimum a course file name states: `Some(Some(k))` for
/// `puzzle17.txt` or `puzzle3x3-17.txt` (and `-17-02`), `Some(None)` for
/// `*unsolvable*`, `None` when the name says nothing.
///
/// # Example
///
/// ```
/// use slider::format::names::optimum_from_name;
/// assert_eq!(optimum_from_name("puzzle3x3-17.txt"), Some(Some(17)));
/// assert_eq!(optimum_from_name("puzzle28.txt"), Some(Some(28)));
/// assert_eq!(optimum_from_name("puzzle4x4-unsolvable.txt"), Some(None));
/// assert_eq!(optimum_from_name("puzzle4x4-hard1.txt"), None);
/// ```
pub fn optimum_from_name(name: &str) -> Option<Option<u64>> {
    let stem = name.strip_suffix(".txt").unwrap_or(name);
    if stem.contains("unsolvable") {
        return Some(None);
    }
    let rest = stem.strip_prefix("puzzle")?;
    // An optional `NxN-` size prefix.
    let rest = match rest.split_once('-') {
        Some((size, tail)) if size.contains('x') => tail,
        _ => rest,
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let after = &rest[digits.len()..];
    if digits.is_empty() || !(after.is_empty() || after.starts_with('-')) {
        return None;
    }
    digits.parse().ok().map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for n in 2..=12 {
            for moves in [0, 1, 9, 10, 31, 80, 123] {
                for instance in [None, Some(1), Some(17)] {
                    let name = course_file_name(n, &moves_label(moves), instance);
                    assert_eq!(optimum_from_name(&name), Some(Some(moves)), "{name}");
                }
            }
            for instance in [None, Some(3)] {
                let name = course_file_name(n, "unsolvable", instance);
                assert_eq!(optimum_from_name(&name), Some(None), "{name}");
                for word in ["solvable", "uniform"] {
                    let name = course_file_name(n, word, instance);
                    assert_eq!(optimum_from_name(&name), None, "{name}");
                }
            }
        }
    }

    #[test]
    fn every_vendored_course_name_is_read() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/course");
        let mut named = 0;
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with("puzzle") && optimum_from_name(&name).is_some() {
                named += 1;
            }
        }
        // All but puzzle4x4-hard1/hard2 state their optimum or unsolvability.
        assert_eq!(named, 150);
    }
}
