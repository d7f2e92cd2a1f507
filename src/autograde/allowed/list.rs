//! The allow-list's data ([`list.txt`](self), embedded), read once into
//! an [`AllowList`]: which types a submission may name, which of their
//! members it may use, which classes its own may extend, and which
//! bootstrap methods its `invokedynamic`s may name.

use std::collections::{HashMap, HashSet};

/// The list slider grades with (`src/autograde/allowed/list.txt`).
pub const LIST: &str = include_str!("list.txt");

/// The members of one type a submission may use.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Members {
    /// `*`: every member, but those in `except`.
    all: bool,
    except: HashSet<String>,
    named: HashSet<String>,
    /// `=OTHER`: OTHER's members too.
    like: Vec<String>,
}

/// The allow-list, read from its text ([`AllowList::parse`]).
///
/// # Example
///
/// ```
/// use slider::autograde::allowed::AllowList;
/// let list = AllowList::course();
/// assert!(list.member("java/lang/Math", "abs"));
/// assert!(!list.member("java/lang/System", "exit"));
/// assert!(!list.nameable("java/lang/Thread"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct AllowList {
    types: HashMap<String, Members>,
    /// Packages (`java/util/function`) whose every class is a type here.
    packages: HashMap<String, Members>,
    supers: HashSet<String>,
    super_packages: HashSet<String>,
    bootstraps: HashSet<(String, String)>,
}

/// A line of the list that does not parse: its number (from 1) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub why: &'static str,
}

impl AllowList {
    /// The list slider grades with ([`LIST`]); its text is checked by a
    /// unit test, so this cannot fail.
    #[must_use]
    pub fn course() -> AllowList {
        AllowList::parse(LIST).unwrap_or_default()
    }

