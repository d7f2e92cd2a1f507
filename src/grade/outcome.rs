//! How a test ended, and so its outcome: a pure function of the facts the
//! process layer measured ([`Ended`]) and of the checker's verdict on the
//! output. No process is started here, so every rule is unit-tested.
//!
//! Outcomes come from facts, never from what the program printed: a memory
//! limit is the runner's own kill (or a SIGKILL the program did not get
//! from the runner, which is what the kernel's out-of-memory killer sends),
//! not "out of memory" on standard error.

use std::time::Duration;

use crate::Board;
use crate::check::{self, CheckOptions, CheckVerdict, FindingKind};
use crate::course::Api;
use crate::run::OsError;
use crate::run::process::{Ended, Exit, Limits, Memory, Stop};

/// How one test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Accepted by the checker.
    Passed,
    /// Rejected by the checker.
    WrongAnswer,
    /// Legal, but longer than the optimum.
    NotOptimal,
    /// Ran past the wall-clock limit.
    Timeout,
    /// Used more CPU time than allowed.
    CpuLimit,
    /// Killed by a signal, or exited non-zero.
    Crashed,
    /// Printed more than the output cap.
    OutputLimit,
    /// Used more memory than allowed.
    MemoryLimit,
    /// The grader could not run the test (not the submission's fault).
    HarnessError,
    /// The suite's expected optimum is wrong: a legal answer was shorter,
    /// or the exhaustive table disagrees (not the submission's fault).
    SuiteError,
}

impl Outcome {
    /// The outcome's name in reports.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(slider::grade::outcome::Outcome::WrongAnswer.name(), "wrong answer");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Passed => "passed",
            Outcome::WrongAnswer => "wrong answer",
            Outcome::NotOptimal => "not optimal",
            Outcome::Timeout => "timeout",
            Outcome::CpuLimit => "cpu limit",
            Outcome::Crashed => "crashed",
            Outcome::OutputLimit => "output limit",
            Outcome::MemoryLimit => "memory limit",
            Outcome::HarnessError => "harness error",
            Outcome::SuiteError => "suite error",
        }
    }

    /// Whether the outcome is the grader's or the suite's fault rather than
    /// the submission's: such a run scores nothing and makes `slider grade`
    /// exit 2.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::grade::outcome::Outcome;
    /// assert!(Outcome::HarnessError.is_grader_fault());
    /// assert!(!Outcome::Crashed.is_grader_fault());
    /// ```
    pub fn is_grader_fault(self) -> bool {
        matches!(self, Outcome::HarnessError | Outcome::SuiteError)
    }
}

/// The result of one test.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleResult {
    /// The puzzle's file name.
    pub name: String,
    /// The board side.
    pub n: usize,
    /// The expected optimum (`None`: unsolvable).
    pub expected: Option<u64>,
    /// The moves the answer made or claimed, if any.
    pub got: Option<u64>,
    /// Whether the answer claimed "unsolvable".
    pub claimed_unsolvable: bool,
    /// How it ended.
    pub outcome: Outcome,
    /// Why it ended so: the checker's first finding, the exit and the
    /// output's tails, or the limit that was hit (`present::grade` words
    /// it).
    pub detail: Detail,
    /// Wall-clock time of the whole test.
    pub time: Duration,
    /// User + system CPU time of the test's processes.
    pub cpu: Duration,
    /// The largest resident memory of the test's processes, in bytes.
    pub peak_rss: u64,
    /// Processes the runner had to kill after the program's own ended.
    pub leftovers: usize,
    /// Points for passing.
    pub weight: f64,
}

/// What a test was about: its puzzle and the expected optimum.
#[derive(Debug, Clone, Copy)]
pub struct Expectation<'a> {
    /// The puzzle.
    pub board: &'a Board,
    /// The expected optimum (`None`: unsolvable).
    pub expected: Option<u64>,
}

/// Why a test ended as it did, as data; `present::grade::detail` words it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Detail {
    /// Nothing to say (it passed).
    #[default]
    None,
    /// The test's private folder could not be made.
    Prepare(OsError),
    /// The program could not be started.
    Start(OsError),
    /// The wall-clock limit (this long) ended it.
    Wall(Duration),
    /// The CPU limit (this much) ended it.
    Cpu(Duration),
    /// Its resident memory passed the limit.
    Memory {
        /// The limit, in MiB.
        limit_mib: u64,
        /// The largest sample, in bytes.
        peak: u64,
    },
    /// It printed more than this many bytes.
    Output(u64),
    /// A SIGKILL the grader did not send ended it (the kernel's
    /// out-of-memory killer sends one).
    Killed(Tails),
    /// It ended so, not with status 0.
    Ended {
        /// How.
        exit: Exit,
        /// What it printed last.
        tails: Tails,
    },
    /// The suite's expected optimum is wrong: the checker's finding.
    SuiteWrong(FindingKind),
    /// The checker's first finding, at a line and column of the answer.
    Finding {
        /// Its line, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
        /// What it is.
        kind: FindingKind,
    },
    /// The checker could not verify the answer and found nothing wrong.
    Unverified,
}

