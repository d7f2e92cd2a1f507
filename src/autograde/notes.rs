//! What the stages before the tests say, as data: each message of the
//! compilation and the API check ([`StageNote`], the API's own
//! [`ApiFinding`]), the edits made to the sources ([`FileChange`]) and what
//! staff should know ([`Warning`]). `present::autograde` words them all.

use std::path::PathBuf;

use super::sources::{SourceChange, SourceError};
use crate::run::OsError;
use crate::run::process::Stop;

/// A JDK tool slider runs on a submission.
///
/// ```
/// use slider::autograde::JdkTool;
/// assert_eq!(JdkTool::Javap.to_string(), "javap");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JdkTool {
    /// The compiler.
    Javac,
    /// The class-file disassembler, which lists the public members.
    Javap,
}

/// A public member as `javap` lists it: a method (constructors too) or a
/// field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemberKind {
    /// A method or a constructor.
    Method,
    /// A field.
    Field,
}

impl MemberKind {
    /// The kind of a member as `javap` lists it (without `public`): a
    /// method's has a parameter list.
    ///
    /// ```
    /// use slider::autograde::MemberKind;
    /// assert_eq!(MemberKind::of("int[][] tiles()"), MemberKind::Method);
    /// assert_eq!(MemberKind::of("int n"), MemberKind::Field);
    /// ```
    #[must_use]
    pub fn of(member: &str) -> MemberKind {
        if member.contains('(') {
            MemberKind::Method
        } else {
            MemberKind::Field
        }
    }
}

/// What the API check found wrong in one class. The members are as
/// `javap` lists them, without `public`.
///
/// ```
/// use slider::autograde::ApiFinding;
/// let missing = ApiFinding::Missing { class: "Board".into(), expected: "int dimension()".into() };
/// assert_eq!(missing.to_string(), "Board: missing: public int dimension()");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiFinding {
    /// A member the spec requires is there by name, with another
    /// signature.
    WrongSignature {
        /// `Board`.
        class: String,
        /// The class's member of that name.
        found: String,
        /// The spec's.
        expected: String,
    },
    /// A member the spec requires is not there at all.
    Missing {
        /// `Board`.
        class: String,
        /// The spec's member.
        expected: String,
    },
    /// A public member the spec does not have.
    Extra {
        /// `Board`.
        class: String,
        /// The class's member.
        found: String,
        /// A method or a field.
        kind: MemberKind,
    },
}

/// One message of a stage before the tests (compilation, the API check):
/// what it found, or why it could not run.
///
/// ```
/// use slider::autograde::{JdkTool, StageNote};
/// use slider::run::process::Stop;
/// let stopped = StageNote::Stopped { tool: JdkTool::Javac, limit: Stop::Cpu };
/// assert_eq!(stopped.to_string(), "javac was stopped by its time limit");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StageNote {
    /// javac's own output, verbatim: a line of its diagnostics (`path:35:
    /// error: …`, the source line, the caret, `1 error`), the file named by
    /// where it was found in the submission; or, when javac failed without
    /// a diagnostic, its standard error. These are javac's words, not
    /// slider's, so they are kept as its text.
    Javac(String),
    /// The submission's sources cannot be had.
    Sources(SourceError),
    /// The compilation's private folder could not be made, or its classes
    /// not copied out: the system's error.
    CannotPrepare(OsError),
    /// A JDK tool could not be started: the system's error.
    CannotStart {
        /// Which.
        tool: JdkTool,
        /// Why.
        error: OsError,
    },
    /// A JDK tool was stopped by one of its limits.
    Stopped {
        /// Which.
        tool: JdkTool,
        /// Which limit (the wall's and the CPU's are both its time).
        limit: Stop,
    },
    /// A JDK tool failed: its standard error, verbatim (the tool's words).
    Failed {
        /// Which.
        tool: JdkTool,
        /// The end of what it wrote to standard error.
        stderr: String,
    },
    /// The submission declares a class named like one of algs4's the
    /// course's tests count with (`MinPQ`), which would take its place.
    Shadows {
        /// The class, nested ones with a dot (`Solver.MinPQ`).
        class: String,
    },
    /// What the API check found.
    Api(ApiFinding),
    /// What the guard refuses: a use of what the assignment does not need
    /// ([`allowed`](super::allowed)), its file being where the submission
    /// holds it.
    Refused(super::allowed::Refusal),
    /// A class javac made cannot be read by slider's class-file reader: a
    /// fault of the harness, not the submission's.
    CannotRead(super::allowed::ClassError),
}

/// An edit made to one graded file so that it compiles beside slider's
/// classes.
///
/// ```
/// use slider::autograde::FileChange;
/// use slider::autograde::sources::SourceChange;
/// let change = FileChange { file: "Solver.java", change: SourceChange::ByteOrderMarkRemoved };
/// assert_eq!(change.to_string(), "Solver.java: its UTF-8 byte-order mark removed (javac refuses one)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileChange {
    /// `Board.java` or `Solver.java`.
    pub file: &'static str,
    /// The edit.
    pub change: SourceChange,
}

/// What staff should know about a submission, though it is not graded.
///
/// ```
/// use slider::autograde::Warning;
/// let others = Warning::OtherFiles { file: "Board.java", paths: vec!["s/old/Board.java".into()] };
/// assert_eq!(others.to_string(), "1 other Board.java in the submission, not graded: s/old/Board.java");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// The submission holds other files of a graded file's name, which are
    /// not graded.
    OtherFiles {
        /// `Board.java` or `Solver.java`.
        file: &'static str,
        /// Where the others are.
        paths: Vec<PathBuf>,
    },
}
