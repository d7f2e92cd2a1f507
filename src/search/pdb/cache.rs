//! The databases on disk: file names, loading (mapped, checksummed, or
//! verified once and marked), saving, and opening: load the cached file,
//! or build and save it.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{
    BuildProgress, Partition, PatternDatabase, PdbError, check_kind, default_kind, file, mapped,
};
use crate::search::Goal;

/// Where an opened database came from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Provenance {
    /// Mapped from an intact cached file.
    Loaded,
    /// Built now, because the file was missing.
    BuiltMissing,
    /// Built now, because the file was corrupt (the reason).
    BuiltCorrupt(String),
}

/// What [`PatternDatabase::open`] did.
#[derive(Debug, Clone)]
pub struct Opened {
    /// The cache file.
    pub path: PathBuf,
    /// Loaded or built, and why.
    pub provenance: Provenance,
    /// Time to load, or to build and save.
    pub elapsed: Duration,
    /// Set when a freshly built database could not be saved (it is still
    /// used, and built again next time).
    pub save_error: Option<String>,
}

impl PatternDatabase {
    /// The databases of `goal` from the cache folder `dir`: mapped from
    /// their file when it is intact, otherwise built and saved there
    /// (written beside and renamed, so concurrent processes never see a
    /// partial file).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{PatternDatabase, Provenance}};
    /// let dir = std::env::temp_dir().join(format!("slider-doc-{}", std::process::id()));
    /// let (_, first) = PatternDatabase::open(&Goal::standard(3), &dir)?;
    /// assert_eq!(first.provenance, Provenance::BuiltMissing);
    /// let (_, second) = PatternDatabase::open(&Goal::standard(3), &dir)?;
    /// assert_eq!(second.provenance, Provenance::Loaded);
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn open(goal: &Goal, dir: &Path) -> Result<(PatternDatabase, Opened), PdbError> {
        PatternDatabase::open_kind(goal, default_kind(goal)?, dir, &|_| {})
    }

    /// [`open`](Self::open) for any kind: mapped when cached, otherwise
    /// built (reporting `progress`) and saved.
    ///
    /// # Errors
    ///
    /// As [`open`](Self::open); [`PdbError::SizeMismatch`] when `kind` is
    /// for another board size.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Partition, PatternDatabase, Provenance}};
    /// let dir = std::env::temp_dir().join(format!("slider-doc-kind-{}", std::process::id()));
    /// let (pdb, opened) = PatternDatabase::open_kind(&Goal::standard(3), Partition::FourFour, &dir, &|_| {})?;
    /// assert_eq!(opened.provenance, Provenance::BuiltMissing);
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn open_kind(
        goal: &Goal,
        kind: Partition,
        dir: &Path,
        progress: &(dyn Fn(BuildProgress) + Sync),
    ) -> Result<(PatternDatabase, Opened), PdbError> {
        let started = Instant::now();
        let path = dir.join(PatternDatabase::file_name_kind(goal, kind)?);
        let provenance = match PatternDatabase::load_kind(goal, kind, &path) {
            Ok(pdb) => {
                let opened = Opened {
                    path,
                    provenance: Provenance::Loaded,
                    elapsed: started.elapsed(),
                    save_error: None,
                };
                return Ok((pdb, opened));
            }
            Err(PdbError::Io { error, .. }) if error.kind() == io::ErrorKind::NotFound => {
                Provenance::BuiltMissing
            }
            Err(PdbError::Corrupt { reason, .. }) => Provenance::BuiltCorrupt(reason),
            Err(e) => return Err(e),
        };
        let pdb = PatternDatabase::build_kind(goal, kind, progress)?;
        let save_error = pdb.save(&path).err().map(|e| e.to_string());
        let opened = Opened {
            path,
            provenance,
            elapsed: started.elapsed(),
            save_error,
        };
        Ok((pdb, opened))
    }

    /// Maps the database file at `path`, checking that it is intact and
    /// made for `goal`.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{PatternDatabase, PdbError}};
    /// let missing = PatternDatabase::load(&Goal::standard(3), "no/such/file.pdb".as_ref());
    /// assert!(matches!(missing, Err(PdbError::Io { .. })));
    /// ```
    pub fn load(goal: &Goal, path: &Path) -> Result<PatternDatabase, PdbError> {
        PatternDatabase::load_kind(goal, default_kind(goal)?, path)
    }

    /// [`load`](Self::load) for any kind.
    ///
    /// # Errors
    ///
    /// As [`load`](Self::load).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Partition, PatternDatabase, PdbError}};
    /// let missing = PatternDatabase::load_kind(&Goal::standard(4), Partition::SevenEight, "none.pdb".as_ref());
    /// assert!(matches!(missing, Err(PdbError::Io { .. })));
    /// ```
    pub fn load_kind(
        goal: &Goal,
        kind: Partition,
        path: &Path,
    ) -> Result<PatternDatabase, PdbError> {
        check_kind(goal, kind)?;
        let patterns = kind.patterns(goal);
        let io_error = |error| PdbError::Io {
            path: path.to_path_buf(),
            error,
        };
        let file = File::open(path).map_err(io_error)?;
        let meta = file.metadata().map_err(io_error)?;
        if !meta.is_file() {
            return Err(PdbError::Corrupt {
                path: path.to_path_buf(),
                reason: "not a regular file".into(),
            });
        }
        let bytes = mapped::map(&file).map_err(io_error)?;
        // The checksum is verified once: a file whose stamp matches its
        // `.verified` marker is known intact, and only its header is read.
        let marker = marker_path(path);
        let stamp = file::stamp(&meta);
        let verified = fs::read_to_string(&marker).is_ok_and(|m| m == stamp);
        let offsets = file::validate(&bytes, goal, &patterns, kind.is_ranked(), !verified)
            .map_err(|reason| PdbError::Corrupt {
                path: path.to_path_buf(),
                reason,
            })?;
        if !verified && file::settled(&meta) {
            let _ = fs::write(&marker, stamp); // only the next load's speed depends on it
        }
        Ok(PatternDatabase::assemble(
            goal,
            Some(kind),
            kind.is_ranked(),
            patterns,
            bytes,
            offsets,
        ))
    }

