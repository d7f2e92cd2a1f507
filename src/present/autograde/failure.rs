//! The words of every autograde failure: one [`Failure`] in, the lines the
//! course's report would print out.

use crate::Board;
use crate::autograde::protocol::LimitKind;
use crate::autograde::{BadPath, Failure, FreshMiss, JvmEnd, Law, NotRun, QueueChange, Unqueued};

/// A board as the course draws it: `n`, then its rows, indented.
#[must_use]
pub fn grid(board: &Board, indent: &str) -> Vec<String> {
    board
        .to_string()
        .lines()
        .map(|l| format!("{indent}{l}"))
        .collect()
}

/// The boards drawn as grids; a wider one is shortened to a line.
const MAX_GRID: usize = 12;

/// A board as [`grid`] draws it, or, beyond 12x12, n and its first tiles
/// on one line.
pub(super) fn board_lines(board: &Board, indent: &str) -> Vec<String> {
    if board.size() <= MAX_GRID {
        return grid(board, indent);
    }
    let first: Vec<String> = board.tiles().take(23).map(|t| t.to_string()).collect();
    vec![format!(
        "{indent}{} {} … ({} numbers)",
        board.size(),
        first.join(" "),
        board.size() * board.size() + 1
    )]
}

/// A student's text of a board: drawn as a grid when it reads as one, else
/// quoted (shortened) as it came.
fn student_board(text: &str, indent: &str) -> Vec<String> {
    let visible = crate::format::visible(text.as_bytes(), true);
    let lines: Vec<&str> = visible.lines().collect();
    if lines.len() <= 12 && lines.iter().all(|l| l.chars().count() <= 80) {
        lines.iter().map(|l| format!("{indent}{l}")).collect()
    } else {
        let flat: Vec<&str> = visible.split_whitespace().collect();
        let shown = if flat.len() > 24 {
            format!("{} … ({} numbers)", flat[..24].join(" "), flat.len())
        } else {
            flat.join(" ")
        };
        vec![format!("{indent}{shown}")]
    }
}

