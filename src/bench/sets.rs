//! Benchmark sets: the instances of a benchmark file, or of one shipped
//! in the binary (Korf's 100, Korf and Felner's 24-puzzles), chosen by
//! number.

use std::path::{Path, PathBuf};

use crate::format::manifest::{Benchmark, Convention, parse_benchmarks};

/// A benchmark set shipped in the binary: its file name (in
/// `fixtures/benchmarks/`) and its text, so that an installed `slider`
/// needs no clone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shipped {
    /// The file's name.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

/// Korf's 100 15-puzzles, blank last (`slider bench korf`'s and `bench
/// partitions`' default).
pub const KORF_100: Shipped = Shipped {
    name: "korf100-blank-last.txt",
    text: include_str!("../../fixtures/benchmarks/korf100-blank-last.txt"),
};

/// Korf and Felner's 50 random 24-puzzles (`slider bench 24`'s default).
pub const KORF_FELNER_24: Shipped = Shipped {
    name: "korf-felner-24puzzle-50.txt",
    text: include_str!("../../fixtures/benchmarks/korf-felner-24puzzle-50.txt"),
};

/// The instances of a benchmark file, towards the course's goal, read
/// through the capped reader.
///
/// # Errors
///
/// The file cannot be read, or a line is not an instance
/// (`FILE:LINE:COL: why`).
pub fn read_instances(path: &Path, convention: Convention) -> Result<Vec<Benchmark>, String> {
    let idle = Some(crate::format::source::DEFAULT_IDLE);
    let text = crate::format::source::read_text(path, idle)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_benchmarks(&text, convention).map_err(|e| format!("{}:{e}", path.display()))
}

/// A benchmark set's instances, by their 1-based numbers in the file.
#[derive(Debug, Clone)]
pub struct Instances {
    /// The file they come from.
    pub file: PathBuf,
    /// Each instance's number in the file.
    pub numbers: Vec<usize>,
    /// The instances.
    pub instances: Vec<Benchmark>,
}

impl Instances {
    /// Reads `file` and keeps the `chosen` numbers (all when empty), in
    /// that order, then the first `limit`.
    ///
    /// # Errors
    ///
    /// As [`read_instances`]; a chosen number that is not in the file;
    /// no instances left.
    pub fn read(
        file: &Path,
        convention: Convention,
        chosen: &[usize],
        limit: Option<usize>,
    ) -> Result<Instances, String> {
        Self::choose(file, &read_instances(file, convention)?, chosen, limit)
    }

    /// [`Instances::read`] on a set shipped in the binary (named by its
    /// file name): no file is read.
    ///
    /// # Errors
    ///
    /// As [`Instances::read`].
    ///
    /// # Example
    ///
    /// ```
    /// use slider::bench::search::{Instances, KORF_100};
    /// use slider::format::manifest::Convention;
    /// let set = Instances::shipped(KORF_100, Convention::Auto, &[], Some(3))?;
    /// assert_eq!((set.instances.len(), set.size()), (3, 4));
    /// # Ok::<(), String>(())
    /// ```
    pub fn shipped(
        set: Shipped,
        convention: Convention,
        chosen: &[usize],
        limit: Option<usize>,
    ) -> Result<Instances, String> {
        let all =
            parse_benchmarks(set.text, convention).map_err(|e| format!("{}:{e}", set.name))?;
        Self::choose(set.name.as_ref(), &all, chosen, limit)
    }

    /// The `chosen` instances of `all`, then the first `limit`.
    fn choose(
        file: &Path,
        all: &[Benchmark],
        chosen: &[usize],
        limit: Option<usize>,
    ) -> Result<Instances, String> {
        let numbers: Vec<usize> = if chosen.is_empty() {
            (1..=all.len()).collect()
        } else {
            chosen.to_vec()
        };
        let mut instances = Vec::with_capacity(numbers.len());
        for &number in &numbers {
            let Some(instance) = number.checked_sub(1).and_then(|i| all.get(i)) else {
                return Err(format!(
                    "--instances: {number} is not an instance of {} (1 to {})",
                    file.display(),
                    all.len()
                ));
            };
            instances.push(instance.clone());
        }
        instances.truncate(limit.unwrap_or(usize::MAX));
        if instances.is_empty() {
            return Err(format!("{}: no instances", file.display()));
        }
        let mut numbers = numbers;
        numbers.truncate(instances.len());
        Ok(Instances {
            file: file.to_path_buf(),
            numbers,
            instances,
        })
    }

    /// The instances' board side.
    #[must_use]
    pub fn size(&self) -> usize {
        self.instances.first().map_or(0, |i| i.board.size())
    }
}
