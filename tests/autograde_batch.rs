//! A class folder's entries that cannot be read as submissions
//! (`fixtures/autograde/batch-unreadable/`: a dangling link, a `.zip` that
//! is no archive, a file that is neither a folder nor a `.zip`) are never
//! dropped: each gets a row of status `unreadable` in every output, and a
//! warning, and the batch exits 1. The console shows a line per student
//! and the class's table (`-q`: the table alone; `-v`: every report); the
//! class's page and table name students (never by path) and give the
//! mean, the median and the statuses.
//!
//! The batches need a JDK (`.ci/run` installs one): without it the test fails.

mod common;

use std::path::Path;
use std::time::Duration;

use slider::autograde::{Report, Stage, StageNote};
use slider::course::{Api, Edition};
use slider::present::autograde as present;

const UNREADABLE: [&str; 3] = ["bob", "carol.zip", "notes.txt"];

/// The class: the fixture's files, `alice` a link to the reference and
/// `bob` a link to nothing, both made here.
fn class() -> tempfile::TempDir {
    let fixture = common::autograde::root_dir().join("fixtures/autograde/batch-unreadable/class");
    let class = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(&fixture).unwrap().flatten() {
        std::fs::copy(entry.path(), class.path().join(entry.file_name())).unwrap();
    }
    let reference = common::autograde::root_dir().join("fixtures/autograde/reference");
    std::os::unix::fs::symlink(reference, class.path().join("alice")).unwrap();
    std::os::unix::fs::symlink(class.path().join("gone"), class.path().join("bob")).unwrap();
    assert!(!class.path().join("bob").exists(), "bob dangles");
    class
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_unreadable_entry_of_a_batch_gets_a_row_and_a_warning() {
    common::require_jdk();
    let class = class();
    let out = tempfile::tempdir().unwrap();
    let file = |name: &str| out.path().join(name);
    let output = assert_cmd::Command::cargo_bin("slider")
        .unwrap()
        .args(["autograde", "--only", "api", "--batch"])
        .arg(class.path())
        .arg("--csv")
        .arg(file("class.csv"))
        .arg("--json")
        .arg(file("class.json"))
        .arg("--junit")
        .arg(file("class.xml"))
        .arg("--markdown")
        .arg(file("class.md"))
        .arg("--out-dir")
        .arg(file("students"))
        .arg("--html")
        .arg(file("html"))
        .timeout(Duration::from_secs(600))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    let shown = class.path().display().to_string();
    let filters = vec![(shown.as_str(), "CLASS")];

    // The warnings, one per entry, and the CSV: snapshotted.
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    assert_eq!(warnings.len(), UNREADABLE.len(), "{stderr}");
    insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => true, omit_expression => true, filters => filters.clone() }, {
        insta::assert_snapshot!("batch-unreadable-warnings", warnings.join("\n"));
        insta::assert_snapshot!("batch-unreadable-csv", read(&file("class.csv")));
    });

    // The JSON: a report per entry, the unreadable ones with no points.
    let json: serde_json::Value = serde_json::from_str(&read(&file("class.json"))).unwrap();
    let statuses: Vec<(String, String, f64)> = json["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let name = Path::new(r["submission"].as_str().unwrap());
            (
                name.file_name().unwrap().to_string_lossy().into_owned(),
                r["status"].as_str().unwrap().to_string(),
                r["score"].as_f64().unwrap(),
            )
        })
        .collect();
    let mut want = vec![("alice".to_string(), "ok".to_string(), 100.0)];
    want.extend(UNREADABLE.map(|n| (n.to_string(), "unreadable".to_string(), 0.0)));
    assert_eq!(statuses, want);

    assert_junit(&read(&file("class.xml")), &shown);

    // The text on standard output, the Markdown, each student's files and
    // the class's page: every entry is there, the unreadable ones said so.
    let markdown = read(&file("class.md"));
    let index = read(&file("html/index.html"));
    for name in UNREADABLE {
        let stem = name.trim_end_matches(".zip");
        let text = read(&file(&format!("students/{stem}.txt")));
        let student: serde_json::Value =
            serde_json::from_str(&read(&file(&format!("students/{stem}.json")))).unwrap();
        let page = read(&file(&format!("html/{stem}.html")));
        for (what, words) in [("stdout", &*stdout), ("markdown", &markdown)] {
            assert!(words.contains(name), "{what} lacks {name}");
        }
        // the class page names the student (the entry's name, without .zip)
        assert!(index.contains(&format!(">{stem}</a>")), "html lacks {stem}");
        assert!(
            text.contains("cannot be read: unreadable"),
            "{name}'s text:\n{text}"
        );
        assert!(page.contains("unreadable"), "{name}'s page");
        assert_eq!(
            student["reports"][0]["status"], "unreadable",
            "{name}'s JSON"
        );
    }
    // the console: a line per entry, then the class's table; the full
    // reports are in --out-dir's files
    assert!(!stdout.contains("ASSESSMENT SUMMARY"), "{stdout}");
    for name in UNREADABLE {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with('[')
                    && l.contains(&format!("] {name}: 0.00% (unreadable) in "))),
            "{name}'s line:\n{stdout}"
        );
    }
    let table = &stdout[stdout
        .find("CLASS SUMMARY: 4 submissions\n")
        .expect(&stdout)..];
    assert!(table.contains("\nmean 25.00%, median 0.00%\n"), "{table}");
    assert!(table.ends_with("statuses: ok 1, unreadable 3\n"), "{table}");
    assert_eq!(
        markdown.matches("cannot be read: unreadable").count(),
        UNREADABLE.len()
    );
}

