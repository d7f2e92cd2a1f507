//! One submission, from sources to report: find and compile them, check
//! the API, plan the course's tests, run their JVMs, judge them.

use std::ffi::OsString;
use std::path::Path;
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Instant;

use super::budget::{Budget, Phase};
use super::build::{build, compile_reference};
use super::catalog::{self, JvmMode};
use super::group_run::GroupRun;
use super::report::{Category, Report, SectionReport, Skipped, Verdict};
use super::runner::{Built, GroupContext, judge_section, run_group};
use super::stage::{Stage, StageEnd};
use super::toolkit::Toolkit;
use super::{ASSUMED_API, JdkTool, Options, StageNote, members, model, sources, style};
use crate::course::Api;
use crate::run::{Workdir, in_slots, process};

/// Grades one submission folder (or `.zip`). Never fails: whatever the
/// submission does is a finding in the report. `done` is called with each
/// section as it is judged (from worker threads), for progress.
///
/// # Example
///
/// ```no_run
/// # fn options() -> slider::autograde::Options { unimplemented!() }
/// use slider::autograde::{Toolkit, autograde};
/// let options = options();
/// let toolkit = Toolkit::build(&options)?;
/// let report = autograde("fixtures/autograde/reference".as_ref(), &toolkit, &options, &|_| {});
/// assert!(report.compilation.passed());
/// # Ok::<(), slider::autograde::AutogradeError>(())
/// ```
pub fn autograde(
    submission: &Path,
    toolkit: &Toolkit,
    options: &Options,
    done: &(dyn Fn(&SectionReport) + Sync),
) -> Report {
    // The plan is made while javac runs, the model's counts while the JVMs
    // run, each on a thread of its own; both are joined before the report
    // is returned.
    let settings = &options.settings;
    let budget = &Budget::new(settings.time_limit, settings.wall_cap(&options.container));
    std::thread::scope(|scope| {
        let started = Instant::now();
        let wanted = |c: Category| settings.only.is_empty() || settings.only.contains(&c);
        // When no API is given, the assumed one until the classes are read.
        let mut report = Report::new(
            submission.display().to_string(),
            settings.api.unwrap_or(ASSUMED_API),
            settings.edition,
        );
        report.detected = settings.api.is_none();
        report.sandboxed = options.harness.bwrap.is_some();
        report.student = sources::student(submission);
        not_run(&mut report, &|c| !wanted(c), Skipped::NotAsked);
        let planning = start_plan(scope, toolkit, options);
        let mut warming = None;
        let build_dir = toolkit.root.join(format!("submission-{}", next_id()));
        let built = build(
            submission,
            toolkit,
            options,
            &build_dir,
            budget,
            &mut report,
        );
        // The style section's tools read the sources beside the tests'
        // JVMs; it is the course's whole report, so not with `--only`.
        let styling = match &built {
            Ok(texts) if settings.only.is_empty() && !settings.no_style => {
                let texts = texts.clone();
                Some(scope.spawn(move || style::run_style(&texts, &options.style, options, budget)))
            }
            _ => None,
        };
        let built = built.map(|texts| {
            // The Solver against the reference Board compiles while javap
            // reads the student's classes: two JDK tools, one per core.
            std::thread::scope(|scope| {
                let reference =
                    scope.spawn(|| compile_reference(&texts, toolkit, options, &build_dir, budget));
                let student = build_dir.join("student");
                if wanted(Category::Api) || settings.api.is_none() {
                    api_stage(
                        &student,
                        budget,
                        toolkit,
                        options,
                        &mut report,
                        wanted(Category::Api),
                    );
                }
                let reference = reference
                    .join()
                    .unwrap_or_else(|_| Err("the reference compilation failed".to_string()));
                Built { student, reference }
            })
        });
        if let Ok(built) = built {
            let planned = budget.step(Phase::Plan, || toolkit.memo.plan(report.api, settings));
            warming = warm_model(scope, &planned, toolkit, options);
            let runs = run_groups(&planned, &built, toolkit, options, report.api, budget, done);
            report.printed = runs.iter().map(|(_, run)| run.printed).sum();
            let mut sections: Vec<(usize, SectionReport)> =
                runs.into_iter().flat_map(|(s, _)| s).collect();
            sections.sort_by_key(|(i, _)| *i);
            report.sections = sections.into_iter().map(|(_, s)| s).collect();
        } else if let Err(why) = built {
            not_run(&mut report, &wanted, why);
        }
        if !wanted(Category::Api) {
            report.api_check = Stage::default();
        }
        report.style = styling.and_then(|thread| thread.join().ok());
        let _ = std::fs::remove_dir_all(&build_dir);
        report.elapsed = started.elapsed();
        report.profile = budget.ledger();
        // The runner stops starting JVMs with less than a second left.
        report.timed_out = budget.spent()
            && report
                .sections
                .iter()
                .flat_map(|s| &s.tests)
                .any(|t| t.verdict == Verdict::NotRun);
        // Joined after the report's time is taken: a submission that did
        // not compile is not charged for a plan it did not use. (A panic on
        // either thread is the panic hook's to tell: the plan and the
        // counts are made again by whoever asks for them.)
        for thread in [planning, warming].into_iter().flatten() {
            let _ = thread.join();
        }
        report
    })
}