fn seconds(d: std::time::Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

/// The lines that say what went wrong (without the input's name).
#[must_use]
#[allow(clippy::too_many_lines)] // one short arm per failure
pub fn describe(failure: &Failure) -> Vec<String> {
    let v = |text: &str| crate::format::visible(text.as_bytes(), false);
    match failure {
        Failure::WrongValue {
            method,
            student,
            reference,
        } => vec![
            format!("student   {} = {}", v(method), v(student)),
            format!("reference {} = {}", v(method), v(reference)),
        ],
        Failure::WrongBoard {
            method,
            student,
            reference,
        } => {
            let mut out = vec![format!("{method} returns the wrong board"), "student".to_string()];
            out.extend(student_board(student, "    "));
            out.push("reference".to_string());
            out.extend(board_lines(reference, "    "));
            out
        }
        Failure::Unreadable { method, text } => {
            let mut out = vec![format!(
                "{method} does not return n followed by n^2 integers (the course reads boards as numbers)"
            )];
            out.extend(student_board(text, "    "));
            out
        }
        Failure::NeighborCount { student, reference } => vec![
            "incorrect number of neighbors".to_string(),
            format!("student   neighbors = {student}"),
            format!("reference neighbors = {reference}"),
        ],
        Failure::NeighborMissing { neighbor } => {
            let mut out = vec!["a neighbor is missing from neighbors():".to_string()];
            out.extend(board_lines(neighbor, "    "));
            out
        }
        Failure::NotANeighbor { student } => {
            let mut out = vec!["neighbors() returns a board that is not a neighbor:".to_string()];
            out.extend(student_board(student, "    "));
            out
        }
        Failure::NotATwin { student } => {
            let mut out = vec!["twin() does not return a twin (two tiles swapped, the blank not one of them):".to_string()];
            out.extend(student_board(student, "    "));
            out
        }
        Failure::Inconsistent {
            method,
            first,
            later,
        } => vec![
            format!("{method} returns different values when called again"),
            format!("first: {}", v(first)),
            format!("later: {}", v(later)),
        ],
        Failure::EqualsLaw { law } => vec![match law {
            Law::Null => "equals(null) does not return false".to_string(),
            Law::String => "equals() with an argument of type String does not return false".to_string(),
            Law::Uncastable => "equals() with an argument of another type does not return false (is it cast without a check?)".to_string(),
            Law::ObjectBoard => "equals() fails when the equal Board is stored in a variable of type Object (is equals(Object) overridden?)".to_string(),
            Law::ObjectString => "equals() with a String stored in a variable of type Object does not return false".to_string(),
            Law::Reflexive | Law::Symmetric | Law::Transitive => format!("equals() is not {}", law.name()),
        }],
        Failure::NotImmutable => vec!["the Board changed when the array passed to its constructor was changed afterwards".to_string()],
        Failure::NullSolution { moves } => vec![format!("solution() returns null for a board solvable in {moves} moves")],
        Failure::SolutionForUnsolvable => vec!["solution() is not null for an unsolvable board".to_string()],
        Failure::BadSolution { why, boards } => {
            let why = match why {
                BadPath::NotABoard(k) => {
                    format!("board {k} of the path is not n followed by n^2 numbers")
                }
                BadPath::Finding(finding) => finding.to_string(),
                BadPath::Rejected => "rejected".to_string(),
            };
            vec![format!("solution() is not an optimal solution: {why} (a sequence of {boards} boards)")]
        }
        Failure::EqualsNotCalled => vec!["equals() in Board is never called (is the critical optimization missing?)".to_string()],
        Failure::EqualsNotBoard { calls } => vec![format!("equals() called {calls} times with an argument that is not a Board")],
        Failure::EqualsNotGrandparent { calls, of } => vec![format!(
            "equals() called {calls} times (of {of}) with a board that is not a neighbor of a neighbor (compare only with the previous search node's board)"
        )],
        Failure::LookedUp { by, times, fresh } => {
            let what = match by {
                crate::autograde::LookedUpBy::Insertions => "MinPQ insertions",
                crate::autograde::LookedUpBy::Boards => "Boards made",
            };
            let mut out = vec![match (times, fresh) {
                (Some(times), None) => format!(
                    "{times}x fewer {what} per insertion of the course's reference than on fresh puzzles drawn this run"
                ),
                (None, None) => format!("no {what} at all, where fresh puzzles drawn this run took some"),
                (Some(times), Some(_)) => format!(
                    "{times}x fewer {what} per insertion of the course's reference than the reference's own on a fresh puzzle drawn this run"
                ),
                (None, Some(_)) => format!(
                    "no {what} at all, where the course's reference makes some on a fresh puzzle drawn this run"
                ),
            }];
            if let Some(fresh) = fresh {
                out.push(format!(
                    "that fresh puzzle {}: it counts as the course's reference's work, never as nothing to compare",
                    fresh_miss(*fresh)
                ));
            }
            out.push("the course's puzzles are public: this one was looked up, not solved".to_string());
            out
        }
        Failure::QueueKeyChanged { change } => queue_change(change),
        Failure::Threw {
            class,
            message,
            frames,
        } => {
            let mut out = if message == "null" || message.is_empty() {
                vec![v(class)]
            } else {
                vec![format!("{}: {}", v(class), v(message))]
            };
            out.extend(frames.iter().map(|f| format!("    at {}", v(f))));
            out
        }
        Failure::WrongException {
            expected,
            class,
            frames,
        } => {
            let mut out = vec![
                "throws the wrong exception".to_string(),
                format!("throws a {}", v(class)),
            ];
            out.extend(frames.iter().map(|f| format!("    at {}", v(f))));
            out.push(format!("should throw a {expected}"));
            out
        }
        Failure::NoException { expected } => vec![format!("does not throw; should throw a {expected}")],
        Failure::Missing { member } => vec![format!("{} is missing", v(member))],
        Failure::Limit {
            kind,
            threads,
            process,
            wall,
            limit,
        } => vec![match kind {
            LimitKind::Cpu => format!(
                "ended after {} of CPU time in its threads (the limit: {})",
                seconds(*threads),
                seconds(*limit)
            ),
            LimitKind::Process => format!(
                "ended after {} of the JVM's CPU time ({} in its threads; the rest collecting garbage or compiling; the limit: {})",
                seconds(*process),
                seconds(*threads),
                seconds(*limit)
            ),
            LimitKind::Wall => format!(
                "ended after {} of wall time with only {} of CPU time in its threads (sleeping or waiting? the limit: {})",
                seconds(*wall),
                seconds(*threads),
                seconds(*limit)
            ),
        }],
        Failure::JvmEnded {
            end,
            before_start,
            last_words,
        } => vec![jvm_ended(end, *before_start, last_words)],
        Failure::NotRun { why } => vec![format!("not run: {}", not_run(why))],
        Failure::OverLimit => vec!["over the limit (see the table)".to_string()],
        Failure::QueueNotUsed { why } => vec![match why {
            Unqueued::NoInsert => "no key was inserted into algs4's MinPQ: the search used a queue of its own, whose work the course's counts and memory do not see".to_string(),
            Unqueued::NoSearchNode { keys } => format!(
                "none of the {keys} keys slider looked at in algs4's MinPQ is or holds a Board: the search used a queue of its own, whose work the course's counts, memory and Solver test 1 do not see"
            ),
        }],
        Failure::ProbeIncomplete => vec!["slider's probe sent an incomplete record (a bug in slider?)".to_string()],
    }
}

/// Why a fresh timing puzzle gave no pace of its own.
fn fresh_miss(miss: FreshMiss) -> &'static str {
    match miss {
        FreshMiss::Threw => "threw",
        FreshMiss::Wrong => "was answered with the wrong number of moves",
        FreshMiss::Ended => "ran out of time or memory",
        FreshMiss::NotRun => "was not run",
    }
}