/// The last bytes a program wrote to standard output and to standard
/// error, as written (made visible when shown).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tails {
    /// Standard output's last [`TAIL`](crate::run::process::TAIL) bytes.
    pub stdout: Vec<u8>,
    /// Standard error's.
    pub stderr: Vec<u8>,
}

impl Tails {
    fn of(ended: &Ended) -> Tails {
        let start = ended.stdout.len().saturating_sub(crate::run::process::TAIL);
        Tails {
            stdout: ended.stdout[start..].to_vec(),
            stderr: ended.stderr_tail.clone(),
        }
    }
}

/// What [`classify`] made of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classified {
    /// The outcome.
    pub outcome: Outcome,
    /// What went wrong, or which limit was hit.
    pub detail: Detail,
    /// The moves the answer claimed, when it could be read.
    pub got: Option<u64>,
    /// Whether the answer claimed the puzzle unsolvable.
    pub claimed_unsolvable: bool,
}

impl Classified {
    fn of(outcome: Outcome, detail: Detail) -> Classified {
        Classified {
            outcome,
            detail,
            got: None,
            claimed_unsolvable: false,
        }
    }
}

/// Names the outcome of a run from its facts, checking its output as
/// `slider-check` would (for `api`'s unsolvable message; `None`: either).
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::grade::outcome::{Expectation, Outcome, classify};
/// use slider::run::process::{Ended, Exit, Limits};
/// let board: slider::Board = "3  0 1 3  4 2 5  7 8 6".parse()?;
/// let ended = Ended {
///     exit: Exit::Code(0), stop: None, stdout: b"RDRD\n".to_vec(), stderr_tail: Vec::new(), channel: Vec::new(),
///     wall: Duration::ZERO, cpu: Duration::ZERO, peak_rss: 0, leftovers: 0,
/// };
/// let expect = Expectation { board: &board, expected: Some(4) };
/// let classified = classify(expect, None, &Limits::default(), &ended);
/// assert_eq!(classified.outcome, Outcome::Passed);
/// # Ok::<(), slider::PuzzleError>(())
/// ```
pub fn classify(
    expect: Expectation<'_>,
    api: Option<Api>,
    limits: &Limits,
    ended: &Ended,
) -> Classified {
    if let Some(stop) = ended.stop {
        let (outcome, detail) = match stop {
            Stop::Wall => (Outcome::Timeout, Detail::Wall(limits.wall)),
            Stop::Cpu => (
                Outcome::CpuLimit,
                Detail::Cpu(limits.cpu.unwrap_or_default()),
            ),
            Stop::Memory => (
                Outcome::MemoryLimit,
                Detail::Memory {
                    limit_mib: memory_mib(limits),
                    peak: ended.peak_rss,
                },
            ),
            Stop::Output => (Outcome::OutputLimit, Detail::Output(limits.max_output)),
        };
        return Classified::of(outcome, detail);
    }
    match ended.exit {
        Exit::Code(0) => judge(expect, api, &ended.stdout),
        Exit::Signal(9) => Classified::of(Outcome::MemoryLimit, Detail::Killed(Tails::of(ended))),
        exit => Classified::of(
            Outcome::Crashed,
            Detail::Ended {
                exit,
                tails: Tails::of(ended),
            },
        ),
    }
}

fn memory_mib(limits: &Limits) -> u64 {
    match limits.memory {
        Memory::Resident(bytes) | Memory::AddressSpace(bytes) => bytes >> 20,
    }
}

