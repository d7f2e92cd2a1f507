//! The course-side benchmarks: the reference A* on the timing puzzles,
//! the exhaustive oracle's build, native against generic breadth-first
//! search, and slider's bi-BFS process against a Java one.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use super::{BenchLine, Times, file_name};
use crate::autograde::jdk::Jdk;
use crate::search::classic::{solve, solve_generic};
use crate::search::{Algorithm, SearchConfig};
use crate::{Board, Solver};

/// The Java bi-BFS [`java_bibfs`] compares with: a Board of `int[][]`
/// as a course submission writes it.
pub const JAVA_BIBFS: &str = include_str!("java/BiBfs.java");

/// The course's puzzle files vendored in the crate (`fixtures/course`),
/// found from the crate's folder, never from the current directory: for
/// tests and examples run in the clone. The benchmarks' default is the
/// copies shipped in the binary ([`crate::course::file`]), so an
/// installed `slider` needs no clone.
pub const COURSE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/course");

/// The course files `slider bench classic` times when none are named.
pub const CLASSIC_FILES: [&str; 6] = [
    "puzzle3x3-30.txt",
    "puzzle3x3-31.txt",
    "puzzle4x4-30.txt",
    "puzzle36.txt",
    "puzzle4x4-36.txt",
    "puzzle4x4-40.txt",
];

/// The course's hardest files, which `slider bench hardest` solves.
pub const HARDEST_FILES: [&str; 2] = ["puzzle4x4-78.txt", "puzzle4x4-80.txt"];

/// The files of the bi-BFS comparison ([`java_bibfs`]) when none are named.
pub const BIBFS_FILES: [&str; 3] = ["puzzle4x4-30.txt", "puzzle36.txt", "puzzle4x4-36.txt"];

/// Reads the named course files, or when there are none `default`'s in
/// `dir` (`None`: the copies shipped in the binary), each named by its
/// file name without `.txt`; all are read (capped) before a benchmark
/// prints anything.
///
/// # Errors
///
/// A missing file or folder (with a hint about `--course-dir`), or a file
/// that is not a board (`file:line:col`).
///
/// # Example
///
/// ```
/// use slider::bench::course::{COURSE_DIR, HARDEST_FILES, course_boards};
/// let boards = course_boards(&[], Some(COURSE_DIR.as_ref()), &HARDEST_FILES)?;
/// assert_eq!(boards[1].0, "puzzle4x4-80");
/// assert_eq!(course_boards(&[], None, &HARDEST_FILES)?, boards);
/// assert!(course_boards(&[], Some("no-such-folder".as_ref()), &HARDEST_FILES).is_err());
/// # Ok::<(), String>(())
/// ```
pub fn course_boards(
    files: &[PathBuf],
    dir: Option<&Path>,
    default: &[&str],
) -> Result<Vec<(String, Board)>, String> {
    let Some(dir) = dir.filter(|_| files.is_empty()) else {
        return if files.is_empty() {
            default.iter().map(|name| shipped_board(name)).collect()
        } else {
            read_boards(files)
        };
    };
    read_boards(&default.iter().map(|f| dir.join(f)).collect::<Vec<_>>())
}

/// The course file `name` as shipped in the binary ([`crate::course::file`]).
fn shipped_board(name: &str) -> Result<(String, Board), String> {
    let stem = name.trim_end_matches(".txt");
    let text = crate::course::file(stem)
        .ok_or_else(|| format!("{name} is not a course file shipped with slider"))?;
    let board = crate::format::parse_puzzle(text.as_bytes()).map_err(|e| format!("{name}:{e}"))?;
    Ok((stem.to_string(), board))
}

/// Reads each of `files`, named by its file name without `.txt`.
fn read_boards(files: &[PathBuf]) -> Result<Vec<(String, Board)>, String> {
    if let Some(missing) = files.iter().find(|p| !p.exists()) {
        let folder = missing.parent().unwrap_or(Path::new("."));
        return Err(format!(
            "{} does not exist; give the folder of the course's puzzle files with --course-dir (default: the copies shipped in slider)",
            if folder.is_dir() { missing } else { folder }.display()
        ));
    }
    let idle = crate::format::source::DEFAULT_IDLE;
    files
        .iter()
        .map(|path| {
            let board = crate::check::files::read_board(path, idle, crate::format::parse_puzzle)
                .map_err(|e| e.to_string())?;
            Ok((file_name(path).trim_end_matches(".txt").to_string(), board))
        })
        .collect()
}

