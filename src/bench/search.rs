//! The fast search's benchmarks: IDA* on benchmark sets, the course's
//! hardest files, pattern-database builds and loads, and the candidate
//! 4x4 partitions.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

pub use super::sets::{Instances, KORF_100, KORF_FELNER_24, Shipped, read_instances};
use super::{BenchLine, Length, Times, peak_memory};
use crate::Board;
use crate::search::pdb::{
    BuildProgress, CANDIDATES_4X4, Choice, Partition, Pattern, PatternDatabase,
};
use crate::search::{Goal, Heuristic, SearchConfig, SearchError, Solution, idastar::search};

/// Whether `solution` leads `board` to the goal.
fn replays(board: &Board, solution: &Solution) -> bool {
    board
        .follow(&solution.moves)
        .is_some_and(|path| path.last().is_some_and(Board::is_goal))
}

/// How `slider bench korf` (and `bench 24`) searches.
#[derive(Debug, Clone)]
pub struct KorfRun {
    /// The heuristic (`auto`: the databases when there are some for the
    /// size).
    pub heuristic: crate::search::HeuristicChoice,
    /// Which databases.
    pub pdb: Choice,
    /// Where they are cached.
    pub pdb_dir: PathBuf,
    /// Each instance's time budget.
    pub time: Option<Duration>,
    /// Search threads.
    pub threads: usize,
    /// Then time one `slider solve` process per instance, started so.
    pub processes: Option<Spawn>,
}

/// How [`processes`] starts `slider solve`.
#[derive(Debug, Clone)]
pub struct Spawn {
    /// slider's executable.
    pub slider: PathBuf,
    /// Where each process gets its working folder.
    pub scratch: PathBuf,
}

/// [`korf`] with the heuristic `run` chooses (its databases opened by
/// `open`); then, when every length agreed and `run.processes` asks,
/// [`processes`]. Returns how many lengths disagreed.
///
/// # Errors
///
/// The databases cannot be had, or a process fails.
///
/// # Example
///
/// ```no_run
/// use slider::bench::search::{Instances, KorfRun, korf_run};
/// use slider::format::manifest::Convention;
/// use slider::search::{HeuristicChoice, pdb::{Choice, PatternDatabase}};
/// let set = Instances::read("fixtures/benchmarks/korf100-blank-last.txt".as_ref(), Convention::Auto, &[1], None)?;
/// let run = KorfRun { heuristic: HeuristicChoice::Auto, pdb: Choice::Best, pdb_dir: "dbs".into(), time: None, threads: 1, processes: None };
/// let open = |goal: &_, choice| PatternDatabase::open_choice(goal, choice, "dbs".as_ref(), &|_| {}).map(|(pdb, _)| pdb).map_err(|e| e.to_string());
/// assert_eq!(korf_run(&set, &run, &open, &mut |line| println!("{line:?}"))?, 0);
/// # Ok::<(), String>(())
/// ```
pub fn korf_run(
    set: &Instances,
    run: &KorfRun,
    open: &dyn Fn(&Goal, Choice) -> Result<PatternDatabase, String>,
    emit: &mut dyn FnMut(BenchLine),
) -> Result<usize, String> {
    let n = set.size();
    let databases = PatternDatabase::available(&Goal::standard(n), run.pdb, &run.pdb_dir);
    let heuristic = run.heuristic.resolve(true, databases);
    let pdb = if heuristic == Heuristic::PatternDatabase {
        Some(open(&Goal::standard(n), run.pdb)?)
    } else {
        None
    };
    let config = SearchConfig {
        heuristic,
        pdb: pdb.as_ref(),
        limits: crate::search::SearchLimits {
            time: run.time,
            ..crate::search::SearchLimits::default()
        },
        threads: run.threads,
        ..SearchConfig::default()
    };
    let wrong = korf(set, &config, emit);
    if let Some(spawn) = &run.processes
        && wrong == 0
    {
        emit(processes(
            set,
            &spawn.slider,
            &run.pdb_dir,
            heuristic,
            &spawn.scratch,
        )?);
    }
    Ok(wrong)
}

