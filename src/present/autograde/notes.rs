//! The words of what the stages before the tests say: each message of the
//! compilation and the API check ([`StageNote`], [`ApiFinding`]), the edits
//! made to the sources ([`FileChange`], [`SourceChange`]), the warnings
//! ([`Warning`]) and why the sources cannot be had ([`SourceError`]). Every
//! report format shows them in these words.

use std::fmt::{Display, Formatter, Result};

use crate::autograde::allowed::{Refusal, Refused};
use crate::autograde::sources::{
    MAX_ARCHIVE, MAX_SOURCE, SourceChange, SourceError, WhyUnreadable,
};
use crate::autograde::{ApiFinding, FileChange, JdkTool, MemberKind, Skipped, StageNote, Warning};
use crate::run::process::Stop;

impl Display for JdkTool {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        f.write_str(match self {
            JdkTool::Javac => "javac",
            JdkTool::Javap => "javap",
        })
    }
}

impl Display for MemberKind {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        f.write_str(match self {
            MemberKind::Method => "method",
            MemberKind::Field => "field",
        })
    }
}

impl Display for ApiFinding {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        match self {
            ApiFinding::WrongSignature {
                class,
                found,
                expected,
            } => write!(
                f,
                "{class}: wrong signature: public {found}; expected public {expected}"
            ),
            ApiFinding::Missing { class, expected } => {
                write!(f, "{class}: missing: public {expected}")
            }
            ApiFinding::Extra { class, found, kind } => {
                write!(f, "{class}: extra public {kind}: public {found}")
            }
        }
    }
}

/// A tool's limit as a report names it: the wall's and the CPU's are both
/// its time (which ends it first depends on the machine's load).
fn limit_name(limit: Stop) -> &'static str {
    match limit {
        Stop::Wall | Stop::Cpu => "time",
        Stop::Memory => "memory",
        Stop::Output => "output",
    }
}

impl Display for StageNote {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        match self {
            StageNote::Javac(line) => f.write_str(line),
            StageNote::Sources(error) => write!(f, "{error}"),
            StageNote::CannotPrepare(error) => write!(f, "cannot prepare compilation: {error}"),
            StageNote::CannotStart { tool, error } => write!(f, "cannot start {tool}: {error}"),
            StageNote::Stopped { tool, limit } => {
                write!(f, "{tool} was stopped by its {} limit", limit_name(*limit))
            }
            StageNote::Failed { tool, stderr } => write!(f, "{tool} failed: {}", stderr.trim()),
            StageNote::Shadows { class } => write!(
                f,
                "the submission declares a class {class}, the name of an algs4 class the course's tests count with: \
                 use algs4's, and rename yours (algs4's MinPQ counts insert() and delMin() and is audited)"
            ),
            StageNote::Api(finding) => write!(f, "{finding}"),
            StageNote::Refused(refusal) => write!(f, "{refusal}"),
            StageNote::CannotRead(error) => write!(
                f,
                "slider cannot read {} ({}): a fault of slider's, not the submission's",
                error.file, error.error
            ),
        }
    }
}

/// A refusal reads like javac's error, at the file and line of the first
/// use: `Solver.java:42: error: slider grades Board and Solver as the
/// course does: java.lang.reflect.Method.invoke is not part of the
/// assignment`.
impl Display for Refusal {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: error: ", self.file)?,
            None => write!(f, "{}: error: ", self.file)?,
        }
        let name = self.what.java_name();
        let grades = "slider grades Board and Solver as the course does";
        match &self.what {
            Refused::Type { .. } | Refused::Member { .. } => {
                write!(f, "{grades}: {name} is not part of the assignment")
            }
            Refused::Supertype { student, .. } => write!(
                f,
                "{grades}: {} may not extend or implement {name}, which is not part of the assignment",
                student.replace('$', ".")
            ),
            Refused::Bootstrap { .. } => write!(
                f,
                "{grades}: an invokedynamic bound by {name} is not one javac makes of the language"
            ),
            Refused::Finalizer { .. } => write!(
                f,
                "{grades}: {name}() would run on the JVM's finalizer thread, outside the tests' clocks"
            ),
            Refused::Native { .. } => write!(f, "{grades}: the native method {name} is not Java"),
        }
    }
}

