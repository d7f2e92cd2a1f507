//! `slider bench`: arguments of the benchmarks `slider::app::bench` runs.

use std::path::PathBuf;
use std::time::Duration;

use crate::common::cache_dir;
use clap::{Args, Subcommand};
use slider::app::bench;
use slider::app::{CommandError, Console};
use slider::bench::search::{KORF_100, KORF_FELNER_24, KorfRun, Spawn};
use slider::format::manifest::Convention;
use slider::search::HeuristicChoice;
use slider::search::pdb::{Choice, Partition};

use slider::values::parse_seconds;

/// Arguments of `slider bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(subcommand)]
    which: Bench,
}

#[derive(Debug, Subcommand)]
enum Bench {
    /// Time `slider autograde` as its users run it: the shipped reference
    /// graded in a fresh process, several times, with where its time went;
    /// then a batch of the shipped ordinary submissions (the reference,
    /// the Princeton variant and learned/*, which lose a few points as
    /// the course's reports do).
    Autograde {
        /// Timed runs of the reference; each is printed, and the median's
        /// phases.
        #[arg(long, default_value_t = 3)]
        runs: usize,
        /// JVMs at once, as `slider autograde --jobs`.
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// The autograder's fixtures (reference/, princeton/, learned/):
        /// `fixtures/autograde` of a clone of slider.
        #[arg(long, value_name = "DIR")]
        fixtures: PathBuf,
    },
    /// Time the reference A* Solver on the autograder's 25 timing puzzles.
    ///
    /// Then time bidirectional breadth-first search, whole process, against
    /// a Java bi-BFS written as a course submission writes it
    /// (`src/bench/java/BiBfs.java`, compiled with the JDK on PATH or in
    /// `JAVA_HOME`).
    Reference {
        /// The folder of the course's puzzle files [default: the copies
        /// shipped in slider].
        #[arg(long, value_name = "DIR")]
        course_dir: Option<PathBuf>,
        /// Runs per puzzle; the best and the median are reported.
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// Course files for the bi-BFS comparison [default: 4x4-30, 36,
        /// 4x4-36].
        #[arg(long = "bibfs", value_name = "FILE")]
        bibfs_files: Vec<PathBuf>,
    },
    /// Time building the exhaustive oracle's distance tables (2x2 and 3x3).
    Oracle {
        /// Builds per size; the best and the median are reported.
        #[arg(long, default_value_t = 5)]
        runs: usize,
    },
    /// Time the native breadth-first searches against the generic ones
    /// (the `pathfinding` crate's, over boxed tile arrays).
    Classic {
        /// Course puzzle files [default: 3x3-30, 3x3-31, 4x4-30, 36, 4x4-36, 4x4-40].
        files: Vec<PathBuf>,
        /// The folder of the course's puzzle files [default: the copies
        /// shipped in slider].
        #[arg(long, value_name = "DIR")]
        course_dir: Option<PathBuf>,
    },
    /// Build the pattern databases cold and time loading them.
    Pdb {
        /// The kind to build: 4-4, 6-6-3, 7-8 or 6-6-6-6.
        #[arg(default_value = "6-6-3")]
        kind: Partition,
        /// Loads to time; the best and the median are reported.
        #[arg(long, default_value_t = 20)]
        runs: usize,
    },
    /// Solve a benchmark set (Korf's 100 by default) with IDA*.
    Korf(KorfArgs),
    /// Solve Korf and Felner's 50 random 24-puzzles with IDA* and the
    /// 6-6-6-6 databases (built first when missing), under a budget each.
    #[command(name = "24")]
    TwentyFour {
        /// The benchmark file, in Korf's blank-first convention [default:
        /// Korf and Felner's 50, shipped in slider].
        file: Option<PathBuf>,
        /// Seconds per instance; an instance over it is reported with the
        /// bound proved, not failed.
        #[arg(long, value_name = "SECS", default_value = "600", value_parser = parse_seconds)]
        time_limit: Duration,
        /// Only these instances (1-based, comma-separated), in this order.
        #[arg(long, value_name = "LIST", value_delimiter = ',')]
        instances: Vec<usize>,
        /// Only the first N instances (of those chosen).
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
        /// IDA* threads per instance (the path is the single-threaded one).
        #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
        threads: u64,
        /// Where pattern databases are cached.
        #[arg(long, env = "SLIDER_PDB_DIR")]
        pdb_dir: Option<PathBuf>,
    },
    /// Solve the course's hardest files (4x4-78 and 4x4-80) with IDA*.
    Hardest {
        /// Course puzzle files (default: the course's 4x4-78 and 4x4-80).
        files: Vec<PathBuf>,
        /// The folder of the course's puzzle files [default: the copies
        /// shipped in slider].
        #[arg(long, value_name = "DIR")]
        course_dir: Option<PathBuf>,
        /// Where pattern databases are cached.
        #[arg(long, env = "SLIDER_PDB_DIR")]
        pdb_dir: Option<PathBuf>,
    },
    /// Measure the candidate 4x4 partitions on Korf's 100 and random boards.
    Partitions {
        /// The benchmark file [default: Korf's 100, shipped in slider].
        file: Option<PathBuf>,
        /// Random solvable boards (uniform) to solve besides the file's.
        #[arg(long, default_value_t = 1000, value_name = "N")]
        random: usize,
        /// The random boards' seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// Arguments of `slider bench korf`.
#[derive(Debug, Args)]
pub struct KorfArgs {
    /// A benchmark file: per line, the tiles row-major then the optimal
    /// length [default: Korf's 100, blank last, shipped in slider].
    file: Option<PathBuf>,
    /// The goal the file's boards are written for.
    #[arg(long, value_enum, default_value_t = Convention::Auto)]
    convention: Convention,
    /// The heuristic (`auto`: pattern databases when there are some for
    /// the size, else linear conflict).
    #[arg(long, value_enum, default_value_t = HeuristicChoice::Auto)]
    heuristic: HeuristicChoice,
    /// Only the first N instances.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Give up on an instance after this many seconds (reported, not failed).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Also time one `slider solve` process per instance.
    #[arg(long)]
    processes: bool,
    /// IDA* threads per instance (the path is the single-threaded one).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Only these instances (1-based, comma-separated), in this order.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    instances: Vec<usize>,
    /// The pattern databases: `auto` (the strongest cached: 7-8 for 4x4,
    /// else 6-6-3 built on first use; 6-6-6-6 for 5x5 when cached), or a
    /// kind by name, built now with a progress bar unless cached.
    #[arg(long, value_name = "KIND", default_value = "auto")]
    pdb: Choice,
    /// Where pattern databases are cached.
    #[arg(long, env = "SLIDER_PDB_DIR")]
    pdb_dir: Option<PathBuf>,
}

/// Runs the benchmark; returns the exit code.
pub fn run(args: &BenchArgs, console: &Console) -> Result<u8, CommandError> {
    match &args.which {
        Bench::Reference {
            course_dir,
            runs,
            bibfs_files,
        } => bench::reference(
            course_dir.as_deref(),
            *runs,
            bibfs_files,
            &crate::common::context(),
            console,
        ),
        Bench::Oracle { runs } => bench::oracle(*runs, console),
        Bench::Autograde {
            runs,
            jobs,
            fixtures,
        } => match std::env::current_exe() {
            Ok(exe) => bench::autograde(
                &exe,
                fixtures,
                &std::env::temp_dir(),
                ((*runs).max(1), *jobs),
                console,
            ),
            Err(e) => Err(CommandError::from(format!("cannot find this program: {e}"))),
        },
        Bench::Classic { files, course_dir } => {
            bench::classic(files, course_dir.as_deref(), console)
        }
        Bench::Pdb { kind, runs } => bench::pdb(*kind, *runs, &std::env::temp_dir(), console),
        Bench::Korf(args) => korf(args, console),
        Bench::TwentyFour {
            file,
            time_limit,
            instances,
            limit,
            threads,
            pdb_dir,
        } => {
            let run = KorfRun {
                heuristic: HeuristicChoice::Pdb,
                pdb: Choice::Partition(Partition::SixSixSixSix),
                pdb_dir: cache_dir(pdb_dir.as_deref()),
                time: Some(*time_limit),
                threads: *threads as usize,
                processes: None,
            };
            let file = file.as_deref();
            bench::korf(
                file,
                KORF_FELNER_24,
                Convention::Auto,
                instances,
                *limit,
                &run,
                console,
            )
        }
        Bench::Hardest {
            files,
            course_dir,
            pdb_dir,
        } => bench::hardest(
            files,
            course_dir.as_deref(),
            &cache_dir(pdb_dir.as_deref()),
            console,
        ),
        Bench::Partitions { file, random, seed } => {
            bench::partitions(file.as_deref(), *random, *seed, console)
        }
    }
}

/// `slider bench korf`.
fn korf(args: &KorfArgs, console: &Console) -> Result<u8, CommandError> {
    let processes = if args.processes {
        match std::env::current_exe() {
            Ok(slider) => Some(Spawn {
                slider,
                scratch: std::env::temp_dir(),
            }),
            Err(e) => {
                return Err(CommandError::from(format!("cannot find this program: {e}")));
            }
        }
    } else {
        None
    };
    let run = KorfRun {
        heuristic: args.heuristic,
        pdb: args.pdb,
        pdb_dir: cache_dir(args.pdb_dir.as_deref()),
        time: args.time_limit,
        threads: args.threads as usize,
        processes,
    };
    let (file, chosen) = (args.file.as_deref(), &args.instances);
    bench::korf(
        file,
        KORF_100,
        args.convention,
        chosen,
        args.limit,
        &run,
        console,
    )
}
