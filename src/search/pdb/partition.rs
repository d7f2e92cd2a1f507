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
/// use slider::search::pdb::Partition;
/// let partition: Partition = "7-8".parse()?;
/// assert_eq!(partition.size(), 4);
/// assert_eq!(Partition::default_for(4), Some(Partition::SixSixThree));
/// assert_eq!(Partition::strongest(4), Some(Partition::SevenEight));
/// assert_eq!(Partition::strongest(5).map(Partition::name), Some("6-6-6-6"));
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Partition {
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

impl Partition {
    /// Every partition, smallest board first.
    pub const ALL: [Partition; 4] = [
        Partition::FourFour,
        Partition::SixSixThree,
        Partition::SevenEight,
        Partition::SixSixSixSix,
    ];

    /// The name `slider pdb build` takes.
    ///
    /// ```
    /// assert_eq!(slider::search::pdb::Partition::SixSixThree.name(), "6-6-3");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Partition::FourFour => "4-4",
            Partition::SixSixThree => "6-6-3",
            Partition::SevenEight => "7-8",
            Partition::SixSixSixSix => "6-6-6-6",
        }
    }

    /// The board side it is for.
    ///
    /// ```
    /// assert_eq!(slider::search::pdb::Partition::SixSixSixSix.size(), 5);
    /// ```
    pub fn size(self) -> usize {
        match self {
            Partition::FourFour => 3,
            Partition::SixSixThree | Partition::SevenEight => 4,
            Partition::SixSixSixSix => 5,
        }
    }

    /// The kind built on first use for `n`-by-`n` boards (3x3 and 4x4).
    ///
    /// ```
    /// use slider::search::pdb::Partition;
    /// assert_eq!(Partition::default_for(3), Some(Partition::FourFour));
    /// assert_eq!(Partition::default_for(5), None);
    /// ```
    pub fn default_for(n: usize) -> Option<Partition> {
        match n {
            3 => Some(Partition::FourFour),
            4 => Some(Partition::SixSixThree),
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
    /// use slider::search::pdb::Partition;
    /// assert_eq!(Partition::chosen_or_default(None, 4), Ok(Partition::SixSixThree));
    /// assert!(Partition::chosen_or_default(None, 5).unwrap_err().contains("6-6-6-6"));
    /// ```
    pub fn chosen_or_default(chosen: Option<Partition>, n: usize) -> Result<Partition, String> {
        chosen
            .or_else(|| Partition::default_for(n))
            .ok_or_else(|| format!("no default database for {n}x{n}; name one (6-6-6-6 for 5x5)"))
    }

    /// The strongest kind for `n`-by-`n` boards (used when it is cached).
    ///
    /// ```
    /// use slider::search::pdb::Partition;
    /// assert_eq!(Partition::strongest(3), Some(Partition::FourFour));
    /// assert_eq!(Partition::strongest(6), None);
    /// ```
    pub fn strongest(n: usize) -> Option<Partition> {
        match n {
            3 => Some(Partition::FourFour),
            4 => Some(Partition::SevenEight),
            5 => Some(Partition::SixSixSixSix),
            _ => None,
        }
    }

    /// Whether its tables are densely ranked with four-bit entries (else
    /// directly indexed bytes).
    ///
    /// ```
    /// use slider::search::pdb::Partition;
    /// assert!(Partition::SevenEight.is_ranked() && !Partition::SixSixThree.is_ranked());
    /// ```
    pub fn is_ranked(self) -> bool {
        matches!(self, Partition::SevenEight | Partition::SixSixSixSix)
    }

    /// The regions of goal cells whose tiles form the patterns (the
    /// blank's goal cell, where a region holds it, belongs to no pattern).
    pub(crate) fn regions(self) -> &'static [&'static [usize]] {
        match self {
            Partition::FourFour => &[&[0, 1, 2, 3], &[4, 5, 6, 7, 8]],
            Partition::SixSixThree => &CANDIDATES_4X4[0].1,
            Partition::SevenEight => &[&[0, 1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
            // Korf and Felner's blocks, turned to the blank-last goal.
            Partition::SixSixSixSix => &[
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

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Partition {
    type Err = String;

    fn from_str(name: &str) -> Result<Partition, String> {
        Partition::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Partition::ALL.iter().map(|k| k.name()).collect();
                format!(
                    "no database named `{name}` (slider builds {})",
                    names.join(", ")
                )
            })
    }
}
