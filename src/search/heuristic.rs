//! Admissible heuristics, in one place: the [`Heuristic`] enum and the one
//! policy that picks a default ([`Heuristic::auto`]). The from-scratch
//! estimates are in `estimate.rs`, computed by the same engines IDA* moves
//! through its tree (`nodes.rs`).
//!
//! Adding a heuristic: a variant here, its engine in `nodes/` (or a case
//! of an existing one) and its arm in `nodes::with_engine` (the one
//! mapping to engines, which will not compile without it), and its name in
//! [`HeuristicChoice`] (`--heuristic`).

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
    /// Its name on the command line (`--heuristic`): the name
    /// [`HeuristicChoice`]'s `clap::ValueEnum` gives its choice.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::search::Heuristic::LinearConflict.cli_name(), "linear-conflict");
    /// ```
    #[cfg(feature = "cli")]
    #[must_use]
    pub fn cli_name(self) -> String {
        use clap::ValueEnum;
        HeuristicChoice::from(self)
            .to_possible_value()
            .map(|value| value.get_name().to_string())
            .unwrap_or_default()
    }

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

/// A heuristic as commands name it (`--heuristic`): one by name, or
/// `auto`, [`Heuristic::auto`]'s policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum HeuristicChoice {
    /// Pattern databases for IDA* when there are some for the size, else
    /// linear conflict; Manhattan for A*.
    #[default]
    #[cfg_attr(feature = "cli", value(alias = "best"))]
    Auto,
    /// Tiles out of place.
    Hamming,
    /// Sum of the tiles' Manhattan distances.
    Manhattan,
    /// Manhattan plus 2 per tile that must leave its goal line.
    LinearConflict,
    /// Additive pattern databases (4x4 and 5x5, and 3x3).
    Pdb,
}

impl From<Heuristic> for HeuristicChoice {
    /// The choice that names `heuristic`.
    fn from(heuristic: Heuristic) -> HeuristicChoice {
        match heuristic {
            Heuristic::Hamming => HeuristicChoice::Hamming,
            Heuristic::Manhattan => HeuristicChoice::Manhattan,
            Heuristic::LinearConflict => HeuristicChoice::LinearConflict,
            Heuristic::PatternDatabase => HeuristicChoice::Pdb,
        }
    }
}

impl HeuristicChoice {
    /// The heuristic chosen, `auto` resolved as [`Heuristic::auto`] does.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Heuristic, HeuristicChoice};
    /// assert_eq!(HeuristicChoice::Auto.resolve(true, true), Heuristic::PatternDatabase);
    /// assert_eq!(HeuristicChoice::Hamming.resolve(true, true), Heuristic::Hamming);
    /// ```
    pub fn resolve(self, inconsistent_ok: bool, databases: bool) -> Heuristic {
        match self {
            HeuristicChoice::Auto => Heuristic::auto(inconsistent_ok, databases),
            HeuristicChoice::Hamming => Heuristic::Hamming,
            HeuristicChoice::Manhattan => Heuristic::Manhattan,
            HeuristicChoice::LinearConflict => Heuristic::LinearConflict,
            HeuristicChoice::Pdb => Heuristic::PatternDatabase,
        }
    }
}

#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::{Heuristic, HeuristicChoice};
    use clap::ValueEnum;

    #[test]
    fn each_heuristic_is_named_as_the_command_line_names_its_choice() {
        for (heuristic, name) in [
            (Heuristic::Hamming, "hamming"),
            (Heuristic::Manhattan, "manhattan"),
            (Heuristic::LinearConflict, "linear-conflict"),
            (Heuristic::PatternDatabase, "pdb"),
        ] {
            assert_eq!(heuristic.cli_name(), name);
            let choice = HeuristicChoice::from_str(name, false).unwrap();
            assert_eq!(choice.resolve(true, true), heuristic);
        }
    }
}
