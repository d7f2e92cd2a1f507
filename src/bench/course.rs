//! The course-side benchmarks: the reference A* on the timing puzzles,
//! the exhaustive oracle's build, native against generic breadth-first
//! search, and slider's bi-BFS process against a Java one.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use super::{Line, Times, file_name};
use crate::autograde::java::Jdk;
use crate::search::SearchConfig;
use crate::search::classic::{Algorithm, solve, solve_generic};
use crate::{Board, Solver};

/// The Java bi-BFS [`java_bibfs`] compares with: a Board of `int[][]`
/// as a course submission writes it.
pub const JAVA_BIBFS: &str = include_str!("java/BiBfs.java");

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
/// use slider::bench::{Line, course::reference};
/// let board: Board = "3  1 2 3  4 0 5  7 8 6".parse()?;
/// let mut lines = Vec::new();
/// reference(&[("two".to_string(), board)], 1, &mut |line| lines.push(line))?;
/// assert!(matches!(&lines[1], Line::Reference { moves: 2, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn reference(
    boards: &[(String, Board)],
    runs: usize,
    emit: &mut dyn FnMut(Line),
) -> Result<(), String> {
    let runs = runs.max(1);
    emit(Line::ReferenceHeading { runs });
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
        emit(Line::Reference {
            puzzle: name.clone(),
            moves: solver.moves(),
            enqueued: solver.stats().enqueued,
            dequeued: solver.stats().dequeued,
            times,
        });
    }
    emit(Line::ReferenceTotal(Times { best, median }));
    Ok(())
}

/// Times building the exhaustive oracle's tables for 2x2 and 3x3, `runs`
/// times each.
///
/// # Errors
///
/// When the oracle refuses a size (never for 2 and 3).
pub fn oracle(runs: usize, emit: &mut dyn FnMut(Line)) -> Result<(), String> {
    let runs = runs.max(1);
    emit(Line::OracleHeading { runs });
    for n in [2, 3] {
        let mut times = Vec::with_capacity(runs);
        let mut built = None;
        for _ in 0..runs {
            let started = Instant::now();
            built = Some(crate::oracle::Oracle::build(n).map_err(|e| e.to_string())?);
            times.push(started.elapsed());
        }
        let Some(table) = built else { continue };
        emit(Line::Oracle {
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
/// use slider::bench::{Line, course::classic};
/// let board: Board = "3  1 2 3  4 0 5  7 8 6".parse()?;
/// let mut lines = Vec::new();
/// assert_eq!(classic(&[("two".into(), board)], &mut |line| lines.push(line)), 0);
/// assert!(matches!(&lines[1], Line::Classic { moves: 2, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn classic(boards: &[(String, Board)], emit: &mut dyn FnMut(Line)) -> usize {
    emit(Line::ClassicHeading);
    let config = SearchConfig::default();
    let mut wrong = 0;
    for (name, board) in boards {
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
                (Ok(a), Ok(b)) if a.moves.len() == b.moves.len() => emit(Line::Classic {
                    puzzle: name.clone(),
                    algorithm: label,
                    moves: a.moves.len(),
                    native: (a.stats.generated, native_time),
                    generic: (b.stats.generated, generic_time),
                }),
                (a, b) => {
                    wrong += 1;
                    emit(Line::Disagree {
                        puzzle: name.clone(),
                        what: format!("{label}: native {a:?}, generic {b:?}"),
                    });
                }
            }
        }
    }
    if let Some(peak) = super::peak_memory() {
        emit(Line::PeakMemory(peak));
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
    emit: &mut dyn FnMut(Line),
) -> Result<usize, String> {
    let folder = scratch.join(format!("slider-bibfs-{}", std::process::id()));
    let result = compile_and_time(files, slider, jdk, &folder, emit);
    let _ = std::fs::remove_dir_all(&folder);
    result
}

fn compile_and_time(
    files: &[std::path::PathBuf],
    slider: &Path,
    jdk: &Jdk,
    folder: &Path,
    emit: &mut dyn FnMut(Line),
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
    emit(Line::BiBfsHeading);
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
            emit(Line::Disagree { puzzle, what });
            continue;
        }
        ours += native;
        theirs += java;
        emit(Line::BiBfs {
            puzzle,
            moves: moves.len(),
            slider: native,
            java,
        });
    }
    emit(Line::BiBfsTotal {
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
