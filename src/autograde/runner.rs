//! Running one group of the plan: its JVM, started again after a trial
//! that a limit ended (a trial's threads cannot be trusted afterwards), and
//! the judging of every section that reads it.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::Options;
use super::budget::{Budget, Phase};
use super::catalog::{Classes, Group, JvmMode, Section};
use super::failure::{Failure, JvmEnd, NotRun};
use super::group_run::GroupRun;
use super::judge::{Clocks, JudgeContext, judge};
use super::memo::Memo;
use super::protocol::{self, Plan, Record, TrialLimits};
use super::report::{SectionReport, TestResult, TrialFailure, Verdict};
use super::toolkit::Toolkit;
use crate::course::{Api, Edition};
use crate::run::Workdir;
use crate::run::container::Container;
use crate::run::process::{self, Ended, Exit, Job, Stop};

/// How many times a group's JVM is started again after a limit ended one
/// of its trials (the rest of that trial's test is not run; the JVM starts
/// again at the next test). Past it, nothing more of the group runs.
const MAX_RESTARTS: usize = 8;
/// At most this many failures are kept per test.
const KEPT_FAILURES: usize = 6;

/// A submission's compiled classes: its own, and its Solver with slider's
/// reference Board (or why that did not compile).
#[derive(Debug)]
pub(super) struct Built {
    pub student: PathBuf,
    pub reference: Result<PathBuf, String>,
}

/// The limits of each trial of a group's JVM, and its heap in MiB.
pub(super) fn trial_limits(mode: JvmMode, options: &Options) -> (TrialLimits, u64) {
    let memory_mib = options.harness.limits.memory_bytes() >> 20;
    match mode {
        JvmMode::Timing => (
            TrialLimits {
                // a trial over the limit by less than the tolerance runs
                // to its end, so that its seconds are known
                cpu: super::model::CPU_LIMIT.mul_f64(1.0 + super::model::scale::TOLERANCE),
                process_cpu: 2 * super::model::CPU_LIMIT,
                wall: Duration::from_secs(30),
                on_course_scale: true,
            },
            memory_mib * 3 / 4,
        ),
        JvmMode::Correctness | JvmMode::Memory => (
            TrialLimits {
                cpu: options.settings.trial_timeout,
                process_cpu: 3 * options.settings.trial_timeout,
                wall: (6 * options.settings.trial_timeout).max(Duration::from_secs(30)),
                on_course_scale: false,
            },
            (memory_mib / 2).clamp(192, 2048),
        ),
    }
}

/// What every group of one submission runs with.
#[derive(Debug, Clone, Copy)]
pub(super) struct GroupContext<'a> {
    pub built: &'a Built,
    pub toolkit: &'a Toolkit,
    pub options: &'a Options,
    pub api: Api,
    /// What is left of the submission's time.
    pub budget: &'a Budget,
}

/// Runs `group` from trial `from` on, as job slot `slot`, until every
/// trial has a record, the restarts are spent, or the budget passes.
#[allow(clippy::too_many_lines)] // start, read, then resume at the next unit
pub(super) fn run_group(
    group: &Group,
    grading: &GroupContext<'_>,
    slot: u32,
    from: usize,
) -> GroupRun {
    let GroupContext {
        built,
        toolkit,
        options,
        api,
        budget,
    } = *grading;
    let mut run = GroupRun::default();
    let all_missing = |run: &mut GroupRun, from: usize, failure: &Failure| {
        for i in from..group.ops.len() {
            run.missing.entry(i).or_insert_with(|| failure.clone());
        }
    };
    let classes = match (&group.classes, &built.reference) {
        (Classes::Student, _) => built.student.clone(),
        (Classes::Reference, Ok(reference)) => reference.clone(),
        (Classes::Reference, Err(why)) => {
            all_missing(
                &mut run,
                from,
                &Failure::NotRun {
                    why: NotRun::NoReference { javac: why.clone() },
                },
            );
            return run;
        }
    };
    let (limits, heap) = trial_limits(group.mode, options);
    let mut first = from;
    let mut restarts = 0;
    while first < group.ops.len() {
        let Some(left) = budget.left() else {
            all_missing(
                &mut run,
                first,
                &Failure::NotRun {
                    why: NotRun::TimeUp,
                },
            );
            break;
        };
        let plan = Plan {
            api,
            student: &classes,
            reference_board: group.classes == Classes::Reference,
            limits,
            ops: &group.ops[first..],
            lists: &group.lists[first..],
            first,
        };
        let started = Instant::now();
        let kills_before = options.container.oom_kills();
        let ended = jvm(
            &plan, group.mode, heap, &classes, toolkit, options, slot, left,
        );
        let oom_kills = options.container.oom_kills().saturating_sub(kills_before);
        if let Ok(ended) = &ended {
            budget.charge(Phase::Jvm(group.mode, group.classes), started, ended.cpu);
        }
        run.wall += started.elapsed();
        let ended = match ended {
            Ok(ended) => ended,
            Err(e) => {
                all_missing(
                    &mut run,
                    first,
                    &Failure::JvmEnded {
                        end: JvmEnd::CannotStart((&e).into()),
                        before_start: true,
                        last_words: String::new(),
                    },
                );
                break;
            }
        };
        run.printed += ended.stdout.len() as u64;
        let records = protocol::parse(&ended.channel);
        let next = (first..group.ops.len()).find(
            |i| !matches!(records.trials.get(i), Some(r) if !matches!(r, Record::Limit { .. })),
        );
        let limited =
            next.is_some_and(|i| matches!(records.trials.get(&i), Some(Record::Limit { .. })));
        let started_probe = records.started;
        let fresh = records.fresh;
        run.add(records);
        let Some(stopped) = next else {
            break;
        };
        if fresh && !limited && stopped > first {
            // The probe asked for a fresh JVM from `stopped` on: not a
            // restart (it ran at least one trial, so this ends).
            first = stopped;
            continue;
        }
        if !limited {
            run.missing.insert(
                stopped,
                jvm_ended(&ended, !started_probe, &options.container, oom_kills),
            );
        }
        // The rest of the stopped trial's unit goes with it; the JVM starts
        // again at the next unit.
        let unit = group
            .units
            .iter()
            .find(|u| u.contains(&stopped))
            .map_or(stopped + 1, |u| u.end);
        for i in stopped + 1..unit {
            run.missing.insert(
                i,
                Failure::NotRun {
                    why: NotRun::EarlierEndedJvm,
                },
            );
        }
        if limited && group.mode == JvmMode::Timing {
            run.skip_harder(group, stopped, unit, &toolkit.memo.counts);
        }
        first = (unit..group.ops.len())
            .find(|i| !run.missing.contains_key(i))
            .unwrap_or(group.ops.len());
        restarts += 1;
        if restarts > MAX_RESTARTS {
            all_missing(
                &mut run,
                first,
                &Failure::NotRun {
                    why: NotRun::RestartsSpent(restarts),
                },
            );
            break;
        }
    }
    run
}

