//! `slider autograde`'s guard: the classes javac made, held against the
//! allow-list before any of their code runs (`--only api` runs javac, the
//! guard and javap, and no JVM of the probe).
//!
//! - what javac makes of the Java language from 8 to 17 is let through
//!   (`fixtures/autograde/guard/language`), and so is every fixture that
//!   is not an attack;
//! - each attack of the red teams that reaches the probe, the JVM's own
//!   threads or the memory walk's blind spots is refused, at the file and
//!   line of its first use, in every format, with status `refused`, a
//!   score of 0 and no test run.
//!
//! These tests need a JDK; without one they fail, never pass silently.

mod common;

use common::autograde::*;

// Each refused fixture, and what one line of its refusal says.
const REFUSED: [(&str, &str); 23] = [
    (
        "hostile/tiebreak-atomic",
        "java.util.concurrent.atomic.AtomicInteger",
    ),
    (
        "hostile/tiebreak-jdk-superclass",
        "may not extend or implement java.util.",
    ),
    (
        "hostile/exit",
        "Solver.java:40: error: slider grades Board and Solver as the course does: java.lang.System.exit is not part of the assignment",
    ),
    (
        "hostile/replaces-out",
        "Solver.java:41: error: slider grades Board and Solver as the course does: java.lang.System.setOut is not part of the assignment",
    ),
    ("hostile/exec", "java.lang.Runtime"),
    ("hostile/reads-files", "java.nio.file.Files"),
    ("hostile/forge-channel", "java.io.FileOutputStream"),
    ("hostile/threads", "java.lang.Thread"),
    ("hostile/sleeper", "java.lang.Thread"),
    (
        "hostile/agent-shadow",
        "java.lang.instrument.Instrumentation",
    ),
    ("hostile/audit-aware", "java.lang.StackWalker"),
    ("hostile/forge-counters", "java.lang.Class.forName"),
    ("hostile/helper-thread", "java.lang.Thread"),
    ("hostile/helper-parent-group", "java.lang.ThreadGroup"),
    (
        "hostile/helper-getid",
        "java.lang.management.ManagementFactory",
    ),
    (
        "hostile/helper-finalizer",
        "finalize() would run on the JVM's finalizer thread",
    ),
    ("hostile/helper-short", "java.lang.Thread"),
    (
        "hostile/hidden-bloat",
        "java.util.concurrent.atomic.AtomicReference",
    ),
    ("hostile/hidden-statics", "java.lang.ThreadLocal"),
    ("hostile/hidden-handles", "java.nio.IntBuffer"),
    (
        "hostile/hidden-thread-state",
        "may not extend or implement java.lang.Thread",
    ),
    (
        "hostile/gc-listener",
        "Solver.java:43: error: slider grades Board and Solver as the course does: java.lang.management.GarbageCollectorMXBean is not part of the assignment",
    ),
    (
        "hostile/class-value",
        "Board.java:13: error: slider grades Board and Solver as the course does: java.lang.ClassValue is not part of the assignment",
    ),
];

#[test]
fn the_attacks_are_refused_before_any_of_their_code_runs() {
    common::require_jdk();
    let mut args = vec!["--only", "api", "--jobs", "2"];
    let paths: Vec<String> = REFUSED
        .iter()
        .map(|(name, _)| format!("fixtures/autograde/{name}"))
        .collect();
    args.extend(paths.iter().map(String::as_str));
    let run = autograde(&args);
    run.assert_code(1);
    let reports = reports(&run.json);
    for (name, what) in REFUSED {
        let report = reports[name];
        assert_eq!(report["status"], "refused", "{name}: {report}");
        assert_eq!(report["score"], 0.0, "{name}");
        assert_eq!(report["categories"]["compilation"]["passed"], 1, "{name}");
        assert!(
            report["sections"].as_array().unwrap().is_empty(),
            "{name}: no test ran"
        );
        let guard: Vec<&str> = report["guard"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        assert!(
            guard.iter().any(|l| l.contains(what)),
            "{name}: the guard names {what:?}: {guard:#?}"
        );
        let file = format!("fixtures/autograde/{name}/");
        assert!(
            guard.iter().all(|l| l.starts_with(&file)),
            "{name}: every refusal names the submission's file: {guard:#?}"
        );
        // once per file and thing refused
        let mut unique = guard.clone();
        unique.sort_by_key(|l| {
            l.split_once(": error: ")
                .map(|(at, m)| (at.split(':').next(), m))
        });
        unique.dedup_by_key(|l| {
            l.split_once(": error: ")
                .map(|(at, m)| (at.split(':').next(), m))
        });
        assert_eq!(unique.len(), guard.len(), "{name}: {guard:#?}");
    }
    // the console says so, as a stage of its own
    assert!(
        run.stdout
            .contains("CHECKING WHAT THE CLASSES USE (slider's guard)")
    );
    assert!(run.stdout.contains(
        "Aggregate score: 0.00% (refused: the classes use what the assignment does not need, so no test could run)"
    ));
}

#[test]
fn the_language_and_every_fixture_that_is_no_attack_pass_the_guard() {
    common::require_jdk();
    let all = expected();
    let mut names: Vec<String> = ["buggy", "learned", "layouts", "guard"]
        .iter()
        .flat_map(|set| fixtures_in(set))
        .filter(|name| name != "buggy/compile-error")
        .collect();
    names.extend(["reference".to_string(), "princeton".to_string()]);
    names.extend(
        fixtures_in("hostile")
            .into_iter()
            .filter(|n| all.get(n).is_some_and(|e| e.compilation == "passed")),
    );
    let mut args = vec!["--only", "api", "--api", "any", "--jobs", "2"];
    let paths: Vec<String> = names
        .iter()
        .map(|name| format!("fixtures/autograde/{name}"))
        .collect();
    args.extend(paths.iter().map(String::as_str));
    let run = autograde(&args);
    let reports = reports(&run.json);
    let refused: Vec<String> = reports
        .iter()
        .filter(|(_, r)| r["status"] == "refused" || !r["guard"].as_array().unwrap().is_empty())
        .map(|(name, r)| format!("{name}: {}", r["guard"]))
        .collect();
    assert!(refused.is_empty(), "refused: {refused:#?}");
    assert_eq!(reports.len(), names.len());
    let language = reports["guard/language"];
    assert_eq!(language["status"], "ok", "{language}");
}

#[test]
fn a_refusal_is_an_annotation_at_its_line() {
    common::require_jdk();
    let files = tempfile::tempdir().unwrap();
    let junit = files.path().join("junit.xml");
    let run = autograde(&[
        "--only",
        "api",
        "--format",
        "github",
        "--junit",
        junit.to_str().unwrap(),
        "fixtures/autograde/hostile/exit",
    ]);
    assert!(
        run.stdout.contains(
            "::error file=fixtures/autograde/hostile/exit/Solver.java,line=40,title=Guard::fixtures/autograde/hostile/exit/Solver.java:40: slider grades Board and Solver as the course does: java.lang.System.exit is not part of the assignment"
        ),
        "{}",
        run.stdout
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("Guard"), "{xml}");
    assert!(xml.contains("java.lang.System.exit"), "{xml}");
}
