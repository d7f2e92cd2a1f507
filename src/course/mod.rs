//! The course's facts, in one place: the API variants and editions of the
//! assignment, the test client's answer lines, and the puzzle files with
//! the lists the course's tests use. Everything else reads them from here.

mod api;
mod files;

pub use api::{Api, Edition};
pub use files::{FILES, MEMORY_PUZZLES, MEMORY_SIZES, TIMING_PUZZLES, file};

/// The first words of a solution: `Minimum number of moves = N`.
pub const HEADER: &str = "Minimum number of moves = ";

/// Princeton's line for an unsolvable puzzle.
pub const PRINCETON_UNSOLVABLE: &str = "Unsolvable puzzle";

/// Coursera's line for an unsolvable puzzle.
pub const COURSERA_UNSOLVABLE: &str = "No solution possible";

#[cfg(test)]
mod tests {
    #[test]
    fn files_are_sorted_and_every_list_names_one() {
        assert_eq!(super::FILES.len(), 152);
        assert!(super::FILES.windows(2).all(|w| w[0].0 < w[1].0));
        for name in super::TIMING_PUZZLES.iter().chain(&super::MEMORY_PUZZLES) {
            assert!(super::file(name).is_some(), "{name}");
        }
    }
}
