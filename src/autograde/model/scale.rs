//! Seconds on the course's scale: a student's CPU time, measured on
//! whatever machine slider runs on, stated as the seconds the course's own
//! machine would have shown.
//!
//! The timing JVM runs a fixed piece of work, the *yardstick* (the course's
//! reference Solver as [this model](super) has it, on [`YARDSTICK_PUZZLE`];
//! `src/autograde/java/probe/slider/probe/Yardstick.java`), on its own
//! thread just before each timing trial. A trial's seconds on the course's
//! scale are its CPU time × [`YARDSTICK_COURSE`] / the median of that
//! JVM's yardstick times. A machine twice as fast, or a processor whose
//! caches other programs share, changes both alike; the ratio stays.
//!
//! [`YARDSTICK_COURSE`] was fitted to the course's reports
//! (`docs/AUTOGRADER.md`, "Seconds on the course's scale").

use std::time::Duration;

/// The course file the yardstick solves (a 4x4 puzzle of 37 moves: about
/// 30 ms of work here, short enough to run before every timing trial).
pub const YARDSTICK_PUZZLE: &str = "puzzle37";

/// The yardstick's CPU time on the course's machine, as fitted to the
/// course's reports: the median, over every Timing 1 row above 0.2 s of
/// the calibration submissions, of the course's seconds × the yardstick's
/// time here / the student's CPU time here.
pub const YARDSTICK_COURSE: Duration = Duration::from_millis(60);

/// How far over the course's 5 s a Timing 1 row's seconds may be and
/// still pass: the uncertainty of seconds on the course's scale. A row
/// over the limit by less than this passes, whatever the run, and the
/// report says how close it was; see `docs/AUTOGRADER.md`.
pub const TOLERANCE: f64 = 0.25;

/// The median of `samples` (the lower middle one of an even count).
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::autograde::model::scale::median;
/// let ms = Duration::from_millis;
/// assert_eq!(median(&[ms(9), ms(1), ms(5), ms(7)]), Some(ms(5)));
/// assert_eq!(median(&[]), None);
/// ```
#[must_use]
pub fn median(samples: &[Duration]) -> Option<Duration> {
    let mut sorted = samples.to_vec();
    sorted.sort_unstable();
    sorted.get(sorted.len().saturating_sub(1) / 2).copied()
}

/// `cpu`, measured beside a yardstick time of `yardstick`, in the course's
/// seconds.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::autograde::model::scale::{YARDSTICK_COURSE, course_seconds};
/// // on a machine twice as fast as the course's, 1 s of CPU is 2 course seconds
/// let half = YARDSTICK_COURSE / 2;
/// assert!((course_seconds(Duration::from_secs(1), half) - 2.0).abs() < 1e-9);
/// ```
#[must_use]
pub fn course_seconds(cpu: Duration, yardstick: Duration) -> f64 {
    if yardstick.is_zero() {
        return cpu.as_secs_f64();
    }
    cpu.as_secs_f64() * YARDSTICK_COURSE.as_secs_f64() / yardstick.as_secs_f64()
}
