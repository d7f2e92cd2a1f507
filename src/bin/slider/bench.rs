//! `slider bench`: benchmarks that print figures. Nothing here asserts a
//! time; correctness is the test suite's job.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use slider::{Solver, exit_code};

use crate::bench_search;
use crate::common::report_error;

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
        #[arg(long, default_value = crate::common::COURSE_DIR)]
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
        #[arg(long, default_value = crate::common::COURSE_DIR)]
        course_dir: PathBuf,
    },
    /// Build the pattern databases cold and time loading them.
    Pdb(bench_search::PdbArgs),
    /// Solve a benchmark set (Korf's 100 by default) with IDA*.
    Korf(bench_search::KorfArgs),
    /// Solve Korf and Felner's 50 random 24-puzzles with IDA* and the
    /// 6-6-6-6 databases (built first when missing), under a budget each.
    #[command(name = "24")]
    TwentyFour(bench_search::TwentyFourArgs),
    /// Solve the course's hardest files (4x4-78 and 4x4-80) with IDA*.
    Hardest(bench_search::HardestArgs),
    /// Measure the candidate 4x4 partitions on Korf's 100 and random boards.
    Partitions(bench_search::PartitionArgs),
}

/// Runs the benchmark; returns the exit code.
pub fn run(args: &BenchArgs) -> u8 {
    match &args.which {
        Bench::Reference {
            course_dir,
            runs,
            bibfs_files,
        } => match reference(course_dir, (*runs).max(1)) {
            exit_code::SUCCESS => java_bibfs(bibfs_files, course_dir),
            code => code,
        },
        Bench::Oracle { runs } => oracle((*runs).max(1)),
        Bench::Pdb(args) => bench_search::pdb(args),
        Bench::Classic { files, course_dir } => classic(files, course_dir),
        Bench::Korf(args) => bench_search::korf(args),
        Bench::TwentyFour(args) => bench_search::twenty_four(args),
        Bench::Partitions(args) => bench_search::partitions(args),
        Bench::Hardest(args) => bench_search::hardest(args),
    }
}

/// `slider bench classic`: native and generic breadth-first searches, one
/// run each, same boards; lengths must agree.
fn classic(files: &[PathBuf], course_dir: &Path) -> u8 {
    use slider::search::classic::{Algorithm, solve, solve_generic};
    let files: Vec<PathBuf> = if files.is_empty() {
        [
            "puzzle3x3-30.txt",
            "puzzle3x3-31.txt",
            "puzzle4x4-30.txt",
            "puzzle36.txt",
            "puzzle4x4-36.txt",
            "puzzle4x4-40.txt",
        ]
        .iter()
        .map(|f| course_dir.join(f))
        .collect()
    } else {
        files.to_vec()
    };
    let boards = match crate::common::load_boards(&files) {
        Ok(boards) => boards,
        Err(code) => return code,
    };
    println!(
        "breadth-first searches, native (packed u64 states) and generic (pathfinding), one run each"
    );
    println!(
        "{:<20} {:<6} {:>5} {:>12} {:>10} {:>12} {:>10} {:>8}",
        "puzzle", "algo", "moves", "native gen", "native s", "generic gen", "generic s", "speedup"
    );
    let config = slider::search::SearchConfig::default();
    let mut wrong = 0;
    for (path, board) in files.iter().zip(&boards) {
        let name = path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        for (label, algorithm) in [
            ("bibfs", Algorithm::BidirectionalBfs),
            ("bfs", Algorithm::Bfs),
        ] {
            if algorithm == Algorithm::Bfs && board.size() > 3 {
                continue; // unidirectional BFS of a 4x4 course file exhausts any budget
            }
            let started = Instant::now();
            let native = solve(board, algorithm, &config);
            let native_time = started.elapsed();
            let started = Instant::now();
            let generic = solve_generic(board, algorithm, &config);
            let generic_time = started.elapsed();
            match (native, generic) {
                (Ok(a), Ok(b)) if a.moves.len() == b.moves.len() => println!(
                    "{name:<20} {label:<6} {:>5} {:>12} {:>10.3} {:>12} {:>10.3} {:>7.1}x",
                    a.moves.len(),
                    a.stats.generated,
                    native_time.as_secs_f64(),
                    b.stats.generated,
                    generic_time.as_secs_f64(),
                    generic_time.as_secs_f64() / native_time.as_secs_f64().max(1e-9)
                ),
                (a, b) => {
                    wrong += 1;
                    println!("{name:<20} {label:<6} disagree: native {a:?}, generic {b:?}");
                }
            }
        }
    }
    if let Some(peak) = crate::common::peak_memory() {
        println!(
            "peak memory (resident, whole process): {:.1} MB",
            peak as f64 / 1e6
        );
    }
    if wrong == 0 {
        exit_code::SUCCESS
    } else {
        exit_code::FAILURE
    }
}