/// Times the reference A* `runs` times on each named board.
///
/// # Errors
///
/// The first board the Solver refuses (named).
///
/// # Example
///
/// ```
/// use slider::Board;
/// use slider::bench::{BenchLine, course::reference};
/// let board: Board = "3  1 2 3  4 0 5  7 8 6".parse()?;
/// let mut lines = Vec::new();
/// reference(&[("two".to_string(), board)], 1, &mut |line| lines.push(line))?;
/// assert!(matches!(&lines[1], BenchLine::Reference { moves: 2, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn reference(
    boards: &[(String, Board)],
    runs: usize,
    emit: &mut dyn FnMut(BenchLine),
) -> Result<(), String> {
    let runs = runs.max(1);
    emit(BenchLine::ReferenceHeading { runs });
    let (mut best, mut median) = (Duration::ZERO, Duration::ZERO);
    for (name, board) in boards {
        let mut times = Vec::with_capacity(runs);
        let mut solver = None;
        for _ in 0..runs {
            let started = Instant::now();
            let result = Solver::new(board);
            times.push(started.elapsed());
            solver = Some(result.map_err(|e| format!("{name}: {e}"))?);
        }
        let Some(solver) = solver else { continue };
        let times = Times::of(times);
        best += times.best;
        median += times.median;
        emit(BenchLine::Reference {
            puzzle: name.clone(),
            moves: solver.moves(),
            enqueued: solver.stats().enqueued,
            dequeued: solver.stats().dequeued,
            times,
        });
    }
    emit(BenchLine::ReferenceTotal(Times { best, median }));
    Ok(())
}

/// Times building the exhaustive oracle's tables for 2x2 and 3x3, `runs`
/// times each.
///
/// # Errors
///
/// When the oracle refuses a size (never for 2 and 3).
pub fn oracle(runs: usize, emit: &mut dyn FnMut(BenchLine)) -> Result<(), String> {
    let runs = runs.max(1);
    emit(BenchLine::OracleHeading { runs });
    for n in [2, 3] {
        let mut times = Vec::with_capacity(runs);
        let mut built = None;
        for _ in 0..runs {
            let started = Instant::now();
            built = Some(crate::oracle::Oracle::build(n).map_err(|e| e.to_string())?);
            times.push(started.elapsed());
        }
        let Some(table) = built else { continue };
        emit(BenchLine::Oracle {
            n,
            states: table.states(),
            reachable: table.reachable(),
            diameter: table.max_distance(),
            times: Times::of(times),
        });
    }
    Ok(())
}

/// Native and generic breadth-first searches, one run each on the same
/// boards (unidirectional only up to 3x3); returns how many lengths
/// disagreed.
///
/// # Example
///
/// ```
/// use slider::Board;
/// use slider::bench::{BenchLine, course::classic};
/// let board: Board = "3  1 2 3  4 0 5  7 8 6".parse()?;
/// let mut lines = Vec::new();
/// assert_eq!(classic(&[("two".into(), board)], &mut |line| lines.push(line)), 0);
/// assert!(matches!(&lines[1], BenchLine::Classic { moves: 2, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn classic(boards: &[(String, Board)], emit: &mut dyn FnMut(BenchLine)) -> usize {
    emit(BenchLine::ClassicHeading);
    let config = SearchConfig::default();
    let mut wrong = 0;
    for (name, board) in boards {
        for algorithm in [Algorithm::Bibfs, Algorithm::Bfs] {
            let label = algorithm.name();
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
                (Ok(a), Ok(b)) if a.moves.len() == b.moves.len() => emit(BenchLine::Classic {
                    puzzle: name.clone(),
                    algorithm: label,
                    moves: a.moves.len(),
                    native: (a.stats.generated, native_time),
                    generic: (b.stats.generated, generic_time),
                }),
                (a, b) => {
                    wrong += 1;
                    emit(BenchLine::Disagree {
                        puzzle: name.clone(),
                        what: format!("{label}: native {a:?}, generic {b:?}"),
                    });
                }
            }
        }
    }
    if let Some(peak) = super::peak_memory() {
        emit(BenchLine::PeakMemory(peak));
    }
    wrong
}

/// One `slider solve --algorithm bibfs` process (`slider` is its path)
/// and one `java BiBfs` process per file, wall time each, with the Java
/// program compiled in a folder of its own under `scratch`; returns how
/// many lengths disagreed.
///
/// # Errors
///
/// When the Java program cannot be written, compiled or run, or a process
/// fails.
pub fn java_bibfs(
    files: &[std::path::PathBuf],
    slider: &Path,
    jdk: &Jdk,
    scratch: &Path,
    emit: &mut dyn FnMut(BenchLine),
) -> Result<usize, String> {
    let folder = scratch.join(format!("slider-bibfs-{}", std::process::id()));
    let result = compile_and_time(files, slider, jdk, &folder, emit);
    let _ = std::fs::remove_dir_all(&folder);
    result
}

