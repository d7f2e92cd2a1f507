//! Where one submission's time went (`--profile`, and the JSON's
//! `profile`): each step of its grading, its wall and CPU time.

use std::fmt::Write as _;
use std::time::Duration;

use crate::autograde::catalog::{Classes, JvmMode};
use crate::autograde::{Phase, Report, Spent};

/// One step's name, as the table and the JSON show it: `compile`,
/// `compile-reference`, `api`, `plan`, `jvm timing`, `jvm memory`,
/// `jvm correctness` (with ` (reference Board)` when the student's Solver
/// runs with slider's Board), `judge`.
///
/// # Example
///
/// ```
/// use slider::autograde::Phase;
/// use slider::autograde::catalog::{Classes, JvmMode};
/// use slider::present::autograde::profile::phase_name;
/// assert_eq!(phase_name(Phase::Jvm(JvmMode::Timing, Classes::Student)), "jvm timing");
/// assert_eq!(phase_name(Phase::CompileReference), "compile-reference");
/// ```
#[must_use]
pub fn phase_name(phase: Phase) -> String {
    match phase {
        Phase::Compile => "compile".into(),
        Phase::CompileReference => "compile-reference".into(),
        Phase::Api => "api".into(),
        Phase::Guard => "guard".into(),
        Phase::Plan => "plan".into(),
        Phase::Judge => "judge".into(),
        Phase::Style(tool) => format!("style {}", super::style::tool_command(tool)),
        Phase::Jvm(mode, classes) => {
            let mode = match mode {
                JvmMode::Correctness => "correctness",
                JvmMode::Memory => "memory",
                JvmMode::Timing => "timing",
            };
            match classes {
                Classes::Student => format!("jvm {mode}"),
                Classes::Reference => format!("jvm {mode} (reference Board)"),
            }
        }
    }
}

/// The steps of one phase, added up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseTotal {
    /// The phase's name ([`phase_name`]).
    pub phase: String,
    /// How many times it ran (JVMs started, sections judged).
    pub runs: usize,
    /// When its first step began, from the start of the grading.
    pub first: Duration,
    /// When its last step ended.
    pub last: Duration,
    /// Its steps' wall time, added up (steps that overlap count twice).
    pub wall: Duration,
    /// Its steps' CPU time, added up.
    pub cpu: Duration,
}

/// Each phase of `profile` added up, in the order each first began.
#[must_use]
pub fn totals(profile: &[Spent]) -> Vec<PhaseTotal> {
    let mut totals: Vec<PhaseTotal> = Vec::new();
    for step in profile {
        let phase = phase_name(step.phase);
        let end = step.start + step.wall;
        if let Some(total) = totals.iter_mut().find(|t| t.phase == phase) {
            total.runs += 1;
            total.first = total.first.min(step.start);
            total.last = total.last.max(end);
            total.wall += step.wall;
            total.cpu += step.cpu;
        } else {
            totals.push(PhaseTotal {
                phase,
                runs: 1,
                first: step.start,
                last: end,
                wall: step.wall,
                cpu: step.cpu,
            });
        }
    }
    totals.sort_by_key(|t| t.first);
    totals
}

/// The `--profile` table of `report`, on standard error after its report:
/// each phase's runs, span (from its first start to its last end), wall
/// and CPU time.
#[must_use]
pub fn table(report: &Report) -> String {
    let secs = |d: Duration| format!("{:.2}", d.as_secs_f64());
    let mut out = format!(
        "profile of {} ({} s wall):\n  {:<32} {:>4} {:>15} {:>8} {:>8}\n",
        crate::format::visible(report.submission.as_bytes(), false),
        secs(report.elapsed),
        "phase",
        "runs",
        "span (s)",
        "wall (s)",
        "cpu (s)"
    );
    for t in totals(&report.profile) {
        let span = format!("{}-{}", secs(t.first), secs(t.last));
        let _ = writeln!(
            out,
            "  {:<32} {:>4} {:>15} {:>8} {:>8}",
            t.phase,
            t.runs,
            span,
            secs(t.wall),
            secs(t.cpu)
        );
    }
    out
}

