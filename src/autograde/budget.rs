//! One submission's time: CPU seconds over every process its grading
//! starts (javac, javap, the JVMs), which a slow or crowded container
//! does not use up, and a wall-clock backstop for what burns no CPU
//! (sleeping, waiting).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::catalog::{Classes, JvmMode};

/// What one submission may still spend, and where it went.
#[derive(Debug)]
pub(super) struct Budget {
    cpu: Duration,
    spent: Mutex<Duration>,
    begun: Instant,
    deadline: Instant,
    ledger: Mutex<Vec<Spent>>,
}

/// A step of one submission's grading, for `--profile`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// javac on the submission's sources.
    Compile,
    /// javac on its Solver with slider's reference Board.
    CompileReference,
    /// javap on its classes (the API check).
    Api,
    /// Reading its classes against the allow-list (in slider).
    Guard,
    /// Waiting for the plan of the course's tests (made in slider, while
    /// javac runs).
    Plan,
    /// One JVM of the probe: the tests' mode and whose Board.
    Jvm(JvmMode, Classes),
    /// Judging the records against slider's reference (in slider).
    Judge,
    /// A tool of the style section (noted, not charged: the tools are the
    /// course's).
    Style(super::style::StyleTool),
}

/// The time one step took: from `start` after the submission's grading
/// began, `wall` long, with `cpu` of CPU time (its processes', or
/// slider's thread's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spent {
    /// The step.
    pub phase: Phase,
    /// When it began, from the start of the submission's grading.
    pub start: Duration,
    /// How long it took.
    pub wall: Duration,
    /// The CPU time it used.
    pub cpu: Duration,
}

/// Below this much of either, nothing more is started.
const LEAST: Duration = Duration::from_secs(1);

impl Budget {
    /// `cpu` of CPU time and `wall` of wall time, from now.
    pub(super) fn new(cpu: Duration, wall: Duration) -> Budget {
        let begun = Instant::now();
        Budget {
            cpu,
            spent: Mutex::new(Duration::ZERO),
            begun,
            deadline: begun + wall,
            ledger: Mutex::new(Vec::new()),
        }
    }

    /// The CPU and wall time left, or `None` when less than a second of
    /// either is: the next process is not started.
    pub(super) fn left(&self) -> Option<(Duration, Duration)> {
        let spent = *self
            .spent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let cpu = self.cpu.saturating_sub(spent);
        let wall = self.deadline.saturating_duration_since(Instant::now());
        (cpu >= LEAST && wall >= LEAST).then_some((cpu, wall))
    }

    /// Counts the CPU time of a finished process, which ran `phase` from
    /// `started` until now.
    pub(super) fn charge(&self, phase: Phase, started: Instant, cpu: Duration) {
        let mut spent = self
            .spent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *spent += cpu;
        drop(spent);
        self.note(phase, started, cpu);
    }

    /// Notes a step done in slider itself (not charged to the
    /// submission), from `started` until now, with `cpu` of its thread's
    /// CPU time.
    pub(super) fn note(&self, phase: Phase, started: Instant, cpu: Duration) {
        let spent = Spent {
            phase,
            start: started.saturating_duration_since(self.begun),
            wall: started.elapsed(),
            cpu,
        };
        self.ledger
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(spent);
    }

    /// Runs `step` on this thread as `phase`, noted with the thread's CPU
    /// time.
    pub(super) fn step<T>(&self, phase: Phase, step: impl FnOnce() -> T) -> T {
        let (started, cpu) = (Instant::now(), thread_cpu());
        let value = step();
        self.note(phase, started, thread_cpu().saturating_sub(cpu));
        value
    }

    /// Every step noted, in the order each began.
    pub(super) fn ledger(&self) -> Vec<Spent> {
        let mut ledger = self
            .ledger
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        ledger.sort_by_key(|s| s.start);
        ledger
    }

    /// Whether the time is up.
    pub(super) fn spent(&self) -> bool {
        self.left().is_none()
    }
}

/// The CPU time of the calling thread (zero where the clock cannot be
/// read).
fn thread_cpu() -> Duration {
    nix::time::clock_gettime(nix::time::ClockId::CLOCK_THREAD_CPUTIME_ID)
        .map_or(Duration::ZERO, Duration::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_spent_by_processes_uses_the_budget_up_and_wall_time_alone_does_not() {
        let budget = Budget::new(Duration::from_secs(10), Duration::from_secs(60));
        let (cpu, wall) = budget.left().unwrap();
        assert_eq!(cpu, Duration::from_secs(10));
        assert!(wall > Duration::from_secs(59));
        let now = Instant::now();
        budget.charge(Phase::Compile, now, Duration::from_secs(4));
        assert_eq!(budget.left().unwrap().0, Duration::from_secs(6));
        budget.charge(Phase::Api, now, Duration::from_millis(5_500));
        assert!(
            budget.spent(),
            "half a second left is too little to start a JVM"
        );
        let ledger = budget.ledger();
        assert_eq!(
            ledger.iter().map(|s| (s.phase, s.cpu)).collect::<Vec<_>>(),
            [
                (Phase::Compile, Duration::from_secs(4)),
                (Phase::Api, Duration::from_millis(5_500))
            ]
        );
        let backstop = Budget::new(Duration::from_secs(10), Duration::from_millis(500));
        assert!(backstop.spent());
    }
}
