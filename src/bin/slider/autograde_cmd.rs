//! `slider autograde`: grade Java Board/Solver submissions as the course does.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use slider::app::autograde::{Grading, Outputs, Shard, grade_all};
use slider::app::{CommandError, Console, bundle};
use slider::autograde::{Category, Settings};
use slider::course::Edition;
use slider::present::autograde as present;
use slider::run::sandbox::{SandboxMode, UserMode};

/// Arguments of `slider autograde`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  slider autograde fixtures/autograde/reference
  slider autograde --api princeton --json report.json path/to/submission
  slider autograde --batch submissions/ --csv scores.csv
  slider autograde --compare-report report.txt path/to/submission
  slider autograde --gradescope-bundle autograder.zip -- --api princeton --max-score 40 \
      --gradescope-visibility timing=after_due_date

A cluster grades a batch in shards, then joins them:
  slider autograde --batch subs/ --shard 2/8 --out-dir out/   (on 8 machines)
  slider autograde merge out/ --csv scores.csv --json all.json --html pages/

A submission is a folder or a .zip file holding Board.java and Solver.java
at any depth (the shallowest of each is graded; a `package` line is
handled; --batch takes every sub-folder and .zip of DIR). Student
code never runs outside a JVM under limits: see the README's autograder
section for the threat model. Exit status: 0 when every submission passes
every graded test, 1 when one does not, 2 on a usage or setup error.")]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct AutogradeArgs {
    #[command(subcommand)]
    command: Option<AutogradeCommand>,
    /// The API to grade against (`any`: whichever the classes match best).
    #[arg(long, default_value = crate::common::ANY_API, value_parser = crate::common::api_parser())]
    api: crate::common::ApiChoice,
    /// The course autograder's edition, by its number of correctness tests.
    #[arg(long, value_enum, default_value_t = Edition::E52)]
    edition: Edition,
    /// Compile and run against this algs4.jar instead of slider's stand-ins.
    #[arg(long, value_name = "JAR")]
    algs4: Option<PathBuf>,
    /// Run only these categories (comma-separated; compilation always runs).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "CATEGORY")]
    only: Vec<Category>,
    /// Write a Gradescope autograder to FILE (a .zip with this slider,
    /// `setup.sh` and `run_autograder`) and exit; no submission is graded.
    /// The flags after `--` are baked in: every submission is graded with
    /// them.
    #[arg(long, value_name = "FILE", conflicts_with = "batch")]
    gradescope_bundle: Option<PathBuf>,
    /// Grade every sub-folder and .zip file of DIR as a submission (one per
    /// student).
    #[arg(long, value_name = "DIR")]
    batch: Option<PathBuf>,
    /// With --batch and --out-dir: grade only the I-th of N shares of the
    /// batch (every N-th submission from the I-th, by name), for a cluster
    /// (see `slider autograde merge`).
    #[arg(long, value_name = "I/N", requires_all = ["batch", "out_dir"])]
    shard: Option<Shard>,
    /// Compile slider's probe and stand-ins into the cache (beside the
    /// pattern databases') and exit: the runs that follow on this machine
    /// or image start from them (a Gradescope bundle's setup does this).
    #[arg(long, conflicts_with_all = ["batch", "gradescope_bundle", "submissions"])]
    prepare: bool,
    /// JVMs run at once, 1 to 64 (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: Option<u64>,
    /// Seed of the random boards (the same seed, the same tests).
    #[arg(long, default_value_t = 2026, value_name = "N")]
    seed: u64,
    /// CPU seconds one correctness or memory operation may take, over every
    /// thread it starts (timing puzzles get the course's 5 s).
    #[arg(long, default_value = "5", value_name = "SECS", value_parser = crate::common::parse_seconds)]
    trial_timeout: Duration,
    /// The CPU seconds one submission's autograde may use, over every
    /// process it starts (javac and the JVMs): a slow or crowded machine
    /// does not use them up.
    #[arg(long, default_value = "120", value_name = "SECS", value_parser = crate::common::parse_seconds)]
    time_limit: Duration,
    /// The wall-clock seconds one submission's autograde may take, for
    /// code that waits rather than computes (default: twice --time-limit,
    /// divided by the container's CPU share when under one CPU: 480 s with
    /// half a CPU).
    #[arg(long, value_name = "SECS", value_parser = crate::common::parse_seconds)]
    wall_limit: Option<Duration>,
    /// Memory per JVM, in MiB of resident memory (the timing JVM's heap is
    /// three quarters of it). In a container with a memory limit (a cgroup:
    /// Gradescope, Docker, Kubernetes, Slurm), less when the JVMs would not
    /// fit, and fewer JVMs at once than --jobs when the CPU share is less.
    #[arg(long, default_value_t = 3072, value_name = "MIB", value_parser = clap::value_parser!(u64).range(512..=1 << 20))]
    memory: u64,
    /// As root, run each JVM as an unprivileged uid of its own (`auto`).
    #[arg(long, value_enum, default_value_t = UserMode::Auto)]
    user: UserMode,
    /// Run every JVM inside bubblewrap (`auto`: when it works here).
    #[arg(long, value_enum, default_value_t = SandboxMode::Auto)]
    sandbox: SandboxMode,
    /// The submissions: folders or .zip files holding Board.java and
    /// Solver.java. With --gradescope-bundle, the flags to bake in, after
    /// `--`.
    #[arg(value_name = "SUBMISSION", required_unless_present_any = ["batch", "gradescope_bundle", "prepare"])]
    submissions: Vec<PathBuf>,
    #[command(flatten)]
    outputs: Outputs,
}