fn oracle(runs: usize) -> u8 {
    println!("exhaustive breadth-first oracle, {runs} builds per size");
    println!(
        "{:<6} {:>10} {:>10} {:>9} {:>10} {:>10}",
        "size", "states", "reachable", "diameter", "best ms", "median ms"
    );
    for n in [2, 3] {
        let mut times = Vec::with_capacity(runs);
        let mut built = None;
        for _ in 0..runs {
            let started = Instant::now();
            built = slider::oracle::Oracle::build(n).ok();
            times.push(started.elapsed());
        }
        let Some(table) = built else {
            return exit_code::ERROR;
        };
        times.sort();
        println!(
            "{:<6} {:>10} {:>10} {:>9} {:>10.2} {:>10.2}",
            format!("{n}x{n}"),
            table.states(),
            table.reachable(),
            table.max_distance(),
            times[0].as_secs_f64() * 1e3,
            times[times.len() / 2].as_secs_f64() * 1e3
        );
    }
    exit_code::SUCCESS
}

fn reference(dir: &Path, runs: usize) -> u8 {
    let paths: Vec<PathBuf> = slider::course::TIMING_PUZZLES
        .iter()
        .map(|n| dir.join(format!("{n}.txt")))
        .collect();
    let boards = match crate::common::load_boards(&paths) {
        Ok(boards) => boards,
        Err(code) => return code,
    };
    println!(
        "reference A* (Manhattan priority) on the course's 25 timing puzzles, {runs} runs each"
    );
    println!(
        "{:<14} {:>5} {:>10} {:>10} {:>10} {:>10}",
        "puzzle", "moves", "enqueued", "dequeued", "best ms", "median ms"
    );
    let (mut total_best, mut total_median) = (Duration::ZERO, Duration::ZERO);
    for (name, board) in slider::course::TIMING_PUZZLES.iter().zip(boards) {
        let mut times = Vec::with_capacity(runs);
        let mut last = None;
        for _ in 0..runs {
            let started = Instant::now();
            let solver = Solver::new(&board);
            times.push(started.elapsed());
            last = Some(solver);
        }
        let solver = match last {
            Some(Ok(solver)) => solver,
            Some(Err(e)) => {
                report_error(&format!("{name}: {e}"));
                return exit_code::FAILURE;
            }
            None => return exit_code::ERROR,
        };
        times.sort();
        let (best, median) = (times[0], times[times.len() / 2]);
        total_best += best;
        total_median += median;
        let stats = solver.stats();
        println!(
            "{name:<14} {:>5} {:>10} {:>10} {:>10.2} {:>10.2}",
            solver.moves(),
            stats.enqueued,
            stats.dequeued,
            best.as_secs_f64() * 1e3,
            median.as_secs_f64() * 1e3
        );
    }
    println!(
        "{:<14} {:>5} {:>10} {:>10} {:>10.2} {:>10.2}",
        "total",
        "",
        "",
        "",
        total_best.as_secs_f64() * 1e3,
        total_median.as_secs_f64() * 1e3
    );
    exit_code::SUCCESS
}

/// The Java bi-BFS `slider bench reference` compares with.
const JAVA_BIBFS: &str = include_str!("../../bench/java/BiBfs.java");