    /// Checks the whole file at `path` against its checksum, whatever its
    /// `.verified` marker says, and renews the marker when it is intact.
    ///
    /// # Errors
    ///
    /// As [`load`](Self::load), [`PdbError::Corrupt`] for any damage.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::PatternDatabase};
    /// let goal = Goal::standard(3);
    /// let path = std::env::temp_dir().join(format!("slider-verify-{}.pdb", std::process::id()));
    /// PatternDatabase::build(&goal)?.save(&path)?;
    /// PatternDatabase::verify(&goal, &path)?;
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn verify(goal: &Goal, path: &Path) -> Result<(), PdbError> {
        PatternDatabase::verify_kind(goal, default_kind(goal)?, path)
    }

    /// [`verify`](Self::verify) for any kind.
    ///
    /// # Errors
    ///
    /// As [`verify`](Self::verify).
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Partition, PatternDatabase}};
    /// assert!(PatternDatabase::verify_kind(&Goal::standard(4), Partition::SevenEight, "none.pdb".as_ref()).is_err());
    /// ```
    pub fn verify_kind(goal: &Goal, kind: Partition, path: &Path) -> Result<(), PdbError> {
        let _ = fs::remove_file(marker_path(path));
        PatternDatabase::load_kind(goal, kind, path).map(|_| ())
    }

    /// Writes the database to `path` (through a temporary file beside it
    /// and a rename), creating the folder.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::search::{Goal, pdb::PatternDatabase};
    /// let goal = Goal::standard(3);
    /// let path = std::env::temp_dir().join(format!("slider-save-{}.pdb", std::process::id()));
    /// PatternDatabase::build(&goal)?.save(&path)?;
    /// assert!(PatternDatabase::load(&goal, &path).is_ok());
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn save(&self, path: &Path) -> Result<(), PdbError> {
        let io_error = |error| PdbError::Io {
            path: path.to_path_buf(),
            error,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(io_error)?;
        }
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(format!(".{}.tmp", std::process::id()));
        let temporary = PathBuf::from(temporary);
        let _ = fs::remove_file(marker_path(path)); // it spoke of the old file
        let written = File::create(&temporary)
            .and_then(|mut f| f.write_all(&self.bytes).and_then(|()| f.sync_all()))
            .and_then(|()| fs::rename(&temporary, path));
        if written.is_err() {
            let _ = fs::remove_file(&temporary);
        }
        written.map_err(io_error)
    }

    /// The cache file name for `goal`: the size and a hash of the goal and
    /// the partition, so that every goal has its own file.
    ///
    /// ```
    /// use slider::search::{Goal, pdb::PatternDatabase};
    /// let name = PatternDatabase::file_name(&Goal::standard(4))?;
    /// assert!(name.starts_with("4x4-") && name.ends_with(".pdb"));
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn file_name(goal: &Goal) -> Result<String, PdbError> {
        PatternDatabase::file_name_kind(goal, default_kind(goal)?)
    }

    /// The cache file name of `kind` for `goal`.
    ///
    /// # Errors
    ///
    /// [`PdbError::SizeMismatch`] when `kind` is for another board size.
    ///
    /// ```
    /// use slider::search::{Goal, pdb::{Partition, PatternDatabase}};
    /// let name = PatternDatabase::file_name_kind(&Goal::standard(4), Partition::SevenEight)?;
    /// assert!(name.starts_with("4x4-7-8-") && name.ends_with(".pdb"));
    /// # Ok::<(), slider::search::pdb::PdbError>(())
    /// ```
    pub fn file_name_kind(goal: &Goal, kind: Partition) -> Result<String, PdbError> {
        check_kind(goal, kind)?;
        let mut key: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
        for pattern in &kind.patterns(goal) {
            key.push(0xff);
            key.extend_from_slice(&pattern.tiles);
        }
        let n = goal.size();
        Ok(format!(
            "{n}x{n}-{kind}-v{}-{:016x}.pdb",
            file::VERSION,
            xxhash_rust::xxh3::xxh3_64(&key)
        ))
    }

    /// Where the databases of `kind`, for its size's course goal, are
    /// cached under `dir`.
    ///
    /// ```
    /// use slider::search::pdb::{Partition, PatternDatabase};
    /// let path = PatternDatabase::cache_path("cache".as_ref(), Partition::FourFour);
    /// assert!(path.starts_with("cache") && path.to_string_lossy().contains("3x3-4-4-"));
    /// ```
    #[must_use]
    pub fn cache_path(dir: &Path, kind: Partition) -> PathBuf {
        let goal = Goal::standard(kind.size());
        // A kind always fits its own size's goal.
        let name = PatternDatabase::file_name_kind(&goal, kind).unwrap_or_default();
        dir.join(name)
    }
}

/// The `.verified` marker beside a database file.
fn marker_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".verified");
    PathBuf::from(name)
}
