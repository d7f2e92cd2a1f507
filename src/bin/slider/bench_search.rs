//! `slider bench pdb`, `slider bench korf` and `slider bench hardest`: the
//! fast search's figures. Every solution is replayed and its length
//! compared with the published optimum; nothing here asserts a time.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use slider::search::Goal;
use slider::search::idastar::search;
use slider::search::pdb::{Kind, PatternDatabase};
use slider::search::{Heuristic, Limits, SearchConfig, SearchError, Solution};
use slider::{Board, exit_code};

use crate::common::report_error;
use crate::common::{open_pdb_kind, pdb_dir, peak_memory, strongest_pdb};
use slider::format::manifest::{Benchmark, Convention, parse_benchmarks};

/// Heuristics the benchmarks can use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BenchHeuristic {
    /// Pattern databases for 4x4, linear conflict for other sizes.
    Best,
    /// Pattern databases (4x4 and 3x3 only).
    Pdb,
    /// Manhattan plus linear conflict.
    LinearConflict,
    /// Manhattan distance.
    Manhattan,
}

/// Arguments of `slider bench korf`.
#[derive(Debug, Args)]
pub struct KorfArgs {
    /// A benchmark file: per line, the tiles row-major then the optimal length.
    #[arg(default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/benchmarks/korf100-blank-last.txt"))]
    file: PathBuf,
    /// The goal the file's boards are written for.
    #[arg(long, value_enum, default_value_t = Convention::Auto)]
    convention: Convention,
    /// The heuristic.
    #[arg(long, value_enum, default_value_t = BenchHeuristic::Best)]
    heuristic: BenchHeuristic,
    /// Only the first N instances.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Give up on an instance after this many seconds (reported, not failed).
    #[arg(long, value_name = "SECS", value_parser = crate::common::parse_seconds)]
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
    pdb: PdbChoice,
    /// Where pattern databases are cached.
    #[arg(long, env = "SLIDER_PDB_DIR")]
    pdb_dir: Option<PathBuf>,
}

/// `--pdb`: the strongest cached databases, or one kind.
#[derive(Debug, Clone, Copy)]
pub enum PdbChoice {
    /// The strongest cached (see `common::strongest_pdb`).
    Auto,
    /// This kind, built when missing.
    Kind(Kind),
}

impl std::str::FromStr for PdbChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<PdbChoice, String> {
        if text == "auto" {
            Ok(PdbChoice::Auto)
        } else {
            text.parse().map(PdbChoice::Kind)
        }
    }
}

/// Arguments of `slider bench 24`.
#[derive(Debug, Args)]
pub struct TwentyFourArgs {
    /// The benchmark file, in Korf's blank-first convention.
    #[arg(default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/benchmarks/korf-felner-24puzzle-50.txt"))]
    file: PathBuf,
    /// Seconds per instance; an instance over it is reported with the
    /// bound proved, not failed.
    #[arg(long, value_name = "SECS", default_value = "600", value_parser = crate::common::parse_seconds)]
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
}

/// `slider bench 24`: `bench korf` on the 24-puzzle set with 6-6-6-6.
pub fn twenty_four(args: &TwentyFourArgs) -> u8 {
    korf(&KorfArgs {
        file: args.file.clone(),
        convention: Convention::Auto,
        heuristic: BenchHeuristic::Pdb,
        limit: args.limit,
        time_limit: Some(args.time_limit),
        processes: false,
        threads: args.threads,
        instances: args.instances.clone(),
        pdb: PdbChoice::Kind(Kind::SixSixSixSix),
        pdb_dir: args.pdb_dir.clone(),
    })
}

/// Arguments of `slider bench hardest`.
#[derive(Debug, Args)]
pub struct HardestArgs {
    /// Course puzzle files (default: the course's 4x4-78 and 4x4-80).
    files: Vec<PathBuf>,
    /// The folder of the course's puzzle files.
    #[arg(long, default_value = crate::common::COURSE_DIR)]
    course_dir: PathBuf,
    /// Where pattern databases are cached.
    #[arg(long, env = "SLIDER_PDB_DIR")]
    pdb_dir: Option<PathBuf>,
}

