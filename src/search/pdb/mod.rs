//! Additive, blank-aware pattern databases for 3x3, 4x4 and 5x5 boards.
//!
//! The goal's tiles are split into disjoint patterns ([`Partition`]: 4-4 for 3x3;
//! 6-6-3 for 4x4, grouped as measured best by `slider bench partitions`, or
//! Korf and Felner's 7-8; their 6-6-6-6 for 5x5). Each pattern's table holds, for
//! every placement of its tiles, the fewest moves *of those tiles* that
//! bring them home, with the blank's position taken into account during
//! the build (see `build.rs`). Since no move is counted by two patterns,
//! the sum of the tables is an admissible heuristic. When the goal's blank
//! cell is on the main diagonal, the board reflected in that diagonal
//! (with its tiles renamed accordingly) has the same distance to the goal,
//! so the heuristic is the larger of the regular and the reflected sums.
//!
//! Tables use one byte per entry, indexed directly by the tiles' cells as
//! base-16 digits (16^6 = 16,777,216 entries for a 6-tile pattern, of which
//! 5,765,760 are placements), so that the search updates a pattern's index
//! in O(1) when a tile moves; the three 4x4 tables take 33.6 MB. Ranking
//! placements densely would take 11.5 MB but costs about 200 instructions
//! per lookup (measured), which made the whole search about twice as slow.
//! The larger kinds (7-8, 6-6-6-6) would not fit that way; their tables
//! are densely ranked with four bits per entry (see `ranked.rs`): 288 MB
//! for 7-8, 255 MB for 6-6-6-6.
//!
//! The tables are cached in one file per goal and kind (see `file.rs` for
//! its layout and checksum) and memory-mapped on load.

mod build;
mod cache;
mod choice;
mod error;
mod file;
mod mapped;
mod partition;
mod pattern;
mod ranked;

use std::fmt;

pub use cache::{Opened, Provenance};
pub use choice::{BuildTracker, Choice, Note};
pub use error::PdbError;
pub use partition::Partition;
pub use pattern::{CANDIDATES_4X4, Pattern};
pub use ranked::BuildProgress;

/// What the search engines need to read ranked tables.
pub(crate) mod ranked_lookup {
    pub(crate) use super::pattern::rank;
    pub(crate) use super::ranked::excess;
}

use crate::Board;
use crate::search::Goal;
use mapped::Bytes;

/// The reflection in the main diagonal, with the matching tile renaming.
struct Mirror {
    /// The reflected cell of each cell.
    cell: Vec<u8>,
    /// The renamed tile of each tile.
    tile: Vec<u8>,
}

/// An additive pattern database for one goal.
///
/// # Example
///
/// ```
/// use slider::search::{Goal, pdb::PatternDatabase};
/// let pdb = PatternDatabase::build(&Goal::standard(3))?;
/// let board: slider::Board = "3  8 1 3  4 0 2  7 6 5".parse()?;
/// let h = pdb.lookup(&board)?;
/// assert!(h >= board.manhattan() && h <= 14);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PatternDatabase {
    goal: Goal,
    /// The kind, unless built from a custom partition.
    kind: Option<Partition>,
    /// Densely ranked four-bit tables (else directly indexed bytes).
    ranked: bool,
    patterns: Vec<Pattern>,
    bytes: Bytes,
    offsets: Vec<usize>,
    mirror: Option<Mirror>,
}

impl fmt::Debug for PatternDatabase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDatabase")
            .field("goal", &self.goal.cells())
            .field("kind", &self.kind)
            .field("patterns", &self.patterns)
            .field("bytes", &self.bytes.len())
            .field("reflected", &self.mirror.is_some())
            .finish_non_exhaustive()
    }
}

impl PatternDatabase {
    /// Builds the databases of `goal`'s default partition in memory (the
    /// patterns in parallel).
    ///
    /// # Panics
    ///
    /// Never: a freshly encoded database is valid.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::PatternDatabase};
    /// let pdb = PatternDatabase::build(&Goal::standard(3))?;
    /// assert_eq!(pdb.patterns().len(), 2);
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn build(goal: &Goal) -> Result<PatternDatabase, PdbError> {
        PatternDatabase::build_kind(goal, default_kind(goal)?, &|_| {})
    }

