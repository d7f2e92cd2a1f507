//! Which JDK grades: its tools, found in `JAVA_HOME` or on `PATH`, and its
//! version, read and checked before anything runs. slider's probe and the
//! JVM flags it is started with are known to work on JDK 17 to 25; an
//! older or a newer JDK (or one whose version cannot be read) is refused
//! with a [`JdkError`], which the binary reports with the exit code of a
//! setup error (2). How the probe's JVM is started is in
//! [`java`](super::java).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The oldest JDK feature release slider grades with.
pub const OLDEST: u32 = 17;

/// The newest JDK feature release slider grades with: a later one may
/// have removed what the probe relies on (`-XX:-UseCompressedClassPointers`
/// for the course's memory model is deprecated in JDK 25).
pub const NEWEST: u32 = 25;

/// The JDK's programs, and its version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Jdk {
    /// `java`.
    pub java: PathBuf,
    /// `javac`.
    pub javac: PathBuf,
    /// `javap`.
    pub javap: PathBuf,
    /// `jar`.
    pub jar: PathBuf,
    /// Its feature release (17 for 17.0.15), from [`OLDEST`] to [`NEWEST`].
    pub feature: u32,
}

/// Why no JDK slider can grade with was found. Worded in
/// `present::autograde::setup`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JdkError {
    /// A tool is not where the JDK was looked for.
    Missing {
        /// `javac`, `java`, `javap` or `jar`.
        tool: &'static str,
        /// The `JAVA_HOME` it was looked for in (`None`: on `PATH`).
        java_home: Option<PathBuf>,
    },
    /// The JDK's version could not be read: no `release` file beside its
    /// tools says it, nor does `java -version`.
    Unreadable {
        /// The `java` asked.
        java: PathBuf,
        /// What it said, or why it could not be asked.
        said: String,
    },
    /// `java` and `javac` belong to JDKs of different versions.
    Mixed {
        /// `java`'s JDK and its version.
        java: (PathBuf, String),
        /// `javac`'s JDK and its version.
        javac: (PathBuf, String),
    },
    /// The JDK's version is not one slider grades with.
    Unsupported {
        /// Where it is (its tools' real folder, symbolic links followed).
        home: PathBuf,
        /// Its version, as it gives it (`11.0.2`, `26-ea`).
        version: String,
    },
}

impl std::error::Error for JdkError {}

impl Jdk {
    /// Finds the JDK of `context`: in `$JAVA_HOME/bin`
    /// when `JAVA_HOME` is set, else on `PATH` ([`Jdk::find`]).
    ///
    /// # Errors
    ///
    /// [`JdkError`]: a tool not found, or a version not graded with.
    ///
    /// # Example
    ///
    /// ```no_run
    /// let context = slider::context::Context::new(std::env::vars_os(), None, ".".into(), "/tmp".into());
    /// let jdk = slider::autograde::jdk::Jdk::of(&context)?;
    /// assert!(jdk.javac.ends_with("javac") && jdk.feature >= 17);
    /// # Ok::<(), slider::autograde::jdk::JdkError>(())
    /// ```
    pub fn of(context: &crate::context::Context) -> Result<Jdk, JdkError> {
        let java_home = context.var("JAVA_HOME").map(PathBuf::from);
        Jdk::find(java_home.as_deref(), context.var("PATH"))
    }

    /// Finds the JDK: in `java_home`'s `bin` when given, else on `path`
    /// (a `PATH`-style list), and reads its version: the `JAVA_VERSION`
    /// of the `release` file in the tools' real folder (symbolic links
    /// followed, as from `/usr/bin/javac` to the JDK's `bin`), else what
    /// `java -version` says.
    ///
    /// # Errors
    ///
    /// [`JdkError`]: the first tool not found; a version that cannot be
    /// read, that differs between `java` and `javac`, or is not from
    /// [`OLDEST`] to [`NEWEST`].
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::jdk::{Jdk, JdkError};
    /// let err = Jdk::find(None, Some("/nonexistent".as_ref())).unwrap_err();
    /// assert_eq!(err, JdkError::Missing { tool: "javac", java_home: None });
    /// ```
    pub fn find(java_home: Option<&Path>, path: Option<&OsStr>) -> Result<Jdk, JdkError> {
        let dirs: Vec<PathBuf> = match java_home {
            Some(home) => vec![home.join("bin")],
            None => path
                .map(|p| std::env::split_paths(p).collect())
                .unwrap_or_default(),
        };
        let find = |tool: &'static str| {
            dirs.iter()
                .map(|d| d.join(tool))
                .find(|p| p.is_file())
                .ok_or_else(|| JdkError::Missing {
                    tool,
                    java_home: java_home.map(Path::to_path_buf),
                })
        };
        let found = Jdk {
            javac: find("javac")?,
            java: find("java")?,
            javap: find("javap")?,
            jar: find("jar")?,
            feature: 0,
        };
        let feature = version(&found.java, &found.javac)?;
        Ok(Jdk { feature, ..found })
    }
}

