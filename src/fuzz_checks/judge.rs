//! An independent judge of answers for the `check` fuzz target.
//!
//! It shares no code with the checker: it splits text on ASCII whitespace,
//! replays raw tile arrays, and is told the optimum by the caller (from the
//! exhaustive oracle, or a fixed value). It understands only the clean forms
//! of each answer format and says `None` ("no opinion") for anything else.

/// What the independent judge thinks of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Validity {
    /// Legal and optimal (or a correct unsolvable claim).
    Valid,
    /// Wrong.
    Invalid,
}

/// The puzzle as the judge sees it.
#[derive(Debug, Clone, Copy)]
pub struct Puzzle<'a> {
    /// Side.
    pub n: usize,
    /// Tiles, row-major.
    pub tiles: &'a [u32],
    /// The optimum, or `None` when unsolvable.
    pub optimum: Option<u64>,
}

/// Whitespace as the course's `Scanner` knows it: ASCII space, tab, line
/// feed, vertical tab, form feed and carriage return. (Rust's
/// `split_ascii_whitespace` leaves out the vertical tab; a fuzz find.)
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_space).filter(|w| !w.is_empty())
}

fn is_goal(tiles: &[u32]) -> bool {
    let last = tiles.len() - 1;
    tiles[last] == 0
        && tiles[..last]
            .iter()
            .enumerate()
            .all(|(i, &t)| t as usize == i + 1)
}

/// Whether `b` is `a` with the blank swapped with an orthogonal neighbour.
fn one_slide(before: &[u32], after: &[u32], n: usize) -> bool {
    let diff: Vec<usize> = (0..before.len())
        .filter(|&c| before[c] != after[c])
        .collect();
    let [first, second] = diff[..] else {
        return false;
    };
    let swapped = before[first] == after[second]
        && before[second] == after[first]
        && (before[first] == 0 || before[second] == 0);
    swapped && (first / n).abs_diff(second / n) + (first % n).abs_diff(second % n) == 1
}

#[allow(clippy::unnecessary_wraps)] // every judging path returns an opinion
fn verdict(ok: bool) -> Option<Validity> {
    Some(if ok {
        Validity::Valid
    } else {
        Validity::Invalid
    })
}

/// Judges `text` as an answer to `puzzle`; `None` when the text is in no
/// clean form the judge reads.
///
/// # Example
///
/// ```
/// use slider::fuzz_checks::judge::{Validity, Puzzle, judge};
/// let puzzle = Puzzle { n: 2, tiles: &[1, 2, 0, 3], optimum: Some(1) };
/// assert_eq!(judge(&puzzle, b"R"), Some(Validity::Valid));
/// assert_eq!(judge(&puzzle, b"2"), Some(Validity::Invalid));
/// assert_eq!(judge(&puzzle, b"@@"), None);
/// ```
pub fn judge(puzzle: &Puzzle<'_>, text: &[u8]) -> Option<Validity> {
    let text = std::str::from_utf8(text).ok()?;
    let first_line: Vec<&str> =
        words(text.split('\n').find(|l| words(l).next().is_some())?).collect();
    let tokens: Vec<&str> = words(text).collect();
    if first_line == ["Unsolvable", "puzzle"] || first_line == ["No", "solution", "possible"] {
        return verdict(tokens.len() == first_line.len() && puzzle.optimum.is_none());
    }
    if let [only] = tokens.as_slice()
        && let Ok(count) = only.parse::<i64>()
    {
        return verdict(match puzzle.optimum {
            None => count == -1,
            Some(best) => count >= 0 && count as u64 == best,
        });
    }
    let letters = |b: &u8| b"UDLRudlr".contains(b);
    if text
        .bytes()
        .all(|b| b"UDLRudlr, \t\r\n\x0b\x0c".contains(&b))
        && text.bytes().any(|b| letters(&b))
    {
        return replay_moves(puzzle, text);
    }
    if first_line.len() == 6 && first_line[..5] == ["Minimum", "number", "of", "moves", "="] {
        return replay_boards(puzzle, &first_line, &tokens);
    }
    None
}

fn replay_moves(puzzle: &Puzzle<'_>, text: &str) -> Option<Validity> {
    let n = puzzle.n;
    let mut tiles = puzzle.tiles.to_vec();
    let mut moves = 0_u64;
    for letter in text.bytes().filter(u8::is_ascii_alphabetic) {
        let blank = tiles.iter().position(|&t| t == 0)?;
        let (r, c) = (blank / n, blank % n);
        let target = match letter.to_ascii_uppercase() {
            b'U' if r > 0 => blank - n,
            b'D' if r + 1 < n => blank + n,
            b'L' if c > 0 => blank - 1,
            b'R' if c + 1 < n => blank + 1,
            _ => return verdict(false),
        };
        tiles.swap(blank, target);
        moves += 1;
    }
    verdict(is_goal(&tiles) && puzzle.optimum == Some(moves))
}

fn replay_boards(puzzle: &Puzzle<'_>, header: &[&str], tokens: &[&str]) -> Option<Validity> {
    let claimed: i64 = header[5].parse().ok()?;
    let mut rest = tokens[6..].iter();
    let mut boards: Vec<Vec<u32>> = Vec::new();
    while let Some(size) = rest.next() {
        let n: usize = size.parse().ok()?;
        if n != puzzle.n {
            return None;
        }
        let mut board = Vec::with_capacity(n * n);
        for _ in 0..n * n {
            board.push(rest.next()?.parse::<u32>().ok()?);
        }
        let mut sorted = board.clone();
        sorted.sort_unstable();
        if sorted.iter().enumerate().any(|(i, &t)| t as usize != i) {
            return None;
        }
        boards.push(board);
    }
    let legal = boards.first().is_some_and(|b| b == puzzle.tiles)
        && boards.last().is_some_and(|b| is_goal(b))
        && boards.windows(2).all(|w| one_slide(&w[0], &w[1], puzzle.n));
    let moves = boards.len() as i64 - 1;
    verdict(legal && claimed == moves && puzzle.optimum == Some(moves as u64))
}