    /// Builds the databases of `kind` for `goal` in memory, calling
    /// `progress` as the build advances (after every breadth-first layer of
    /// a ranked table, after every directly indexed table). A ranked
    /// kind's patterns are built one after another, each on every rayon
    /// thread; the 7-8 build peaks at about 2.4 GB.
    ///
    /// # Errors
    ///
    /// [`PdbError::SizeMismatch`] when `kind` is for another board size.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Partition, PatternDatabase}};
    /// let pdb = PatternDatabase::build_kind(&Goal::standard(3), Partition::FourFour, &|p| {
    ///     assert!(p.valued <= p.placements);
    /// })?;
    /// assert_eq!(pdb.kind(), Some(Partition::FourFour));
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn build_kind(
        goal: &Goal,
        kind: Partition,
        progress: &(dyn Fn(BuildProgress) + Sync),
    ) -> Result<PatternDatabase, PdbError> {
        check_kind(goal, kind)?;
        let patterns = kind.patterns(goal);
        let tables = if kind.is_ranked() {
            ranked_tables(goal, &patterns, progress)
        } else {
            direct_tables(goal, &patterns, progress)
        };
        Ok(PatternDatabase::encoded(
            goal,
            Some(kind),
            kind.is_ranked(),
            patterns,
            &tables,
        ))
    }

