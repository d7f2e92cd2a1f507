//! slider's model of the course's reference against the course's own
//! figures (`fixtures/autograde/calibration/`, read off real autograder
//! reports): every count the course passed is within slider's limit, every
//! count it failed is over it, with the ratio it printed; and the factor
//! the figures allow contains slider's.

use std::path::PathBuf;

use slider::Board;
use slider::autograde::model::{self, Counts, FACTOR};

fn rows(file: &str) -> Vec<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/autograde/calibration")
        .join(file);
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn counts(puzzle: &str) -> Counts {
    static COUNTS: std::sync::LazyLock<model::CountsCache> =
        std::sync::LazyLock::new(model::CountsCache::default);
    let board: Board = slider::course::file(puzzle).unwrap().parse().unwrap();
    COUNTS.reference(&board).unwrap()
}

/// The reference's count that a test's printed count is compared with.
fn reference(test: &str, quantity: &str, c: &Counts) -> u64 {
    match (test, quantity) {
        ("timing-2", "inserts") => c.inserts,
        ("timing-2", "deletes") => c.deletes,
        ("timing-3", _) | ("timing-4a", "manhattan") => c.manhattan_uncached,
        ("timing-4a" | "timing-4b", "boards") => c.boards,
        ("timing-4a" | "timing-4b", "equals") => c.equals,
        ("timing-4b", "manhattan") => c.manhattan,
        ("memory-queue", "deep") => c.queue_bytes,
        ("memory-queue", "max") => c.max_size,
        ("memory-queue", "end") => c.end_size,
        other => panic!("no reference for {other:?}"),
    }
}

#[test]
fn every_course_count_gets_the_courses_verdict_and_ratio() {
    let rows = rows("counts.tsv");
    assert!(rows.len() > 2000, "{} rows", rows.len());
    let (mut lowest, mut highest) = (0.0_f64, f64::INFINITY);
    let mut wrong = Vec::new();
    let mut failing = 0;
    for row in &rows {
        let [id, test, puzzle, quantity, student, ratio] = &row[..] else {
            panic!("bad row {row:?}");
        };
        let student: u64 = student.parse().unwrap();
        if student == 0 && test == "timing-3" {
            continue; // nothing called: nothing to compare
        }
        let reference = reference(test, quantity, &counts(puzzle)) as f64;
        let limit = model::limit(reference as u64);
        if ratio == "-" {
            lowest = lowest.max(student as f64 / (1.05 * reference));
            if model::exceeds(student, limit) {
                wrong.push(format!("{id} {test} {puzzle} {quantity}: {student} > {limit:.0}, but the course passed it"));
            }
        } else {
            failing += 1;
            let printed: f64 = ratio.parse().unwrap();
            lowest = lowest.max(student as f64 / ((printed + 0.05) * reference));
            highest = highest.min(student as f64 / ((printed - 0.05) * reference));
            let mine = format!("{:.1}", student as f64 / limit);
            if !model::exceeds(student, limit) || mine != *ratio {
                wrong.push(format!("{id} {test} {puzzle} {quantity}: {student} / {limit:.0} = {mine}x, the course printed {ratio}x"));
            }
        }
    }
    println!(
        "{} counts, {failing} failed by the course; factors the figures allow: {lowest:.4} to {highest:.4}",
        rows.len()
    );
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(failing > 150);
    assert!((lowest..highest).contains(&FACTOR), "{lowest} .. {highest}");
}

#[test]
fn memory_rows_match_the_courses_model() {
    for row in rows("memory.tsv") {
        let [id, test, input, _, student, verdict, reference] = &row[..] else {
            panic!("bad row {row:?}");
        };
        let student: u64 = student.parse().unwrap();
        match test.as_str() {
            "memory-board" => {
                let n: u64 = input.strip_prefix("n=").unwrap().parse().unwrap();
                assert_eq!(
                    model::memory::board_2d(n).to_string(),
                    *reference,
                    "{id} {input}"
                );
                let passed = !model::exceeds(student, model::memory::board_limit(n) as f64);
                assert_eq!(passed, verdict == "pass", "{id} {input}: {student}");
            }
            "memory-solver" => {
                let limit = counts(input).solver_bytes as f64 * model::SOLVER_MEMORY_FACTOR;
                assert_eq!(
                    !model::exceeds(student, limit),
                    verdict == "pass",
                    "{id} {input}: {student} against {limit}"
                );
            }
            other => panic!("{other}"),
        }
    }
}

/// The model's optimum is the optimum: checked against slider's own A*
/// (which shares no code with it) on every course puzzle the timing and
/// memory tests use.
#[test]
fn the_models_moves_are_optimal() {
    for name in slider::course::TIMING_PUZZLES
        .iter()
        .chain(&slider::course::MEMORY_PUZZLES)
    {
        let board: Board = slider::course::file(name).unwrap().parse().unwrap();
        let optimum = slider::Solver::new(&board).unwrap().moves();
        assert_eq!(counts(name).moves as usize, optimum, "{name}");
    }
}