/// A class as the probe names it (`Solver$Node`), a lambda's hidden class
/// as the class it is in.
fn class_name(name: &str) -> String {
    match name.split_once("$$Lambda") {
        Some((outer, _)) => format!("a lambda in {}", v(outer)),
        None => v(name),
    }
}

/// What Solver 1's order audit found.
fn queue_change(change: &QueueChange) -> Vec<String> {
    let compared = |by: &Option<String>, key: &str, other: &str| match by {
        None => format!("compareTo() of a {} against {other}", class_name(key)),
        Some(by) => format!(
            "the MinPQ's comparator ({}) on a {} and {other}",
            class_name(by),
            class_name(key)
        ),
    };
    match change {
        QueueChange::Order {
            key,
            other,
            by,
            before,
            after,
        } => vec![
            "a key's order changed after it was inserted into the MinPQ".to_string(),
            format!(
                "{} changed from {before} to {after} while both were in the queue",
                compared(
                    by,
                    key,
                    &format!("another {} in the MinPQ", class_name(other))
                )
            ),
        ],
        QueueChange::Threw {
            key,
            by,
            class,
            message,
        } => {
            let thrown = if message == "null" || message.is_empty() {
                v(class)
            } else {
                format!("{}: {}", v(class), v(message))
            };
            vec![
                format!(
                    "{} threw {thrown}",
                    compared(by, key, "another key in the MinPQ")
                ),
                "(slider compares keys in the queue again, as the heap does, to check that their order does not change)".to_string(),
            ]
        }
    }
}

/// Text from the run, made safe to show.
fn v(text: &str) -> String {
    crate::format::visible(text.as_bytes(), false)
}

/// How a JVM ended, in a student's words, with its last line.
fn jvm_ended(end: &JvmEnd, before_start: bool, last_words: &str) -> String {
    let how = match end {
        JvmEnd::CannotStart(error) => format!("java could not be started ({error})"),
        JvmEnd::Wall => "the JVM ran out of time".to_string(),
        JvmEnd::Cpu => "the JVM ran out of CPU time".to_string(),
        JvmEnd::Memory => "the JVM ran out of memory".to_string(),
        JvmEnd::Output => "the program printed more than the output cap".to_string(),
        JvmEnd::ContainerMemory { limit } => format!(
            "ran out of memory in the grader's container ({} MB): the grader's host ended the JVM",
            limit >> 20
        ),
        JvmEnd::Exited(code) => format!("the JVM exited with code {code}"),
        JvmEnd::Killed(signal) => format!("the JVM was killed by signal {signal}"),
        JvmEnd::Unknown => "the JVM ended".to_string(),
    };
    let when = if before_start && !matches!(end, JvmEnd::CannotStart(_)) {
        " before the probe started"
    } else {
        ""
    };
    if last_words.is_empty() {
        format!("{how}{when}")
    } else {
        format!("{how}{when} ({})", v(last_words))
    }
}

