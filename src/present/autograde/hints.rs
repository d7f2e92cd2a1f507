//! What to look at when a course test fails: one hint per kind of check,
//! in the words of the assignment's checklist and of the classic mistakes
//! the course's autograder catches (docs/COURSE.md §4, docs/AUTOGRADER.md).

use crate::autograde::Failure;
use crate::autograde::catalog::{Check, TimingTest};
use crate::autograde::protocol::{Method, SolverMethod};

/// The hint of a test of `check` that failed with `failures` (the kept
/// ones). When every failure is of one kind that says more than the check
/// (the code threw, ran out of a limit, or lacks a method), the hint is
/// about that; otherwise it is the check's.
///
/// # Example
///
/// ```
/// use slider::autograde::Failure;
/// use slider::autograde::catalog::Check;
/// use slider::present::autograde::hints::hint;
/// assert!(hint(Check::NullArgument, &[]).contains("IllegalArgumentException"));
/// let threw = Failure::Threw { class: "java.lang.ArithmeticException".into(), message: "/ by zero".into(), frames: vec![] };
/// assert!(hint(Check::Twin, &[&threw]).starts_with("the code threw"));
/// ```
#[must_use]
pub fn hint(check: Check, failures: &[&Failure]) -> &'static str {
    let all = |kind: fn(&Failure) -> bool| !failures.is_empty() && failures.iter().all(|f| kind(f));
    if all(|f| matches!(f, Failure::Threw { .. })) {
        return "the code threw: the frames under the exception are the student's own lines, the first one where it happened";
    }
    if all(|f| matches!(f, Failure::Missing { .. })) {
        return "a method or constructor of the assignment's API is missing, or has another signature: see the API section";
    }
    let limited = |f: &Failure| {
        matches!(
            f,
            Failure::Limit { .. }
                | Failure::JvmEnded { .. }
                | Failure::NotRun { .. }
                | Failure::ProbeIncomplete
        )
    };
    if !matches!(check, Check::Timing(_)) && all(limited) {
        return "the trial ran out of a limit or its JVM ended: look for a loop that never ends, a wait, unbounded recursion, or memory kept across calls";
    }
    by_check(check)
}

/// The hint of one failed `test` of a test of `check`: none when it
/// passed, or when none of its failing inputs ran (those say why they did
/// not).
#[must_use]
pub fn for_test(check: Check, test: &crate::autograde::TestResult) -> Option<&'static str> {
    if test.verdict != crate::autograde::Verdict::Failed {
        return None;
    }
    let failed: Vec<&Failure> = test.failures.iter().map(|f| &f.failure).collect();
    if failed.iter().all(|f| matches!(f, Failure::NotRun { .. })) {
        return None;
    }
    let failures: Vec<&Failure> = failed
        .into_iter()
        .filter(|f| !matches!(f, Failure::OverLimit))
        .collect();
    Some(hint(check, &failures))
}

/// The hint of `section`, from its check and its kept failures: none when
/// no test of it failed, or when none of its failing inputs ran (those say
/// why they did not).
#[must_use]
pub fn for_section(section: &crate::autograde::SectionReport) -> Option<&'static str> {
    let failed: Vec<&Failure> = section
        .tests
        .iter()
        .filter(|t| t.verdict == crate::autograde::Verdict::Failed)
        .flat_map(|t| &t.failures)
        .map(|f| &f.failure)
        .collect();
    if failed.iter().all(|f| matches!(f, Failure::NotRun { .. })) {
        return None;
    }
    let failures: Vec<&Failure> = failed
        .into_iter()
        .filter(|f| !matches!(f, Failure::OverLimit))
        .collect();
    Some(hint(section.check, &failures))
}

/// The checks whose failure explains a failure of `check`, because it
/// calls what they test: Board tests 13 to 17 call a method (tested on
/// the files' and random boards by tests 1 to 3) on a board made by
/// `neighbors()` or `twin()` (tests 5 and 7).
fn causes(check: Check) -> Vec<Check> {
    match check {
        Check::Kth { twin, method } => vec![
            Check::Value(method),
            if twin { Check::Twin } else { Check::Neighbors },
        ],
        Check::Neighbors2 => vec![Check::Neighbors],
        _ => Vec::new(),
    }
}