/// Starts making the plan on a thread of `scope`: it takes seconds, and is
/// made while javac runs, for the API given ([`ASSUMED_API`] when it is to
/// be detected), into the batch's plans.
fn start_plan<'scope>(
    scope: &'scope Scope<'scope, '_>,
    toolkit: &'scope Toolkit,
    options: &'scope Options,
) -> Option<ScopedJoinHandle<'scope, ()>> {
    std::thread::Builder::new()
        .name("slider-plan".into())
        .spawn_scoped(scope, move || {
            let api = options.settings.api.unwrap_or(ASSUMED_API);
            let _ = toolkit.memo.plan(api, &options.settings);
        })
        .ok()
}

/// Adds each category `which` picks to the report's not run, for `why`.
fn not_run(report: &mut Report, which: &dyn Fn(Category) -> bool, why: Skipped) {
    for category in [
        Category::Api,
        Category::Correctness,
        Category::Memory,
        Category::Timing,
    ] {
        if which(category) {
            report.not_run.push((category, why));
        }
    }
}

fn next_id() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Computes the model's counts of every memory and timing puzzle on a
/// thread of `scope`, while the JVMs run (the judge waits for a count
/// still being computed; each is computed once per batch, into the
/// toolkit's). The course's own puzzles are read from `options.cache` when
/// they were kept there.
fn warm_model<'scope>(
    scope: &'scope Scope<'scope, '_>,
    planned: &catalog::Planned,
    toolkit: &'scope Toolkit,
    options: &'scope Options,
) -> Option<ScopedJoinHandle<'scope, ()>> {
    let boards: Vec<crate::Board> = planned
        .groups
        .iter()
        .filter(|g| g.mode != JvmMode::Correctness)
        .flat_map(|g| &g.ops)
        .filter_map(|op| match op {
            super::protocol::Op::Timing(b) | super::protocol::Op::SolverMemory(b) => {
                Some(b.clone())
            }
            _ => None,
        })
        .collect();
    let counts = &toolkit.memo.counts;
    std::thread::Builder::new()
        .name("slider-model".into())
        .spawn_scoped(scope, move || {
            let _ = model::stored::warm(options.cache.as_deref(), counts);
            for board in boards {
                let _ = counts.reference(&board);
            }
        })
        .ok()
}

type Judged = (Vec<(usize, SectionReport)>, GroupRun);