/// What `slider autograde` does besides grading.
#[derive(Debug, clap::Subcommand)]
enum AutogradeCommand {
    /// Join the shards of a batch (`--shard I/N --out-dir DIR`) into one
    /// CSV, one JSON and one class page; a shard or a submission missing or
    /// there twice is an error (exit 2).
    Merge(MergeArgs),
}

/// Arguments of `slider autograde merge`.
#[derive(Debug, Args)]
struct MergeArgs {
    /// The shards' --out-dir folders (several shards may share one).
    #[arg(value_name = "OUT_DIR", required = true)]
    dirs: Vec<PathBuf>,
    #[command(flatten)]
    outputs: slider::app::merge::MergeOutputs,
}

/// Runs the command; returns the exit code.
pub fn run(args: &AutogradeArgs, console: &Console) -> Result<u8, CommandError> {
    if let Some(AutogradeCommand::Merge(merge)) = &args.command {
        return slider::app::merge::merge(&merge.dirs, &merge.outputs, console);
    }
    if let Some(out) = &args.gradescope_bundle {
        let baked: Vec<String> = args
            .submissions
            .iter()
            .map(|flag| flag.to_string_lossy().into_owned())
            .collect();
        return gradescope_bundle(out, &baked, console);
    }
    let container = slider::run::container::Container::of_this_process();
    let settings = Settings {
        api: args.api,
        edition: args.edition,
        only: args.only.clone(),
        algs4: args.algs4.clone(),
        seed: args.seed,
        fresh_seed: slider::generate::fresh_seed(),
        trial_cpu: args.trial_timeout,
        cpu_cap: args.time_limit,
        wall_cap: args
            .wall_limit
            .unwrap_or_else(|| Settings::wall_backstop(args.time_limit, &container)),
    };
    let grading = Grading {
        settings,
        jobs: args.jobs,
        memory: args.memory << 20,
        user: args.user,
        sandbox: args.sandbox,
        container,
        cache: Some(crate::common::cache_dir(None).join("autograde")),
        context: crate::common::context(),
    };
    if args.prepare {
        return slider::app::autograde::prepare(&grading, console);
    }
    let batch = args.batch.as_deref();
    grade_all(
        &args.submissions,
        batch,
        args.shard,
        &grading,
        &args.outputs,
        console,
    )
}

/// `--gradescope-bundle OUT -- FLAGS`: the flags are checked as
/// `slider autograde` would take them on Gradescope, then the library
/// checks and writes the bundle.
fn gradescope_bundle(
    out: &std::path::Path,
    flags: &[String],
    console: &Console,
) -> Result<u8, CommandError> {
    #[derive(Debug, clap::Parser)]
    struct Baked {
        #[command(flatten)]
        args: AutogradeArgs,
    }
    if let Some(flag) = slider::autograde::gradescope::refused_flag(flags) {
        return Err(format!(
            "{flag} cannot be baked into a Gradescope bundle: it grades /autograder/submission into results.json"
        ).into());
    }
    let trial = std::iter::once("slider autograde".to_string())
        .chain(flags.iter().cloned())
        .chain(["--gradescope", "results.json", "submission"].map(String::from));
    let baked = match <Baked as clap::Parser>::try_parse_from(trial) {
        Err(e) => {
            return Err(format!(
                "the flags to bake in are not valid `slider autograde` flags:\n{e}"
            )
            .into());
        }
        Ok(baked) => baked.args,
    };
    // every run would grade this path beside the student's submission
    if baked.submissions.len() > 1 {
        let stray = baked.submissions[0].display().to_string();
        return Err(format!(
            "`{stray}` after `--` is not a flag: only flags are baked into a Gradescope bundle (each run grades /autograder/submission)"
        ).into());
    }
    let baked = bundle::Baked {
        flags,
        api: baked.api,
        only: &baked.only,
        style: present::gradescope::Style {
            max_score: baked.outputs.max_score,
            visibility: baked.outputs.visibility.clone(),
        },
    };
    bundle::write(out, &baked, &crate::common::context(), console)
}
