//! The properties the fuzz targets check, shared with the stable test that
//! replays the committed corpus (`tests/fuzz_corpus.rs`): one file per
//! target, plus the answers' independent judge ([`judge`]). Each check
//! panics when a property fails; that is how a fuzzer sees a bug.

use arbitrary::{Arbitrary, Unstructured};

mod check;
mod fixed;
pub mod judge;
mod parse_answer;
mod parse_puzzle;
mod search;
mod solver;

pub use check::{CheckInput, Edit, check, check_bytes, check_input_text};
pub use parse_answer::parse_answer;
pub use parse_puzzle::parse_puzzle;
pub use search::{SearchInput, search, search_bytes};
pub use solver::{SolverInput, solver, solver_bytes};

/// Bytes decoded the way `fuzz_target!` decodes a typed input.
fn decode<'a, T: Arbitrary<'a>>(data: &'a [u8]) -> Option<T> {
    if data.len() < T::size_hint(0).0 {
        return None;
    }
    T::arbitrary_take_rest(Unstructured::new(data)).ok()
}
