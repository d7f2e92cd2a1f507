//! Snapshots of `slider solve` on every course file the reference A* solves
//! within a test-sized node budget, plus one snapshot listing the files that
//! budget leaves out, so that the skip list itself is reviewed.

mod common;

use assert_cmd::Command;

/// Enough for every file but the 4x4 monsters the course calls too hard.
const TEST_NODE_BUDGET: &str = "2000000";

#[test]
fn solve_output_of_course_files() {
    let mut names: Vec<String> = std::fs::read_dir(common::course_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| {
            std::path::Path::new(name)
                .extension()
                .is_some_and(|e| e == "txt")
        })
        .collect();
    names.sort();
    assert_eq!(names.len(), 152, "the course set has 152 files");
    let mut skipped = String::new();
    for name in &names {
        let output = Command::cargo_bin("slider")
            .unwrap()
            .args(["solve", "--max-nodes", TEST_NODE_BUDGET])
            .arg(common::course_dir().join(name))
            .output()
            .unwrap();
        match output.status.code() {
            Some(0) => {
                let text = String::from_utf8(output.stdout).unwrap();
                let expected_header = match common::moves_from_name(name) {
                    Some(moves) => format!("Minimum number of moves = {moves}\n"),
                    None => "Unsolvable puzzle\n".to_string(),
                };
                assert!(text.starts_with(&expected_header), "{name}");
                insta::with_settings!({snapshot_path => "../snapshots", input_file => name, omit_expression => true}, {
                    insta::assert_snapshot!(format!("solve@{name}"), text);
                });
            }
            Some(1) => {
                skipped.push_str(name);
                skipped.push('\n');
            }
            other => panic!(
                "{name}: exit {other:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            ),
        }
    }
    insta::with_settings!({snapshot_path => "../snapshots"}, {
        insta::assert_snapshot!("beyond_the_test_budget", skipped);
    });
}
