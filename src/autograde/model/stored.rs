//! The model's counts of the course's own memory and timing puzzles, kept
//! between runs: the same 31 boards in every submission's plan, and some
//! 3 s of one core to count. A file per key (the model's source), checked
//! against its own hash when it is read, so that a damaged copy is counted
//! again rather than judged with.
//!
//! Each line is a board (its size, then its tiles) and its counts, tab
//! between; the last line is the hash of the lines before it.

use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::{Xxh3, xxh3_64};

use super::{Counts, CountsCache};
use crate::Board;
use crate::course::{MEMORY_PUZZLES, TIMING_PUZZLES, file};

/// The file of counts in `cache` for this build's model: its name hashes
/// the model's source, so that a changed model counts again.
#[must_use]
pub fn path(cache: &Path) -> PathBuf {
    let mut hash = Xxh3::new();
    for text in [
        include_str!("mod.rs"),
        include_str!("heap.rs"),
        include_str!("memory.rs"),
        include_str!("stored.rs"),
    ] {
        hash.update(text.as_bytes());
        hash.update(&[0]);
    }
    cache.join(format!("model-{:016x}", hash.digest()))
}

/// The course's memory and timing puzzles: the boards every plan holds.
#[must_use]
pub fn course_boards() -> Vec<Board> {
    let mut boards: Vec<Board> = Vec::new();
    for name in TIMING_PUZZLES.iter().chain(MEMORY_PUZZLES.iter()) {
        if let Some(board) = file(name).and_then(|text| text.parse().ok())
            && !boards.contains(&board)
        {
            boards.push(board);
        }
    }
    boards
}

/// Gives `counts` the counts of every board of [`course_boards()`]: read
/// from the file kept in `cache`, or counted (and then kept there).
///
/// # Errors
///
/// Writing the file; the counts are in memory all the same.
pub fn warm(cache: Option<&Path>, counts: &CountsCache) -> std::io::Result<()> {
    if let Some(entries) = cache.and_then(|cache| load(&path(cache))) {
        for (board, kept) in entries {
            counts.remember(&board, kept);
        }
        return Ok(());
    }
    let entries: Vec<(Board, Counts)> = course_boards()
        .into_iter()
        .filter_map(|board| counts.reference(&board).map(|c| (board, c)))
        .collect();
    cache.map_or(Ok(()), |cache| save(&path(cache), &entries))
}

/// Reads the counts kept at `path`; `None` when there are none, or the
/// file is damaged in any way.
#[must_use]
pub fn load(path: &Path) -> Option<Vec<(Board, Counts)>> {
    let text = std::fs::read_to_string(path).ok()?;
    let (body, last) = text.strip_suffix('\n')?.rsplit_once('\n')?;
    let body = format!("{body}\n");
    if last != format!("{:016x}", xxh3_64(body.as_bytes())) {
        return None;
    }
    body.lines().map(parse).collect()
}

/// Writes `entries` to `path` whole or not at all (written beside, then
/// renamed, so that two graders never read half a file).
///
/// # Errors
///
/// The file system's.
pub fn save(path: &Path, entries: &[(Board, Counts)]) -> std::io::Result<()> {
    let mut body = String::new();
    for (board, counts) in entries {
        body.push_str(&line(board, counts));
        body.push('\n');
    }
    let hash = format!("{:016x}\n", xxh3_64(body.as_bytes()));
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let partial = path.with_extension(format!("partial-{}", std::process::id()));
    std::fs::write(&partial, body + &hash)?;
    std::fs::rename(&partial, path)
}

fn line(board: &Board, c: &Counts) -> String {
    let tiles: Vec<String> = board.tiles().map(|t| t.to_string()).collect();
    let figures = [
        u64::from(c.moves),
        c.inserts,
        c.deletes,
        c.max_size,
        c.end_size,
        c.boards,
        c.equals,
        c.manhattan,
        c.manhattan_uncached,
        c.queue_bytes,
        c.solver_bytes,
    ]
    .map(|f| f.to_string());
    format!(
        "{} {}\t{}",
        board.size(),
        tiles.join(" "),
        figures.join(" ")
    )
}

fn parse(line: &str) -> Option<(Board, Counts)> {
    let (board, figures) = line.split_once('\t')?;
    let board: Board = board.parse().ok()?;
    let f: Vec<u64> = figures
        .split(' ')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let f: [u64; 11] = f.try_into().ok()?;
    // in the order `line` writes them
    let counts = Counts {
        moves: u32::try_from(f[0]).ok()?,
        inserts: f[1],
        deletes: f[2],
        max_size: f[3],
        end_size: f[4],
        boards: f[5],
        equals: f[6],
        manhattan: f[7],
        manhattan_uncached: f[8],
        queue_bytes: f[9],
        solver_bytes: f[10],
    };
    Some((board, counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> Vec<(Board, Counts)> {
        ["3  0 1 3  4 2 5  7 8 6", "2  1 0  3 2"]
            .iter()
            .map(|text| {
                let board: Board = text.parse().unwrap();
                let counts = super::super::run(&board, 1_000).unwrap();
                (board, counts)
            })
            .collect()
    }

    #[test]
    fn kept_counts_come_back_whole_and_damaged_ones_not_at_all() {
        let dir = std::env::temp_dir().join(format!("slider-model-{}", std::process::id()));
        let path = path(&dir);
        assert_eq!(load(&path), None, "nothing kept yet");
        save(&path, &entries()).unwrap();
        assert_eq!(load(&path), Some(entries()));
        let text = std::fs::read_to_string(&path).unwrap();
        // one figure changed, the hash left as it was
        let damaged = text.replacen("\t4 ", "\t5 ", 1);
        assert_ne!(damaged, text);
        std::fs::write(&path, damaged).unwrap();
        assert_eq!(load(&path), None);
        std::fs::write(&path, &text[..text.len() / 2]).unwrap();
        assert_eq!(load(&path), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_course_boards_are_the_plans_fixed_ones() {
        let boards = course_boards();
        // puzzle20, puzzle25, puzzle30 and puzzle35 are in both lists
        assert_eq!(
            boards.len(),
            TIMING_PUZZLES.len() + MEMORY_PUZZLES.len() - 4
        );
    }
}
