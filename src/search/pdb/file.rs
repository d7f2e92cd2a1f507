//! The database file: a fixed header, the tables, and a checksum.
//!
//! ```text
//! offset  size  content
//!      0     8  magic "SLIDRPDB"
//!      8     4  format version (u32, little-endian)
//!     12     1  n (3, 4 or 5)
//!     13     1  number of patterns (1..=4)
//!     14     1  layout: 0 direct, 1 ranked
//!     15     1  zero
//!     16    32  the goal's tiles, row-major, zero-padded
//!     48    64  four pattern slots: tile count, then up to 15 tiles, zero-padded
//!    112     …  the tables in pattern order: direct, one byte per direct
//!               index (cells^k); ranked, four bits per placement rank
//!               (low nibble first), C!/(C-k)!/2 bytes rounded up
//!    end-8   8  XXH3-64 of every byte before it (u64, little-endian)
//! ```

use super::pattern::{Pattern, direct_len, placements};
use super::ranked::table_len;
use crate::search::Goal;

const MAGIC: &[u8; 8] = b"SLIDRPDB";
pub(crate) const VERSION: u32 = 3;
const HEADER: usize = 112;
const SLOTS: usize = 4;

/// The file's bytes for these tables.
pub(crate) fn encode(
    goal: &Goal,
    patterns: &[Pattern],
    ranked: bool,
    tables: &[Vec<u8>],
) -> Vec<u8> {
    let total: usize = tables.iter().map(Vec::len).sum();
    let mut bytes = Vec::with_capacity(HEADER + total + 8);
    bytes.extend_from_slice(&header(goal, patterns, ranked));
    for table in tables {
        bytes.extend_from_slice(table);
    }
    let sum = xxhash_rust::xxh3::xxh3_64(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}

fn header(goal: &Goal, patterns: &[Pattern], ranked: bool) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.push(goal.size() as u8);
    bytes.push(patterns.len() as u8);
    bytes.extend_from_slice(&[u8::from(ranked), 0]);
    let mut cells = [0_u8; 32];
    for (cell, &tile) in goal.cells().iter().enumerate() {
        cells[cell] = tile as u8;
    }
    bytes.extend_from_slice(&cells);
    for slot in 0..SLOTS {
        let mut entry = [0_u8; 16];
        if let Some(pattern) = patterns.get(slot) {
            entry[0] = pattern.tiles.len() as u8;
            entry[1..=pattern.tiles.len()].copy_from_slice(&pattern.tiles);
        }
        bytes.extend_from_slice(&entry);
    }
    bytes
}

/// Checks that `bytes` is an intact database for this goal and these
/// patterns; returns where each table starts.
pub(crate) fn validate(
    bytes: &[u8],
    goal: &Goal,
    patterns: &[Pattern],
    ranked: bool,
    checksum: bool,
) -> Result<Vec<usize>, String> {
    let cells = goal.size() * goal.size();
    let sizes: Vec<usize> = patterns
        .iter()
        .map(|p| {
            if ranked {
                table_len(placements(cells, p.tiles.len()))
            } else {
                direct_len(cells, p.tiles.len())
            }
        })
        .collect();
    let expected = HEADER + sizes.iter().sum::<usize>() + 8;
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err("not a slider pattern database (bad magic)".into());
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(format!(
            "format version {version}, this slider reads {VERSION}"
        ));
    }
    if bytes[..HEADER] != header(goal, patterns, ranked)[..] {
        return Err("made for another goal or partition".into());
    }
    if bytes.len() != expected {
        return Err(format!(
            "{} bytes, expected {expected} (truncated or padded)",
            bytes.len()
        ));
    }
    if checksum {
        let (body, tail) = bytes.split_at(expected - 8);
        let stored = u64::from_le_bytes(tail.try_into().expect("8 bytes"));
        let actual = xxhash_rust::xxh3::xxh3_64(body);
        if stored != actual {
            return Err(format!(
                "checksum mismatch (stored {stored:016x}, contents {actual:016x})"
            ));
        }
    }
    let mut offsets = Vec::with_capacity(sizes.len());
    let mut at = HEADER;
    for size in sizes {
        offsets.push(at);
        at += size;
    }
    Ok(offsets)
}

/// What a `.verified` marker records of a file whose checksum was checked:
/// its length, modification time and inode. Any write to the file changes
/// the time, so a matching stamp means the contents are the ones checked.
pub(crate) fn stamp(meta: &std::fs::Metadata) -> String {
    use std::os::unix::fs::MetadataExt;
    format!(
        "slider-pdb-verified v1 len={} mtime={}.{:09} ino={} dev={}\n",
        meta.len(),
        meta.mtime(),
        meta.mtime_nsec(),
        meta.ino(),
        meta.dev()
    )
}

/// Whether a file modified at `meta`'s time is old enough to be stamped: a
/// write in the same coarse clock tick as the check could otherwise keep the
/// time the stamp records.
pub(crate) fn settled(meta: &std::fs::Metadata) -> bool {
    meta.modified()
        .ok()
        .and_then(|m| m.elapsed().ok())
        .is_some_and(|age| age > std::time::Duration::from_secs(2))
}
