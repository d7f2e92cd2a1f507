//! `slider autograde` against hostile submissions
//! (`fixtures/autograde/hostile/`, `fixtures/autograde/zip/`): each is
//! contained, graded with its finding (as `fixtures/autograde/expected.txt`
//! lists it), and its report still comes out, snapshotted under
//! `snapshots/`; attacks on the measured runs (forged counters, a table of
//! the timing puzzles, CPU spent on helper threads) are caught; no name or
//! student text forges a line, a workflow command or a page; `.zip`
//! submissions are read in memory under caps; SIGTERM ends every JVM and
//! removes every folder; a hostile submission in a batch leaves the
//! others' reports as they are alone; a source javac cannot finish is held
//! to the submission's time limit; two runs, each with its own fresh
//! timing puzzles, grade every row alike.
//!
//! These tests need a JDK, and the containment test bubblewrap (`.ci/run`
//! installs both). Without them they fail; they never pass silently.
//! Every run is bounded (trial timeout, JVM limits, a watchdog), and any
//! process a run leaves behind is found by its toolkit folder and ended by
//! pid.

mod common;

use common::autograde::*;
use common::autograde_reports::*;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

// What every failure of a submission names (or, in a JVM where the
// first attempt already failed, what the JVM says from then on).
const NAMED_FAILURES: [(&str, &str, Option<&str>); 13] = [
    ("hostile/out-of-memory", "java.lang.OutOfMemoryError", None),
    (
        "hostile/stack-overflow",
        "java.lang.StackOverflowError",
        None,
    ),
    ("hostile/equals-loop", "of CPU time in its threads", None),
    (
        "hostile/static-init",
        "java.lang.NumberFormatException",
        Some("Could not initialize class Board"),
    ),
    ("hostile/message-hangs", "of CPU time in its threads", None),
    ("hostile/search-in-moves", ORDER_CHANGED, None),
    ("hostile/tiebreak-deep", ORDER_CHANGED, None),
    ("hostile/tiebreak-array-tail", ORDER_CHANGED, None),
    ("hostile/tiebreak-side-map", ORDER_CHANGED, None),
    ("hostile/tiebreak-static-map", ORDER_CHANGED, None),
    ("hostile/escapes", "java.lang.IllegalStateException", None),
    (
        "hostile/own-queue",
        "no key was inserted into algs4's MinPQ",
        None,
    ),
    (
        "hostile/decoy-minpq",
        "keys slider looked at in algs4's MinPQ is or holds a Board",
        None,
    ),
];

/// What Solver 1's order audit says of a key of `buggy/mutates-queue`'s
/// search (and of every fixture that hides its tie-break elsewhere).
const ORDER_CHANGED: &str =
    "compareTo() of a Solver$Node against another Solver$Node in the MinPQ changed";

