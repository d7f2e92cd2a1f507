//! One submission's time: CPU seconds over every process its grading
//! starts (javac, javap, the JVMs), which a slow or crowded container
//! does not use up, and a wall-clock backstop for what burns no CPU
//! (sleeping, waiting).

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What one submission may still spend.
#[derive(Debug)]
pub(super) struct Budget {
    cpu: Duration,
    spent: Mutex<Duration>,
    deadline: Instant,
}

/// Below this much of either, nothing more is started.
const LEAST: Duration = Duration::from_secs(1);

impl Budget {
    /// `cpu` of CPU time and `wall` of wall time, from now.
    pub(super) fn new(cpu: Duration, wall: Duration) -> Budget {
        Budget {
            cpu,
            spent: Mutex::new(Duration::ZERO),
            deadline: Instant::now() + wall,
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

    /// Counts a finished process's CPU time.
    pub(super) fn charge(&self, cpu: Duration) {
        let mut spent = self
            .spent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *spent += cpu;
    }

    /// Whether the time is up.
    pub(super) fn spent(&self) -> bool {
        self.left().is_none()
    }
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
        budget.charge(Duration::from_secs(4));
        assert_eq!(budget.left().unwrap().0, Duration::from_secs(6));
        budget.charge(Duration::from_millis(5_500));
        assert!(
            budget.spent(),
            "half a second left is too little to start a JVM"
        );
        let backstop = Budget::new(Duration::from_secs(10), Duration::from_millis(500));
        assert!(backstop.spent());
    }
}