/// Arguments of `slider bench pdb`.
#[derive(Debug, Args)]
pub struct PdbArgs {
    /// The kind to build: 4-4, 6-6-3, 7-8 or 6-6-6-6.
    #[arg(default_value = "6-6-3")]
    kind: Kind,
    /// Loads to time; the best and the median are reported.
    #[arg(long, default_value_t = 20)]
    runs: usize,
}

/// The instances of a benchmark file, towards the course's goal.
fn read_instances(path: &Path, convention: Convention) -> Result<Vec<Benchmark>, String> {
    let text = slider::format::source::read_text(path, Some(slider::format::source::DEFAULT_IDLE))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_benchmarks(&text, convention).map_err(|e| format!("{}:{e}", path.display()))
}

/// Whether `moves` lead `board` to the goal.
fn replays(board: &Board, solution: &Solution) -> bool {
    board
        .follow(&solution.moves)
        .is_some_and(|path| path.last().is_some_and(Board::is_goal))
}

fn choose(heuristic: BenchHeuristic, n: usize, pdb: PdbChoice) -> Heuristic {
    let databases = match pdb {
        PdbChoice::Auto => slider::search::pdb::supports(n),
        PdbChoice::Kind(kind) => kind.size() == n,
    };
    match heuristic {
        BenchHeuristic::Best => Heuristic::auto(true, databases),
        BenchHeuristic::Pdb => Heuristic::PatternDatabase,
        BenchHeuristic::Manhattan => Heuristic::Manhattan,
        BenchHeuristic::LinearConflict => Heuristic::LinearConflict,
    }
}

/// The databases `heuristic` needs, if any (errors are reported).
fn databases_for(
    heuristic: Heuristic,
    n: usize,
    choice: PdbChoice,
    dir: &Path,
) -> Result<Option<PatternDatabase>, ()> {
    if heuristic != Heuristic::PatternDatabase {
        return Ok(None);
    }
    let goal = Goal::standard(n);
    match choice {
        PdbChoice::Auto => strongest_pdb(&goal, dir),
        PdbChoice::Kind(kind) => open_pdb_kind(&goal, kind, dir),
    }
    .map(Some)
    .map_err(|e| report_error(&e))
}

/// The instances to run with their 1-based numbers in the file, and their
/// board side (errors are reported).
fn load_instances(args: &KorfArgs) -> Option<(Vec<usize>, Vec<Benchmark>, usize)> {
    let mut instances = read_instances(&args.file, args.convention)
        .map_err(|e| report_error(&e))
        .ok()?;
    let mut numbers: Vec<usize> = (1..=instances.len()).collect();
    if !args.instances.is_empty() {
        let mut chosen = Vec::with_capacity(args.instances.len());
        for &number in &args.instances {
            let Some(instance) = number.checked_sub(1).and_then(|i| instances.get(i)) else {
                report_error(&format!(
                    "--instances: {number} is not an instance of {} (1 to {})",
                    args.file.display(),
                    instances.len()
                ));
                return None;
            };
            chosen.push(instance.clone());
        }
        instances = chosen;
        numbers.clone_from(&args.instances);
    }
    instances.truncate(args.limit.unwrap_or(usize::MAX));
    numbers.truncate(instances.len());
    let Some(n) = instances.first().map(|i| i.board.size()) else {
        report_error(&format!("{}: no instances", args.file.display()));
        return None;
    };
    Some((numbers, instances, n))
}