/// The feature release of the JDK of `java` and `javac`, checked.
fn version(java: &Path, javac: &Path) -> Result<u32, JdkError> {
    let (home, version) = match (released(java), released(javac)) {
        (Some(runtime), Some(compiler)) if feature(&runtime.1) != feature(&compiler.1) => {
            return Err(JdkError::Mixed {
                java: runtime,
                javac: compiler,
            });
        }
        (Some(found), _) | (None, Some(found)) => found,
        (None, None) => asked(java)?,
    };
    match feature(&version) {
        Some(feature) if (OLDEST..=NEWEST).contains(&feature) => Ok(feature),
        _ => Err(JdkError::Unsupported { home, version }),
    }
}

/// The folder a JDK tool is in, two levels up from its real path (the
/// JDK's home, whose `bin` holds it).
fn home_of(tool: &Path) -> Option<PathBuf> {
    let real = std::fs::canonicalize(tool).ok()?;
    Some(real.parent()?.parent()?.to_path_buf())
}

/// The home of `tool`'s JDK and the version its `release` file gives.
fn released(tool: &Path) -> Option<(PathBuf, String)> {
    let home = home_of(tool)?;
    let text = std::fs::read_to_string(home.join("release")).ok()?;
    let version = release_version(&text)?;
    Some((home, version))
}

/// The home of `java`'s JDK and the version `java -version` gives.
fn asked(java: &Path) -> Result<(PathBuf, String), JdkError> {
    let unreadable = |said: String| JdkError::Unreadable {
        java: java.to_path_buf(),
        said,
    };
    let output = std::process::Command::new(java)
        .arg("-version")
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| unreadable(e.to_string()))?;
    // JDK 9 and later write it on standard error, some builds on output
    let mut said = String::from_utf8_lossy(&output.stderr).into_owned();
    said.push_str(&String::from_utf8_lossy(&output.stdout));
    let version = version_output(&said)
        .ok_or_else(|| unreadable(said.lines().next().unwrap_or("nothing").trim().to_string()))?;
    let home = home_of(java).unwrap_or_else(|| java.to_path_buf());
    Ok((home, version))
}

/// The `JAVA_VERSION` of a JDK's `release` file (`JAVA_VERSION="17.0.15"`).
fn release_version(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let value = line.trim().strip_prefix("JAVA_VERSION=")?;
        let value = value.trim().trim_matches('"').trim();
        (!value.is_empty()).then(|| value.to_string())
    })
}

/// The version `java -version` prints, between the quotes of its
/// `version "…"` line (`openjdk version "25.0.3" 2026-04-21`).
fn version_output(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let (_, rest) = line.split_once(" version \"")?;
        let (version, _) = rest.split_once('"')?;
        (!version.is_empty()).then(|| version.to_string())
    })
}