/// Why a trial was not run.
fn not_run(why: &NotRun) -> String {
    match why {
        NotRun::TimeUp => "the time for this submission ran out".to_string(),
        NotRun::NoReference { javac } => format!(
            "Solver.java does not compile with the reference Board (does it call Board methods outside the API?): {}",
            v(javac)
        ),
        NotRun::EarlierEndedJvm => "an earlier input of this test ended its JVM".to_string(),
        NotRun::RestartsSpent(n) => format!("its JVM was ended {n} times before"),
        NotRun::Harder { puzzle } => format!(
            "{}, which the course's reference solves with fewer insertions, ran out of time",
            puzzle.as_deref().unwrap_or("an earlier puzzle")
        ),
        NotRun::EarlierInList => {
            "an earlier input of its list failed (the course moves on to the next list)".to_string()
        }
        NotRun::NoRecord => "no record".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jvm_the_container_killed_is_worded_for_a_student_with_no_exit_code() {
        let failure = Failure::JvmEnded {
            end: JvmEnd::ContainerMemory { limit: 768 << 20 },
            before_start: false,
            last_words: String::new(),
        };
        let words = describe(&failure).join("\n");
        assert!(
            words.starts_with("ran out of memory in the grader's container (768 MB)"),
            "{words}"
        );
        assert!(!words.contains("137"), "{words}");
        let own = Failure::JvmEnded {
            end: JvmEnd::Exited(1),
            before_start: true,
            last_words: "Error: \u{1b}[2J boom".into(),
        };
        assert_eq!(
            describe(&own),
            ["the JVM exited with code 1 before the probe started (Error: \u{241b}[2J boom)"]
        );
    }

    #[test]
    fn every_not_run_reason_says_why() {
        for why in [
            NotRun::TimeUp,
            NotRun::NoReference {
                javac: "Solver.java:3: error: x".into(),
            },
            NotRun::EarlierEndedJvm,
            NotRun::RestartsSpent(4),
            NotRun::Harder {
                puzzle: Some("puzzle40.txt".into()),
            },
            NotRun::Harder { puzzle: None },
            NotRun::EarlierInList,
            NotRun::NoRecord,
        ] {
            let line = describe(&Failure::NotRun { why: why.clone() }).join("");
            assert!(
                line.starts_with("not run: ") && line.len() > 15,
                "{why:?}: {line}"
            );
        }
    }

    #[test]
    fn the_order_audit_names_the_comparison_and_the_queues_comparator() {
        let order = |by: Option<&str>| Failure::QueueKeyChanged {
            change: QueueChange::Order {
                key: "Solver$Node".into(),
                other: "Solver$Node".into(),
                by: by.map(str::to_string),
                before: -1,
                after: 1,
            },
        };
        assert_eq!(
            describe(&order(None))[1],
            "compareTo() of a Solver$Node against another Solver$Node in the MinPQ changed from -1 to 1 while both were in the queue"
        );
        let lambda = describe(&order(Some("Solver$$Lambda$14/0x0000000800c0b440"))).join("\n");
        assert!(
            lambda.contains("the MinPQ's comparator (a lambda in Solver) on a Solver$Node"),
            "{lambda}"
        );
        let threw = Failure::QueueKeyChanged {
            change: QueueChange::Threw {
                key: "Solver$Node".into(),
                by: None,
                class: "java.lang.NullPointerException".into(),
                message: "null".into(),
            },
        };
        assert_eq!(threw.reason(), Some("threw"));
        assert!(describe(&threw)[0].ends_with("threw java.lang.NullPointerException"));
    }

    #[test]
    fn every_law_of_equals_has_its_own_sentence() {
        let lines: Vec<String> = Law::ALL
            .iter()
            .map(|&law| describe(&Failure::EqualsLaw { law }).join(""))
            .collect();
        for (law, line) in Law::ALL.iter().zip(&lines) {
            assert!(line.starts_with("equals("), "{law:?}: {line}");
            let failure = Failure::EqualsLaw { law: *law };
            assert_eq!(failure.reason(), Some(law.name()));
        }
        let distinct: std::collections::HashSet<&String> = lines.iter().collect();
        assert_eq!(distinct.len(), Law::ALL.len(), "{lines:?}");
        assert_eq!(
            lines[Law::ALL.iter().position(|&l| l == Law::Symmetric).unwrap()],
            "equals() is not symmetric"
        );
    }

    #[test]
    fn a_jvm_that_could_not_start_says_the_systems_error() {
        let missing = std::io::Error::from_raw_os_error(2);
        let failure = Failure::JvmEnded {
            end: JvmEnd::CannotStart((&missing).into()),
            before_start: true,
            last_words: String::new(),
        };
        assert_eq!(failure.reason(), Some("cannot_start"));
        let words = describe(&failure).join("");
        assert!(
            words.starts_with(&format!("java could not be started ({missing})")),
            "{words}"
        );
        let other = JvmEnd::CannotStart((&std::io::Error::other("no slot")).into());
        assert_eq!(
            jvm_ended(&other, true, ""),
            format!("java could not be started ({})", std::io::ErrorKind::Other)
        );
    }
}