impl Display for SourceError {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        match self {
            SourceError::Missing { name, near: None } => {
                write!(f, "{name} not found in the submission")
            }
            SourceError::Missing {
                name,
                near: Some(near),
            } => write!(
                f,
                "{name} not found in the submission, but {} is there: Java needs the file named exactly as its class, so rename it {name}",
                near.display()
            ),
            SourceError::Unreadable(path, why) => write!(f, "{}: {why}", path.display()),
        }
    }
}

impl Display for Skipped {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        f.write_str(match self {
            Skipped::NotAsked => "not asked for (--only)",
            Skipped::CompilationFailed => "compilation failed",
            Skipped::Refused => "refused: the classes use what the assignment does not need",
        })
    }
}

impl Display for WhyUnreadable {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        match self {
            WhyUnreadable::NotFolderOrZip => f.write_str("a submission is a folder or a .zip file"),
            WhyUnreadable::Io(words) => f.write_str(words),
            WhyUnreadable::ArchiveTooLarge => write!(f, "larger than {} MiB", MAX_ARCHIVE >> 20),
            WhyUnreadable::SourceTooLarge => write!(f, "larger than {} KiB", MAX_SOURCE >> 10),
            WhyUnreadable::NotZip(words) => write!(f, "not a readable .zip ({words})"),
        }
    }
}

impl Display for SourceChange {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        match self {
            SourceChange::ByteOrderMarkRemoved => {
                f.write_str("its UTF-8 byte-order mark removed (javac refuses one)")
            }
            SourceChange::ReadAsWindows1252 => f.write_str(
                "read as Windows-1252 (Latin-1), since it is not UTF-8; save it as UTF-8",
            ),
            SourceChange::PackageRemoved { declaration } => {
                write!(f, "`{declaration}` removed (graded in the default package)")
            }
            SourceChange::ImportsAdded { classes } => write!(
                f,
                "imports added for the default-package algs4: {}",
                classes.join(", ")
            ),
        }
    }
}

impl Display for FileChange {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        write!(f, "{}: {}", self.file, self.change)
    }
}

