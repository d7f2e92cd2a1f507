//! `slider autograde`: grade Java Board/Solver submissions as the course does.

use std::path::PathBuf;

use clap::Args;
use slider::app::autograde::{Grading, Outputs, Shard, grade_all};
use slider::app::{CommandError, Console, bundle};
use slider::present::autograde as present;

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
    #[command(flatten)]
    grading: Grading,
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
    let grading = Grading {
        container: slider::run::container::Container::of_this_process(),
        cache: Some(crate::common::cache_dir(None).join("autograde")),
        context: crate::common::context(),
        ..args.grading.clone()
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
        api: baked.grading.settings.api,
        only: &baked.grading.settings.only,
        style: present::gradescope::Style {
            max_score: baked.outputs.max_score,
            visibility: baked.outputs.visibility.clone(),
        },
    };
    bundle::write(out, &baked, &crate::common::context(), console)
}