/// Checks a clean exit's output against the expected optimum.
fn judge(expect: Expectation<'_>, api: Option<Api>, stdout: &[u8]) -> Classified {
    let options = CheckOptions {
        api,
        optimum: Some(expect.expected),
        max_findings: 5,
        ..CheckOptions::default()
    };
    let report = check::check(expect.board, stdout, &options, None);
    let classified = |outcome, detail| Classified {
        outcome,
        detail,
        got: report.moves,
        claimed_unsolvable: report.claims_unsolvable,
    };
    if let Some(f) = report
        .findings
        .iter()
        .find(|f| matches!(f.kind, FindingKind::GivenOptimumWrong { .. }))
    {
        return classified(Outcome::SuiteError, Detail::SuiteWrong(f.kind.clone()));
    }
    let outcome = match report.verdict {
        CheckVerdict::Accepted => return classified(Outcome::Passed, Detail::None),
        CheckVerdict::Rejected | CheckVerdict::Unproven => {
            let not_optimal = report
                .findings
                .iter()
                .any(|f| matches!(f.kind, FindingKind::NotOptimal { .. }))
                && report.findings.iter().all(|f| {
                    f.kind.keeps_path_legal() || matches!(f.kind, FindingKind::NotOptimal { .. })
                });
            if not_optimal {
                Outcome::NotOptimal
            } else {
                Outcome::WrongAnswer
            }
        }
    };
    let detail = report
        .findings
        .first()
        .map_or(Detail::Unverified, |f| Detail::Finding {
            line: f.span.line,
            column: f.span.column,
            kind: f.kind.clone(),
        });
    classified(outcome, detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ended(exit: Exit, stop: Option<Stop>, stdout: &[u8], stderr: &[u8]) -> Ended {
        Ended {
            exit,
            stop,
            stdout: stdout.to_vec(),
            stderr_tail: stderr.to_vec(),
            channel: Vec::new(),
            wall: Duration::ZERO,
            cpu: Duration::ZERO,
            peak_rss: 300 << 20,
            leftovers: 0,
        }
    }

    fn outcome_of(ended: &Ended) -> (Outcome, Detail) {
        let board: Board = "3  0 1 3  4 2 5  7 8 6".parse().unwrap();
        let expect = Expectation {
            board: &board,
            expected: Some(4),
        };
        let Classified {
            outcome, detail, ..
        } = classify(expect, None, &Limits::default(), ended);
        (outcome, detail)
    }

    #[test]
    fn the_runners_stops_name_the_outcome_whatever_the_exit() {
        for (stop, outcome) in [
            (Stop::Wall, Outcome::Timeout),
            (Stop::Cpu, Outcome::CpuLimit),
            (Stop::Memory, Outcome::MemoryLimit),
            (Stop::Output, Outcome::OutputLimit),
        ] {
            let e = ended(Exit::Signal(9), Some(stop), b"RDRD\n", b"");
            assert_eq!(outcome_of(&e).0, outcome);
        }
    }

    #[test]
    fn text_on_stderr_never_decides_the_outcome() {
        let e = ended(
            Exit::Code(1),
            None,
            b"",
            b"java.lang.OutOfMemoryError: out of memory",
        );
        assert_eq!(outcome_of(&e).0, Outcome::Crashed);
        // A correct answer with a scary stderr still passes.
        let e = ended(Exit::Code(0), None, b"RDRD\n", b"out of memory");
        assert_eq!(outcome_of(&e).0, Outcome::Passed);
    }

    #[test]
    fn a_sigkill_the_grader_did_not_send_is_the_memory_killer() {
        let e = ended(Exit::Signal(9), None, b"", b"");
        assert_eq!(outcome_of(&e).0, Outcome::MemoryLimit);
        let e = ended(Exit::Signal(11), None, b"", b"");
        assert_eq!(
            outcome_of(&e),
            (
                Outcome::Crashed,
                Detail::Ended {
                    exit: Exit::Signal(11),
                    tails: Tails::default()
                }
            )
        );
    }

    #[test]
    fn a_crash_keeps_only_the_tail_of_a_long_output() {
        let long = vec![b'x'; crate::run::process::TAIL + 100];
        let e = ended(Exit::Code(3), None, &long, b"boom");
        let (outcome, detail) = outcome_of(&e);
        assert_eq!(outcome, Outcome::Crashed);
        let Detail::Ended { exit, tails } = detail else {
            panic!("{detail:?}")
        };
        assert_eq!(exit, Exit::Code(3));
        assert_eq!(tails.stdout.len(), crate::run::process::TAIL);
        assert_eq!(tails.stderr, b"boom");
    }

    #[test]
    fn wrong_and_suboptimal_answers_are_told_apart() {
        let e = ended(Exit::Code(0), None, b"RDRDLR\n", b"");
        assert_eq!(outcome_of(&e).0, Outcome::NotOptimal);
        let e = ended(Exit::Code(0), None, b"RDRU\n", b"");
        assert_eq!(outcome_of(&e).0, Outcome::WrongAnswer);
    }

    #[test]
    fn a_legal_answer_shorter_than_the_expected_optimum_is_a_suite_error() {
        let board: Board = "3  0 1 3  4 2 5  7 8 6".parse().unwrap();
        let expect = Expectation {
            board: &board,
            expected: Some(6),
        };
        let e = ended(Exit::Code(0), None, b"RDRD\n", b"");
        let Classified {
            outcome, detail, ..
        } = classify(expect, None, &Limits::default(), &e);
        assert_eq!(outcome, Outcome::SuiteError, "{detail:?}");
        assert!(matches!(detail, Detail::SuiteWrong(_)), "{detail:?}");
    }
}
