//! The guard: a submission may call only what the assignment needs.
//!
//! Before any student code runs, every class javac made of the student's
//! `Board.java` and `Solver.java` is read (with the `cafebabe` class-file
//! reader) and held against the allow-list ([`AllowList`], data in
//! `list.txt`): every type its constant pool, its descriptors and its
//! exception tables name, every field and method it references (an
//! inherited one looked up through the student's own classes to the JDK
//! class it comes from), every supertype, every bootstrap method of an
//! `invokedynamic` or a dynamic constant and the method handles they are
//! given, and every method it declares that the JVM would call on its own
//! (`finalize()`, a `native` method). What is not on the list is a
//! [`Refusal`], placed at its file and line as javac places an error
//! (from the class's `SourceFile` and the method's `LineNumberTable`).
//!
//! The list is what keeps the student's code away from the probe that
//! measures it (reflection, class loaders, `java.lang.invoke`), from the
//! JVM's own threads and clocks (threads, executors,
//! `java.lang.management`, finalizers) and from the memory walk's blind
//! spots (`ClassValue`, `ThreadLocal`, NIO buffers); the OS sandbox
//! (bubblewrap, a uid of its own, limits) stays the outer wall around
//! files, processes and the network.

mod classes;
mod list;

pub use classes::{ClassError, check};
pub use list::{AllowList, LIST, ListError};

/// Something a student class uses that the assignment does not need.
///
/// # Example
///
/// ```
/// use slider::autograde::allowed::{Refusal, Refused};
/// let refusal = Refusal {
///     file: "Solver.java".into(),
///     line: Some(42),
///     what: Refused::Member { class: "java/lang/reflect/Method".into(), name: "invoke".into() },
/// };
/// assert_eq!(refusal.what.java_name(), "java.lang.reflect.Method.invoke");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Refusal {
    /// The source file the class was compiled from (`Solver.java`; the
    /// class file's name when javac recorded none).
    pub file: String,
    /// The line of the first use, when the use is in a method's code.
    pub line: Option<u32>,
    /// What is used.
    pub what: Refused,
}

/// What a [`Refusal`] refuses (class names in the class file's internal
/// form, `java/lang/Thread`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Refused {
    /// A type that is not on the list is named.
    Type {
        /// The type.
        class: String,
    },
    /// A field or method of a listed type, or inherited from one, that is
    /// not on the list.
    Member {
        /// The class it is looked up in.
        class: String,
        /// The member (`<init>` for a constructor).
        name: String,
    },
    /// A student class extends or implements a type the list does not
    /// let it.
    Supertype {
        /// The student's class.
        student: String,
        /// Its supertype.
        class: String,
    },
    /// An `invokedynamic` (or a dynamic constant) bound by a bootstrap
    /// method javac does not emit for the language.
    Bootstrap {
        /// The bootstrap method's class.
        class: String,
        /// The bootstrap method.
        name: String,
    },
    /// A student class declares `finalize()`, which the JVM calls on a
    /// thread of its own.
    Finalizer {
        /// The student's class.
        student: String,
    },
    /// A student class declares a `native` method.
    Native {
        /// The student's class.
        student: String,
        /// The method.
        name: String,
    },
}

impl Refused {
    /// The thing refused, as Java source names it
    /// (`java.util.Map.Entry`, `java.lang.System.exit`, `Solver.finalize`).
    #[must_use]
    pub fn java_name(&self) -> String {
        let java = |class: &str| class.replace(['/', '$'], ".");
        match self {
            Refused::Type { class } | Refused::Supertype { class, .. } => java(class),
            Refused::Member { class, name } | Refused::Bootstrap { class, name } => {
                let name = if name == "<init>" { "new" } else { name };
                format!("{}.{name}", java(class))
            }
            Refused::Finalizer { student } => format!("{}.finalize", java(student)),
            Refused::Native { student, name } => format!("{}.{name}", java(student)),
        }
    }
}
