//! Compact tile storage: one byte a tile up to 16x16, two up to 256x256,
//! four beyond. This keeps a board within the course's memory bound
//! (4n² + O(n) bytes) and makes small boards cheap to copy and hash.

use std::hash::Hash;

/// An unsigned integer type that can hold a tile.
pub(crate) trait Cell:
    Copy + Eq + Ord + Hash + Default + Into<u32> + Send + Sync + 'static
{
}

impl Cell for u8 {}

impl Cell for u16 {}

impl Cell for u32 {}

/// The tiles of a board in row-major order, in the narrowest type that fits.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) enum Tiles {
    /// n ≤ 16: tiles ≤ 255.
    Byte(Box<[u8]>),
    /// n ≤ 256: tiles ≤ 65535.
    Short(Box<[u16]>),
    /// Larger boards.
    Word(Box<[u32]>),
}

/// Runs `$body` with `$t` bound to the tile slice, whatever its cell type.
macro_rules! with_tiles {
    ($tiles:expr, $t:ident => $body:expr) => {
        match $tiles {
            $crate::tiles::Tiles::Byte($t) => $body,
            $crate::tiles::Tiles::Short($t) => $body,
            $crate::tiles::Tiles::Word($t) => $body,
        }
    };
}
pub(crate) use with_tiles;

impl Tiles {
    /// Stores `tiles` (a valid permutation for `n`) in the narrowest type.
    pub(crate) fn from_u32s(n: usize, tiles: &[u32]) -> Tiles {
        let cells = n * n;
        if cells <= 1 << 8 {
            Tiles::Byte(tiles.iter().map(|&t| t as u8).collect())
        } else if cells <= 1 << 16 {
            Tiles::Short(tiles.iter().map(|&t| t as u16).collect())
        } else {
            Tiles::Word(tiles.into())
        }
    }

    /// The tile at a row-major index.
    #[inline]
    #[allow(clippy::useless_conversion)] // a no-op only for the u32 arm
    pub(crate) fn get(&self, index: usize) -> u32 {
        with_tiles!(self, t => t[index].into())
    }

    /// Number of cells (n²).
    #[inline]
    pub(crate) fn len(&self) -> usize {
        with_tiles!(self, t => t.len())
    }

    /// A copy with the cells at `a` and `b` exchanged.
    pub(crate) fn swapped(&self, a: usize, b: usize) -> Tiles {
        let mut copy = self.clone();
        with_tiles!(&mut copy, t => t.swap(a, b));
        copy
    }

    /// All tiles as `u32`, row-major.
    #[allow(clippy::useless_conversion)] // a no-op only for the u32 arm
    pub(crate) fn to_u32s(&self) -> Vec<u32> {
        with_tiles!(self, t => t.iter().map(|&c| c.into()).collect())
    }
}

impl From<Box<[u8]>> for Tiles {
    fn from(cells: Box<[u8]>) -> Tiles {
        Tiles::Byte(cells)
    }
}

impl From<Box<[u16]>> for Tiles {
    fn from(cells: Box<[u16]>) -> Tiles {
        Tiles::Short(cells)
    }
}

impl From<Box<[u32]>> for Tiles {
    fn from(cells: Box<[u32]>) -> Tiles {
        Tiles::Word(cells)
    }
}
