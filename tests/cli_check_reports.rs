//! `slider-check`'s report flags: `--json FILE`, `--junit FILE` and
//! `--format github` on a single pair as on a batch, and the report files
//! it refuses (exit 2, with the reason).

use assert_cmd::Command;

fn check() -> Command {
    Command::cargo_bin("slider-check").unwrap()
}

const REJECTED: [&str; 2] = [
    "fixtures/check/r20-not-optimal/puzzle.txt",
    "fixtures/check/r20-not-optimal/answer.txt",
];

/// A `JUnit` file with its times (which vary) blanked.
fn junit_without_times(path: &std::path::Path) -> String {
    let xml = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    let mut rest = xml.as_str();
    while let Some(at) = rest.find(" time=\"") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 7..];
        let end = after.find('"').unwrap();
        out.push_str(" time=\"[time]\"");
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

fn snapshot(name: &str, text: &str) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true, omit_expression => true}, {
        insta::assert_snapshot!(name, text);
    });
}

/// A single pair's reports: the JSON file is the `--format json` report,
/// the `JUnit` file a failed case with the finding, and the console still
/// prints the text.
#[test]
fn a_single_pair_writes_json_and_junit() {
    let dir = tempfile::tempdir().unwrap();
    let (json, junit) = (dir.path().join("r.json"), dir.path().join("r.xml"));
    let out = check()
        .args(REJECTED)
        .arg("--json")
        .arg(&json)
        .arg("--junit")
        .arg(&junit)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("error[E0230]"), "{stdout}");
    let written = std::fs::read_to_string(&json).unwrap();
    let printed = check()
        .args(REJECTED)
        .args(["--format", "json"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert_eq!(written, String::from_utf8(printed).unwrap());
    snapshot("single_json", &written);
    let xml = junit_without_times(&junit);
    assert!(
        xml.contains(r#"tests="1" skipped="0" errors="0" failures="1""#),
        "{xml}"
    );
    snapshot("single_junit", &xml);
}

/// An accepted pair: a passing case, an `accepted` verdict.
#[test]
fn an_accepted_pair_passes_in_the_reports() {
    let dir = tempfile::tempdir().unwrap();
    let (json, junit) = (dir.path().join("a.json"), dir.path().join("a.xml"));
    check()
        .args([
            "fixtures/check/a01-course-output/puzzle.txt",
            "fixtures/check/a01-course-output/answer.txt",
        ])
        .arg("--json")
        .arg(&json)
        .arg("--junit")
        .arg(&junit)
        .assert()
        .code(0);
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(value["verdict"], "accepted");
    assert_eq!(value["moves"], 4);
    let xml = junit_without_times(&junit);
    assert!(
        xml.contains(r#"tests="1" skipped="0" errors="0" failures="0""#),
        "{xml}"
    );
}

/// An answer that cannot be read: exit 2 as ever, and the reports say so
/// (an error case, an `error` verdict) rather than staying empty.
#[test]
fn an_unreadable_answer_is_an_error_in_the_reports() {
    let dir = tempfile::tempdir().unwrap();
    let (json, junit) = (dir.path().join("e.json"), dir.path().join("e.xml"));
    check()
        .args([REJECTED[0], "fixtures/check/no-such-answer.txt"])
        .arg("--json")
        .arg(&json)
        .arg("--junit")
        .arg(&junit)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot read"));
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(value["verdict"], "error");
    assert!(
        value["error"].as_str().unwrap().starts_with("cannot read "),
        "{value}"
    );
    let xml = junit_without_times(&junit);
    assert!(
        xml.contains(r#"tests="1" skipped="0" failures="0" errors="1""#)
            || xml.contains(r#"tests="1" skipped="0" errors="1" failures="0""#),
        "{xml}"
    );
}

/// `--format github` on a single pair: an `::error` per finding at its
/// line and column, then the summary.
#[test]
fn a_single_pair_annotates_for_github() {
    let out = check()
        .args(REJECTED)
        .args(["--format", "github"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.starts_with(
            "::error file=fixtures/check/r20-not-optimal/answer.txt,line=1,col=27,title=E0230::"
        ),
        "{text}"
    );
}

/// `--batch --format github`: each rejected pair's findings annotated on
/// its answer file (named from the working folder, `..` folded away),
/// a pair not checked annotated on its manifest line, then the lines and
/// counts.
#[test]
fn a_batch_annotates_for_github() {
    let out = check()
        .args([
            "--batch",
            "fixtures/check-batch/pairs.txt",
            "--format",
            "github",
        ])
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("::error ")).collect();
    assert_eq!(errors.len(), 3, "{text}");
    assert!(
        errors[0].starts_with(
            "::error file=fixtures/check/r20-not-optimal/answer.txt,line=1,col=27,title=E0230::"
        ),
        "{text}"
    );
    assert!(
        errors[2]
            .starts_with("::error file=fixtures/check-batch/pairs.txt,line=10,title=not checked::"),
        "{text}"
    );
    assert!(
        text.ends_with("7 pairs: 4 accepted, 2 rejected, 0 unproven, 1 not checked\n"),
        "{text}"
    );
    snapshot("batch_github", &text);
}

/// A report file that is an input, or both reports in one file: refused
/// before anything is written (exit 2), the input left as it was.
#[test]
fn a_report_file_that_would_erase_an_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("answer.txt");
    std::fs::copy(REJECTED[1], &answer).unwrap();
    let before = std::fs::read(&answer).unwrap();
    check()
        .arg(REJECTED[0])
        .arg(&answer)
        .arg("--junit")
        .arg(&answer)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("is an input of the check"));
    assert_eq!(std::fs::read(&answer).unwrap(), before);
    let both = dir.path().join("both.txt");
    check()
        .args(REJECTED)
        .arg("--json")
        .arg(&both)
        .arg("--junit")
        .arg(&both)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--json and --junit both name"));
    assert!(!both.exists());
    check()
        .args(["--batch", "fixtures/check-batch/pairs.txt", "--json"])
        .arg("fixtures/check-batch/pairs.txt")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("is an input of the check"));
}
