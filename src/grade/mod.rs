//! The grading harness: run a submission over a suite under limits, check
//! every answer as `slider-check` would, and report.

pub mod report;
pub mod run;
pub mod suite;

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::check::Api;
use run::{Limits, Submission, TestResult, run_one};
use suite::Suite;

/// Runs every puzzle of `suite` with `jobs` at a time, in any order, and
/// returns the results in the suite's order. `done` is called as each test
/// ends (from worker threads), for progress.
///
/// # Example
///
/// ```no_run
/// use slider::grade::{run::{Limits, Submission}, run_suite, suite};
/// let suite = suite::load("fixtures/puzzles".as_ref(), &[], 1_000_000)?;
/// let submission = Submission { program: "slider".into(), args: vec!["solve".into(), "{}".into()] };
/// let results = run_suite(&suite, &submission, &Limits::default(), slider::check::Api::Any, 2, &|_| {});
/// assert_eq!(results.len(), suite.entries.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_suite(
    suite: &Suite,
    submission: &Submission,
    limits: &Limits,
    api: Api,
    jobs: usize,
    done: &(dyn Fn(&TestResult) + Sync),
) -> Vec<TestResult> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<TestResult>>> = Mutex::new(vec![None; suite.entries.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, suite.entries.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(entry) = suite.entries.get(i) else {
                        break;
                    };
                    let result = run_one(entry, submission, limits, api);
                    done(&result);
                    if let Ok(mut results) = results.lock() {
                        results[i] = Some(result);
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}
