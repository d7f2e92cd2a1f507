//! The crate's only `unsafe`: memory-mapping a database file.
//!
//! Loading must be close to free, because a checker in CI starts one
//! process per answer; mapping the file costs microseconds and the pages
//! come from the page cache on demand. `memmap2::Mmap::map` is `unsafe`
//! because the mapping would change (or fault) if another process modified
//! or truncated the file while it is mapped. slider never modifies a
//! database file in place: it writes a new file beside it and renames it
//! over the old one (`rename` keeps the mapped inode intact), and every
//! load verifies the contents' checksum before use. A user truncating the
//! file by hand while a search runs is the remaining risk, and the only
//! consequence is the process dying of `SIGBUS`, not wrong answers
//! reported as correct.
#![allow(unsafe_code)]

use std::fs::File;
use std::io;
use std::ops::Deref;

/// A database's bytes: built in memory, or mapped from its file.
pub(crate) enum Bytes {
    /// Built by this process.
    Owned(Vec<u8>),
    /// Mapped read-only from a file.
    Mapped(memmap2::Mmap),
}

impl Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Owned(bytes) => bytes,
            Bytes::Mapped(map) => map,
        }
    }
}

/// Maps `file` read-only.
pub(crate) fn map(file: &File) -> io::Result<Bytes> {
    // SAFETY: see the module documentation; the file is only ever replaced
    // by rename, never written in place, and its checksum is verified
    // before any value is used.
    let map = unsafe { memmap2::Mmap::map(file)? };
    Ok(Bytes::Mapped(map))
}