/// `slider bench korf`.
pub fn korf(args: &KorfArgs) -> u8 {
    let Some((numbers, instances, n)) = load_instances(args) else {
        return exit_code::ERROR;
    };
    let heuristic = choose(args.heuristic, n, args.pdb);
    let dir = pdb_dir(args.pdb_dir.as_deref());
    let Ok(pdb) = databases_for(heuristic, n, args.pdb, &dir) else {
        return exit_code::ERROR;
    };
    let config = SearchConfig {
        heuristic,
        pdb: pdb.as_ref(),
        limits: Limits {
            nodes: u64::MAX,
            time: args.time_limit,
            cost: None,
            bytes: None,
        },
        goal: None,
        threads: args.threads as usize,
    };
    println!(
        "{}",
        korf_heading(args, pdb.as_ref(), heuristic, instances.len(), n)
    );
    println!(
        "{:>4} {:>4} {:>5} {:>6} {:>14} {:>14} {:>10} {:>9}",
        "#", "opt", "len", "h0", "expanded", "generated", "seconds", "M gen/s"
    );
    let (mut total, mut expanded, mut generated) = (Duration::ZERO, 0, 0);
    let (mut solved, mut wrong, mut sum) = (0, 0, 0);
    for (&number, instance) in numbers.iter().zip(&instances) {
        let started = Instant::now();
        let result = search(&instance.board, &config);
        let elapsed = started.elapsed();
        total += elapsed;
        let (len, stats) = match &result {
            Ok(solution) => {
                let len = solution.moves.len() as u64;
                if len == instance.optimum && replays(&instance.board, solution) {
                    solved += 1;
                    sum += len;
                } else {
                    wrong += 1;
                }
                (len.to_string(), solution.stats)
            }
            Err(
                SearchError::TimeLimit { stats, lower_bound }
                | SearchError::Budget { stats, lower_bound },
            ) => (format!(">={lower_bound}"), *stats),
            Err(e) => {
                wrong += 1;
                report_error(&format!("instance {number}: {e}"));
                continue;
            }
        };
        expanded += stats.expanded;
        generated += stats.generated;
        println!(
            "{:>4} {:>4} {:>5} {:>6} {:>14} {:>14} {:>10.4} {:>9.1}",
            number,
            instance.optimum,
            len,
            stats.initial_h,
            stats.expanded,
            stats.generated,
            elapsed.as_secs_f64(),
            stats.generated as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
        );
    }
    println!(
        "total: {solved}/{} solved optimally (sum of lengths {sum}), {wrong} wrong; {expanded} expanded, {generated} generated; {:.3} s ({:.1} M expanded/s, {:.1} M generated/s)",
        instances.len(),
        total.as_secs_f64(),
        expanded as f64 / total.as_secs_f64().max(1e-9) / 1e6,
        generated as f64 / total.as_secs_f64().max(1e-9) / 1e6
    );
    if let Some(peak) = peak_memory() {
        println!(
            "peak memory (resident, whole process): {:.1} MB",
            peak as f64 / 1e6
        );
    }
    if args.processes
        && wrong == 0
        && let Err(e) = processes(&instances, &dir, heuristic)
    {
        report_error(&e);
        return exit_code::ERROR;
    }
    if wrong == 0 {
        exit_code::SUCCESS
    } else {
        exit_code::FAILURE
    }
}

/// The first line of `bench korf`: what runs on which instances.
fn korf_heading(
    args: &KorfArgs,
    pdb: Option<&PatternDatabase>,
    heuristic: Heuristic,
    count: usize,
    n: usize,
) -> String {
    let what = match pdb {
        Some(pdb) => format!(
            "pattern databases {}",
            pdb.kind().map_or("custom", Kind::name)
        ),
        None => format!("{heuristic:?}"),
    };
    let threads = match args.threads {
        1 => "single-threaded".to_string(),
        t => format!("{t} threads"),
    };
    let budget = args.time_limit.map_or(String::new(), |t| {
        format!(", {} s per instance", t.as_secs_f64())
    });
    format!(
        "IDA* ({what}) on {} ({count} instances, {n}x{n}), {threads}, one run each{budget}",
        args.file.display()
    )
}

/// Times one `slider solve --algorithm idastar` process per instance.
fn processes(instances: &[Benchmark], dir: &Path, heuristic: Heuristic) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find slider itself: {e}"))?;
    let scratch = std::env::temp_dir().join(format!("slider-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let name = match heuristic {
        Heuristic::PatternDatabase => "pdb",
        Heuristic::Manhattan => "manhattan",
        _ => "linear-conflict",
    };
    let mut files = Vec::new();
    for (index, instance) in instances.iter().enumerate() {
        let path = scratch.join(format!("instance-{:03}.txt", index + 1));
        std::fs::write(&path, instance.board.to_string())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        files.push(path);
    }
    let started = Instant::now();
    let mut mismatches = 0;
    for (path, instance) in files.iter().zip(instances) {
        let output = Command::new(&exe)
            .args([
                "solve",
                "--algorithm",
                "idastar",
                "--heuristic",
                name,
                "--output",
                "moves",
            ])
            .arg("--pdb-dir")
            .arg(dir)
            .arg(path)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        let moves = String::from_utf8_lossy(&output.stdout).trim().len() as u64;
        if !output.status.success() || moves != instance.optimum {
            mismatches += 1;
        }
    }
    let elapsed = started.elapsed();
    let _ = std::fs::remove_dir_all(&scratch);
    println!(
        "separate processes: {} × `slider solve --algorithm idastar --heuristic {name} --output moves FILE`: {:.3} s in total, {mismatches} wrong",
        files.len(),
        elapsed.as_secs_f64()
    );
    Ok(())
}

