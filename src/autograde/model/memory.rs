//! The course's memory model: a 64-bit JVM without compressed references
//! or class pointers (16-byte object headers, 8-byte references, arrays
//! with a 24-byte header, everything padded to a multiple of 8 bytes). It
//! is what `Instrumentation.getObjectSize` reports on JDK 17 started with
//! `-XX:-UseCompressedOops -XX:-UseCompressedClassPointers`, and what the
//! course's reports print: its reference Board is 4n² + 32n + 48 bytes for
//! even n (128 at n = 2, 192 at n = 3, 6,856 at n = 37).

/// Rounded up to a multiple of 8.
const fn pad(bytes: u64) -> u64 {
    bytes.div_ceil(8) * 8
}

/// An object with `references` reference fields and `ints` int fields.
#[must_use]
pub const fn object(references: u64, ints: u64) -> u64 {
    pad(16 + 8 * references + 4 * ints)
}

/// An `int[]` of `length`.
#[must_use]
pub const fn int_array(length: u64) -> u64 {
    pad(24 + 4 * length)
}

/// An array of `length` references.
#[must_use]
pub const fn reference_array(length: u64) -> u64 {
    pad(24 + 8 * length)
}

/// The course's reference Board in the Board memory test: one `int[][]`
/// field.
///
/// # Example
///
/// ```
/// use slider::autograde::model::memory::board_2d;
/// assert_eq!([2, 3, 37, 120].map(board_2d), [128, 192, 6856, 61488]);
/// ```
#[must_use]
pub const fn board_2d(n: u64) -> u64 {
    object(1, 0) + reference_array(n) + n * int_array(n)
}

/// The reference Board the course substitutes in its Solver tests: an
/// `int` n and an `int[]` of n² tiles (the size that reproduces the
/// course's `MinPQ` memory figures).
///
/// # Example
///
/// ```
/// assert_eq!(slider::autograde::model::memory::board_1d(3), 96);
/// ```
#[must_use]
pub const fn board_1d(n: u64) -> u64 {
    object(1, 1) + int_array(n * n)
}

/// The course's bound on a student's Board. Its report prints "at most
/// 4n² + 32n + 64 bytes" (the reference + 16 for even n), but that is not
/// the bound it applies: it passes a Board of the reference + 24 bytes at
/// every n (152 bytes at n = 2; 6,880 at n = 37, where the formula gives
/// 6,724), and it fails one of 176 bytes at n = 2. With the course's
/// rounding of a ratio to its limit ([`super::exceeds`]), a bound of the
/// reference + s bytes fits both for s from 17 to 39; slider takes 32, the
/// middle one of the model's 8-byte steps in that range.
///
/// # Example
///
/// ```
/// use slider::autograde::model::memory::board_limit;
/// assert_eq!([board_limit(2), board_limit(3), board_limit(37)], [160, 224, 6888]);
/// ```
#[must_use]
pub const fn board_limit(n: u64) -> u64 {
    board_2d(n) + BOARD_SLACK
}

/// The bytes a student's Board may have over the course's reference Board
/// ([`board_limit`]).
pub const BOARD_SLACK: u64 = 32;

/// A search node of the course's reference Solver: the board, the
/// previous node, the moves and the priority.
pub const SEARCH_NODE: u64 = object(2, 2);

/// An algs4 `MinPQ` object (its array, its size, its comparator).
pub const MIN_PQ: u64 = object(2, 1);

/// The reference Solver after construction: it keeps the goal's search
/// node, and so the `moves + 1` nodes and boards of the solution, through
/// their previous links. (The older course edition printed these figures:
/// 4,896 bytes on puzzle20, 6,056 on puzzle25, 7,216 on puzzle30, with
/// [`board_2d`] boards.)
///
/// # Example
///
/// ```
/// use slider::autograde::model::memory::{board_2d, reference_solver};
/// assert_eq!(reference_solver(board_2d(3), 20), 4896);
/// assert_eq!(reference_solver(board_2d(3), 25), 6056);
/// ```
#[must_use]
pub const fn reference_solver(board_bytes: u64, moves: u64) -> u64 {
    object(1, 0) + (moves + 1) * (SEARCH_NODE + board_bytes)
}