/// Solves every instance with IDA* under `config`, one run each, and
/// compares each length with the published optimum (a replayed path);
/// returns how many were wrong. An instance stopped by its budget is
/// reported with the bound proved, not counted wrong.
pub fn korf(set: &Instances, config: &SearchConfig<'_>, emit: &mut dyn FnMut(BenchLine)) -> usize {
    let what = match config.pdb {
        Some(pdb) => format!(
            "pattern databases {}",
            pdb.kind().map_or("custom", Partition::name)
        ),
        None => format!("{:?}", config.heuristic),
    };
    emit(BenchLine::KorfHeading {
        what,
        file: set.file.clone(),
        count: set.instances.len(),
        n: set.size(),
        threads: config.threads,
        budget: config.limits.time,
    });
    let (mut total, mut expanded, mut generated) = (Duration::ZERO, 0, 0);
    let (mut solved, mut wrong, mut sum) = (0, 0, 0);
    for (&number, instance) in set.numbers.iter().zip(&set.instances) {
        let started = Instant::now();
        let result = search(&instance.board, config);
        let elapsed = started.elapsed();
        total += elapsed;
        let (length, stats) = match &result {
            Ok(solution) => {
                let len = solution.moves.len() as u64;
                if len == instance.optimum && replays(&instance.board, solution) {
                    solved += 1;
                    sum += len;
                } else {
                    wrong += 1;
                }
                (Length::Found(len), solution.stats)
            }
            Err(
                SearchError::TimeLimit { stats, lower_bound }
                | SearchError::Budget { stats, lower_bound },
            ) => (Length::AtLeast(*lower_bound), *stats),
            Err(e) => {
                wrong += 1;
                emit(BenchLine::Disagree {
                    puzzle: format!("instance {number}"),
                    what: e.to_string(),
                });
                continue;
            }
        };
        expanded += stats.expanded;
        generated += stats.generated;
        emit(BenchLine::Korf {
            number,
            optimum: instance.optimum,
            length,
            stats,
            elapsed,
        });
    }
    emit(BenchLine::KorfTotal {
        solved,
        count: set.instances.len(),
        wrong,
        sum,
        expanded,
        generated,
        elapsed: total,
    });
    if let Some(peak) = peak_memory() {
        emit(BenchLine::PeakMemory(peak));
    }
    wrong
}

/// Times one `slider solve --algorithm idastar` process (`slider` is its
/// path) per instance, with the puzzles written under `scratch`.
///
/// # Errors
///
/// A puzzle cannot be written, or a process cannot be started.
pub fn processes(
    set: &Instances,
    slider: &Path,
    pdb_dir: &Path,
    heuristic: Heuristic,
    scratch: &Path,
) -> Result<BenchLine, String> {
    let folder = scratch.join(format!("slider-bench-{}", std::process::id()));
    let result = run_processes(set, slider, pdb_dir, heuristic, &folder);
    let _ = std::fs::remove_dir_all(&folder);
    result
}

fn run_processes(
    set: &Instances,
    slider: &Path,
    pdb_dir: &Path,
    heuristic: Heuristic,
    folder: &Path,
) -> Result<BenchLine, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let name = heuristic.cli_name();
    let mut files = Vec::new();
    for (index, instance) in set.instances.iter().enumerate() {
        let path = folder.join(format!("instance-{:03}.txt", index + 1));
        std::fs::write(&path, instance.board.to_string())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        files.push(path);
    }
    let started = Instant::now();
    let mut wrong = 0;
    for (path, instance) in files.iter().zip(&set.instances) {
        let output = Command::new(slider)
            .args(["solve", "--algorithm", "idastar", "--heuristic", &name])
            .args(["--output", "moves", "--pdb-dir"])
            .arg(pdb_dir)
            .arg(path)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", slider.display()))?;
        let moves = String::from_utf8_lossy(&output.stdout).trim().len() as u64;
        if !output.status.success() || moves != instance.optimum {
            wrong += 1;
        }
    }
    Ok(BenchLine::Processes {
        count: files.len(),
        heuristic,
        elapsed: started.elapsed(),
        wrong,
    })
}

/// Solves each named board with IDA*, one run each: with the databases
/// of its size when there are some (3x3 and 4x4, opened first with
/// `open`, once per size), else linear conflict.
///
/// # Errors
///
/// Databases that could not be opened, or a solution that does not
/// replay (named).
pub fn hardest(
    boards: &[(String, Board)],
    open: &dyn Fn(&Goal) -> Result<PatternDatabase, String>,
    emit: &mut dyn FnMut(BenchLine),
) -> Result<(), String> {
    let mut sizes: Vec<usize> = boards
        .iter()
        .map(|(_, b)| b.size())
        .filter(|n| matches!(n, 3 | 4))
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    let pdbs = sizes
        .iter()
        .map(|&n| open(&Goal::standard(n)))
        .collect::<Result<Vec<_>, _>>()?;
    emit(BenchLine::HardestHeading);
    for (name, board) in boards {
        let pdb = pdbs.iter().find(|p| p.goal().size() == board.size());
        let config = SearchConfig {
            heuristic: Heuristic::auto(true, pdb.is_some()),
            pdb,
            ..SearchConfig::default()
        };
        if let Some(kind) = pdb.and_then(PatternDatabase::kind) {
            emit(BenchLine::HardestDatabases {
                puzzle: name.clone(),
                kind,
            });
        }
        let started = Instant::now();
        let result = match search(board, &config) {
            Ok(solution) if replays(board, &solution) => Ok((solution.moves.len(), solution.stats)),
            Ok(_) => return Err(format!("{name}: the solution does not replay")),
            Err(e) => Err(e.to_string()),
        };
        emit(BenchLine::Hardest {
            puzzle: name.clone(),
            result,
            elapsed: started.elapsed(),
        });
    }
    Ok(())
}

