//! Line manifests, read in one place: the one tokenizer every manifest uses
//! ([`fields`]: `#` comments, blank lines, numbered lines of
//! whitespace-separated fields), the suite manifest of `slider grade`
//! (`slider-suite.txt`), and benchmark lists (tiles and optimal length per
//! line, in the course's goal or Korf's, converted). The generator's
//! manifest is read by `generate::parse_manifest` with the same tokenizer.

use std::fmt;

use crate::board::Board;

/// A manifest line that cannot be read: its 1-based number and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.message)
    }
}

impl std::error::Error for ManifestError {}

/// The numbered lines that hold something: `#` starts a comment, blank
/// lines are skipped, fields are separated by whitespace.
///
/// # Example
///
/// ```
/// let lines: Vec<_> = slider::format::manifest::fields("# title\n\na b  # c\n").collect();
/// assert_eq!(lines, vec![(3, vec!["a", "b"])]);
/// ```
pub fn fields(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(k, line)| {
        let line = line.split('#').next().unwrap_or("").trim();
        (!line.is_empty()).then(|| (k + 1, line.split_whitespace().collect()))
    })
}

/// What a suite manifest line expects of its puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// `auto`: from the file name, or proved by slider.
    Auto,
    /// `unsolvable`.
    Unsolvable,
    /// A number of moves.
    Moves(u64),
}

/// One line of a suite manifest: `file expected [weight]`.
#[derive(Debug, Clone, PartialEq)]
pub struct SuiteLine {
    /// The puzzle's file name.
    pub file: String,
    /// Its expected optimum.
    pub expected: Expected,
    /// Points for passing (1 unless given).
    pub weight: f64,
}

/// Reads a suite manifest (`slider-suite.txt`).
///
/// # Errors
///
/// The first line that is not `file expected [weight]`, with expected a
/// number of moves, `unsolvable` or `auto`, and weight a non-negative number.
///
/// # Example
///
/// ```
/// use slider::format::manifest::{Expected, parse_suite};
/// let lines = parse_suite("p1.txt 12\np2.txt unsolvable 2\n")?;
/// assert_eq!((lines[0].expected, lines[1].weight), (Expected::Moves(12), 2.0));
/// assert_eq!(parse_suite("p.txt twelve").unwrap_err().line, 1);
/// # Ok::<(), slider::format::manifest::ManifestError>(())
/// ```
pub fn parse_suite(text: &str) -> Result<Vec<SuiteLine>, ManifestError> {
    let mut lines = Vec::new();
    for (line, fields) in fields(text) {
        let bad = |message: String| ManifestError { line, message };
        let (file, expected, weight) = match fields.as_slice() {
            [file, expected] => (*file, *expected, "1"),
            [file, expected, weight] => (*file, *expected, *weight),
            _ => return Err(bad("expected `file expected [weight]`".to_string())),
        };
        let expected = match expected {
            "auto" => Expected::Auto,
            "unsolvable" => Expected::Unsolvable,
            n => Expected::Moves(n.parse().map_err(|_| {
                bad(format!(
                    "`{n}` is not a number of moves, `unsolvable` or `auto`"
                ))
            })?),
        };
        let weight: f64 = weight
            .parse()
            .map_err(|_| bad(format!("`{weight}` is not a weight")))?;
        if !(weight.is_finite() && weight >= 0.0) {
            return Err(bad(format!(
                "the weight {weight} is not a non-negative number"
            )));
        }
        lines.push(SuiteLine {
            file: file.to_string(),
            expected,
            weight,
        });
    }
    Ok(lines)
}

/// The goal a benchmark list's boards are written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Convention {
    /// Korf's if the header says `Goal convention (KORF)`, else blank-last.
    #[default]
    Auto,
    /// The course's goal: 1..n²−1 in order, the blank last.
    BlankLast,
    /// Korf's goal: the blank first, then 1..n²−1.
    Korf,
}

/// One benchmark instance, towards the course's goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Benchmark {
    /// The board.
    pub board: Board,
    /// Its published optimal length.
    pub optimum: u64,
}

