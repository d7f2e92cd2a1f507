//! Which assignment is meant: the API variant (what the classes look like
//! and what the client prints) and, for Coursera, the edition of the
//! course's autograder (which tests it runs).

use super::{COURSERA_UNSOLVABLE, PRINCETON_UNSOLVABLE};

/// The course API: the classes' methods and the client's unsolvable line.
///
/// - **Coursera** (2019 on): `dimension()`, `twin()`, `Solver.isSolvable()`,
///   `moves() == -1` and `solution() == null` when unsolvable; the client
///   prints `No solution possible`.
/// - **Princeton** (COS 226, fall 2019 on): `size()`, `tileAt()`,
///   `Board.isSolvable()`, and the Solver's constructor throws on an
///   unsolvable board; the client prints `Unsolvable puzzle`.
///
/// A requirement or a user's choice that may be either is an
/// `Option<Api>`: `None` accepts either (when checking) or is detected
/// (when grading), and whoever needs one API then says which.
///
/// # Example
///
/// ```
/// use slider::course::Api;
/// assert_eq!(Api::Coursera.unsolvable_message(), "No solution possible");
/// assert_eq!(Api::of_message(b"Unsolvable puzzle"), Some(Api::Princeton));
/// assert_eq!(Api::Coursera.name(), "coursera");
/// assert_eq!(Api::named("princeton"), Some(Api::Princeton));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Api {
    /// Princeton (COS 226).
    Princeton,
    /// Coursera (Algorithms, Part I).
    Coursera,
}

impl Api {
    /// Both APIs, Princeton's first.
    pub const ALL: [Api; 2] = [Api::Princeton, Api::Coursera];

    /// The line this API prints for an unsolvable puzzle.
    #[must_use]
    pub fn unsolvable_message(self) -> &'static str {
        match self {
            Api::Princeton => PRINCETON_UNSOLVABLE,
            Api::Coursera => COURSERA_UNSOLVABLE,
        }
    }

    /// The API whose unsolvable message `line` is, if any.
    #[must_use]
    pub fn of_message(line: &[u8]) -> Option<Api> {
        if line == PRINCETON_UNSOLVABLE.as_bytes() {
            Some(Api::Princeton)
        } else if line == COURSERA_UNSOLVABLE.as_bytes() {
            Some(Api::Coursera)
        } else {
            None
        }
    }

    /// Its name in reports and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Api::Princeton => "princeton",
            Api::Coursera => "coursera",
        }
    }

    /// The API of that [`name`](Api::name), if any.
    #[must_use]
    pub fn named(name: &str) -> Option<Api> {
        Api::ALL.into_iter().find(|api| api.name() == name)
    }

    /// The Board method that returns n: `dimension()` or `size()`.
    #[must_use]
    pub fn size_method(self) -> &'static str {
        match self {
            Api::Princeton => "size",
            Api::Coursera => "dimension",
        }
    }
}

/// An edition of the course's (Coursera) autograder: which correctness
/// tests it runs. Memory (22 tests) and timing (125) are the same in all
/// three. Named by their correctness test count, as the reports show it.
///
/// | edition | Board | Solver | differs by |
/// |---|---|---|---|
/// | 52 (current) | 26 | 26 | Solver test 1: no key changes once in the `MinPQ` |
/// | 51 | 26 | 25 | |
/// | 49 | 24 | 25 | no kth-twin tests (Board 16, 17); timing test 3 counts `tileAt()` |
///
/// # Example
///
/// ```
/// use slider::course::Edition;
/// assert_eq!(Edition::default(), Edition::E52);
/// assert_eq!(Edition::E51.correctness_tests(), 51);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Edition {
    /// 24 Board and 25 Solver tests (an earlier edition).
    #[cfg_attr(feature = "cli", value(name = "49"))]
    E49,
    /// 26 Board and 25 Solver tests.
    #[cfg_attr(feature = "cli", value(name = "51"))]
    E51,
    /// 26 Board and 26 Solver tests: the current edition.
    #[default]
    #[cfg_attr(feature = "cli", value(name = "52"))]
    E52,
}

impl Edition {
    /// Every edition, oldest first.
    pub const ALL: [Edition; 3] = [Edition::E49, Edition::E51, Edition::E52];

    /// How many correctness tests it runs.
    #[must_use]
    pub fn correctness_tests(self) -> usize {
        match self {
            Edition::E49 => 49,
            Edition::E51 => 51,
            Edition::E52 => 52,
        }
    }

    /// Its name in reports: `52 correctness tests (current)`.
    #[must_use]
    pub fn describe(self) -> String {
        let current = if self == Edition::default() {
            " (current)"
        } else {
            ""
        };
        format!("{} correctness tests{current}", self.correctness_tests())
    }
}