/// `slider bench hardest`.
pub fn hardest(args: &HardestArgs) -> u8 {
    let files = if args.files.is_empty() {
        vec![
            args.course_dir.join("puzzle4x4-78.txt"),
            args.course_dir.join("puzzle4x4-80.txt"),
        ]
    } else {
        args.files.clone()
    };
    let boards = match crate::common::load_boards(&files) {
        Ok(boards) => boards,
        Err(code) => return code,
    };
    let dir = pdb_dir(args.pdb_dir.as_deref());
    println!(
        "IDA* with pattern databases (7-8 when cached, else 6-6-3; linear conflict beyond 4x4), one run each"
    );
    println!(
        "{:<24} {:>5} {:>14} {:>14} {:>10}",
        "puzzle", "moves", "expanded", "generated", "seconds"
    );
    let mut pdbs: Vec<(usize, PatternDatabase)> = Vec::new();
    for (path, board) in files.iter().zip(boards) {
        let n = board.size();
        if (n == 3 || n == 4) && !pdbs.iter().any(|(size, _)| *size == n) {
            match strongest_pdb(&Goal::standard(n), &dir) {
                Ok(pdb) => pdbs.push((n, pdb)),
                Err(e) => {
                    report_error(&e);
                    return exit_code::ERROR;
                }
            }
        }
        let pdb = pdbs.iter().find(|(size, _)| *size == n).map(|(_, p)| p);
        let config = SearchConfig {
            heuristic: Heuristic::auto(true, pdb.is_some()),
            pdb,
            ..SearchConfig::default()
        };
        let started = Instant::now();
        let name = path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        if let Some(kind) = pdb.and_then(PatternDatabase::kind) {
            println!("{name:<24} (databases {kind})");
        }
        match search(&board, &config) {
            Ok(solution) if replays(&board, &solution) => println!(
                "{name:<24} {:>5} {:>14} {:>14} {:>10.3}",
                solution.moves.len(),
                solution.stats.expanded,
                solution.stats.generated,
                started.elapsed().as_secs_f64()
            ),
            Ok(_) => {
                report_error(&format!("{name}: the solution does not replay"));
                return exit_code::FAILURE;
            }
            Err(e) => println!("{name:<24} {e}"),
        }
    }
    exit_code::SUCCESS
}