/// The method a check tests, as the report names it.
fn method_of(check: Check, api: crate::course::Api) -> &'static str {
    match check {
        Check::Value(Method::Size) => match api {
            crate::course::Api::Coursera => "dimension()",
            crate::course::Api::Princeton => "size()",
        },
        Check::Value(Method::Hamming) => "hamming()",
        Check::Value(Method::Manhattan) => "manhattan()",
        Check::Value(Method::ToString) => "toString()",
        Check::Value(Method::IsGoal) => "isGoal()",
        Check::Value(Method::IsSolvable) => "isSolvable()",
        Check::Twin => "twin()",
        _ => "neighbors()",
    }
}

/// The hint of `section` of `report`, chosen from what failed first: when
/// an earlier test that checks what this one calls failed too (Board Test
/// 14 calls `hamming()`, which Board Test 1a checks), the hint is about
/// that; otherwise it is [`for_section`]'s.
///
/// # Example
///
/// ```
/// use slider::autograde::{Category, Failure, Report, SectionReport, TestResult, TrialFailure};
/// use slider::autograde::catalog::{Check, Classes};
/// use slider::autograde::protocol::Method;
/// let failed = |id: &str, check| {
///     let failure = TrialFailure { input: "puzzle04.txt".into(), board: None,
///         failure: Failure::WrongValue { method: "hamming()".into(), student: "5".into(), reference: "4".into() } };
///     let test = TestResult::row(String::new(), Some(failure), Vec::new());
///     SectionReport { id: id.into(), category: Category::Correctness, title: String::new(), check,
///         classes: Classes::Student, tests: vec![test], time: Default::default() }
/// };
/// let mut report = Report::new("s".into(), slider::course::Api::Coursera, Default::default());
/// report.sections = vec![
///     failed("Board 1a", Check::Value(Method::Hamming)),
///     failed("Board 14", Check::Kth { twin: false, method: Method::Hamming }),
/// ];
/// let hint = slider::present::autograde::hints::in_report(&report, &report.sections[1]).unwrap();
/// assert!(hint.starts_with("hamming() fails on its own (Board Test 1a fails too)"), "{hint}");
/// assert!(hint.contains("count tiles 1 to n²-1 only"), "{hint}");
/// ```
#[must_use]
pub fn in_report(
    report: &crate::autograde::Report,
    section: &crate::autograde::SectionReport,
) -> Option<String> {
    let own = for_section(section)?;
    let causes = causes(section.check);
    let first = report
        .sections
        .iter()
        .take_while(|s| !std::ptr::eq(*s, section) && s.id != section.id)
        .find(|s| {
            causes.contains(&s.check)
                && s.tests
                    .iter()
                    .any(|t| t.verdict == crate::autograde::Verdict::Failed)
        });
    Some(match first {
        Some(cause) => format!(
            "{} fails on its own ({} fails too), not only on the boards this test makes: fix it there first; {}",
            method_of(cause.check, report.api),
            super::test_name(&cause.id),
            for_section(cause).unwrap_or_else(|| by_check(cause.check))
        ),
        None => own.to_string(),
    })
}