/// The `--profile` line for slider's own Java, made ready once per run
/// before the first submission (compiled, or copied from the cache).
#[must_use]
pub fn toolkit_built(took: Duration) -> String {
    format!(
        "profile: slider's probe and stand-ins ready in {:.2} s",
        took.as_secs_f64()
    )
}

/// What `slider autograde --prepare` says when slider's Java is ready in
/// `cache`.
#[must_use]
pub fn prepared(cache: &std::path::Path, took: Duration) -> String {
    format!(
        "slider's probe, stand-ins and model counts are ready in {} ({:.2} s): every run on this machine starts from them",
        crate::format::visible(cache.as_os_str().as_encoded_bytes(), false),
        took.as_secs_f64()
    )
}

/// `slider bench autograde`'s line for one timed run of the reference:
/// its wall time as its user waits for it, its score, and slider's own
/// account of its time (`report`: one report of the JSON).
#[must_use]
pub fn bench_run(run: usize, wall: Duration, report: &serde_json::Value) -> String {
    let cpu: u64 = report["profile"].as_array().map_or(0, |phases| {
        phases.iter().filter_map(|p| p["cpu_ms"].as_u64()).sum()
    });
    format!(
        "single  run {run}: {:>6.2} s wall (process), {:>6.2} s CPU in JDK tools and JVMs, score {}\n",
        wall.as_secs_f64(),
        cpu as f64 / 1000.0,
        report["score"]
    )
}

/// The phases of one report of the JSON, as `--profile` prints them.
#[must_use]
pub fn bench_phases(report: &serde_json::Value) -> String {
    let ms = |v: &serde_json::Value| v.as_u64().unwrap_or(0) as f64 / 1000.0;
    let mut out = format!(
        "median run's phases:\n  {:<34} {:>4} {:>15} {:>8} {:>8}\n",
        "phase", "runs", "span (s)", "wall (s)", "cpu (s)"
    );
    for phase in report["profile"].as_array().into_iter().flatten() {
        let _ = writeln!(
            out,
            "  {:<34} {:>4} {:>15} {:>8.2} {:>8.2}",
            phase["phase"].as_str().unwrap_or("?"),
            phase["runs"],
            format!("{:.2}-{:.2}", ms(&phase["first_ms"]), ms(&phase["last_ms"])),
            ms(&phase["wall_ms"]),
            ms(&phase["cpu_ms"])
        );
    }
    out
}

/// `slider bench autograde`'s line for the batch: `count` submissions in
/// `wall`, and how many scored 100% (`reports`: the JSON's).
#[must_use]
pub fn bench_batch(count: usize, wall: Duration, reports: &serde_json::Value) -> String {
    let full = reports
        .as_array()
        .map_or(0, |all| all.iter().filter(|r| r["score"] == 100.0).count());
    format!(
        "batch: {count} submissions in {:.1} s wall, {:.2} s each ({full} scored 100%); a class of 200 at this rate: {:.1} min\n",
        wall.as_secs_f64(),
        wall.as_secs_f64() / count.max(1) as f64,
        wall.as_secs_f64() / count.max(1) as f64 * 200.0 / 60.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_of_a_phase_add_up_and_phases_keep_the_order_they_began_in() {
        let ms = Duration::from_millis;
        let step = |phase, start, wall, cpu| Spent {
            phase,
            start: ms(start),
            wall: ms(wall),
            cpu: ms(cpu),
        };
        let timing = Phase::Jvm(JvmMode::Timing, Classes::Student);
        let profile = [
            step(Phase::Compile, 0, 900, 1_500),
            step(timing, 2_000, 5_000, 4_000),
            step(Phase::Judge, 2_500, 10, 10),
            step(timing, 7_100, 1_000, 900),
            step(Phase::Judge, 8_200, 30, 20),
        ];
        let totals = totals(&profile);
        let names: Vec<&str> = totals.iter().map(|t| t.phase.as_str()).collect();
        assert_eq!(names, ["compile", "jvm timing", "judge"]);
        assert_eq!(
            (totals[1].runs, totals[1].first, totals[1].last),
            (2, ms(2_000), ms(8_100))
        );
        assert_eq!((totals[1].wall, totals[1].cpu), (ms(6_000), ms(4_900)));
        assert_eq!((totals[2].runs, totals[2].cpu), (2, ms(30)));
    }
}