#[test]
fn hostile_submissions_are_contained_and_their_reports_come_out() {
    common::require_jdk();
    common::require_bwrap();
    // The `exec` fixture tries to write this file through a shell, the
    // `agent-shadow` one this.
    let exec_mark = Path::new("/tmp/slider-hostile-exec");
    let agent_mark = Path::new("/tmp/slider-hostile-agent");
    let _ = std::fs::remove_file(exec_mark);
    let _ = std::fs::remove_file(agent_mark);
    // Containment is the point here: timing adds nothing but minutes.
    let run = grade_set(
        "hostile",
        &["--sandbox", "always", "--only", "api,correctness,memory"],
    );
    run.assert_code(1);
    assert!(!exec_mark.exists(), "Runtime.exec ran a command");
    assert!(!agent_mark.exists(), "a student's SliderAgent ran");
    let reports = reports(&run.json);
    // What the student printed never passes for a result, and is counted.
    let prints = reports["hostile/prints"];
    assert_eq!(prints["score"], 100.0);
    assert!(prints["printed_bytes"].as_u64().unwrap() > 0);
    // (what the guard refuses, and where, is tests/autograde_guard.rs's;
    // that the refused are refused, expected.txt's)
    for (name, what, after) in NAMED_FAILURES {
        let details = reports[name]["sections"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["tests"].as_array().unwrap())
            .flat_map(|t| t["failures"].as_array().unwrap())
            .filter(|f| f["kind"] != "not_run")
            .map(|f| f["detail"].as_str().unwrap().to_string())
            .collect::<Vec<_>>();
        assert!(
            details.iter().any(|d| d.contains(what)),
            "{name}: some failure names {what:?}: {details:#?}"
        );
        assert!(
            details
                .iter()
                .all(|d| d.contains(what) || after.is_some_and(|a| d.contains(a))),
            "{name}: every failure names {what:?}: {details:#?}"
        );
    }
    // A default-package or nested MinPQ is refused, naming itself.
    let own = reports["hostile/own-minpq"]["compilation"].to_string();
    assert!(own.contains("declares a class MinPQ"), "{own}");
    let nested = reports["hostile/nested-minpq"]["compilation"].to_string();
    assert!(nested.contains("declares a class Solver.MinPQ"), "{nested}");
    // Nothing the submissions printed or threw reaches slider's output raw,
    // in any format.
    let files = tempfile::tempdir().unwrap();
    let formats = autograde_to(
        &files,
        &[
            "--only",
            "correctness",
            "fixtures/autograde/hostile/escapes",
        ],
    );
    for (name, text) in std::iter::once(("stdout", run.stdout.clone())).chain(formats) {
        for c in [
            '\u{1b}', '\u{7}', '\r', '\0', '\u{9b}', '\u{202e}', '\u{2028}', '\u{2029}',
        ] {
            assert!(!text.contains(c), "{c:?} in {name}");
        }
        assert!(
            !text.contains("\n::error::forged"),
            "a forged workflow command in {name}"
        );
    }
}