    /// Builds a custom partition in the ranked four-bit layout of the 7-8
    /// and 6-6-6-6 kinds (for testing that layout on small boards, where
    /// every board's distance is known). At most four disjoint patterns of
    /// at most eight tiles, without the blank.
    ///
    /// # Errors
    ///
    /// [`PdbError::UnsupportedSize`] beyond 3x3, 4x4 and 5x5.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Pattern, PatternDatabase}};
    /// let goal = Goal::standard(3);
    /// let halves = Pattern::from_regions(&goal, &[&[0, 1, 2, 3], &[4, 5, 6, 7, 8]]);
    /// let ranked = PatternDatabase::build_ranked_with(&goal, halves)?;
    /// let board: slider::Board = "3  8 1 3  4 0 2  7 6 5".parse()?;
    /// assert_eq!(ranked.lookup(&board)?, PatternDatabase::build(&goal)?.lookup(&board)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build_ranked_with(
        goal: &Goal,
        patterns: Vec<Pattern>,
    ) -> Result<PatternDatabase, PdbError> {
        if !(3..=5).contains(&goal.size()) {
            return Err(PdbError::UnsupportedSize(goal.size()));
        }
        let tables = ranked_tables(goal, &patterns, &|_| {});
        Ok(PatternDatabase::encoded(
            goal, None, true, patterns, &tables,
        ))
    }

    /// Builds the databases of another partition of `goal`'s tiles (for
    /// measuring partitions; only the default one is cached). The patterns
    /// must be disjoint and hold no blank.
    ///
    /// # Errors
    ///
    /// [`PdbError::UnsupportedSize`] beyond 3x3 and 4x4.
    ///
    /// # Panics
    ///
    /// Never: a freshly encoded database is valid.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Pattern, PatternDatabase}};
    /// let goal = Goal::standard(3);
    /// let rows = Pattern::from_regions(&goal, &[&[0, 1, 2], &[3, 4, 5], &[6, 7, 8]]);
    /// let pdb = PatternDatabase::build_with(&goal, rows)?;
    /// assert_eq!(pdb.patterns().len(), 3);
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn build_with(goal: &Goal, patterns: Vec<Pattern>) -> Result<PatternDatabase, PdbError> {
        default_kind(goal)?;
        let tables = direct_tables(goal, &patterns, &|_| {});
        Ok(PatternDatabase::encoded(
            goal, None, false, patterns, &tables,
        ))
    }

    fn encoded(
        goal: &Goal,
        kind: Option<Partition>,
        ranked: bool,
        patterns: Vec<Pattern>,
        tables: &[Vec<u8>],
    ) -> PatternDatabase {
        let bytes = file::encode(goal, &patterns, ranked, tables);
        let offsets = file::validate(&bytes, goal, &patterns, ranked, true)
            .expect("a freshly encoded database is valid");
        PatternDatabase::assemble(goal, kind, ranked, patterns, Bytes::Owned(bytes), offsets)
    }

    fn assemble(
        goal: &Goal,
        kind: Option<Partition>,
        ranked: bool,
        patterns: Vec<Pattern>,
        bytes: Bytes,
        offsets: Vec<usize>,
    ) -> PatternDatabase {
        PatternDatabase {
            goal: goal.clone(),
            kind,
            ranked,
            patterns,
            bytes,
            offsets,
            mirror: mirror(goal),
        }
    }

    /// The goal the tables are for.
    ///
    /// ```
    /// use slider::search::{Goal, pdb::PatternDatabase};
    /// let pdb = PatternDatabase::build(&Goal::standard(3))?;
    /// assert!(pdb.goal().is_standard());
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn goal(&self) -> &Goal {
        &self.goal
    }

    /// The kind (`None` for a custom partition from
    /// [`build_with`](Self::build_with)).
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Partition, PatternDatabase}};
    /// assert_eq!(PatternDatabase::build(&Goal::standard(3))?.kind(), Some(Partition::FourFour));
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn kind(&self) -> Option<Partition> {
        self.kind
    }

    /// Whether the tables are densely ranked with four-bit entries.
    pub(crate) fn is_ranked(&self) -> bool {
        self.ranked
    }

    /// The patterns, one table each.
    ///
    /// ```
    /// use slider::search::{Goal, pdb::PatternDatabase};
    /// let pdb = PatternDatabase::build(&Goal::standard(3))?;
    /// assert_eq!(pdb.patterns()[0].tiles, [1, 2, 3, 4]);
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// The size of the tables and header in bytes.
    ///
    /// ```
    /// use slider::search::{Goal, pdb::PatternDatabase};
    /// let pdb = PatternDatabase::build(&Goal::standard(3))?;
    /// assert_eq!(pdb.size_bytes(), 112 + 2 * 9_usize.pow(4) + 8);
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn size_bytes(&self) -> usize {
        self.bytes.len()
    }

    /// Whether lookups also take the reflected board (the goal's blank
    /// cell is on the main diagonal).
    ///
    /// ```
    /// use slider::search::{Goal, pdb::PatternDatabase};
    /// assert!(PatternDatabase::build(&Goal::standard(3))?.is_reflected());
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn is_reflected(&self) -> bool {
        self.mirror.is_some()
    }

    /// The table of pattern `index`.
    pub(crate) fn table(&self, index: usize) -> &[u8] {
        let start = self.offsets[index];
        let cells = self.goal.size() * self.goal.size();
        let k = self.patterns[index].tiles.len();
        let len = if self.is_ranked() {
            ranked::table_len(pattern::placements(cells, k))
        } else {
            pattern::direct_len(cells, k)
        };
        &self.bytes[start..start + len]
    }

    /// The reflected cell of each cell and renamed tile of each tile, when
    /// lookups are reflected.
    pub(crate) fn reflection(&self) -> Option<(&[u8], &[u8])> {
        self.mirror.as_ref().map(|m| (&m.cell[..], &m.tile[..]))
    }

    /// The heuristic value of `board`: the sum over the patterns, the
    /// larger of the regular and the reflected sums.
    ///
    /// ```
    /// use slider::search::{Goal, pdb::PatternDatabase};
    /// let pdb = PatternDatabase::build(&Goal::standard(3))?;
    /// assert_eq!(pdb.lookup(&slider::Board::goal(3)?)?, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lookup(&self, board: &Board) -> Result<u64, PdbError> {
        let n = self.goal.size();
        if board.size() != n {
            return Err(PdbError::SizeMismatch {
                database: n,
                board: board.size(),
            });
        }
        let tiles: Vec<u8> = board.tiles().map(|t| t as u8).collect();
        let mut cell_of = [0_u8; 32];
        for (cell, &tile) in tiles.iter().enumerate() {
            cell_of[tile as usize] = cell as u8;
        }
        // Ranked tables hold twice the excess over the pattern's Manhattan
        // distance; every tile's Manhattan distance is added once (the
        // reflection keeps it), so tiles outside the patterns count too.
        let base = if self.ranked {
            self.goal.manhattan(board)
        } else {
            0
        };
        let regular = base + self.sum(|tile| cell_of[tile as usize]);
        Ok(match &self.mirror {
            None => regular,
            Some(m) => {
                // The reflected board holds tile m.tile[t] at m.cell[cell of t].
                let mut reflected_cell_of = [0_u8; 32];
                for (tile, &cell) in cell_of[..n * n].iter().enumerate() {
                    reflected_cell_of[m.tile[tile] as usize] = m.cell[cell as usize];
                }
                regular.max(base + self.sum(|tile| reflected_cell_of[tile as usize]))
            }
        })
    }

    fn sum(&self, cell_of: impl Fn(u8) -> u8) -> u64 {
        let cells = self.goal.size() * self.goal.size();
        let mut positions = [0_u8; 16];
        let mut total = 0;
        for (index, pattern) in self.patterns.iter().enumerate() {
            for (i, &tile) in pattern.tiles.iter().enumerate() {
                positions[i] = cell_of(tile);
            }
            let placed = &positions[..pattern.tiles.len()];
            total += if self.ranked {
                let table = self.table(index);
                2 * u64::from(ranked::excess(table, pattern::rank(placed, cells)))
            } else {
                u64::from(self.table(index)[pattern::direct_index(placed, cells)])
            };
        }
        total
    }
}

