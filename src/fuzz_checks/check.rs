//! The `check` target: edited known-good answers and raw bytes, where the
//! checker must agree with the independent judge in both directions.

use arbitrary::Arbitrary;

use super::decode;
use super::fixed::fixed;
use super::judge::{Puzzle, Validity, judge};
use crate::check::{CheckOptions, CheckVerdict, check as check_answer};

/// One edit of a known-good answer.
#[derive(Debug, Clone, Arbitrary)]
pub enum Edit {
    /// Remove the byte at this position (modulo the length).
    Delete(u16),
    /// Insert a byte.
    Insert(u16, u8),
    /// Overwrite a byte.
    Replace(u16, u8),
    /// Swap two lines.
    SwapLines(u16, u16),
    /// Duplicate a line.
    DuplicateLine(u16),
}

/// An answer for the `check` target: a known-good answer in some format,
/// edited, or raw bytes.
#[derive(Debug, Clone, Arbitrary)]
pub struct CheckInput {
    /// Which fixed puzzle.
    pub puzzle: u8,
    /// 0: course output, 1: move string, 2: count, 3: the raw bytes.
    pub base: u8,
    /// Edits applied to the base answer.
    pub edits: Vec<Edit>,
    /// The answer when `base` picks raw bytes.
    pub raw: Vec<u8>,
}

fn apply(mut text: Vec<u8>, edit: &Edit) -> Vec<u8> {
    let at = |i: u16, len: usize| if len == 0 { 0 } else { usize::from(i) % len };
    match *edit {
        Edit::Delete(i) if !text.is_empty() => {
            let i = at(i, text.len());
            text.remove(i);
        }
        Edit::Insert(i, b) => {
            let i = at(i, text.len() + 1);
            text.insert(i, b);
        }
        Edit::Replace(i, b) if !text.is_empty() => {
            let i = at(i, text.len());
            text[i] = b;
        }
        Edit::SwapLines(i, j) | Edit::DuplicateLine(i @ j) => {
            let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let (i, j) = (at(i, lines.len()), at(j, lines.len()));
            if matches!(edit, Edit::DuplicateLine(_)) {
                let copy = lines[i].clone();
                lines.insert(i, copy);
            } else {
                lines.swap(i, j);
            }
            text = lines.join(&b'\n');
        }
        _ => {}
    }
    text
}

/// The answer text a [`CheckInput`] describes.
///
/// # Example
///
/// ```
/// let input = slider::fuzz_checks::CheckInput { puzzle: 2, base: 1, edits: vec![], raw: vec![] };
/// assert_eq!(slider::fuzz_checks::check_input_text(&input), b"RDRD");
/// ```
pub fn check_input_text(input: &CheckInput) -> Vec<u8> {
    let fixed = fixed();
    let p = usize::from(input.puzzle) % fixed.boards.len();
    let base = match input.base % 4 {
        0 => fixed.answers[p].clone(),
        1 => fixed.moves[p].clone(),
        2 => fixed.optima[p].map_or(b"-1".to_vec(), |m| m.to_string().into_bytes()),
        _ => input.raw.clone(),
    };
    input.edits.iter().take(16).fold(base, apply)
}

/// The checker agrees with the independent judge: what it accepts the judge
/// does not call wrong, and what the judge calls right it accepts.
///
/// # Panics
///
/// When a property fails.
///
/// # Example
///
/// ```
/// let input = slider::fuzz_checks::CheckInput { puzzle: 4, base: 0, edits: vec![], raw: vec![] };
/// slider::fuzz_checks::check(&input);
/// ```
pub fn check(input: &CheckInput) {
    let fixed = fixed();
    let p = usize::from(input.puzzle) % fixed.boards.len();
    let text = check_input_text(input);
    let board = &fixed.boards[p];
    let options = CheckOptions {
        budget: 1_000_000,
        ..CheckOptions::default()
    };
    let report = check_answer(board, text.as_slice(), &options, Some(&fixed.oracle));
    let tiles: Vec<u32> = board.tiles().collect();
    let puzzle = Puzzle {
        n: board.size(),
        tiles: &tiles,
        optimum: fixed.optima[p],
    };
    let judgement = judge(&puzzle, &text);
    let shown = String::from_utf8_lossy(&text);
    if report.verdict == CheckVerdict::Accepted {
        assert_ne!(
            judgement,
            Some(Validity::Invalid),
            "accepted a wrong answer:\n{shown}"
        );
    }
    if judgement == Some(Validity::Valid) {
        assert_eq!(
            report.verdict,
            CheckVerdict::Accepted,
            "rejected a right answer:\n{shown}\n{:?}",
            report.findings
        );
    }
}

/// The `check` target on raw bytes (the corpus replay uses this).
///
/// # Example
///
/// ```
/// slider::fuzz_checks::check_bytes(&[2, 0, 0, 0]);
/// ```
pub fn check_bytes(data: &[u8]) {
    if let Some(input) = decode::<CheckInput>(data) {
        check(&input);
    }
}