#[test]
fn attacks_on_the_measured_runs_are_caught() {
    common::require_jdk();
    // A table of the public timing puzzles' solutions is found out. (What
    // forged the counters or spent CPU on helper threads is refused by the
    // guard: `REFUSED`, graded in the containment test.)
    let run = autograde(&[
        "--only",
        "memory,timing",
        "fixtures/autograde/hostile/timing-table",
    ]);
    let all = expected();
    let reports = reports(&run.json);
    let wrong = mismatches(
        reports["hostile/timing-table"],
        &all["hostile/timing-table"],
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
    // The public timing puzzles looked up, not solved: fresh puzzles tell.
    let table = reports["hostile/timing-table"]["sections"].to_string();
    assert!(table.contains("looked up, not solved"), "{table}");
}

#[test]
fn no_name_or_student_text_forges_a_line_a_command_or_a_page() {
    common::require_jdk();
    let class = tempfile::tempdir().unwrap();
    // a name with line breaks, a forged summary line, a workflow command and
    // a terminal escape; a student named like the class page; and a Board
    // whose toString() and messages hold workflow commands
    let forged = "evil\nCompilation:  PASSED\n::notice ::forged\u{1b}]0;owned\u{7}";
    copy_fixture("reference", class.path(), forged);
    copy_fixture("reference", class.path(), "index");
    copy_fixture("hostile/forge-github", class.path(), "forge-github");
    let pages = tempfile::tempdir().unwrap();
    let html = pages.path().join("html");
    let batch = class.path().to_str().unwrap().to_string();
    let run = autograde(&[
        "--only",
        "api,correctness",
        "--format",
        "github",
        "--html",
        html.to_str().unwrap(),
        "--batch",
        &batch,
    ]);
    // nothing raw reaches the terminal or the log
    for (what, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
        assert!(
            !text.contains('\u{1b}'),
            "{what} holds a raw escape:\n{text}"
        );
        assert!(!text.contains("##["), "{what} holds ##[:\n{text}");
    }
    // every line a runner would read as a command (leading spaces trimmed)
    // is an annotation of slider's, or inside a quote whose token no
    // student text can know
    let mut quote: Option<String> = None;
    for line in run.stdout.lines() {
        let command = line.trim_start();
        if let Some(token) = &quote {
            if command == format!("::{token}::") {
                quote = None;
            }
            continue;
        }
        if let Some(token) = command.strip_prefix("::stop-commands::") {
            assert!(token.starts_with("slider") && token.len() >= 38, "{line}");
            quote = Some(token.to_string());
            continue;
        }
        assert!(
            !command.starts_with("::")
                || command.starts_with("::error file=")
                || command.starts_with("::error title="),
            "a workflow command outside a quote: {line:?}\n{}",
            run.stdout
        );
        assert!(
            !command.starts_with("Compilation:"),
            "a forged line: {line:?}"
        );
    }
    assert_eq!(quote, None, "every quote is closed");
    // the forged name is shown, on one line
    assert!(
        run.stdout.contains(
            "evil\u{240a}Compilation:  PASSED\u{240a}::notice ::forged\u{241b}]0;owned\u{2407}"
        ),
        "{}",
        run.stdout
    );
    // the class page and the student named index each have their page
    let class_page = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert!(class_page.contains("index-2.html"), "{class_page}");
    let student = std::fs::read_to_string(html.join("index-2.html")).unwrap();
    assert!(
        student.contains("100.00%") || student.contains("100%"),
        "{student}"
    );
}

#[test]
fn zip_submissions_are_read_in_memory_under_caps() {
    common::require_jdk();
    let run = autograde(&[
        "--only",
        "api",
        "fixtures/autograde/zip/nested.zip",
        "fixtures/autograde/zip/bomb.zip",
        "fixtures/autograde/zip/traversal.zip",
        "fixtures/autograde/zip/garbage.zip",
    ]);
    run.assert_code(1);
    let reports = reports(&run.json);
    let nested = reports["zip/nested.zip"];
    assert_eq!(stage_outcome(nested, "compilation"), "passed", "{nested}");
    assert_eq!(stage_outcome(nested, "api"), "passed", "{nested}");
    assert_eq!(
        nested["changes"],
        serde_json::json!([
            "Board.java: `package hw4;` removed (graded in the default package)",
            "Solver.java: `package hw4;` removed (graded in the default package)"
        ])
    );
    for (name, why) in [
        ("zip/bomb.zip", "bomb.zip/Board.java: larger than 1024 KiB"),
        (
            "zip/traversal.zip",
            "Board.java not found in the submission",
        ),
        ("zip/garbage.zip", "not a readable .zip"),
    ] {
        let report = reports[name];
        assert_eq!(stage_outcome(report, "compilation"), "failed", "{name}");
        let messages = report["compilation"].to_string();
        assert!(messages.contains(why), "{name}: {messages} lacks {why:?}");
        assert_eq!(report["categories"]["api"]["not_run"], "compilation failed");
    }
}

#[test]
fn sigterm_ends_every_jvm_and_removes_every_folder() {
    common::require_jdk();
    let args = ["--jobs", "2", "fixtures/autograde/reference"];
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("slider"))
        .current_dir(root_dir())
        .arg("autograde")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    // Wait until a probe's JVM runs (its command line names the toolkit).
    let mark = format!("slider-autograde-{pid}");
    let started = Instant::now();
    let running = || {
        std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
            std::fs::read(e.path().join("cmdline")).is_ok_and(|c| {
                String::from_utf8_lossy(&c).contains("slider.probe.Probe")
                    && String::from_utf8_lossy(&c).contains(&mark)
            })
        })
    };
    // On a busy machine javac and the plan can take a minute or more
    // before the first probe: the bound is slider's own cap, a backstop.
    while !running() {
        assert!(started.elapsed() < watchdog(&args), "no probe started");
        assert!(
            child.try_wait().unwrap().is_none(),
            "slider ended before a probe started"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(pid as i32),
        nix::sys::signal::Signal::SIGTERM,
    )
    .unwrap();
    let signalled = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(120),
            "slider did not end on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(128 + 15));
    let leftovers = end_leftovers(pid);
    assert!(
        leftovers.is_empty(),
        "processes outlived SIGTERM: {leftovers:?}"
    );
    let folders: Vec<String> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            n.starts_with("slider-")
                && (n.ends_with(&format!("-{pid}")) || n.contains(&format!("-{pid}-")))
        })
        .collect();
    assert!(folders.is_empty(), "folders left behind: {folders:?}");
}