/// Builds `kind` cold (reporting `progress`), saves it under `scratch`
/// and times `runs` loads of the file.
///
/// # Errors
///
/// The build, the save or a load failed.
pub fn pdb(
    kind: Partition,
    runs: usize,
    scratch: &Path,
    progress: &(dyn Fn(BuildProgress) + Sync),
    emit: &mut dyn FnMut(BenchLine),
) -> Result<(), String> {
    let goal = Goal::standard(kind.size());
    let started = Instant::now();
    let pdb = PatternDatabase::build_kind(&goal, kind, progress).map_err(|e| e.to_string())?;
    emit(BenchLine::PdbBuild {
        n: kind.size(),
        sizes: pdb.patterns().iter().map(|p| p.tiles.len()).collect(),
        reflected: pdb.is_reflected(),
        elapsed: started.elapsed(),
        threads: rayon::current_num_threads(),
        bytes: pdb.size_bytes(),
        peak: peak_memory(),
    });
    let folder = scratch.join(format!("slider-bench-pdb-{}", std::process::id()));
    let path = folder.join("bench.pdb");
    let loads = pdb.save(&path).map_err(|e| e.to_string()).and_then(|()| {
        (0..runs.max(1))
            .map(|_| {
                let started = Instant::now();
                PatternDatabase::load_kind(&goal, kind, &path)
                    .map(|_| started.elapsed())
                    .map_err(|e| e.to_string())
            })
            .collect::<Result<Vec<_>, _>>()
    });
    let _ = std::fs::remove_dir_all(&folder);
    let times = loads?;
    emit(BenchLine::PdbLoad {
        runs: times.len(),
        times: Times::of(times),
    });
    Ok(())
}

/// Builds every candidate 4x4 partition cold and solves the same boards
/// with each (`set`'s instances, then `random` uniform solvable boards
/// drawn from `seed`); every partition must
/// find the set's published lengths and the same lengths on the random
/// boards.
///
/// # Errors
///
/// A build or a search failed, or the lengths disagree (named).
pub fn partitions(
    set: &Instances,
    random: usize,
    seed: u64,
    emit: &mut dyn FnMut(BenchLine),
) -> Result<(), String> {
    let mut rng = crate::generate::seeded(seed);
    let random: Vec<Board> = (0..random)
        .filter_map(|_| {
            crate::generate::generate(4, crate::generate::Scramble::Solvable, &mut rng, None).ok()
        })
        .collect();
    let random = random.as_slice();
    let goal = Goal::standard(4);
    emit(BenchLine::PartitionsHeading {
        file: set.file.clone(),
        count: set.instances.len(),
        random: random.len(),
        seed,
    });
    let mut lengths: Option<Vec<usize>> = None;
    for (name, regions) in CANDIDATES_4X4 {
        let started = Instant::now();
        let pdb = PatternDatabase::build_with(&goal, Pattern::from_regions(&goal, &regions))
            .map_err(|e| e.to_string())?;
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
                let solution = search(board, &config).map_err(|e| format!("{name}: {e}"))?;
                expanded += solution.stats.expanded;
                found.push(solution.moves.len());
            }
            Ok((expanded, started.elapsed().as_secs_f64()))
        };
        let file = run(&mut set.instances.iter().map(|i| &i.board))?;
        let random = run(&mut random.iter())?;
        let wrong = set
            .instances
            .iter()
            .zip(&found)
            .filter(|(i, len)| **len as u64 != i.optimum)
            .count();
        if wrong > 0 || lengths.as_ref().is_some_and(|l| *l != found) {
            return Err(format!(
                "{name}: optimal lengths disagree ({wrong} wrong on the file)"
            ));
        }
        lengths = Some(found);
        emit(BenchLine::Partition {
            name,
            build,
            file,
            random,
        });
    }
    emit(BenchLine::PartitionsAgree);
    Ok(())
}

#[cfg(test)]
mod tests;