/// `slider bench reference`: [`reference()`] `runs` times on each of the
/// course's timing puzzles, read from `course_dir` (`None`: the shipped
/// copies), then [`java_bibfs`] on `bibfs_files` (by default
/// [`BIBFS_FILES`] of `course_dir`, the shipped ones written out to a
/// scratch folder of `context`'s), with
/// `context`'s executable as `slider` and the JDK of its environment;
/// returns how many lengths disagreed.
///
/// # Errors
///
/// A puzzle file that cannot be read (every one is read before the first
/// is timed), no JDK, or what [`reference()`] and [`java_bibfs`] refuse.
///
/// # Example
///
/// ```no_run
/// use slider::bench::course::{COURSE_DIR, reference_suite};
/// let context = slider::context::Context::new(std::env::vars_os(), std::env::current_exe().ok(), ".".into(), std::env::temp_dir());
/// let wrong = reference_suite(Some(COURSE_DIR.as_ref()), 5, &[], &context, &mut |line| println!("{line:?}"))?;
/// assert_eq!(wrong, 0);
/// # Ok::<(), String>(())
/// ```
pub fn reference_suite(
    course_dir: Option<&Path>,
    runs: usize,
    bibfs_files: &[PathBuf],
    context: &crate::context::Context,
    emit: &mut dyn FnMut(BenchLine),
) -> Result<usize, String> {
    let timing: Vec<String> = crate::course::TIMING_PUZZLES
        .iter()
        .map(|n| format!("{n}.txt"))
        .collect();
    let timing: Vec<&str> = timing.iter().map(String::as_str).collect();
    let boards = course_boards(&[], course_dir, &timing)?;
    // The Java program reads files: the shipped ones are written out first.
    let inputs = match course_dir {
        None if bibfs_files.is_empty() => {
            let folder = context
                .temp_dir
                .join(format!("slider-bibfs-inputs-{}", std::process::id()));
            Some(write_shipped(&folder, &BIBFS_FILES).map(|files| (folder, files))?)
        }
        _ => None,
    };
    let files: Vec<PathBuf> = match (&inputs, course_dir) {
        (Some((_, files)), _) => files.clone(),
        (None, Some(dir)) if bibfs_files.is_empty() => {
            BIBFS_FILES.iter().map(|f| dir.join(f)).collect()
        }
        _ => bibfs_files.to_vec(),
    };
    let result = (|| {
        course_boards(&files, None, &[])?;
        reference(&boards, runs, emit)?;
        let jdk = Jdk::of(context).map_err(|e| e.to_string())?;
        java_bibfs(&files, context.exe()?, &jdk, &context.temp_dir, emit)
    })();
    if let Some((folder, _)) = inputs {
        let _ = std::fs::remove_dir_all(folder);
    }
    result
}

/// Writes the shipped course files `names` into a new `folder`.
fn write_shipped(folder: &Path, names: &[&str]) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    names
        .iter()
        .map(|name| {
            let text = crate::course::file(name)
                .ok_or_else(|| format!("{name} is not a course file shipped with slider"))?;
            let path = folder.join(name);
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(path)
        })
        .collect()
}

fn compile_and_time(
    files: &[std::path::PathBuf],
    slider: &Path,
    jdk: &Jdk,
    folder: &Path,
    emit: &mut dyn FnMut(BenchLine),
) -> Result<usize, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let source = folder.join("BiBfs.java");
    std::fs::write(&source, JAVA_BIBFS).map_err(|e| format!("{}: {e}", source.display()))?;
    let compiled = Command::new(&jdk.javac)
        .arg("-d")
        .arg(folder)
        .arg(&source)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", jdk.javac.display()))?;
    if !compiled.status.success() {
        return Err(format!(
            "javac failed on BiBfs.java: {}",
            String::from_utf8_lossy(&compiled.stderr).trim()
        ));
    }
    emit(BenchLine::BiBfsHeading);
    let (mut ours, mut theirs, mut wrong) = (Duration::ZERO, Duration::ZERO, 0);
    for file in files {
        let (native, moves) = time(
            Command::new(slider)
                .args(["solve", "--algorithm", "bibfs", "--output", "moves"])
                .arg(file),
        )?;
        let (java, length) = time(
            Command::new(&jdk.java)
                .arg("-cp")
                .arg(folder)
                .arg("BiBfs")
                .arg(file),
        )?;
        let puzzle = file_name(file);
        if length != moves.len().to_string() {
            wrong += 1;
            let what = format!("slider {} moves, java {length}", moves.len());
            emit(BenchLine::Disagree { puzzle, what });
            continue;
        }
        ours += native;
        theirs += java;
        emit(BenchLine::BiBfs {
            puzzle,
            moves: moves.len(),
            slider: native,
            java,
        });
    }
    emit(BenchLine::BiBfsTotal {
        slider: ours,
        java: theirs,
    });
    Ok(wrong)
}

/// Runs `command` to its end: its wall time and its trimmed output.
fn time(command: &mut Command) -> Result<(Duration, String), String> {
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
    let text = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    Ok((elapsed, text))
}
