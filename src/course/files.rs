//! The course's 152 puzzle files, embedded so that the binary needs nothing
//! beside it (the files are vendored in `fixtures/course/`; see its
//! PROVENANCE.md), and the lists of them the course's tests use.

/// Embeds `fixtures/course/NAME.txt` for every name, sorted.
macro_rules! course_files {
    ($($name:literal),* $(,)?) => {
        /// `(file name without .txt, contents)`, sorted by name.
        pub const FILES: &[(&str, &str)] = &[
            $(($name, include_str!(concat!("../../fixtures/course/", $name, ".txt")))),*
        ];
    };
}

course_files![
    "puzzle00",
    "puzzle01",
    "puzzle02",
    "puzzle03",
    "puzzle04",
    "puzzle05",
    "puzzle06",
    "puzzle07",
    "puzzle08",
    "puzzle09",
    "puzzle10",
    "puzzle11",
    "puzzle12",
    "puzzle13",
    "puzzle14",
    "puzzle15",
    "puzzle16",
    "puzzle17",
    "puzzle18",
    "puzzle19",
    "puzzle20",
    "puzzle21",
    "puzzle22",
    "puzzle23",
    "puzzle24",
    "puzzle25",
    "puzzle26",
    "puzzle27",
    "puzzle28",
    "puzzle29",
    "puzzle2x2-00",
    "puzzle2x2-01",
    "puzzle2x2-02",
    "puzzle2x2-03",
    "puzzle2x2-04",
    "puzzle2x2-05",
    "puzzle2x2-06",
    "puzzle2x2-unsolvable1",
    "puzzle2x2-unsolvable2",
    "puzzle2x2-unsolvable3",
    "puzzle30",
    "puzzle31",
    "puzzle32",
    "puzzle33",
    "puzzle34",
    "puzzle35",
    "puzzle36",
    "puzzle37",
    "puzzle38",
    "puzzle39",
    "puzzle3x3-00",
    "puzzle3x3-01",
    "puzzle3x3-02",
    "puzzle3x3-03",
    "puzzle3x3-04",
    "puzzle3x3-05",
    "puzzle3x3-06",
    "puzzle3x3-07",
    "puzzle3x3-08",
    "puzzle3x3-09",
    "puzzle3x3-10",
    "puzzle3x3-11",
    "puzzle3x3-12",
    "puzzle3x3-13",
    "puzzle3x3-14",
    "puzzle3x3-15",
    "puzzle3x3-16",
    "puzzle3x3-17",
    "puzzle3x3-18",
    "puzzle3x3-19",
    "puzzle3x3-20",
    "puzzle3x3-21",
    "puzzle3x3-22",
    "puzzle3x3-23",
    "puzzle3x3-24",
    "puzzle3x3-25",
    "puzzle3x3-26",
    "puzzle3x3-27",
    "puzzle3x3-28",
    "puzzle3x3-29",
    "puzzle3x3-30",
    "puzzle3x3-31",
    "puzzle3x3-unsolvable",
    "puzzle3x3-unsolvable1",
    "puzzle3x3-unsolvable2",
    "puzzle40",
    "puzzle41",
    "puzzle42",
    "puzzle43",
    "puzzle44",
    "puzzle45",
    "puzzle46",
    "puzzle47",
    "puzzle48",
    "puzzle49",
    "puzzle4x4-00",
    "puzzle4x4-01",
    "puzzle4x4-02",
    "puzzle4x4-03",
    "puzzle4x4-04",
    "puzzle4x4-05",
    "puzzle4x4-06",
    "puzzle4x4-07",
    "puzzle4x4-08",
    "puzzle4x4-09",
    "puzzle4x4-10",
    "puzzle4x4-11",
    "puzzle4x4-12",
    "puzzle4x4-13",
    "puzzle4x4-14",
    "puzzle4x4-15",
    "puzzle4x4-16",
    "puzzle4x4-17",
    "puzzle4x4-18",
    "puzzle4x4-19",
    "puzzle4x4-20",
    "puzzle4x4-21",
    "puzzle4x4-22",
    "puzzle4x4-23",
    "puzzle4x4-24",
    "puzzle4x4-25",
    "puzzle4x4-26",
    "puzzle4x4-27",
    "puzzle4x4-28",
    "puzzle4x4-29",
    "puzzle4x4-30",
    "puzzle4x4-31",
    "puzzle4x4-32",
    "puzzle4x4-33",
    "puzzle4x4-34",
    "puzzle4x4-35",
    "puzzle4x4-36",
    "puzzle4x4-37",
    "puzzle4x4-38",
    "puzzle4x4-39",
    "puzzle4x4-40",
    "puzzle4x4-41",
    "puzzle4x4-42",
    "puzzle4x4-43",
    "puzzle4x4-44",
    "puzzle4x4-45",
    "puzzle4x4-46",
    "puzzle4x4-47",
    "puzzle4x4-48",
    "puzzle4x4-49",
    "puzzle4x4-50",
    "puzzle4x4-78",
    "puzzle4x4-80",
    "puzzle4x4-hard1",
    "puzzle4x4-hard2",
    "puzzle4x4-unsolvable",
    "puzzle50",
];

/// The contents of the course file `name` (`puzzle04` or `puzzle04.txt`).
///
/// # Example
///
/// ```
/// let text = slider::course::file("puzzle04.txt").unwrap();
/// assert!(text.starts_with("3\n"));
/// assert_eq!(slider::course::file("puzzle04"), Some(text));
/// assert_eq!(slider::course::file("nonexistent"), None);
/// ```
#[must_use]
pub fn file(name: &str) -> Option<&'static str> {
    let name = name.strip_suffix(".txt").unwrap_or(name);
    FILES
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|i| FILES[i].1)
}

/// The course's 25 timing puzzles, in the order its timing tests run them.
pub const TIMING_PUZZLES: [&str; 25] = [
    "puzzle20", "puzzle22", "puzzle21", "puzzle23", "puzzle24", "puzzle25", "puzzle27", "puzzle29",
    "puzzle26", "puzzle28", "puzzle30", "puzzle31", "puzzle39", "puzzle41", "puzzle34", "puzzle37",
    "puzzle44", "puzzle32", "puzzle35", "puzzle33", "puzzle43", "puzzle46", "puzzle40", "puzzle36",
    "puzzle45",
];

/// The puzzles of the course's Solver and `MinPQ` memory tests.
pub const MEMORY_PUZZLES: [&str; 6] = [
    "puzzle10", "puzzle15", "puzzle20", "puzzle25", "puzzle30", "puzzle35",
];

/// The board sizes of the course's Board memory test.
pub const MEMORY_SIZES: [usize; 10] = [2, 3, 4, 8, 12, 16, 20, 37, 72, 120];
