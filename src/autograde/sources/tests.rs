//! Finding, reading and preparing a submission's sources.

use super::{SourceChange, find, prepare};
use std::path::Path;

fn lines(text: &str) -> usize {
    text.lines().count()
}

#[test]
fn a_source_with_a_byte_order_mark_or_in_latin_1_is_read_and_the_report_says_how() {
    let layouts = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/autograde/layouts");
    let reference = find(&layouts.join("../reference")).unwrap();
    for (layout, said) in [
        ("bom", SourceChange::ByteOrderMarkRemoved),
        ("latin1", SourceChange::ReadAsWindows1252),
    ] {
        let files = find(&layouts.join(layout)).unwrap();
        for (file, plain) in files.iter().zip(&reference) {
            assert_eq!(file.changes[0], said, "{layout}: {:?}", file.changes);
            assert!(file.text.ends_with(&plain.text), "{layout}/{}", file.name);
            assert!(!file.text.starts_with('\u{feff}'), "{layout}/{}", file.name);
        }
        if layout == "latin1" {
            assert!(
                files[0]
                    .text
                    .starts_with("// Auteur : René Lefèvre, été 2024 — ©\n")
            );
        }
    }
}

#[test]
fn every_form_of_package_declaration_is_blanked_and_lines_kept() {
    for source in [
        "package a.b;\nclass Board {}\n",
        "package\n  a . b\n ;\nclass Board {}\n",
        "/* x */ package /* y */ a.b; // z\nclass Board {}\n",
        "\\u0070ackage a.b;\nclass Board {}\n",
        "\\uuu0070ackage a\\u002eb\\u003b\nclass Board {}\n",
        "@Deprecated package a;\nclass Board {}\n",
    ] {
        let (text, changes) = prepare(source);
        assert!(
            !text.contains("package") && !text.contains("ackage"),
            "{source:?} -> {text:?}"
        );
        assert_eq!(lines(&text), lines(source), "{source:?}");
        assert_eq!(changes.len(), 1, "{source:?}: {changes:?}");
        assert!(text.contains("class Board {}"));
    }
}

#[test]
fn the_board_beside_the_solver_is_graded_and_the_others_are_named() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/autograde/layouts/two-boards");
    let files = find(&root).unwrap();
    let found: Vec<_> = files
        .iter()
        .map(|f| f.found.strip_prefix(&root).unwrap().to_path_buf())
        .collect();
    assert_eq!(
        found,
        [
            Path::new("src/8puzzle/Board.java"),
            Path::new("src/8puzzle/Solver.java")
        ]
    );
    assert_eq!(files[0].others, [root.join("zchess/Board.java")]);
    assert!(files[1].others.is_empty());
}

#[test]
fn words_in_strings_and_comments_are_not_code() {
    let (text, changes) = prepare("class Board { String s = \"package x;\"; } // MinPQ\n");
    assert!(changes.is_empty(), "{changes:?}");
    assert!(text.contains("\"package x;\""));
}

#[test]
fn imports_are_added_only_for_names_nothing_else_provides() {
    let cases = [
        (
            "import java.util.Stack;\nclass S { Stack<Integer> s; MinPQ<Integer> q; }\n",
            vec!["MinPQ"],
        ),
        (
            "import java.util.*;\nclass S { Stack<Integer> s; Queue<Integer> q; MinPQ<Integer> m; }\n",
            vec!["MinPQ"],
        ),
        ("class S { MinPQ<Integer> q; }\nclass MinPQ<T> {}\n", vec![]),
        (
            "import edu.princeton.cs.algs4.MinPQ;\nclass S { MinPQ<Integer> q; Stack<Integer> s; }\n",
            vec![],
        ),
        (
            "class S { Stack<Integer> s; StdOut x; }\n",
            vec!["Stack", "StdOut"],
        ),
    ];
    for (source, added) in cases {
        let (text, changes) = prepare(source);
        for class in ["MinPQ", "Stack", "Queue", "StdOut"] {
            let import = format!("import edu.princeton.cs.algs4.{class};");
            let new = text.matches(&import).count() - source.matches(&import).count();
            assert_eq!(new == 1, added.contains(&class), "{source:?} -> {text:?}");
        }
        assert_eq!(changes.is_empty(), added.is_empty(), "{source:?}");
        assert_eq!(lines(&text), lines(source));
    }
}

#[test]
fn the_student_is_named_by_gradescopes_metadata_or_by_the_submission() {
    let root = tempfile::tempdir().unwrap();
    let submission = root.path().join("submission");
    std::fs::create_dir(&submission).unwrap();
    assert_eq!(super::student::student(&submission), "submission");
    std::fs::write(
        root.path().join("submission_metadata.json"),
        r#"{"id": 1, "users": [{"email": "ada@x.edu", "name": "Ada Lovelace", "sid": "7"}, {"email": "g@x.edu"}]}"#,
    )
    .unwrap();
    assert_eq!(
        super::student::student(&submission),
        "Ada Lovelace & g@x.edu"
    );
    // garbage metadata is no metadata
    std::fs::write(root.path().join("submission_metadata.json"), b"\xff{").unwrap();
    assert_eq!(super::student::student(&submission), "submission");
    assert_eq!(super::student::student("hw/ZIP.ZIP".as_ref()), "ZIP");
}

#[test]
fn a_file_named_in_another_case_is_named_in_the_error() {
    let root = tempfile::tempdir().unwrap();
    std::fs::write(root.path().join("Board.java"), "public class Board {}").unwrap();
    std::fs::create_dir(root.path().join("src")).unwrap();
    std::fs::write(
        root.path().join("src/solver.java"),
        "public class Solver {}",
    )
    .unwrap();
    let error = super::find(root.path()).unwrap_err().to_string();
    assert!(
        error.starts_with("Solver.java not found in the submission, but ")
            && error.contains("src/solver.java is there")
            && error.ends_with("rename it Solver.java"),
        "{error}"
    );
}
