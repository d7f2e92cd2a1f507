//! An installed `slider` stands alone: no `--help` names a path of the
//! build tree, and the benchmarks' defaults (shipped in the binary) work
//! from a folder with nothing of the clone in it.

use assert_cmd::Command;

fn slider() -> Command {
    Command::cargo_bin("slider").unwrap()
}

/// Every command's and subcommand's help, as a user reads it.
const HELPS: &[&[&str]] = &[
    &[],
    &["solve"],
    &["gen"],
    &["grade"],
    &["autograde"],
    &["autograde", "merge"],
    &["pdb"],
    &["pdb", "build"],
    &["bench"],
    &["bench", "autograde"],
    &["bench", "reference"],
    &["bench", "oracle"],
    &["bench", "classic"],
    &["bench", "pdb"],
    &["bench", "korf"],
    &["bench", "24"],
    &["bench", "hardest"],
    &["bench", "partitions"],
];

#[test]
fn no_help_names_the_build_tree() {
    let build = env!("CARGO_MANIFEST_DIR");
    for args in HELPS {
        let out = slider().args(*args).arg("--help").assert().code(0);
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(text.contains("Usage: slider"), "{args:?}: {text}");
        assert!(
            !text.contains(build),
            "`slider {args:?} --help` names {build}:\n{text}"
        );
    }
    let out = Command::cargo_bin("slider-check")
        .unwrap()
        .arg("--help")
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(!text.contains(build), "{text}");
}

/// `bench korf` with no file solves Korf's 100 as shipped, from an
/// empty folder: the first instance's optimum is 57.
#[test]
fn bench_korf_defaults_to_the_shipped_set_from_any_folder() {
    let empty = tempfile::tempdir().unwrap();
    let out = slider()
        .current_dir(empty.path())
        .args([
            "bench",
            "korf",
            "--limit",
            "1",
            "--heuristic",
            "linear-conflict",
        ])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("on korf100-blank-last.txt (1 instances, 4x4)"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().take(3).eq(["1", "57", "57"])),
        "{text}"
    );
    assert!(text.contains("1/1 solved optimally"), "{text}");
}

/// `bench 24` reads the shipped 24-puzzle set: an instance it does not
/// hold is refused by the shipped file's name and count, before any
/// database is built.
#[test]
fn bench_24_names_its_shipped_set() {
    let empty = tempfile::tempdir().unwrap();
    let out = slider()
        .current_dir(empty.path())
        .args(["bench", "24", "--instances", "51"])
        .assert()
        .code(2);
    let text = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        text.contains(
            "--instances: 51 is not an instance of korf-felner-24puzzle-50.txt (1 to 50)"
        ),
        "{text}"
    );
}

/// `bench reference` times the shipped timing puzzles from an empty
/// folder (the bi-BFS part on one named file: it needs the JDK, which
/// `.ci/run` installs).
#[test]
fn bench_reference_defaults_to_the_shipped_course_files() {
    let empty = tempfile::tempdir().unwrap();
    let small = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/course/puzzle4x4-30.txt"
    );
    let out = slider()
        .current_dir(empty.path())
        .args(["bench", "reference", "--runs", "1", "--bibfs", small])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().take(2).eq(["puzzle36", "36"])),
        "{text}"
    );
}

/// `bench autograde` has no default folder of submissions: it asks for
/// one.
#[test]
fn bench_autograde_requires_its_fixtures() {
    let out = slider().args(["bench", "autograde"]).assert().code(2);
    let text = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(text.contains("--fixtures <DIR>"), "{text}");
}