/// Runs every group, `options.jobs` at a time, the longest (timing) first
/// so that it overlaps the many short ones, and judges each section when
/// its group is done.
///
/// A timing trial that a CPU limit ended while other JVMs ran beside it is
/// run again alone once they are done, with what follows it: a trial's
/// CPU time grows by some 5% when another JVM shares the caches and the
/// memory bus, enough to move a verdict near the limit.
fn run_groups(
    planned: &catalog::Planned,
    built: &Built,
    toolkit: &Toolkit,
    options: &Options,
    api: Api,
    budget: &Budget,
    done: &(dyn Fn(&SectionReport) + Sync),
) -> Vec<Judged> {
    let mut order: Vec<usize> = (0..planned.groups.len()).collect();
    order.sort_by_key(|&g| match planned.groups[g].mode {
        JvmMode::Timing => 0,
        JvmMode::Memory => 1,
        JvmMode::Correctness => 2,
    });
    let grading = GroupContext {
        built,
        toolkit,
        options,
        api,
        budget,
    };
    let alone_later = options.jobs > 1 && order.len() > 1;
    let judge_group = |g: usize, run: GroupRun| -> Judged {
        let sections = planned
            .sections
            .iter()
            .enumerate()
            .filter(|(_, s)| s.group == g)
            .map(|(i, section)| {
                let judged = budget.step(Phase::Judge, || {
                    judge_section(
                        section,
                        &run,
                        api,
                        options.settings.edition,
                        options,
                        &toolkit.memo,
                    )
                });
                done(&judged);
                (i, judged)
            })
            .collect();
        (sections, run)
    };
    let results = in_slots(order.len(), options.jobs, &|k, slot| {
        let g = order[k];
        let run = run_group(&planned.groups[g], &grading, slot, 0);
        let again = alone_later && planned.groups[g].mode == JvmMode::Timing;
        match run.first_cpu_limited() {
            Some(from) if again => (g, Err((from, run))),
            _ => (g, Ok(judge_group(g, run))),
        }
    });
    process::sweep_orphans();
    let judged = results
        .into_iter()
        .map(|(g, result)| match result {
            Ok(judged) => judged,
            Err((from, mut run)) => {
                let again = run_group(&planned.groups[g], &grading, 0, from);
                run.replace_from(from, again);
                judge_group(g, run)
            }
        })
        .collect();
    process::sweep_orphans();
    judged
}

/// Reads the student's public members with javap: the API detected from
/// them when `report.detected`, and checked against the report's API when
/// `graded`.
fn api_stage(
    student: &Path,
    budget: &Budget,
    toolkit: &Toolkit,
    options: &Options,
    report: &mut Report,
    graded: bool,
) {
    let args: Vec<OsString> = vec![
        "-public".into(),
        "-cp".into(),
        student.as_os_str().to_owned(),
        "Board".into(),
        "Solver".into(),
    ];
    let ended = Workdir::new(&options.harness.scratch, "slider-javap", None).and_then(|workdir| {
        super::toolkit::run_tool(
            options,
            &options.jdk.javap,
            &args,
            &workdir.path,
            vec![toolkit.root.clone()],
            None,
            Some((budget, Phase::Api)),
        )
    });
    let classes = match ended {
        Ok(ended) if ended.exit == process::Exit::Code(0) => {
            members::parse_javap(&String::from_utf8_lossy(&ended.stdout))
        }
        Ok(ended) => {
            report.api_check.end = StageEnd::Failed;
            report.api_check.messages.push(StageNote::Failed {
                tool: JdkTool::Javap,
                stderr: String::from_utf8_lossy(&ended.stderr_tail).into_owned(),
            });
            return;
        }
        Err(e) => {
            report.api_check.end = StageEnd::Failed;
            report.api_check.messages.push(StageNote::CannotStart {
                tool: JdkTool::Javap,
                error: (&e).into(),
            });
            return;
        }
    };
    if report.detected {
        report.api = members::detect(&classes);
    }
    if !graded {
        return;
    }
    for (class, listed) in &classes {
        report.api_check.messages.extend(
            members::findings(report.api, class, listed)
                .into_iter()
                .map(StageNote::Api),
        );
    }
    report.api_check.end = if report.api_check.messages.is_empty() {
        StageEnd::Passed
    } else {
        StageEnd::Failed
    };
}