/// The kind built on first use for `goal`'s size.
fn default_kind(goal: &Goal) -> Result<Partition, PdbError> {
    Partition::default_for(goal.size()).ok_or(PdbError::UnsupportedSize(goal.size()))
}

/// Checks that `kind` is for `goal`'s size.
fn check_kind(goal: &Goal, kind: Partition) -> Result<(), PdbError> {
    if kind.size() == goal.size() {
        Ok(())
    } else {
        Err(PdbError::SizeMismatch {
            database: kind.size(),
            board: goal.size(),
        })
    }
}

/// The ranked tables of `patterns`, one after another (each build uses
/// every rayon thread).
fn ranked_tables(
    goal: &Goal,
    patterns: &[Pattern],
    progress: &(dyn Fn(BuildProgress) + Sync),
) -> Vec<Vec<u8>> {
    patterns
        .iter()
        .enumerate()
        .map(|(i, pattern)| ranked::build(goal, pattern, (i, patterns.len()), progress).0)
        .collect()
}

/// The directly indexed tables of `patterns`, built in parallel;
/// `progress` hears of each finished table.
fn direct_tables(
    goal: &Goal,
    patterns: &[Pattern],
    progress: &(dyn Fn(BuildProgress) + Sync),
) -> Vec<Vec<u8>> {
    use rayon::prelude::*;
    let cells = goal.size() * goal.size();
    patterns
        .par_iter()
        .enumerate()
        .map(|(i, pattern)| {
            let table = build::build_table(goal, pattern);
            let count = pattern::placements(cells, pattern.tiles.len()) as u64;
            progress(BuildProgress {
                pattern: i,
                patterns: patterns.len(),
                valued: count,
                placements: count,
                layers: 0,
            });
            table
        })
        .collect()
}

/// The reflection in the main diagonal, when it maps the goal onto itself
/// up to renaming tiles (the blank's goal cell is on the diagonal).
fn mirror(goal: &Goal) -> Option<Mirror> {
    let n = goal.size();
    let transpose = |cell: usize| (cell % n) * n + cell / n;
    let blank = goal.home(0);
    if transpose(blank) != blank {
        return None;
    }
    let cell = (0..n * n).map(|c| transpose(c) as u8).collect();
    let tile = (0..n * n)
        .map(|t| goal.tile_at(transpose(goal.home(t as u32))) as u8)
        .collect();
    Some(Mirror { cell, tile })
}

/// Whether slider builds pattern databases for `n`-by-`n` boards (3x3 and
/// 4x4), so that [`Heuristic::auto`](crate::search::Heuristic::auto) can
/// count on them.
///
/// # Example
///
/// ```
/// assert!(slider::search::pdb::supports(4));
/// assert!(!slider::search::pdb::supports(5));
/// ```
pub fn supports(n: usize) -> bool {
    n == 3 || n == 4
}
