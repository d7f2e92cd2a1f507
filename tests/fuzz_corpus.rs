//! Replays every committed fuzz corpus file through the same checks the fuzz
//! targets run, on stable, in every `cargo test`.

use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{target}: {} fails", path.display());
        count += 1;
    }
    assert!(count > 0, "the {target} corpus is empty");
}

#[test]
fn parse_puzzle_corpus() {
    replay("parse_puzzle", slider::fuzz_checks::parse_puzzle);
}

#[test]
fn solver_corpus() {
    replay("solver", slider::fuzz_checks::solver_bytes);
}

#[test]
fn parse_answer_corpus() {
    replay("parse_answer", slider::fuzz_checks::parse_answer);
}

#[test]
fn check_corpus() {
    replay("check", slider::fuzz_checks::check_bytes);
}

#[test]
fn search_corpus() {
    replay("search", slider::fuzz_checks::search_bytes);
}
