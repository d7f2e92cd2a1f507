//! Every checker case in `fixtures/check/<case>/` runs through the real
//! `slider-check`; its exit code must match the case name's prefix
//! (`a…` accepted, `r…` rejected, `u…` unproven), and its human and JSON
//! output are snapshotted. (Alone in its binary: insta's `glob!`.)

use assert_cmd::Command;

fn run(dir: &std::path::Path, extra: &[&str]) -> (i32, String) {
    let args_file = dir.join("args");
    let args: Vec<String> = std::fs::read_to_string(&args_file)
        .map(|s| s.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    let rel = |name: &str| {
        format!(
            "fixtures/check/{}/{name}",
            dir.file_name().unwrap().to_string_lossy()
        )
    };
    let output = Command::cargo_bin("slider-check")
        .unwrap()
        // 4x4 proofs build their pattern databases here once, not in ~/.cache.
        .env("SLIDER_PDB_DIR", env!("CARGO_TARGET_TMPDIR"))
        .args(&args)
        .args(extra)
        .arg(rel("puzzle.txt"))
        .arg(rel("answer.txt"))
        .output()
        .unwrap();
    // The one thing allowed on stderr: the note that the 4x4 (6-6-3) pattern
    // databases were built (the first time a proof needs them).
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr
            .lines()
            .all(|l| l.starts_with("note: built the 6-6-3 pattern databases")),
        "stderr: {stderr}"
    );
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

#[test]
fn checker_cases() {
    let count = std::fs::read_dir("fixtures/check").unwrap().count();
    assert!(count >= 40, "only {count} checker cases");
    insta::glob!("../fixtures", "check/*/answer.txt", |path| {
        let dir = path.parent().unwrap();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let expected = match name.as_bytes()[0] {
            b'a' => 0,
            b'r' => 1,
            b'u' => 3,
            other => panic!("case {name}: unknown prefix {}", other as char),
        };
        let (code, human) = run(dir, &["--color", "never"]);
        assert_eq!(code, expected, "{name}:\n{human}");
        let (json_code, json) = run(dir, &["--format", "json"]);
        assert_eq!(json_code, code);
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(
            parsed["verdict"],
            ["accepted", "rejected", "", "unproven"][code as usize]
        );
        insta::with_settings!({snapshot_path => "../snapshots", omit_expression => true}, {
            insta::assert_snapshot!(format!("exit: {code}\n--- human ---\n{human}--- json ---\n{json}"));
        });
    });
}