    /// Reads a list in `list.txt`'s format.
    ///
    /// # Errors
    ///
    /// The first line that is not a `type`, `super` or `bootstrap` line of
    /// the right shape, or that names a type twice.
    pub fn parse(text: &str) -> Result<AllowList, ListError> {
        let mut list = AllowList::default();
        let mut supers_at: HashMap<&str, usize> = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let err = |why| ListError { line: i + 1, why };
            let mut words = line.split_whitespace();
            let Some(directive) = words.next() else {
                continue;
            };
            let class = words.next().ok_or_else(|| err("a class is missing"))?;
            match directive {
                "type" => {
                    let mut members = Members::default();
                    for word in words {
                        if word == "*" {
                            members.all = true;
                        } else if let Some(name) = word.strip_prefix('-') {
                            members.except.insert(name.to_string());
                        } else if let Some(other) = word.strip_prefix('=') {
                            members.like.push(other.to_string());
                        } else {
                            members.named.insert(word.to_string());
                        }
                    }
                    let into = match class.strip_suffix("/*") {
                        Some(package) => list.packages.insert(package.to_string(), members),
                        None => list.types.insert(class.to_string(), members),
                    };
                    if into.is_some() {
                        return Err(err("the type is listed twice"));
                    }
                }
                "super" => {
                    if let Some(package) = class.strip_suffix("/*") {
                        list.super_packages.insert(package.to_string());
                    } else {
                        supers_at.entry(class).or_insert(i + 1);
                        list.supers.insert(class.to_string());
                    }
                }
                "bootstrap" => {
                    let method = words.next().ok_or_else(|| err("a method is missing"))?;
                    list.bootstraps
                        .insert((class.to_string(), method.to_string()));
                }
                _ => return Err(err("not a type, super or bootstrap line")),
            }
        }
        // a supertype is a type too: a class that extends it names it
        for class in &list.supers {
            if !list.nameable(class) {
                return Err(ListError {
                    line: supers_at[class.as_str()],
                    why: "a supertype must also be a type",
                });
            }
        }
        Ok(list)
    }

    fn entry(&self, class: &str) -> Option<&Members> {
        self.types.get(class).or_else(|| {
            let (package, _) = class.rsplit_once('/')?;
            self.packages.get(package)
        })
    }

    /// Whether a submission may name `class` (internal form,
    /// `java/lang/String`).
    #[must_use]
    pub fn nameable(&self, class: &str) -> bool {
        self.entry(class).is_some()
    }

    /// Whether a submission may use `class`'s member `name` (a method, a
    /// constructor `<init>`, or a field), whatever its descriptor.
    #[must_use]
    pub fn member(&self, class: &str, name: &str) -> bool {
        self.member_within(class, name, 0)
    }

    fn member_within(&self, class: &str, name: &str, depth: usize) -> bool {
        let Some(members) = self.entry(class) else {
            return false;
        };
        (members.all && !members.except.contains(name))
            || members.named.contains(name)
            || (depth < 4
                && members
                    .like
                    .iter()
                    .any(|other| self.member_within(other, name, depth + 1)))
    }

    /// Whether a student class may extend or implement `class`.
    #[must_use]
    pub fn supertype(&self, class: &str) -> bool {
        self.supers.contains(class)
            || class
                .rsplit_once('/')
                .is_some_and(|(package, _)| self.super_packages.contains(package))
    }

    /// Whether an `invokedynamic` may be bound by `class.method`.
    #[must_use]
    pub fn bootstrap(&self, class: &str, method: &str) -> bool {
        self.bootstraps
            .contains(&(class.to_string(), method.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_course_list_parses() {
        let list = AllowList::parse(LIST).expect("list.txt parses");
        assert!(list.nameable("java/lang/String"));
        assert!(list.member("java/util/function/IntFunction", "apply"));
        assert!(list.supertype("java/util/function/IntFunction"));
        assert!(list.bootstrap("java/lang/invoke/LambdaMetafactory", "metafactory"));
    }

    #[test]
    fn exceptions_have_throwables_members_but_not_its_stack() {
        let list = AllowList::course();
        assert!(list.member("java/lang/IllegalArgumentException", "getMessage"));
        assert!(!list.member("java/lang/IllegalArgumentException", "getStackTrace"));
        assert!(!list.member("java/lang/Throwable", "setStackTrace"));
    }

    #[test]
    fn a_star_keeps_its_exceptions_out() {
        let list = AllowList::course();
        assert!(list.member("java/util/Arrays", "sort"));
        assert!(!list.member("java/util/Arrays", "parallelSort"));
        assert!(!list.member("java/util/ArrayList", "parallelStream"));
        assert!(!list.member("java/util/stream/IntStream", "parallel"));
        assert!(!list.member("java/lang/Integer", "getInteger"));
    }

    #[test]
    fn what_the_issue_names_is_refused() {
        let list = AllowList::course();
        for class in [
            "java/lang/Thread",
            "java/lang/ThreadLocal",
            "java/lang/ClassValue",
            "java/lang/ClassLoader",
            "java/lang/Runtime",
            "java/lang/ProcessBuilder",
            "java/lang/StackWalker",
            "java/lang/ref/Cleaner",
            "java/lang/reflect/Method",
            "java/lang/management/ManagementFactory",
            "java/util/concurrent/atomic/AtomicInteger",
            "java/util/concurrent/Executors",
            "java/nio/IntBuffer",
            "java/nio/file/Files",
            "java/io/File",
            "java/io/ObjectOutputStream",
            "java/net/Socket",
            "sun/misc/Unsafe",
            "slider/probe/Tally",
        ] {
            assert!(!list.nameable(class), "{class}");
        }
        for (class, member) in [
            ("java/lang/System", "exit"),
            ("java/lang/System", "setOut"),
            ("java/lang/System", "setErr"),
            ("java/lang/System", "setProperty"),
            ("java/lang/System", "getenv"),
            ("java/lang/Class", "forName"),
            ("java/lang/Class", "getDeclaredField"),
            ("java/lang/Class", "getMethod"),
            ("java/lang/Object", "finalize"),
            ("java/lang/Object", "wait"),
            ("java/lang/invoke/MethodHandles", "lookup"),
            ("java/lang/Throwable", "getStackTrace"),
        ] {
            assert!(!list.member(class, member), "{class}.{member}");
        }
        assert!(!list.supertype("java/lang/Thread"));
        assert!(!list.supertype("java/util/ArrayList"));
        assert!(!list.supertype("edu/princeton/cs/algs4/MinPQ"));
    }

    #[test]
    fn a_malformed_list_names_its_line() {
        assert_eq!(
            AllowList::parse("type a/B\nfrob a/C").unwrap_err(),
            ListError {
                line: 2,
                why: "not a type, super or bootstrap line"
            }
        );
        assert_eq!(AllowList::parse("type a/B\ntype a/B").unwrap_err().line, 2);
        assert_eq!(AllowList::parse("super a/B").unwrap_err().line, 1);
        assert_eq!(AllowList::parse("bootstrap a/B").unwrap_err().line, 1);
    }
}