/// Reads a benchmark list: per line, the tiles row-major and then the
/// optimal length. Boards written for Korf's goal are converted to the
/// course's: rotated 180° and renamed t → n² − t, the same problem.
///
/// # Errors
///
/// The first line whose numbers are not a board and a length.
///
/// # Example
///
/// ```
/// use slider::format::manifest::{Convention, parse_benchmarks};
/// // Korf's goal one move away, written in Korf's convention.
/// let korf = parse_benchmarks("1 0 2 3  1\n", Convention::Korf)?;
/// assert_eq!(korf[0].optimum, 1);
/// assert_eq!(korf[0].board.tiles().collect::<Vec<_>>(), vec![1, 2, 0, 3]);
/// # Ok::<(), slider::format::manifest::ManifestError>(())
/// ```
pub fn parse_benchmarks(
    text: &str,
    convention: Convention,
) -> Result<Vec<Benchmark>, ManifestError> {
    let korf = match convention {
        Convention::Auto => text
            .lines()
            .any(|l| l.starts_with('#') && l.contains("Goal convention (KORF)")),
        Convention::Korf => true,
        Convention::BlankLast => false,
    };
    let mut instances = Vec::new();
    for (line, fields) in fields(text) {
        let bad = |message: String| ManifestError { line, message };
        let values: Vec<u32> = fields
            .iter()
            .map(|v| v.parse().map_err(|e| bad(format!("`{v}`: {e}"))))
            .collect::<Result<_, _>>()?;
        let (&optimum, tiles) = values.split_last().ok_or_else(|| bad("empty".into()))?;
        let n = tiles.len().isqrt();
        if n * n != tiles.len() {
            return Err(bad(format!("{} tiles is not a square", tiles.len())));
        }
        let tiles: Vec<u32> = if korf {
            let cells = tiles.len() as u32;
            tiles
                .iter()
                .rev()
                .map(|&t| if t == 0 { 0 } else { cells - t })
                .collect()
        } else {
            tiles.to_vec()
        };
        let board = Board::from_tiles(n, &tiles).map_err(|e| bad(e.to_string()))?;
        instances.push(Benchmark {
            board,
            optimum: u64::from(optimum),
        });
    }
    Ok(instances)
}

/// One line of a pairs manifest (`slider-check --batch`): a puzzle file,
/// the answer to check against it, and optionally its known optimum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairLine {
    /// The 1-based line.
    pub line: usize,
    /// The puzzle's path, as written.
    pub puzzle: String,
    /// The answer's path, as written.
    pub answer: String,
    /// The optimum to trust instead of proving one: `Some(None)` for
    /// `unsolvable`.
    pub optimum: Option<Option<u64>>,
}

/// Reads a pairs manifest: `puzzle answer [optimum]` per line, the optimum
/// a number of moves or `unsolvable`.
///
/// # Errors
///
/// The first line that is not `puzzle answer [optimum]`.
///
/// # Example
///
/// ```
/// use slider::format::manifest::parse_pairs;
/// let pairs = parse_pairs("# course files\np1.txt a1.txt\np2.txt a2.txt unsolvable\n")?;
/// assert_eq!((pairs[0].line, pairs[1].optimum), (2, Some(None)));
/// assert_eq!(parse_pairs("p.txt").unwrap_err().line, 1);
/// # Ok::<(), slider::format::manifest::ManifestError>(())
/// ```
pub fn parse_pairs(text: &str) -> Result<Vec<PairLine>, ManifestError> {
    let mut pairs = Vec::new();
    for (line, fields) in fields(text) {
        let bad = |message: String| ManifestError { line, message };
        let (puzzle, answer, optimum) = match fields.as_slice() {
            [puzzle, answer] => (*puzzle, *answer, None),
            [puzzle, answer, optimum] => (*puzzle, *answer, Some(*optimum)),
            _ => return Err(bad("expected `puzzle answer [optimum]`".to_string())),
        };
        let optimum = match optimum {
            None => None,
            Some("unsolvable") => Some(None),
            Some(n) => Some(Some(n.parse().map_err(|_| {
                bad(format!("`{n}` is not a number of moves or `unsolvable`"))
            })?)),
        };
        pairs.push(PairLine {
            line,
            puzzle: puzzle.to_string(),
            answer: answer.to_string(),
            optimum,
        });
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_korf_files_hold_the_same_problems() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/benchmarks");
        let read = |name: &str| std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        let korf = parse_benchmarks(&read("korf100.txt"), Convention::Auto).unwrap();
        let last = parse_benchmarks(&read("korf100-blank-last.txt"), Convention::Auto).unwrap();
        assert_eq!(korf.len(), 100);
        assert_eq!(korf, last);
    }
}
