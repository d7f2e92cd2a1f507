//! `slider bench`: arguments of the benchmarks in `slider::bench`, whose
//! rows are printed as `slider::present::bench` renders them. Nothing
//! here asserts a time; correctness is the test suite's job.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};
use slider::bench::search::Instances;
use slider::bench::{Line, course, search};
use slider::exit_code;
use slider::format::manifest::Convention;
use slider::search::pdb::{Choice, Kind};
use slider::search::{Goal, HeuristicChoice};

use slider::bench::course::COURSE_DIR;

use slider::app::Console;
use slider::present::bench::render;

use crate::common::parse_seconds;

const KORF_100: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/benchmarks/korf100-blank-last.txt"
);
const KORF_FELNER_24: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/benchmarks/korf-felner-24puzzle-50.txt"
);

/// Arguments of `slider bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(subcommand)]
    which: Bench,
}

#[derive(Debug, Subcommand)]
enum Bench {
    /// Time the reference A* Solver on the autograder's 25 timing puzzles.
    ///
    /// Then time bidirectional breadth-first search, whole process, against
    /// a Java bi-BFS written as a course submission writes it
    /// (`src/bench/java/BiBfs.java`, compiled with the JDK on PATH or in
    /// `JAVA_HOME`).
    Reference {
        /// The folder of the course's puzzle files.
        #[arg(long, default_value = COURSE_DIR)]
        course_dir: PathBuf,
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
        /// The folder of the course's puzzle files.
        #[arg(long, default_value = COURSE_DIR)]
        course_dir: PathBuf,
    },
    /// Build the pattern databases cold and time loading them.
    Pdb {
        /// The kind to build: 4-4, 6-6-3, 7-8 or 6-6-6-6.
        #[arg(default_value = "6-6-3")]
        kind: Kind,
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
        /// The benchmark file, in Korf's blank-first convention.
        #[arg(default_value = KORF_FELNER_24)]
        file: PathBuf,
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
        /// The folder of the course's puzzle files.
        #[arg(long, default_value = COURSE_DIR)]
        course_dir: PathBuf,
        /// Where pattern databases are cached.
        #[arg(long, env = "SLIDER_PDB_DIR")]
        pdb_dir: Option<PathBuf>,
    },
    /// Measure the candidate 4x4 partitions on Korf's 100 and random boards.
    Partitions {
        /// The benchmark file (Korf's 100 by default).
        #[arg(default_value = KORF_100)]
        file: PathBuf,
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
    /// A benchmark file: per line, the tiles row-major then the optimal length.
    #[arg(default_value = KORF_100)]
    file: PathBuf,
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

/// The exit code of a benchmark that counted `wrong` answers.
fn counted(wrong: Result<usize, String>, console: &Console) -> u8 {
    match wrong {
        Ok(0) => exit_code::SUCCESS,
        Ok(_) => exit_code::FAILURE,
        Err(e) => console.fail(&e),
    }
}

/// Runs the benchmark; returns the exit code.
pub fn run(args: &BenchArgs) -> u8 {
    let console = crate::common::console();
    // Each row as `slider::present::bench` renders it (rows come by value).
    #[allow(clippy::needless_pass_by_value)]
    let mut print = |line: Line| console.print(&format!("{}\n", render(&line)));
    let result = match &args.which {
        Bench::Reference {
            course_dir,
            runs,
            bibfs_files,
        } => course::reference_suite(course_dir, *runs, bibfs_files, &mut print),
        Bench::Oracle { runs } => course::oracle(*runs, &mut print).map(|()| 0),
        Bench::Classic { files, course_dir } => {
            course::course_boards(files, course_dir, &course::CLASSIC_FILES)
                .map(|boards| course::classic(&boards, &mut print))
        }
        Bench::Pdb { kind, runs } => {
            let (bar, progress) = console.build_progress(&format!("{kind} pattern databases"));
            let mut emit = |line: Line| {
                bar.finish_and_clear();
                print(line);
            };
            search::pdb(*kind, *runs, &std::env::temp_dir(), &progress, &mut emit).map(|()| 0)
        }
        Bench::Korf(args) => return korf(args, &console),
        Bench::TwentyFour {
            file,
            time_limit,
            instances,
            limit,
            threads,
            pdb_dir,
        } => {
            return korf(
                &KorfArgs {
                    file: file.clone(),
                    convention: Convention::Auto,
                    heuristic: HeuristicChoice::Pdb,
                    limit: *limit,
                    time_limit: Some(*time_limit),
                    processes: false,
                    threads: *threads,
                    instances: instances.clone(),
                    pdb: Choice::Kind(Kind::SixSixSixSix),
                    pdb_dir: pdb_dir.clone(),
                },
                &console,
            );
        }
        Bench::Hardest {
            files,
            course_dir,
            pdb_dir: chosen,
        } => course::course_boards(files, course_dir, &course::HARDEST_FILES)
            .and_then(|boards| {
                let dir = slider::search::pdb::cache_dir(chosen.as_deref());
                let open = |goal: &Goal| console.open_pdb(goal, Choice::Best, &dir, false);
                search::hardest(&boards, &open, &mut print)
            })
            .map(|()| 0),
        Bench::Partitions { file, random, seed } => {
            Instances::read(file, Convention::Auto, &[], None)
                .and_then(|set| search::partitions(&set, *random, *seed, &mut print))
                .map(|()| 0)
        }
    };
    counted(result, &console)
}

/// `slider bench korf` (and `bench 24`).
fn korf(args: &KorfArgs, console: &Console) -> u8 {
    let run = search::KorfRun {
        heuristic: args.heuristic,
        pdb: args.pdb,
        pdb_dir: slider::search::pdb::cache_dir(args.pdb_dir.as_deref()),
        time: args.time_limit,
        threads: args.threads as usize,
        processes: args.processes,
    };
    let open = |goal: &Goal, choice: Choice| console.open_pdb(goal, choice, &run.pdb_dir, false);
    let mut print = |line: Line| console.print(&format!("{}\n", render(&line)));
    counted(
        Instances::read(&args.file, args.convention, &args.instances, args.limit)
            .and_then(|set| search::korf_run(&set, &run, &open, &mut print)),
        console,
    )
}
