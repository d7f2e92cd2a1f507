//! Admissible heuristics, in one place: the [`Heuristic`] enum and the one
//! policy that picks a default ([`Heuristic::auto`]). The from-scratch
//! estimates are in `estimate.rs`, computed by the same engines IDA* moves
//! through its tree (`nodes.rs`).
//!
//! Adding a heuristic: a variant here, its engine in `nodes.rs` (or a case
//! of an existing one), and its name in the binaries' `--heuristic`.

/// An admissible heuristic for IDA* and A*.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Heuristic {
    /// Tiles out of place.
    Hamming,
    /// Sum of the tiles' Manhattan distances.
    Manhattan,
    /// Manhattan plus 2 per tile that must leave its goal line.
    #[default]
    LinearConflict,
    /// Additive pattern databases (see [`crate::search::pdb`]); needs
    /// [`SearchConfig::pdb`](super::SearchConfig::pdb).
    PatternDatabase,
}

impl Heuristic {
    /// The default heuristic, the one policy every command follows: for a
    /// search that may use an inconsistent heuristic (IDA*), the strongest
    /// it can have (pattern databases when `databases` are at hand, else
    /// linear conflict); for A* with a closed set, which wants a consistent
    /// one, Manhattan.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::Heuristic;
    /// assert_eq!(Heuristic::auto(true, true), Heuristic::PatternDatabase);
    /// assert_eq!(Heuristic::auto(true, false), Heuristic::LinearConflict);
    /// assert_eq!(Heuristic::auto(false, true), Heuristic::Manhattan);
    /// ```
    pub fn auto(inconsistent_ok: bool, databases: bool) -> Heuristic {
        match (inconsistent_ok, databases) {
            (true, true) => Heuristic::PatternDatabase,
            (true, false) => Heuristic::LinearConflict,
            (false, _) => Heuristic::Manhattan,
        }
    }
}