/// `slider bench pdb`: the cold build and the load.
pub fn pdb(args: &PdbArgs) -> u8 {
    let goal = Goal::standard(args.kind.size());
    let started = Instant::now();
    let (bar, progress) = crate::common::build_progress(args.kind);
    let built = PatternDatabase::build_kind(&goal, args.kind, &progress);
    bar.finish_and_clear();
    let pdb = match built {
        Ok(pdb) => pdb,
        Err(e) => {
            report_error(&e.to_string());
            return exit_code::ERROR;
        }
    };
    let build_time = started.elapsed();
    let n = args.kind.size();
    let sizes: Vec<String> = pdb
        .patterns()
        .iter()
        .map(|p| p.tiles.len().to_string())
        .collect();
    println!(
        "{n}x{n} pattern databases ({}, reflected: {}): cold build {:.2} s on {} threads, {} bytes, peak memory {}",
        sizes.join("-"),
        pdb.is_reflected(),
        build_time.as_secs_f64(),
        rayon::current_num_threads(),
        pdb.size_bytes(),
        peak_memory().map_or("unknown".into(), |b| format!("{:.2} GB", b as f64 / 1e9))
    );
    let scratch = std::env::temp_dir().join(format!("slider-bench-pdb-{}", std::process::id()));
    let path = scratch.join("bench.pdb");
    if let Err(e) = pdb.save(&path) {
        report_error(&e.to_string());
        return exit_code::ERROR;
    }
    let mut times = Vec::new();
    for _ in 0..args.runs.max(1) {
        let started = Instant::now();
        let loaded = PatternDatabase::load_kind(&goal, args.kind, &path);
        times.push(started.elapsed());
        if let Err(e) = loaded {
            report_error(&e.to_string());
            return exit_code::ERROR;
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    times.sort();
    println!(
        "load (map + verify the checksum), {} runs: best {:.2} ms, median {:.2} ms",
        times.len(),
        times[0].as_secs_f64() * 1e3,
        times[times.len() / 2].as_secs_f64() * 1e3
    );
    exit_code::SUCCESS
}

/// Arguments of `slider bench partitions`.
#[derive(Debug, Args)]
pub struct PartitionArgs {
    /// The benchmark file (Korf's 100 by default).
    #[arg(default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/benchmarks/korf100-blank-last.txt"))]
    file: PathBuf,
    /// Random solvable boards (uniform) to solve besides the file's.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    random: usize,
    /// The random boards' seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// `slider bench partitions`: every candidate 4x4 partition, built cold and
/// run on the same boards; the optimal lengths must agree.
pub fn partitions(args: &PartitionArgs) -> u8 {
    use slider::search::pdb::{CANDIDATES_4X4, Pattern};
    let korf = match read_instances(&args.file, Convention::Auto) {
        Ok(instances) => instances,
        Err(e) => {
            report_error(&e);
            return exit_code::ERROR;
        }
    };
    let mut rng = slider::generate::seeded(args.seed);
    let random: Vec<Board> = (0..args.random)
        .filter_map(|_| {
            slider::generate::generate(4, slider::generate::Kind::Solvable, &mut rng, None).ok()
        })
        .collect();
    let goal = Goal::standard(4);
    println!(
        "4x4 partitions: IDA* with each, regular and reflected lookups, single-threaded; {} boards of {} and {} random solvable boards (seed {})",
        korf.len(),
        args.file.display(),
        random.len(),
        args.seed
    );
    println!(
        "{:<16} {:>8} {:>14} {:>9} {:>14} {:>9}",
        "partition", "build s", "file expanded", "file s", "random expanded", "random s"
    );
    let mut lengths: Option<Vec<usize>> = None;
    for (name, regions) in CANDIDATES_4X4 {
        let started = Instant::now();
        let pdb = match PatternDatabase::build_with(&goal, Pattern::from_regions(&goal, &regions)) {
            Ok(pdb) => pdb,
            Err(e) => {
                report_error(&e.to_string());
                return exit_code::ERROR;
            }
        };
        let build = started.elapsed();
        let config = SearchConfig {
            heuristic: Heuristic::PatternDatabase,
            pdb: Some(&pdb),
            ..SearchConfig::default()
        };
        let mut found = Vec::new();
        let mut run = |boards: &mut dyn Iterator<Item = &Board>| -> Result<(u64, f64), String> {
            let (mut expanded, started) = (0, Instant::now());
            for board in boards {
                let solution = search(board, &config).map_err(|e| e.to_string())?;
                expanded += solution.stats.expanded;
                found.push(solution.moves.len());
            }
            Ok((expanded, started.elapsed().as_secs_f64()))
        };
        let measured = run(&mut korf.iter().map(|i| &i.board))
            .and_then(|file| Ok((file, run(&mut random.iter())?)));
        let ((file_nodes, file_s), (random_nodes, random_s)) = match measured {
            Ok(m) => m,
            Err(e) => {
                report_error(&format!("{name}: {e}"));
                return exit_code::ERROR;
            }
        };
        let wrong = korf
            .iter()
            .zip(&found)
            .filter(|(i, len)| **len as u64 != i.optimum)
            .count();
        if wrong > 0 || lengths.as_ref().is_some_and(|l| *l != found) {
            report_error(&format!(
                "{name}: optimal lengths disagree ({wrong} wrong on the file)"
            ));
            return exit_code::FAILURE;
        }
        lengths = Some(found);
        println!(
            "{name:<16} {:>8.1} {file_nodes:>14} {file_s:>9.2} {random_nodes:>14} {random_s:>9.2}",
            build.as_secs_f64()
        );
    }
    println!("every partition found the same optimal lengths, and the file's published ones");
    exit_code::SUCCESS
}
