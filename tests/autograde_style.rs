//! The style section ("CHECKING STYLE AND COMMON BUG PATTERNS") with the
//! real tools: Debian's Checkstyle and PMD 6.12 (`src/autograde/style/pmd/install.sh`, found at
//! `SLIDER_PMD_HOME`). `fixtures/autograde/style/untidy` holds style faults
//! of each kind the course's reports flag; slider's reference is the
//! control. The section is pinned per edition in `snapshots/`, and its JSON
//! is checked against the text.

mod common;

use common::autograde::autograde;

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
    common::autograde::style_tools_installed();
}

/// Grades `fixture` in `edition` and returns its style section, after
/// checking that the JSON's style warnings are the text's.
fn graded(fixture: &str, edition: &str) -> String {
    let run = autograde(&["--edition", edition, fixture]);
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

/// The section in every other format: Gradescope's tests and Classroom's
/// runner (worth nothing, a tool that found something failed), the
/// Markdown summary and the HTML page, each with the text's lines.
#[test]
fn every_format_shows_the_style_section() {
    let files = tempfile::tempdir().unwrap();
    let path = |name: &str| files.path().join(name).display().to_string();
    let (gradescope, markdown, html, classroom) = (
        path("results.json"),
        path("summary.md"),
        path("html"),
        path("classroom"),
    );
    let fixture = "fixtures/autograde/style/untidy";
    let run = autograde(&[
        "--edition",
        "51",
        "--gradescope",
        &gradescope,
        "--markdown",
        &markdown,
        "--html",
        &html,
        "--classroom",
        &classroom,
        fixture,
    ]);
    run.assert_code(0);
    let text = section(&run.stdout);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("[WARN]")).collect();
    assert!(!lines.is_empty(), "{text}");
    let read = |p: &str| std::fs::read_to_string(p).unwrap();

    let results: serde_json::Value = serde_json::from_str(&read(&gradescope)).unwrap();
    let tests = results["tests"].as_array().unwrap();
    let style: Vec<&serde_json::Value> = tests.iter().filter(|t| t["tags"][0] == "style").collect();
    let names: Vec<&str> = style.iter().map(|t| t["name"].as_str().unwrap()).collect();
    // SpotBugs does not run here: no test says it passed
    assert_eq!(names, ["Style: PMD", "Style: Checkstyle"]);
    for test in &style {
        assert_eq!(
            (test["score"].as_f64(), test["max_score"].as_f64()),
            (Some(0.0), Some(0.0))
        );
        assert_eq!(test["status"], "failed", "{test}");
    }
    let checkstyle = style[1]["output"].as_str().unwrap();
    let markdown = read(&markdown);
    let classroom: serde_json::Value =
        serde_json::from_str(&read(&format!("{classroom}/style.json"))).unwrap();
    assert_eq!(classroom["status"], "pass");
    assert_eq!(classroom["max_score"], 0.0);
    let messages: Vec<&str> = classroom["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            assert_eq!(t["status"], "fail", "{t}");
            t["message"].as_str().unwrap()
        })
        .collect();
    let page = std::fs::read_dir(&html)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "html") && !p.ends_with("index.html"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .expect("a student's page");
    assert!(page.contains("id=\"style-checkstyle\""), "{page}");
    for line in lines {
        assert!(
            checkstyle.contains(line),
            "Gradescope lacks {line}:\n{checkstyle}"
        );
        assert!(markdown.contains(line), "Markdown lacks {line}");
        assert!(
            messages.iter().any(|m| m.contains(line)),
            "Classroom lacks {line}"
        );
        let escaped = line
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&#39;");
        assert!(page.contains(&escaped), "HTML lacks {line}");
    }
    assert!(markdown.contains("### Style: Checkstyle"), "{markdown}");
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
fn with_no_style_or_with_only_there_is_no_section() {
    for flags in [&["--no-style"][..], &["--only", "api"][..]] {
        let mut args = flags.to_vec();
        args.push("fixtures/autograde/reference");
        let run = autograde(&args);
        run.assert_code(0);
        assert!(!run.stdout.contains("CHECKING STYLE"), "{flags:?}");
        assert!(!run.stdout.contains("Checkstyle:"), "{flags:?}");
        assert!(run.json["reports"][0].get("style").is_none(), "{flags:?}");
    }
}