/// The hint of a failed test of `check`, from what the check is about.
fn by_check(check: Check) -> &'static str {
    match check {
        Check::Value(Method::Hamming | Method::Manhattan) => {
            "count tiles 1 to n²-1 only, never the blank, and work out each tile's goal cell from n (no hard-coded 3x3 goal)"
        }
        Check::Value(Method::Size) => "dimension() returns n, the board's side",
        Check::Value(Method::ToString) => {
            "the first line is n; then each row, every tile right-aligned in a field of 2 (`%2d`) after a space, the blank as 0, each line ending in a newline"
        }
        Check::Value(Method::IsGoal) => {
            "isGoal() compares with the goal for this n: tiles 1 to n²-1 in order, the blank last"
        }
        Check::Value(Method::IsSolvable) | Check::Solver(SolverMethod::IsSolvable) => {
            "a board is solvable exactly when its twin is not: run both searches in lockstep, or count inversions (and the blank's row for even n)"
        }
        Check::Tiles => {
            "tileAt(row, col) returns the tile there, 0 for the blank, and throws IllegalArgumentException outside the board"
        }
        Check::Neighbors | Check::Neighbors2 => {
            "each neighbor is a new Board built from a fresh copy of the tiles, with the blank moved once; never share a row with the original"
        }
        Check::Twin => {
            "twin() swaps the same two non-blank tiles every time, in a copy: no randomness, and the original unchanged"
        }
        Check::Two => {
            "no static fields: each Board keeps its own tiles and n, so two Boards of different sizes can live at once"
        }
        Check::Mutate => {
            "copy the constructor's int[][] row by row: the caller may change its array afterwards"
        }
        Check::Order => {
            "no method may change the tiles, and twin() must not depend on when it is called"
        }
        Check::Equals | Check::Laws => {
            "override equals(Object y): true for the same object, false for null, another class or another size, then compare the tiles"
        }
        Check::Kth { .. } => {
            "neighbors and twins must be independent Boards: build each from a copy of the tiles, and recompute or copy the cached values"
        }
        Check::Solver(_) => {
            "stop when the goal board is dequeued, not when it is enqueued; the priority is moves so far + manhattan(); the solution runs from the initial board to the goal"
        }
        Check::Sequence => {
            "solve in the constructor and keep the answer: moves() and solution() only return it"
        }
        Check::TwoSolvers => {
            "no static state in Solver: two Solvers must not share a queue or a count"
        }
        Check::NullArgument => {
            "throw new IllegalArgumentException() when the constructor's argument is null, before using it"
        }
        Check::UnsolvableThrows => {
            "throw IllegalArgumentException when the initial board is unsolvable"
        }
        Check::QueueUnchanged => {
            "never change a search node once it is in the MinPQ: it must compare with the other keys as it did when it was inserted (a priority cached on its first comparison is fine)"
        }
        Check::EqualsCalled | Check::EqualsOnlyBoards | Check::EqualsOnlyGrandparent => {
            "the critical optimization: skip a neighbor equal to the board of the node's predecessor, compared with equals(); no visited set"
        }
        Check::BoardMemory => {
            "store the tiles (int[][], or a compact array) and little else: no goal board, no cached neighbors, no second copy"
        }
        Check::SolverMemory | Check::QueueMemory => {
            "keep only the solution once solved: the MinPQ and its search nodes should be local to the constructor, not fields"
        }
        Check::Timing(TimingTest::Cpu) => {
            "too slow: cache manhattan() in the Board, cache the priority in the search node, and apply the critical optimization"
        }
        Check::Timing(TimingTest::Queue) => {
            "too many MinPQ operations: apply the critical optimization, and stop when the goal is dequeued"
        }
        Check::Timing(TimingTest::NotCalled) => {
            "the search must not call hamming() or toString(): they are for clients, not for the Solver"
        }
        Check::Timing(TimingTest::Calls) => {
            "too many Board calls: compute each node's manhattan() once, and create and compare Boards only as the search needs"
        }
        Check::Timing(TimingTest::Caching) => {
            "manhattan() is called for every comparison: compute the priority once per search node, in its constructor, and compare the stored values"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::for_section;
    use crate::autograde::catalog::{Check, Classes};
    use crate::autograde::{Category, Failure, SectionReport, TestResult, TrialFailure};

    fn section(failure: Option<Failure>) -> SectionReport {
        let failure = failure.map(|failure| TrialFailure {
            input: "n = 2".into(),
            board: None,
            failure,
        });
        SectionReport {
            id: "Memory 1".into(),
            category: Category::Memory,
            title: String::new(),
            check: Check::BoardMemory,
            classes: Classes::Student,
            tests: vec![TestResult::row("n = 2".into(), failure, Vec::new())],
            time: std::time::Duration::ZERO,
        }
    }

    #[test]
    fn a_hint_only_where_a_test_ran_and_failed() {
        assert_eq!(for_section(&section(None)), None);
        let not_run = Failure::NotRun {
            why: crate::autograde::NotRun::EarlierEndedJvm,
        };
        assert_eq!(for_section(&section(Some(not_run))), None);
        assert!(for_section(&section(Some(Failure::OverLimit))).is_some());
    }
}