/// The feature release of a version string: its first number (`17` of
/// `17.0.15`, `25` of `25`, `26` of `26-ea`), or the second of the old
/// `1.x` scheme (`8` of `1.8.0_292`); `None` when it starts with no number.
fn feature(version: &str) -> Option<u32> {
    let number = |s: &str| -> Option<u32> {
        let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    let first = number(version)?;
    match version.strip_prefix("1.") {
        Some(rest) if first == 1 => number(rest),
        _ => Some(first),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_from_release_files_and_java_version() {
        let release = "IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_RUNTIME_VERSION=\"25.0.3+9-LTS\"\nJAVA_VERSION=\"25.0.3\"\nJAVA_VERSION_DATE=\"2026-04-21\"\n";
        assert_eq!(release_version(release).as_deref(), Some("25.0.3"));
        assert_eq!(
            release_version("JAVA_VERSION=\"17.0.15\"\r\nOS_NAME=\"Linux\"\r\n").as_deref(),
            Some("17.0.15")
        );
        assert_eq!(release_version("JAVA_VERSION=\"\"\n"), None);
        assert_eq!(release_version("IMPLEMENTOR=\"x\"\n"), None);

        let debian = "openjdk version \"17.0.15\" 2025-04-15\nOpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)\n";
        assert_eq!(version_output(debian).as_deref(), Some("17.0.15"));
        let picked = "Picked up JAVA_TOOL_OPTIONS: -Xmx1g\njava version \"1.8.0_292\"\n";
        assert_eq!(version_output(picked).as_deref(), Some("1.8.0_292"));
        assert_eq!(
            version_output("openjdk version \"26-ea\" 2026-03-17\n").as_deref(),
            Some("26-ea")
        );
        assert_eq!(version_output("Error: could not find libjava.so\n"), None);
    }

    #[test]
    fn the_feature_release_is_the_first_number_or_the_old_schemes_second() {
        for (version, want) in [
            ("17.0.15", Some(17)),
            ("21", Some(21)),
            ("21.0.2+13-LTS", Some(21)),
            ("25.0.3", Some(25)),
            ("26-ea", Some(26)),
            ("1.8.0_292", Some(8)),
            ("11.0.2", Some(11)),
            ("", None),
            ("ea", None),
            ("v17", None),
        ] {
            assert_eq!(feature(version), want, "{version}");
        }
    }

    /// A folder laid out as a JDK: `bin/` with the four tools and, when
    /// given, a `release` file saying `version`.
    fn fake_jdk(root: &Path, version: Option<&str>) -> PathBuf {
        let home = root.join("jdk");
        std::fs::create_dir_all(home.join("bin")).unwrap();
        for tool in ["java", "javac", "javap", "jar"] {
            std::fs::write(home.join("bin").join(tool), "").unwrap();
        }
        if let Some(version) = version {
            std::fs::write(
                home.join("release"),
                format!("IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"{version}\"\n"),
            )
            .unwrap();
        }
        home
    }

    #[test]
    fn a_jdk_from_17_to_25_is_taken_and_any_other_refused() {
        for (version, want) in [
            ("17.0.15", Ok(17)),
            ("21.0.2", Ok(21)),
            ("25", Ok(25)),
            ("11.0.2", Err("11.0.2")),
            ("1.8.0_292", Err("1.8.0_292")),
            ("26-ea", Err("26-ea")),
            ("unknown", Err("unknown")),
        ] {
            let dir = tempfile::tempdir().unwrap();
            let home = fake_jdk(dir.path(), Some(version));
            let found = Jdk::find(Some(&home), None).map(|jdk| jdk.feature);
            let real = std::fs::canonicalize(&home).unwrap();
            let want = want.map_err(|version| JdkError::Unsupported {
                home: real,
                version: version.to_string(),
            });
            assert_eq!(found, want, "{version}");
        }
    }

    #[test]
    fn a_path_javac_is_followed_through_its_links_to_its_jdk() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let home = fake_jdk(dir.path(), Some("11.0.2"));
        // /usr/bin/javac -> /etc/alternatives/javac -> the JDK's, as Debian lays it out
        let (bin, alternatives) = (dir.path().join("usr-bin"), dir.path().join("alternatives"));
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::create_dir_all(&alternatives).unwrap();
        for tool in ["java", "javac", "javap", "jar"] {
            symlink(home.join("bin").join(tool), alternatives.join(tool)).unwrap();
            symlink(alternatives.join(tool), bin.join(tool)).unwrap();
        }
        let path = std::env::join_paths([dir.path().join("nothing-here"), bin.clone()]).unwrap();
        let err = Jdk::find(None, Some(&path)).unwrap_err();
        assert_eq!(
            err,
            JdkError::Unsupported {
                home: std::fs::canonicalize(&home).unwrap(),
                version: "11.0.2".into()
            }
        );
        std::fs::write(home.join("release"), "JAVA_VERSION=\"21.0.2\"\n").unwrap();
        let jdk = Jdk::find(None, Some(&path)).unwrap();
        assert_eq!((jdk.feature, jdk.javac), (21, bin.join("javac")));
    }

    #[test]
    fn a_java_and_a_javac_of_different_jdks_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (old, new) = (dir.path().join("old"), dir.path().join("new"));
        let old_home = fake_jdk(&old, Some("17.0.15"));
        let new_home = fake_jdk(&new, Some("25.0.3"));
        std::fs::remove_file(new_home.join("bin/java")).unwrap();
        // javac (and javap, jar) found first on PATH in the new JDK, java in the old
        let path = std::env::join_paths([new_home.join("bin"), old_home.join("bin")]).unwrap();
        let err = Jdk::find(None, Some(&path)).unwrap_err();
        let real = |p: &Path| std::fs::canonicalize(p).unwrap();
        assert_eq!(
            err,
            JdkError::Mixed {
                java: (real(&old_home), "17.0.15".into()),
                javac: (real(&new_home), "25.0.3".into()),
            }
        );
    }

    #[test]
    fn without_a_release_file_java_is_asked() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let home = fake_jdk(dir.path(), None);
        let java = home.join("bin/java");
        std::fs::write(
            &java,
            "#!/bin/sh\necho 'openjdk version \"16.0.2\" 2021-07-20' >&2\n",
        )
        .unwrap();
        std::fs::set_permissions(&java, std::fs::Permissions::from_mode(0o755)).unwrap();
        let err = Jdk::find(Some(&home), None).unwrap_err();
        assert_eq!(
            err,
            JdkError::Unsupported {
                home: std::fs::canonicalize(&home).unwrap(),
                version: "16.0.2".into()
            }
        );
        std::fs::write(&java, "#!/bin/sh\necho 'no version here' >&2\n").unwrap();
        let err = Jdk::find(Some(&home), None).unwrap_err();
        assert_eq!(
            err,
            JdkError::Unreadable {
                java: java.clone(),
                said: "no version here".into()
            }
        );
    }
}