#[test]
fn a_hostile_submission_in_a_batch_leaves_the_others_reports_as_they_are_alone() {
    common::require_jdk();
    let batch = tempfile::tempdir().unwrap();
    for (name, fixture) in [
        ("a-hostile", "hostile/static-init"),
        ("b-attacker", "hostile/forge-counters"),
        ("c-student", "reference"),
    ] {
        let to = batch.path().join(name);
        std::fs::create_dir(&to).unwrap();
        for file in ["Board.java", "Solver.java"] {
            std::fs::copy(
                root_dir()
                    .join("fixtures/autograde")
                    .join(fixture)
                    .join(file),
                to.join(file),
            )
            .unwrap();
        }
    }
    let flags = ["--only", "correctness,memory", "--jobs", "2"];
    let batch_dir = batch.path().display().to_string();
    let mut args = flags.to_vec();
    args.extend(["--batch", batch_dir.as_str()]);
    let together = autograde(&args);
    let mut args = flags.to_vec();
    args.push("fixtures/autograde/reference");
    let alone = autograde(&args);
    let student = together.json["reports"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["submission"].as_str().unwrap().ends_with("c-student"))
        .unwrap();
    assert_eq!(timeless(student), timeless(&alone.json["reports"][0]));
}

#[test]
fn a_source_javac_cannot_finish_is_held_to_the_submission_time_limit() {
    common::require_jdk();
    // javac would spend hours on this Solver; the submission has 15 s of
    // CPU time, and twice that of wall time as a backstop (other tests
    // share the cores: javac may get less than a core).
    let cap = Duration::from_secs(30);
    let run = autograde(&[
        "--time-limit",
        "15",
        "fixtures/autograde/hostile/javac-bomb",
    ]);
    run.assert_code(1);
    let reports = reports(&run.json);
    let report = reports["hostile/javac-bomb"];
    assert_eq!(report["status"], "compile-error");
    // its CPU limit or the wall backstop, whichever comes first
    assert_eq!(
        report["compilation"],
        serde_json::json!(["javac was stopped by its time limit"])
    );
    // The cap is the submission's whole grade, javac included; what is
    // over its wall backstop is the time to kill javac's JVM and write the
    // report.
    let elapsed = Duration::from_millis(report["elapsed_ms"].as_u64().unwrap());
    assert!(
        elapsed < cap + Duration::from_secs(5),
        "the autograde took {elapsed:?} against a cap of {cap:?}"
    );
}

/// A grade is a function of the code, not of the run: each run draws its
/// own fresh timing puzzles, against which a table of the public ones is
/// caught, and graded twice every row comes out the same (outcome and the
/// kind of each failure), as does the score. A table, and a search hidden
/// in `moves()`, are the two verdicts that read the fresh puzzles.
#[test]
fn two_runs_with_their_own_fresh_puzzles_grade_every_row_alike() {
    common::require_jdk();
    let names = ["hostile/timing-table", "hostile/search-in-moves"];
    let paths: Vec<String> = names
        .iter()
        .map(|name| format!("fixtures/autograde/{name}"))
        .collect();
    let mut args = vec!["--only", "timing", "--jobs", "2"];
    args.extend(paths.iter().map(String::as_str));
    let rows = |run: &Run| -> Vec<String> {
        let mut rows = Vec::new();
        for (name, report) in reports(&run.json) {
            rows.push(format!("{name}: score {}", report["score"]));
            for section in report["sections"].as_array().unwrap() {
                for test in section["tests"].as_array().unwrap() {
                    let kinds: Vec<&str> = test["failures"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|f| f["kind"].as_str().unwrap())
                        .collect();
                    rows.push(format!(
                        "{name} {} {}: {} {kinds:?}",
                        section["id"], test["row"], test["outcome"]
                    ));
                }
            }
        }
        rows
    };
    let (first, second) = (autograde(&args), autograde(&args));
    let (first, second) = (rows(&first), rows(&second));
    assert_eq!(first.len(), 2 + 2 * 125, "{first:#?}");
    assert!(
        first.iter().any(|row| row.contains("looked_up")),
        "{first:#?}"
    );
    assert_eq!(first, second);
}
