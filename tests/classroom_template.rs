//! The GitHub Classroom template (`examples/classroom.yml`): the workflow
//! name, permissions and triggers that Classroom's autograding reads, the
//! inputs it gives `action.yml`, and the prebuilt binary the action fetches
//! named as `examples/release-binary.yml` attaches it. GitHub itself cannot
//! run here: what is checked is what the files say, parsed as YAML 1.2
//! (as GitHub reads them: `on:` is a key, not `true`).

use std::path::Path;

use yaml_rust2::{Yaml, YamlLoader};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn load(path: &str) -> Yaml {
    let mut docs = YamlLoader::load_from_str(&read(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(docs.len(), 1, "{path} holds one document");
    docs.remove(0)
}

fn keys(map: &Yaml) -> Vec<&str> {
    map.as_hash()
        .unwrap_or_else(|| panic!("not a mapping: {map:?}"))
        .keys()
        .map(|k| {
            k.as_str()
                .unwrap_or_else(|| panic!("a key that is not a string: {k:?}"))
        })
        .collect()
}

/// The steps of job `job` of a workflow, or of a composite action's `runs`.
fn step_list(steps: &Yaml) -> &[Yaml] {
    steps
        .as_vec()
        .unwrap_or_else(|| panic!("no steps: {steps:?}"))
}

#[test]
fn the_template_has_what_classroom_reads() {
    let workflow = load("examples/classroom.yml");
    assert_eq!(workflow["name"].as_str(), Some("Autograding Tests"));
    let mut triggers = keys(&workflow["on"]);
    triggers.sort_unstable();
    assert_eq!(
        triggers,
        ["push", "repository_dispatch", "workflow_dispatch"]
    );
    let permissions = &workflow["permissions"];
    assert_eq!(permissions["checks"].as_str(), Some("write"));
    assert_eq!(permissions["contents"].as_str(), Some("read"));
    assert_eq!(permissions["actions"].as_str(), Some("read"));
    assert_eq!(keys(permissions).len(), 3, "no other permission");

    let jobs = keys(&workflow["jobs"]);
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    let job = &workflow["jobs"][jobs[0]];
    assert_eq!(job["runs-on"].as_str(), Some("ubuntu-latest"));
    let steps = step_list(&job["steps"]);
    assert!(
        steps[0]["uses"]
            .as_str()
            .is_some_and(|u| u.starts_with("actions/checkout@"))
    );
    // slider, checked out from the repository and tag the organization's
    // variables name (no placeholder), into a hidden folder, run from there
    let checkout = steps
        .iter()
        .find(|s| s["with"]["path"].as_str() == Some(".slider"))
        .expect("a step checks slider out into .slider");
    assert_eq!(
        checkout["with"]["repository"].as_str(),
        Some("${{ vars.SLIDER_REPOSITORY }}")
    );
    assert_eq!(
        checkout["with"]["ref"].as_str(),
        Some("${{ vars.SLIDER_REF }}")
    );
    let slider = steps
        .iter()
        .find(|s| s["uses"].as_str() == Some("./.slider"))
        .expect("a step uses slider's action");
    let url = slider["with"]["slider-url"].as_str().unwrap_or_default();
    assert!(
        url.contains("${{ vars.SLIDER_REPOSITORY }}/releases/download/${{ vars.SLIDER_REF }}/slider-x86_64-linux"),
        "{url}"
    );
    for path in [
        "README.md",
        "action.yml",
        "examples/classroom.yml",
        "examples/release-binary.yml",
    ] {
        let text = read(path);
        for placeholder in ["your-course/", "OWNER/slider", "OWNER/REPO"] {
            assert!(
                !text.contains(placeholder),
                "{path} holds the placeholder {placeholder}"
            );
        }
    }
    // Every input the template gives is one the action declares.
    let action = load("action.yml");
    let declared = keys(&action["inputs"]);
    for given in keys(&slider["with"]) {
        assert!(declared.contains(&given), "action.yml has no input {given}");
    }
}

#[test]
fn the_action_fetches_the_binary_the_release_workflow_attaches() {
    let action = load("action.yml");
    assert_eq!(action["runs"]["using"].as_str(), Some("composite"));
    let steps = step_list(&action["runs"]["steps"]);
    let position = |needle: &str| {
        steps
            .iter()
            .position(|s| s["run"].as_str().is_some_and(|r| r.contains(needle)))
            .unwrap_or_else(|| panic!("no step runs {needle}"))
    };
    let fetch = position("releases/download/");
    let build = position("cargo install");
    let grade = position("classroom/grade.sh");
    assert!(
        fetch < build && build < grade,
        "fetch, else build, then grade"
    );
    // Building from source is only the fallback.
    let fetch_id = steps[fetch]["id"]
        .as_str()
        .expect("the fetch step has an id");
    let fallback = format!("steps.{fetch_id}.outputs.slider == ''");
    let condition = steps[build]["if"].as_str().unwrap_or_default();
    assert!(condition.contains(&fallback), "{condition}");
    let cache = steps
        .iter()
        .find(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("actions/cache@"))
        })
        .expect("the fallback build is cached");
    assert!(cache["if"].as_str().unwrap_or_default().contains(&fallback));
    assert!(
        steps[grade]["env"]["PREBUILT"]
            .as_str()
            .is_some_and(|v| v.contains(&format!("steps.{fetch_id}.outputs.slider")))
    );

    // The asset's name is the one the release workflow uploads.
    let asset = "slider-x86_64-linux";
    assert!(
        steps[fetch]["run"]
            .as_str()
            .unwrap()
            .contains(&format!("/{asset}"))
    );
    let release = load("examples/release-binary.yml");
    assert_eq!(keys(&release["on"]), ["release"]);
    assert_eq!(release["permissions"]["contents"].as_str(), Some("write"));
    let jobs = keys(&release["jobs"]);
    let uploads = step_list(&release["jobs"][jobs[0]]["steps"])
        .iter()
        .filter_map(|s| s["run"].as_str())
        .any(|r| r.contains("gh release upload") && r.contains(asset));
    assert!(uploads, "examples/release-binary.yml uploads {asset}");
}

#[test]
fn the_files_the_readme_and_the_action_name_are_there() {
    for (text, name) in [
        (read("README.md"), "README.md"),
        (read("action.yml"), "action.yml"),
    ] {
        let named: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || "()[]`,;:".contains(c))
            .filter(|w| {
                w.starts_with("examples/") && Path::new(w).extension().is_some_and(|e| e == "yml")
            })
            .collect();
        assert!(
            named.contains(&"examples/classroom.yml"),
            "{name} names the template"
        );
        for path in named {
            assert!(
                root().join(path).is_file(),
                "{name} names {path}, which is missing"
            );
        }
    }
    // The README's snippet carries what Classroom reads.
    let readme = read("README.md");
    for line in [
        "name: Autograding Tests",
        "checks: write",
        "repository_dispatch",
    ] {
        assert!(
            readme.contains(line),
            "the README's Classroom snippet lacks `{line}`"
        );
    }
}
