//! `slider autograde` against Solvers that hide their search from what it
//! measures: a `MinPQ` of numbers mirroring a `java.util.PriorityQueue`
//! (a decoy: graded as the same search without it), `MinPQ`s made in the
//! static initializer, before any Solver (measured as the reference's), and
//! a table of the public timing puzzles whose fresh puzzles throw (graded
//! as the table whose fresh puzzles are searched).
//!
//! These tests need a JDK. Without one they fail; they never pass silently.

mod common;

use common::autograde::*;

/// Every failure of `section` in `report`: `(row, kind, reason)`.
fn failures(report: &serde_json::Value, section: &str) -> Vec<(String, String, String)> {
    report["sections"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["id"] == section)
        .flat_map(|s| s["tests"].as_array().unwrap())
        .flat_map(|t| {
            t["failures"].as_array().unwrap().iter().map(move |f| {
                (
                    t["row"].as_str().unwrap_or("").to_string(),
                    f["kind"].as_str().unwrap().to_string(),
                    f["reason"].as_str().unwrap_or("").to_string(),
                )
            })
        })
        .collect()
}

/// Memory 3's deep memory, row by row.
fn queue_bytes(report: &serde_json::Value) -> Vec<f64> {
    report["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "Memory 3")
        .unwrap()["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            t["figures"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["name"] == "deep memory")
                .and_then(|f| f["value"].as_f64())
                .unwrap_or(0.0)
        })
        .collect()
}

#[test]
fn a_decoy_queue_early_queues_and_fresh_puzzles_that_throw_hide_nothing() {
    common::require_jdk();
    let names = [
        "hostile/decoy-minpq",
        "hostile/own-queue",
        "hostile/static-init-queues",
        "hostile/timing-table-throws",
        "reference",
    ];
    let paths: Vec<String> = names
        .iter()
        .map(|name| format!("fixtures/autograde/{name}"))
        .collect();
    let mut args = vec!["--only", "correctness,memory,timing", "--jobs", "1"];
    args.extend(paths.iter().map(String::as_str));
    let run = autograde(&args);
    let all = expected();
    let reports = reports(&run.json);
    let wrong: Vec<String> = names
        .iter()
        .flat_map(|name| mismatches(reports[*name], &all[*name]))
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");

    // A MinPQ none of whose keys holds a Board is a decoy: the decoy and
    // its control fail the same tests, the one for its decoy, the other
    // for inserting nothing.
    for (name, reason) in [
        ("hostile/decoy-minpq", "no_search_node"),
        ("hostile/own-queue", "no_insert"),
    ] {
        for section in ["Solver 1", "Memory 3", "Timing 2"] {
            let found = failures(reports[name], section);
            assert!(!found.is_empty(), "{name} {section}");
            assert!(
                found
                    .iter()
                    .all(|(_, kind, why)| kind == "queue_not_used" && why == reason),
                "{name} {section}: {found:?}"
            );
        }
    }

    // Queues made by the static initializer are measured: Memory 3's deep
    // memory is the reference's, row for row (the same search, the same
    // queues), not the nothing the constructor made.
    let early = queue_bytes(reports["hostile/static-init-queues"]);
    assert_eq!(early, queue_bytes(reports["reference"]));
    assert!(early.iter().all(|&bytes| bytes > 10_000.0), "{early:?}");

    // A fresh puzzle that throws counts as the reference's work: every
    // timing row of the table fails, each saying so (Timing 2's for
    // inserting nothing at all, as the table whose fresh puzzles are
    // searched).
    // (Timing 3's rows fail sooner: the table calls toString(), which the
    // course's reference never does, so each row is over its limit of 0.)
    for test in ["Timing 1", "Timing 2", "Timing 3", "Timing 4a", "Timing 4b"] {
        let (kind, reason) = match test {
            "Timing 2" => ("queue_not_used", "no_insert"),
            "Timing 3" => ("over_limit", ""),
            _ => ("looked_up", "fresh_threw"),
        };
        let found = failures(reports["hostile/timing-table-throws"], test);
        assert_eq!(found.len(), 25, "{test}: {found:?}");
        assert!(
            found.iter().all(|(_, k, why)| k == kind && why == reason),
            "{test}: {found:?}"
        );
    }
}
