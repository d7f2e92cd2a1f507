//! What the binaries say at their limits, snapshotted: input caps, memory
//! and time budgets, distances no board has, and the help texts that
//! document those limits and the exit codes.

use std::path::Path;

use assert_cmd::Command;

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn bin(name: &str) -> Command {
    let mut command = Command::cargo_bin(name).unwrap();
    // Help texts show environment values (`[env: SLIDER_PDB_DIR=…]`).
    command
        .current_dir(crate_dir())
        .env("NO_COLOR", "1")
        .env_remove("SLIDER_PDB_DIR");
    command
}

/// Exit code, stdout and stderr, as one snapshot.
fn outcome(command: &mut Command) -> String {
    let output = command.output().unwrap();
    format!(
        "exit: {:?}\n--- stdout ---\n{}--- stderr ---\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

macro_rules! snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true, omit_expression => true}, {
            insta::assert_snapshot!($name, $value);
        });
    };
}

#[test]
fn a_puzzle_past_the_cap_is_refused_where_reading_stopped() {
    // 32 MiB + 1 of a valid start and then blanks: nothing in the part read
    // is wrong, so the cap itself is the error, with its line and column.
    let dir = tempfile::tempdir().unwrap();
    let mut text = b"3\n1 2 3\n4 5 6\n7 8 0\n".to_vec();
    text.resize((32 << 20) + 1, b' ');
    std::fs::write(dir.path().join("big.txt"), &text).unwrap();
    for bin_name in ["slider-check", "slider"] {
        let mut command = bin(bin_name);
        command.current_dir(dir.path());
        if bin_name == "slider" {
            command.args(["solve", "big.txt"]);
        } else {
            command.args(["big.txt", "-"]).write_stdin("RDRD");
        }
        snapshot!(
            format!("puzzle_too_large_{bin_name}"),
            outcome(&mut command)
        );
    }
}

#[test]
fn an_endless_answer_line_is_cut_and_judged() {
    snapshot!(
        "answer_dev_zero",
        outcome(bin("slider-check").args(["fixtures/course/puzzle04.txt", "/dev/zero"]))
    );
}

#[test]
fn the_reference_solver_stops_at_its_memory_budget_and_time_limit() {
    snapshot!(
        "solve_memory_budget",
        outcome(bin("slider").args([
            "solve",
            "--max-memory",
            "1",
            "fixtures/course/puzzle4x4-78.txt"
        ]))
    );
    // The time limit is honoured by the reference A* too. Its node count
    // depends on the clock, so only the verdict is compared.
    let output = bin("slider")
        .args([
            "solve",
            "--time-limit",
            "0.001",
            "fixtures/course/puzzle4x4-78.txt",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("ran out of time"), "{stderr}");
    assert!(stderr.contains("raise --time-limit"), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn gen_refuses_distances_beyond_the_diameter() {
    snapshot!(
        "gen_beyond_the_diameter",
        [("2", "7"), ("3", "32"), ("4", "81")]
            .iter()
            .map(|(n, k)| outcome(bin("slider").args(["gen", "-n", n, "-k", k])))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn help_texts_document_limits_and_exit_codes() {
    for (name, bin_name, args) in [
        ("help_check", "slider-check", &["--help"][..]),
        ("help_solve", "slider", &["solve", "--help"][..]),
        ("help_gen", "slider", &["gen", "--help"][..]),
        ("help_grade", "slider", &["grade", "--help"][..]),
    ] {
        snapshot!(name, outcome(bin(bin_name).args(args)));
    }
}

#[test]
fn benchmarks_find_the_vendored_data_from_any_folder() {
    // Run from an empty folder: the defaults are the crate's fixtures, never
    // paths relative to the current directory.
    let elsewhere = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let output = bin("slider")
            .current_dir(elsewhere.path())
            .args(args)
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    // The bi-BFS comparison compiles and runs the Java program: it needs
    // the JDK (installed by .ci/run) and fails without it.
    let small = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/course/puzzle4x4-30.txt"
    );
    let (code, stdout, stderr) = run(&["bench", "reference", "--runs", "1", "--bibfs", small]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout
            .lines()
            .any(|l| l.split_whitespace().take(2).eq(["puzzle36", "36"])),
        "{stdout}"
    );
    assert!(
        stdout.contains("`java BiBfs`") && stdout.contains("\npuzzle4x4-30.txt        30 "),
        "{stdout}"
    );
    assert!(!stdout.contains("disagree"), "{stdout}");
    let (code, stdout, stderr) = run(&[
        "bench",
        "korf",
        "--limit",
        "2",
        "--heuristic",
        "linear-conflict",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("2/2 solved optimally"), "{stdout}");
    // A folder that is not there: a hint, and no table header first.
    let (code, stdout, stderr) = run(&["bench", "reference", "--course-dir", "no-such-folder"]);
    assert_eq!(code, Some(2));
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("give the folder of the course's puzzle files with --course-dir"),
        "{stderr}"
    );
}

/// `slider pdb build` says what it built, without calling an explicit
/// build a first use; a search that builds the databases itself says it
/// was their first use. (Times and the cache folder are filtered out.)
#[test]
fn database_builds_are_worded_for_who_asked() {
    let cache = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut command = bin("slider");
        command.env("SLIDER_PDB_DIR", cache.path()).args(args);
        outcome(&mut command)
    };
    let built = run(&["pdb", "build", "4-4"]);
    let again = run(&["pdb", "build", "4-4"]);
    std::fs::remove_dir_all(cache.path().join(".")).ok();
    let searched = run(&[
        "solve",
        "--algorithm",
        "idastar",
        "--output",
        "moves",
        "fixtures/course/puzzle04.txt",
    ]);
    let text = format!("{built}\n=== built again ===\n{again}\n=== by a search ===\n{searched}");
    let cache_path = cache.path().display().to_string();
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => true,
        omit_expression => true,
        filters => vec![(cache_path.as_str(), "[CACHE]"), (r"in \d+\.\d s", "in [T] s")],
    }, {
        insta::assert_snapshot!("pdb_build_wording", text);
    });
}