/// `slider bench reference`, second part: one `slider solve --algorithm
/// bibfs` process and one `java BiBfs` process per file, wall time each;
/// the lengths must agree.
fn java_bibfs(files: &[PathBuf], course_dir: &Path) -> u8 {
    let files: Vec<PathBuf> = if files.is_empty() {
        ["puzzle4x4-30.txt", "puzzle36.txt", "puzzle4x4-36.txt"]
            .iter()
            .map(|f| course_dir.join(f))
            .collect()
    } else {
        files.to_vec()
    };
    if let Err(code) = crate::common::load_boards(&files) {
        return code;
    }
    match run_java_bibfs(&files) {
        Ok(0) => exit_code::SUCCESS,
        Ok(_) => exit_code::FAILURE,
        Err(e) => crate::common::fail(&e),
    }
}

/// Compiles the Java bi-BFS in a scratch folder, times both programs on
/// every file and prints the table; returns how many lengths disagreed.
fn run_java_bibfs(files: &[PathBuf]) -> Result<usize, String> {
    use std::process::Command;
    let jdk = slider::autograde::java::Jdk::find(
        std::env::var_os("JAVA_HOME").as_deref().map(Path::new),
        std::env::var_os("PATH").as_deref(),
    )?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find slider itself: {e}"))?;
    let scratch = std::env::temp_dir().join(format!("slider-bibfs-{}", std::process::id()));
    let result = (|| {
        std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
        let source = scratch.join("BiBfs.java");
        std::fs::write(&source, JAVA_BIBFS).map_err(|e| format!("{}: {e}", source.display()))?;
        let compiled = Command::new(&jdk.javac)
            .arg("-d")
            .arg(&scratch)
            .arg(&source)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", jdk.javac.display()))?;
        if !compiled.status.success() {
            return Err(format!(
                "javac failed on BiBfs.java: {}",
                String::from_utf8_lossy(&compiled.stderr).trim()
            ));
        }
        let time = |command: &mut Command| -> Result<(Duration, String), String> {
            let started = Instant::now();
            let output = command
                .output()
                .map_err(|e| format!("cannot run {command:?}: {e}"))?;
            let elapsed = started.elapsed();
            if !output.status.success() {
                return Err(format!(
                    "{command:?} failed ({}): {}",
                    output.status,
                    String::from_utf8_lossy(&output.stderr).trim()
                ));
            }
            Ok((
                elapsed,
                String::from_utf8_lossy(&output.stdout).trim().to_owned(),
            ))
        };
        println!();
        println!(
            "bidirectional BFS, whole process: `slider solve --algorithm bibfs` against `java BiBfs` (src/bench/java/BiBfs.java), one run each"
        );
        println!(
            "{:<20} {:>5} {:>10} {:>10} {:>8}",
            "puzzle", "moves", "slider s", "java s", "ratio"
        );
        let (mut ours, mut theirs, mut wrong) = (Duration::ZERO, Duration::ZERO, 0);
        for file in files {
            let (native, moves) = time(
                Command::new(&exe)
                    .args(["solve", "--algorithm", "bibfs", "--output", "moves"])
                    .arg(file),
            )?;
            let (java, length) = time(
                Command::new(&jdk.java)
                    .arg("-cp")
                    .arg(&scratch)
                    .arg("BiBfs")
                    .arg(file),
            )?;
            let name = file
                .file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
            if length != moves.len().to_string() {
                wrong += 1;
                println!(
                    "{name:<20} disagree: slider {} moves, java {length}",
                    moves.len()
                );
                continue;
            }
            ours += native;
            theirs += java;
            println!(
                "{name:<20} {:>5} {:>10.3} {:>10.3} {:>7.1}x",
                moves.len(),
                native.as_secs_f64(),
                java.as_secs_f64(),
                java.as_secs_f64() / native.as_secs_f64().max(1e-9)
            );
        }
        println!(
            "{:<20} {:>5} {:>10.3} {:>10.3} {:>7.1}x",
            "total",
            "",
            ours.as_secs_f64(),
            theirs.as_secs_f64(),
            theirs.as_secs_f64() / ours.as_secs_f64().max(1e-9)
        );
        Ok(wrong)
    })();
    let _ = std::fs::remove_dir_all(&scratch);
    result
}
