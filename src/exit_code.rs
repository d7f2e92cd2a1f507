//! The exit-code contract of the `slider` binaries, documented in the README.
//!
//! The library never exits; these constants only name the codes so that the
//! binaries and their tests agree.

/// Success: the puzzle was solved (or shown unsolvable), the answer accepted.
pub const SUCCESS: u8 = 0;
/// A negative result: the answer was rejected, the search hit its limit,
/// or a graded submission failed.
pub const FAILURE: u8 = 1;
/// The tool could not do its job: bad usage, an unreadable or malformed
/// puzzle file.
pub const ERROR: u8 = 2;
/// `slider-check` only: the answer is legal but its optimality is unproven.
pub const UNPROVEN: u8 = 3;