impl Display for Warning {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        match self {
            Warning::OtherFiles { file, paths } => {
                let paths: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
                write!(
                    f,
                    "{} other {file} in the submission, not graded: {}",
                    paths.len(),
                    paths.join(", ")
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::OsError;

    fn class(text: &str) -> String {
        text.to_string()
    }

    #[test]
    fn every_api_finding_reads_as_the_old_sentence() {
        let cases = [
            (
                ApiFinding::WrongSignature {
                    class: class("Board"),
                    found: "int dimension(int)".into(),
                    expected: "int dimension()".into(),
                },
                "Board: wrong signature: public int dimension(int); expected public int dimension()",
            ),
            (
                ApiFinding::Missing {
                    class: class("Solver"),
                    expected: "boolean isSolvable()".into(),
                },
                "Solver: missing: public boolean isSolvable()",
            ),
            (
                ApiFinding::Extra {
                    class: class("Board"),
                    found: "int[][] tiles()".into(),
                    kind: MemberKind::Method,
                },
                "Board: extra public method: public int[][] tiles()",
            ),
            (
                ApiFinding::Extra {
                    class: class("Board"),
                    found: "int n".into(),
                    kind: MemberKind::Field,
                },
                "Board: extra public field: public int n",
            ),
        ];
        for (finding, old) in cases {
            assert_eq!(finding.to_string(), old);
            assert_eq!(StageNote::Api(finding).to_string(), old);
        }
    }

    #[test]
    fn every_stage_note_reads_as_the_old_sentence() {
        let missing = std::io::Error::from_raw_os_error(2);
        let os = OsError::from(&missing);
        let cases = [
            (
                StageNote::Javac("hw/Board.java:3: error: ';' expected".into()),
                "hw/Board.java:3: error: ';' expected".to_string(),
            ),
            (
                StageNote::Sources(SourceError::Missing {
                    name: "Solver.java",
                    near: None,
                }),
                "Solver.java not found in the submission".to_string(),
            ),
            (
                StageNote::CannotPrepare(os),
                format!("cannot prepare compilation: {missing}"),
            ),
            (
                StageNote::CannotStart {
                    tool: JdkTool::Javac,
                    error: os,
                },
                format!("cannot start javac: {missing}"),
            ),
            (
                StageNote::CannotStart {
                    tool: JdkTool::Javap,
                    error: os,
                },
                format!("cannot start javap: {missing}"),
            ),
            (
                StageNote::Failed {
                    tool: JdkTool::Javap,
                    stderr: "  error: class not found: Solver\n".into(),
                },
                "javap failed: error: class not found: Solver".to_string(),
            ),
            (
                StageNote::Shadows {
                    class: "Solver.MinPQ".into(),
                },
                "the submission declares a class Solver.MinPQ, the name of an algs4 class the course's tests count with: \
                 use algs4's, and rename yours (algs4's MinPQ counts insert() and delMin() and is audited)"
                    .to_string(),
            ),
        ];
        for (note, old) in cases {
            assert_eq!(note.to_string(), old, "{note:?}");
        }
        for (limit, name) in [
            (Stop::Wall, "time"),
            (Stop::Cpu, "time"),
            (Stop::Memory, "memory"),
            (Stop::Output, "output"),
        ] {
            let note = StageNote::Stopped {
                tool: JdkTool::Javac,
                limit,
            };
            assert_eq!(
                note.to_string(),
                format!("javac was stopped by its {name} limit")
            );
        }
    }

    #[test]
    fn a_missing_file_near_one_in_another_case_says_to_rename_it() {
        let near = SourceError::Missing {
            name: "Solver.java",
            near: Some("hw/solver.java".into()),
        };
        assert_eq!(
            near.to_string(),
            "Solver.java not found in the submission, but hw/solver.java is there: \
             Java needs the file named exactly as its class, so rename it Solver.java"
        );
        for (why, said) in [
            (WhyUnreadable::ArchiveTooLarge, "larger than 64 MiB"),
            (WhyUnreadable::SourceTooLarge, "larger than 1024 KiB"),
            (
                WhyUnreadable::NotFolderOrZip,
                "a submission is a folder or a .zip file",
            ),
            (
                WhyUnreadable::NotZip("bad magic".into()),
                "not a readable .zip (bad magic)",
            ),
            (
                WhyUnreadable::Io("Permission denied (os error 13)".into()),
                "Permission denied (os error 13)",
            ),
        ] {
            let unreadable = SourceError::Unreadable("hw.zip".into(), why);
            assert_eq!(unreadable.to_string(), format!("hw.zip: {said}"));
        }
    }

    #[test]
    fn every_source_change_reads_as_the_old_sentence() {
        let cases = [
            (
                SourceChange::ByteOrderMarkRemoved,
                "Board.java: its UTF-8 byte-order mark removed (javac refuses one)",
            ),
            (
                SourceChange::ReadAsWindows1252,
                "Board.java: read as Windows-1252 (Latin-1), since it is not UTF-8; save it as UTF-8",
            ),
            (
                SourceChange::PackageRemoved {
                    declaration: "package hw4;".into(),
                },
                "Board.java: `package hw4;` removed (graded in the default package)",
            ),
            (
                SourceChange::ImportsAdded {
                    classes: vec!["MinPQ", "Stack"],
                },
                "Board.java: imports added for the default-package algs4: MinPQ, Stack",
            ),
        ];
        for (change, old) in cases {
            let change = FileChange {
                file: "Board.java",
                change,
            };
            assert_eq!(change.to_string(), old);
        }
    }

    #[test]
    fn other_files_of_a_graded_name_are_counted_and_listed() {
        let others = Warning::OtherFiles {
            file: "Solver.java",
            paths: vec!["s/a/Solver.java".into(), "s/b/Solver.java".into()],
        };
        assert_eq!(
            others.to_string(),
            "2 other Solver.java in the submission, not graded: s/a/Solver.java, s/b/Solver.java"
        );
    }
}
