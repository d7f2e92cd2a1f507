//! `slider gen` and the project's own fixture set.

mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use slider::generate::{Scramble, generate, seeded};
use slider::oracle::Oracle;
use slider::{Board, Solver};

fn slider() -> Command {
    Command::cargo_bin("slider").unwrap()
}

/// The optimum a generated file's name states, or `None` for unsolvable.
fn optimum_from_name(name: &str) -> Option<usize> {
    let what = name.strip_suffix(".txt")?.rsplit_once('-')?.1;
    what.parse().ok()
}

#[test]
fn the_manifest_rebuilds_the_fixture_set_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    slider()
        .args([
            "gen",
            "--manifest",
            "fixtures/puzzles/manifest.txt",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .code(0);
    let mut count = 0;
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let committed = std::fs::read(common::fixtures_dir().join("puzzles").join(&name))
            .unwrap_or_else(|e| panic!("{name} is not committed: {e}"));
        assert_eq!(
            std::fs::read(&path).unwrap(),
            committed,
            "{name} differs from the committed fixture"
        );
        count += 1;
    }
    assert_eq!(count, 17);
}

#[test]
fn fixture_optima_hold() {
    let oracles = [Oracle::new(2).unwrap(), Oracle::new(3).unwrap()];
    let mut sizes = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(common::fixtures_dir().join("puzzles")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("puzzle") {
            continue;
        }
        let board = slider::format::parse_puzzle(&std::fs::read(&path).unwrap()).unwrap();
        sizes.insert(board.size());
        let expected = optimum_from_name(&name);
        let found = match board.size() {
            n @ 2..=3 => oracles[n - 2].distance(&board).map(|d| d as usize),
            _ => Solver::new(&board).ok().map(|s| s.moves()),
        };
        assert_eq!(found, expected, "{name}");
        assert_eq!(board.is_solvable(), expected.is_some(), "{name}");
    }
    assert_eq!(
        sizes.into_iter().collect::<Vec<_>>(),
        (2..=10).collect::<Vec<_>>(),
        "every size 2..10"
    );
}

#[test]
fn exact_boards_are_exactly_k_moves_away() {
    let oracle = Oracle::new(3).unwrap();
    let mut rng = seeded(42);
    for k in 0..=31 {
        let board = generate(3, Scramble::ExactMoves(k), &mut rng, Some(&oracle)).unwrap();
        assert_eq!(oracle.distance(&board), Some(k));
    }
    for (n, k) in [(4, 25), (5, 14), (6, 10)] {
        let board = generate(n, Scramble::ExactMoves(k), &mut rng, None).unwrap();
        assert_eq!(
            Solver::new(&board).unwrap().moves(),
            k as usize,
            "{board:?}"
        );
    }
}

#[test]
fn random_boards_are_of_the_class_asked_for() {
    let mut rng = seeded(9);
    for n in 2..=10 {
        for _ in 0..20 {
            assert!(
                generate(n, Scramble::Solvable, &mut rng, None)
                    .unwrap()
                    .is_solvable()
            );
            assert!(
                !generate(n, Scramble::Unsolvable, &mut rng, None)
                    .unwrap()
                    .is_solvable()
            );
        }
    }
    // Uniform boards hit both classes.
    let solvable = (0..200)
        .filter(|_| {
            generate(3, Scramble::Uniform, &mut rng, None)
                .unwrap()
                .is_solvable()
        })
        .count();
    assert!(
        (50..=150).contains(&solvable),
        "{solvable} of 200 uniform boards solvable"
    );
}

#[test]
fn the_same_seed_gives_the_same_output() {
    let run = |seed: &str| {
        slider()
            .args(["gen", "-n", "4", "--count", "5", "--seed", seed])
            .output()
            .unwrap()
            .stdout
    };
    assert_eq!(run("7"), run("7"));
    assert_ne!(run("7"), run("8"));
    let text = String::from_utf8(run("7")).unwrap();
    let boards: Vec<Board> = text
        .split("\n\n")
        .map(|chunk| chunk.parse().unwrap())
        .collect();
    assert_eq!(boards.len(), 5);
}

#[test]
fn files_follow_the_course_naming_convention() {
    let dir = tempfile::tempdir().unwrap();
    let listed = slider()
        .args(["gen", "-n", "3", "-k", "7", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(listed.status.code(), Some(0));
    // The file written is listed.
    assert_eq!(
        String::from_utf8_lossy(&listed.stdout),
        format!("{}\n", dir.path().join("puzzle3x3-07.txt").display())
    );
    slider()
        .args(["gen", "-n", "4", "--unsolvable", "--count", "2", "--out"])
        .arg(dir.path())
        .assert()
        .code(0);
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "puzzle3x3-07.txt",
            "puzzle4x4-unsolvable-01.txt",
            "puzzle4x4-unsolvable-02.txt"
        ]
    );
}

#[test]
fn impossible_requests_exit_2() {
    slider()
        .args(["gen", "-n", "3", "-k", "32"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no 3x3 board is exactly 32 moves"));
    slider()
        .args(["gen", "-n", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("out of range"));
    slider()
        .args(["gen", "-n", "3", "--solvable", "--unsolvable"])
        .assert()
        .code(2);
    slider().args(["gen"]).assert().code(2);
}

#[test]
fn without_a_seed_each_run_differs_says_its_seed_and_is_solvable() {
    let run = || {
        slider()
            .args(["gen", "-n", "3", "--count", "3"])
            .output()
            .unwrap()
    };
    let (a, b) = (run(), run());
    assert_ne!(a.stdout, b.stdout, "a fresh seed per run");
    for out in [&a, &b] {
        let said = String::from_utf8_lossy(&out.stderr);
        let seed = said
            .strip_prefix("seed: ")
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("the seed is printed: {said}"));
        // The printed seed makes the same boards again.
        let again = slider()
            .args(["gen", "-n", "3", "--count", "3", "--seed", seed])
            .output()
            .unwrap();
        assert_eq!(again.stdout, out.stdout);
        let text = String::from_utf8(out.stdout.clone()).unwrap();
        for chunk in text.split("\n\n") {
            let board: Board = chunk.parse().unwrap();
            assert!(board.is_solvable(), "solvable by default:\n{chunk}");
        }
    }
}

#[test]
fn quiet_leaves_out_the_seed_line_and_nothing_else() {
    let loud = slider()
        .args(["gen", "-n", "3", "--count", "2", "--seed", "7"])
        .output()
        .unwrap();
    let fresh = slider()
        .args(["gen", "-n", "3", "--count", "2"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&fresh.stderr).starts_with("seed: "));
    for flag in ["--quiet", "-q"] {
        let quiet = slider()
            .args(["gen", "-n", "3", "--count", "2", flag])
            .output()
            .unwrap();
        assert!(quiet.status.success());
        assert_eq!(String::from_utf8_lossy(&quiet.stderr), "", "{flag}");
        // the boards are still printed
        assert_eq!(quiet.stdout.len(), loud.stdout.len(), "{flag}");
        let error = slider().args(["gen", flag, "-n", "1"]).output().unwrap();
        assert_eq!(error.status.code(), Some(2));
        assert!(!error.stderr.is_empty(), "errors are still said ({flag})");
    }
}
