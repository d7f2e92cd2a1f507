//! The partitions slider builds, by the names `slider pdb build` takes.

use std::fmt;
use std::str::FromStr;

use super::pattern::{CANDIDATES_4X4, Pattern};
use crate::search::Goal;

/// A database slider knows how to build: a board size, a partition of the
/// goal's tiles (as regions of goal cells) and a table layout.
///
/// # Example
///
/// ```
/// use slider::search::pdb::Kind;
/// let kind: Kind = "7-8".parse()?;
/// assert_eq!(kind.size(), 4);
/// assert_eq!(Kind::default_for(4), Some(Kind::SixSixThree));
/// assert_eq!(Kind::strongest(4), Some(Kind::SevenEight));
/// assert_eq!(Kind::strongest(5).map(Kind::name), Some("6-6-6-6"));
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// 3x3: the first four goal cells and the rest (0.01 MB, built in
    /// milliseconds).
    FourFour,
    /// 4x4: three patterns of 6, 6 and 3 tiles, directly indexed (33.6 MB,
    /// about 12 s to build). The 4x4 default: built on first use.
    SixSixThree,
    /// 4x4: the top two rows (8 tiles) and the rest (7), after Korf and
    /// Felner; densely ranked, four bits per entry (288 MB). Built only on
    /// request (`slider pdb build 7-8`), used whenever cached.
    SevenEight,
    /// 5x5: four patterns of six tiles in 2x3 and 3x2 blocks, after Korf
    /// and Felner; densely ranked, four bits per entry (255 MB). Built only
    /// on request.
    SixSixSixSix,
}

impl Kind {
    /// Every kind, smallest board first.
    pub const ALL: [Kind; 4] = [
        Kind::FourFour,
        Kind::SixSixThree,
        Kind::SevenEight,
        Kind::SixSixSixSix,
    ];

    /// The name `slider pdb build` takes.
    ///
    /// ```
    /// assert_eq!(slider::search::pdb::Kind::SixSixThree.name(), "6-6-3");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Kind::FourFour => "4-4",
            Kind::SixSixThree => "6-6-3",
            Kind::SevenEight => "7-8",
            Kind::SixSixSixSix => "6-6-6-6",
        }
    }

    /// The board side it is for.
    ///
    /// ```
    /// assert_eq!(slider::search::pdb::Kind::SixSixSixSix.size(), 5);
    /// ```
    pub fn size(self) -> usize {
        match self {
            Kind::FourFour => 3,
            Kind::SixSixThree | Kind::SevenEight => 4,
            Kind::SixSixSixSix => 5,
        }
    }

    /// The kind built on first use for `n`-by-`n` boards (3x3 and 4x4).
    ///
    /// ```
    /// use slider::search::pdb::Kind;
    /// assert_eq!(Kind::default_for(3), Some(Kind::FourFour));
    /// assert_eq!(Kind::default_for(5), None);
    /// ```
    pub fn default_for(n: usize) -> Option<Kind> {
        match n {
            3 => Some(Kind::FourFour),
            4 => Some(Kind::SixSixThree),
            _ => None,
        }
    }

    /// `chosen`, else the default kind for `n`-by-`n` boards.
    ///
    /// # Errors
    ///
    /// No kind was chosen and the size has no default (5x5: its 6-6-6-6
    /// takes minutes to build and is never built unasked).
    ///
    /// ```
    /// use slider::search::pdb::Kind;
    /// assert_eq!(Kind::chosen_or_default(None, 4), Ok(Kind::SixSixThree));
    /// assert!(Kind::chosen_or_default(None, 5).unwrap_err().contains("6-6-6-6"));
    /// ```
    pub fn chosen_or_default(chosen: Option<Kind>, n: usize) -> Result<Kind, String> {
        chosen
            .or_else(|| Kind::default_for(n))
            .ok_or_else(|| format!("no default database for {n}x{n}; name one (6-6-6-6 for 5x5)"))
    }

    /// The strongest kind for `n`-by-`n` boards (used when it is cached).
    ///
    /// ```
    /// use slider::search::pdb::Kind;
    /// assert_eq!(Kind::strongest(3), Some(Kind::FourFour));
    /// assert_eq!(Kind::strongest(6), None);
    /// ```
    pub fn strongest(n: usize) -> Option<Kind> {
        match n {
            3 => Some(Kind::FourFour),
            4 => Some(Kind::SevenEight),
            5 => Some(Kind::SixSixSixSix),
            _ => None,
        }
    }

    /// Whether its tables are densely ranked with four-bit entries (else
    /// directly indexed bytes).
    ///
    /// ```
    /// use slider::search::pdb::Kind;
    /// assert!(Kind::SevenEight.is_ranked() && !Kind::SixSixThree.is_ranked());
    /// ```
    pub fn is_ranked(self) -> bool {
        matches!(self, Kind::SevenEight | Kind::SixSixSixSix)
    }

    /// The regions of goal cells whose tiles form the patterns (the
    /// blank's goal cell, where a region holds it, belongs to no pattern).
    pub(crate) fn regions(self) -> &'static [&'static [usize]] {
        match self {
            Kind::FourFour => &[&[0, 1, 2, 3], &[4, 5, 6, 7, 8]],
            Kind::SixSixThree => &CANDIDATES_4X4[0].1,
            Kind::SevenEight => &[&[0, 1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
            // Korf and Felner's blocks, turned to the blank-last goal.
            Kind::SixSixSixSix => &[
                &[0, 1, 2, 5, 6, 7],
                &[3, 4, 8, 9, 13, 14],
                &[10, 11, 15, 16, 20, 21],
                &[12, 17, 18, 19, 22, 23, 24],
            ],
        }
    }

    /// The patterns of `goal`'s tiles.
    pub(crate) fn patterns(self, goal: &Goal) -> Vec<Pattern> {
        Pattern::from_regions(goal, self.regions())
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = String;

    fn from_str(name: &str) -> Result<Kind, String> {
        Kind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
                format!(
                    "no database named `{name}` (slider builds {})",
                    names.join(", ")
                )
            })
    }
}