/// Starts one probe JVM on `plan`.
#[allow(clippy::too_many_arguments)] // the run's parts
fn jvm(
    plan: &Plan<'_>,
    mode: JvmMode,
    heap: u64,
    classes: &std::path::Path,
    toolkit: &Toolkit,
    options: &Options,
    slot: u32,
    (cpu_left, left): (Duration, Duration),
) -> std::io::Result<Ended> {
    let uid = options.harness.uid(slot);
    let workdir = Workdir::new(&options.harness.scratch, "slider-probe", uid)?;
    let plan_path = workdir.add("plan.txt", plan.text().as_bytes())?;
    let classpath = toolkit.classpath(options, classes);
    let args = options
        .jdk
        .probe_args(&classpath, &plan_path, mode, &toolkit.agent, heap);
    let mut limits = options.harness.limits;
    let per_trial = plan.limits.wall + Duration::from_secs(1);
    let trials = u32::try_from(plan.ops.len()).unwrap_or(u32::MAX);
    limits.wall = left.min(per_trial.saturating_mul(trials) + Duration::from_secs(30));
    limits.cpu = Some(limits.wall.saturating_mul(4).min(cpu_left));
    let mut expose = vec![toolkit.root.clone()];
    expose.extend(options.settings.algs4.iter().cloned());
    let job = Job {
        program: options.jdk.java.as_os_str(),
        args: &args,
        workdir: &workdir.path,
        channel: true,
    };
    process::run(&job, &limits, &options.harness.isolation(uid, expose))
}

/// Why a JVM produced no record for a trial: `oom_kills`, the
/// container's out-of-memory kills while it ran, tell the kernel's kill
/// from any other.
fn jvm_ended(ended: &Ended, before_start: bool, container: &Container, oom_kills: u64) -> Failure {
    let end = match (ended.stop, ended.exit) {
        (Some(Stop::Wall), _) => JvmEnd::Wall,
        (Some(Stop::Cpu), _) => JvmEnd::Cpu,
        (Some(Stop::Memory), _) => JvmEnd::Memory,
        (Some(Stop::Output), _) => JvmEnd::Output,
        (None, Exit::Signal(9) | Exit::Code(137)) if oom_kills > 0 => JvmEnd::ContainerMemory {
            limit: container.memory.unwrap_or(0),
        },
        (None, Exit::Code(code)) => JvmEnd::Exited(code),
        (None, Exit::Signal(signal)) => JvmEnd::Killed(signal),
        (None, Exit::Unknown) => JvmEnd::Unknown,
    };
    let tail = String::from_utf8_lossy(&ended.stderr_tail);
    let last = tail
        .lines()
        .rev()
        // the JVM's own warnings (a deprecated flag's, JDK 25's on the
        // memory model's) are not what ended it
        .find(|l| !l.trim().is_empty() && !l.starts_with("WARNING") && !l.contains("VM warning: "))
        .unwrap_or("")
        .trim();
    Failure::JvmEnded {
        end,
        before_start,
        last_words: last.to_string(),
    }
}

