//! The style section ("CHECKING STYLE AND COMMON BUG PATTERNS") with the
//! real tools: Debian's Checkstyle and PMD 6.12 (`.ci/pmd.sh`, found at
//! `SLIDER_PMD_HOME`). `fixtures/autograde/style/untidy` holds style faults
//! of each kind the course's reports flag; slider's reference is the
//! control. The section is pinned per edition in `snapshots/`, and its JSON
//! is checked against the text.

mod common;

use common::autograde::autograde;
use slider::autograde::style::{PMD_HOME_VAR, StyleTools};

/// The style section of a human report: from its banner to the line of
/// stars that closes it.
fn section(stdout: &str) -> String {
    let start = stdout
        .find("*  CHECKING STYLE AND COMMON BUG PATTERNS")
        .unwrap_or_else(|| panic!("no style section in:\n{stdout}"));
    let rest = &stdout[start..];
    let last = rest
        .find("% custom checkstyle checks for Solver.java")
        .unwrap_or_else(|| panic!("no last block in:\n{rest}"));
    let end = rest[last..]
        .find("\n********")
        .map_or(rest.len(), |e| last + e + 1);
    rest[..end].to_string()
}

fn snapshot(name: &str, text: &str) {
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(format!("autograde_style__{name}"), text);
    });
}

#[test]
fn checkstyle_and_pmd_are_installed() {
    let path = std::env::var_os("PATH");
    let home = std::env::var_os(PMD_HOME_VAR).map(std::path::PathBuf::from);
    let tools = StyleTools::find(path.as_deref(), home.as_deref());
    assert!(
        tools.checkstyle.is_some(),
        "no checkstyle on the PATH: apt-get install checkstyle (.ci/run does)"
    );
    assert!(
        tools.pmd.is_some(),
        "no PMD at {PMD_HOME_VAR}={home:?}: bash .ci/pmd.sh DIR prints the home to set (.ci/run does)"
    );
}

/// Grades `fixture` in `edition` and returns its style section, after
/// checking that the JSON's style warnings are the text's.
fn graded(fixture: &str, edition: &str) -> String {
    let run = autograde(&["--style", "--edition", edition, fixture]);
    run.assert_code(0);
    let text = section(&run.stdout);
    let report = &run.json["reports"][0];
    let style = &report["style"];
    let warnings = style["warnings"]
        .as_array()
        .expect("style warnings in the JSON");
    for w in warnings {
        let file = w["file"].as_str().unwrap();
        let line = w["line"].as_u64().unwrap();
        let message = w["message"].as_str().unwrap();
        let rule = w["rule"].as_str().unwrap();
        let at = format!("{file}:{line}");
        assert!(
            text.lines().any(|l| l.contains(&at)
                && l.contains(message)
                && l.ends_with(&format!("[{rule}]"))),
            "JSON warning {w} is not in the text:\n{text}"
        );
    }
    for tool in style["tools"].as_array().unwrap() {
        let verdict = tool["verdict"].as_str().unwrap();
        let name = tool["name"].as_str().unwrap();
        let line = run
            .stdout
            .lines()
            .find(|l| l.starts_with(&format!("{name}:")))
            .unwrap_or_else(|| panic!("no summary line for {name}"));
        match verdict {
            "passed" => assert!(line.ends_with("PASSED"), "{line}"),
            "failed" => assert!(line.contains("FAILED ("), "{line}"),
            _ => assert!(line.contains("not run: "), "{line}"),
        }
    }
    // SpotBugs is not run, and never reads PASSED.
    let spotbugs = &style["tools"][0];
    assert_eq!(spotbugs["verdict"], "not_run");
    assert_eq!(spotbugs["not_run"]["kind"], "not_available");
    text
}

#[test]
fn untidy_code_gets_each_editions_style_section() {
    for edition in ["52", "51", "49"] {
        let text = graded("fixtures/autograde/style/untidy", edition);
        snapshot(&format!("untidy-{edition}"), &text);
    }
}

#[test]
fn the_reference_is_the_control() {
    for edition in ["52", "51"] {
        let text = graded("fixtures/autograde/reference", edition);
        snapshot(&format!("reference-{edition}"), &text);
    }
}

#[test]
fn without_style_or_with_only_there_is_no_section() {
    for flags in [&[][..], &["--style", "--only", "api"][..]] {
        let mut args = flags.to_vec();
        args.push("fixtures/autograde/reference");
        let run = autograde(&args);
        run.assert_code(0);
        assert!(!run.stdout.contains("CHECKING STYLE"), "{flags:?}");
        assert!(!run.stdout.contains("Checkstyle:"), "{flags:?}");
        assert!(run.json["reports"][0].get("style").is_none(), "{flags:?}");
    }
}