/// `JUnit`: a suite per entry, its status a property.
fn assert_junit(junit: &str, shown: &str) {
    let doc = roxmltree::Document::parse(junit).unwrap();
    let suites: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testsuite"))
        .map(|suite| {
            let status = suite
                .descendants()
                .find(|p| p.has_tag_name("property") && p.attribute("name") == Some("status"))
                .and_then(|p| p.attribute("value"))
                .unwrap_or("none")
                .to_string();
            (
                suite.attribute("name").unwrap().replace(shown, "CLASS"),
                status,
            )
        })
        .collect();
    let mut want = vec![("CLASS/alice".to_string(), "ok".to_string())];
    want.extend(UNREADABLE.map(|n| (format!("CLASS/{n}"), "unreadable".to_string())));
    assert_eq!(suites, want);
}

/// What `slider autograde --batch` prints on the console: with `-q` the
/// class's table alone; with `-v` every full report, then the table.
#[test]
fn a_batch_prints_its_table_alone_with_q_and_every_report_with_v() {
    common::require_jdk();
    let class = class();
    let run = |flag: &str| {
        let output = assert_cmd::Command::cargo_bin("slider")
            .unwrap()
            .args(["autograde", flag, "--only", "api", "--batch"])
            .arg(class.path())
            .timeout(Duration::from_secs(600))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let quiet = run("-q");
    assert!(
        quiet.starts_with("\nCLASS SUMMARY: 4 submissions\n"),
        "{quiet}"
    );
    assert!(
        !quiet.contains("] alice: "),
        "no line per student:\n{quiet}"
    );
    let verbose = run("-v");
    assert_eq!(
        verbose.matches("ASSESSMENT SUMMARY").count(),
        4,
        "{verbose}"
    );
    assert!(
        verbose.contains("\nCLASS SUMMARY: 4 submissions\n"),
        "{verbose}"
    );
}

/// Two students of a class folder named by absolute paths: alice passes,
/// bob's does not compile.
fn class_reports() -> Vec<Report> {
    let mut alice = {
        let mut alice = Report::new(
            "/home/ta/class/alice".into(),
            Api::Coursera,
            Edition::default(),
        );
        alice.compilation = Stage::passed_clean();
        alice.api_check = Stage::passed_clean();
        alice
    };
    alice.student = "Alice Liddell".into();
    let mut bob = Report::new(
        "/home/ta/class/bob".into(),
        Api::Coursera,
        Edition::default(),
    );
    bob.student = "bob".into();
    bob.files = vec!["/home/ta/class/bob/Board.java".into()];
    bob.compilation = Stage::failed(vec![StageNote::Javac("Board.java:3: error".into())]);
    vec![alice, bob]
}

#[test]
fn the_class_page_names_students_and_sums_the_class_up() {
    let reports = class_reports();
    let page = present::html::class(&reports, &|i| format!("{i}.html"));
    assert!(page.contains(">Alice Liddell</a>"), "{page}");
    assert!(page.contains(">bob</a>"), "{page}");
    assert!(
        !page.contains("/home/ta"),
        "no path on a page to publish: {page}"
    );
    assert!(page.contains("mean 50.00%, median 50.00%"), "{page}");
    assert!(page.contains("<tr><td>ok</td><td>1</td></tr>"), "{page}");
    assert!(
        page.contains("<tr><td>compile-error</td><td>1</td></tr>"),
        "{page}"
    );
}

#[test]
fn the_class_table_on_the_console() {
    let reports = class_reports();
    let summaries: Vec<present::summary::Summary> =
        reports.iter().map(present::summary::Summary::of).collect();
    let table = present::class_table::table(&summaries);
    insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => true, omit_expression => true }, {
        insta::assert_snapshot!("class-table", table);
    });
    assert!(!table.contains("/home/ta"), "{table}");
}