/// Judges trial `i` of `section`, on `input`, from its group's run.
fn judge_trial(
    section: &Section,
    run: &GroupRun,
    input: &super::catalog::Input,
    i: usize,
    context: &JudgeContext,
) -> super::judge::Judgement {
    match (run.records.trials.get(&i), run.missing.get(&i)) {
        (Some(record), _) => {
            let clocks = Clocks {
                helper_cpu: run.records.helper_cpu.get(&i).copied().unwrap_or_default(),
                yardstick: run.yardstick.get(&i).copied(),
            };
            judge(section.check, input, record, &clocks, context)
        }
        (None, Some(failure)) => Err(failure.clone()).into(),
        (None, None) => Err(Failure::NotRun {
            why: NotRun::NoRecord,
        })
        .into(),
    }
}

/// Judges `section` from its group's run.
pub(super) fn judge_section(
    section: &Section,
    run: &GroupRun,
    api: Api,
    edition: Edition,
    options: &Options,
    memo: &Memo,
) -> SectionReport {
    let mode = match section.check {
        super::catalog::Check::Timing(_) => JvmMode::Timing,
        super::catalog::Check::BoardMemory
        | super::catalog::Check::SolverMemory
        | super::catalog::Check::QueueMemory => JvmMode::Memory,
        _ => JvmMode::Correctness,
    };
    let context = JudgeContext {
        api,
        edition,
        limits: trial_limits(mode, options).0,
        counted_queue: options.settings.algs4.is_none(),
        counts: &memo.counts,
        optima: &memo.optima,
    };
    let mut judged: Vec<_> = section
        .inputs
        .iter()
        .zip(section.ops.clone())
        .map(|(input, i)| (input, judge_trial(section, run, input, i, &context)))
        .collect();
    super::fresh::looked_up(section, run, &mut judged, &memo.counts);
    let tests = if section.per_row {
        judged
            .into_iter()
            .map(|(input, judgement)| {
                let board = judgement.tested.or_else(|| input.boards.first().cloned());
                let failure = judgement.failure.map(|failure| TrialFailure {
                    input: input.label(),
                    board,
                    failure,
                });
                TestResult::row(input.list.clone(), failure, judgement.figures)
            })
            .collect()
    } else {
        let mut test = TestResult {
            row: String::new(),
            verdict: Verdict::Passed,
            passed: 0,
            total: judged.len(),
            failures: Vec::new(),
            more_failures: 0,
            figures: Vec::new(),
        };
        let mut lists_failed: Vec<&str> = Vec::new();
        for (input, judgement) in &judged {
            let Some(failure) = &judgement.failure else {
                test.passed += 1;
                continue;
            };
            test.verdict = Verdict::Failed;
            // the first failure of each list, as the course shows them
            if lists_failed.contains(&input.list.as_str()) || test.failures.len() >= KEPT_FAILURES {
                test.more_failures += 1;
                continue;
            }
            lists_failed.push(&input.list);
            test.failures.push(TrialFailure {
                input: input.label(),
                // the board tested: the kth neighbor or twin, else the input's
                board: judgement
                    .tested
                    .clone()
                    .or_else(|| input.boards.first().cloned()),
                failure: failure.clone(),
            });
        }
        vec![test]
    };
    SectionReport {
        id: section.id.clone(),
        category: section.category,
        title: section.title.clone(),
        check: section.check,
        classes: section.classes,
        tests,
        time: run.wall,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ended(exit: Exit, stop: Option<Stop>) -> Ended {
        Ended {
            exit,
            stop,
            stdout: Vec::new(),
            // the JVM's own warnings (JDK 25's on a deprecated flag) are not last words
            stderr_tail: b"WARNING: x\nException in thread \"main\" java.lang.Error: boom\n\
                OpenJDK 64-Bit Server VM warning: Option UseCompressedClassPointers was deprecated\n"
                .to_vec(),
            channel: Vec::new(),
            wall: Duration::ZERO,
            cpu: Duration::ZERO,
            peak_rss: 0,
            leftovers: 0,
        }
    }

    #[test]
    fn a_kill_by_the_containers_kernel_is_told_from_other_ends() {
        let gradescope = Container {
            memory: Some(768 << 20),
            cpus: Some(0.5),
            oom_events: None,
        };
        let killed = ended(Exit::Code(137), None);
        let failure = jvm_ended(&killed, false, &gradescope, 1);
        assert_eq!(failure.reason(), Some("container_memory"));
        assert!(matches!(
            failure,
            Failure::JvmEnded { end: JvmEnd::ContainerMemory { limit }, .. } if limit == 768 << 20
        ));
        // the same exit with no kill counted is the JVM's own
        let own = jvm_ended(&killed, true, &gradescope, 0);
        assert_eq!(own.reason(), Some("exited"));
        assert_eq!(
            own,
            Failure::JvmEnded {
                end: JvmEnd::Exited(137),
                before_start: true,
                last_words: "Exception in thread \"main\" java.lang.Error: boom".into(),
            }
        );
        // a limit of slider's own comes first, whatever the count says
        let stopped = jvm_ended(
            &ended(Exit::Signal(9), Some(Stop::Memory)),
            false,
            &gradescope,
            1,
        );
        assert_eq!(stopped.reason(), Some("memory"));
    }
}
