//! `slider autograde --shard I/N` and `slider autograde merge`: a batch
//! graded as N shards, each its own process (as N machines of a cluster
//! would), and merged, gives the rows one run of the whole batch gives;
//! a shard or a submission missing or there twice is an error.

mod common;

use std::path::Path;

use common::autograde::*;

/// A batch of four: the reference, the Princeton variant, two buggy.
fn batch(dir: &Path) {
    for fixture in [
        "reference",
        "princeton",
        "buggy/no-caching",
        "buggy/hamming-counts-blank",
    ] {
        let to = dir.join(fixture.rsplit('/').next().unwrap());
        std::fs::create_dir(&to).unwrap();
        for file in ["Board.java", "Solver.java"] {
            std::fs::copy(
                root_dir()
                    .join("fixtures/autograde")
                    .join(fixture)
                    .join(file),
                to.join(file),
            )
            .unwrap();
        }
    }
}

fn merge(args: &[&str]) -> assert_cmd::assert::Assert {
    assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("slider"))
        .current_dir(root_dir())
        .args(["autograde", "merge"])
        .args(args)
        .timeout(std::time::Duration::from_secs(120))
        .assert()
}

/// The CSV's rows, and each report without its times.
fn rows(csv: &Path) -> String {
    std::fs::read_to_string(csv).unwrap()
}

fn timeless(json: &Path) -> Vec<serde_json::Value> {
    let all: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    all["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|report| {
            let mut report = report.clone();
            report["elapsed_ms"] = serde_json::Value::Null;
            report["profile"] = serde_json::Value::Null;
            for section in report["sections"].as_array_mut().unwrap() {
                section["time_ms"] = serde_json::Value::Null;
            }
            report
        })
        .collect()
}

#[test]
fn shards_run_as_processes_merge_into_the_batch_and_refuse_a_gap_or_a_double() {
    common::require_jdk();
    let work = tempfile::tempdir().unwrap();
    let subs = work.path().join("subs");
    std::fs::create_dir(&subs).unwrap();
    batch(&subs);
    let subs = subs.display().to_string();
    let flags = ["--only", "api,correctness", "--jobs", "1"];

    // the whole batch, in one run
    let whole = work.path().join("whole");
    std::fs::create_dir(&whole).unwrap();
    let (csv, html) = (whole.join("all.csv"), whole.join("pages"));
    let mut args = flags.to_vec();
    let (csv_arg, html_arg) = (csv.display().to_string(), html.display().to_string());
    args.extend(["--batch", &subs, "--csv", &csv_arg, "--html", &html_arg]);
    let alone = autograde(&args);
    assert_eq!(alone.code, 1, "two buggy submissions: {}", alone.stderr);

    // two shards, side by side, as two processes, into one folder
    let out = work.path().join("out");
    let out_arg = out.display().to_string();
    let shards: Vec<Run> = std::thread::scope(|scope| {
        let runs: Vec<_> = ["1/2", "2/2"]
            .map(|shard| {
                let mut args = flags.to_vec();
                args.extend(["--batch", &subs, "--shard", shard, "--out-dir", &out_arg]);
                args.extend(["--html", &out_arg]);
                scope.spawn(move || autograde(&args))
            })
            .into_iter()
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    for run in &shards {
        assert!(run.code <= 1, "{}", run.stderr);
        assert_eq!(run.json["reports"].as_array().unwrap().len(), 2);
    }
    let merged = work.path().join("merged");
    std::fs::create_dir(&merged).unwrap();
    let (m_csv, m_json, m_html) = (
        merged.join("all.csv"),
        merged.join("all.json"),
        merged.join("pages"),
    );
    let m_args = [
        "--csv",
        m_csv.to_str().unwrap(),
        "--json",
        m_json.to_str().unwrap(),
        "--html",
        m_html.to_str().unwrap(),
    ];
    let mut args = vec![out_arg.as_str()];
    args.extend(m_args);
    merge(&args).code(1);
    assert_eq!(rows(&m_csv), rows(&csv), "the merged CSV is the batch's");
    assert_eq!(
        timeless(&m_json),
        timeless(&alone.files.path().join("report.json")),
        "the merged JSON is the batch's"
    );
    let page = std::fs::read_to_string(m_html.join("index.html")).unwrap();
    assert_eq!(
        page,
        std::fs::read_to_string(html.join("index.html")).unwrap(),
        "the merged class page is the batch's"
    );
    for name in [
        "reference",
        "princeton",
        "no-caching",
        "hamming-counts-blank",
    ] {
        assert!(
            m_html.join(format!("{name}.html")).is_file(),
            "{name}'s page"
        );
    }

    refusals(work.path(), &out, &m_args);
}

/// What merge refuses: a shard missing, a shard twice, a submission
/// graded twice, a folder without a shard.
fn refusals(work: &Path, out: &Path, m_args: &[&str]) {
    let out_arg = out.display().to_string();
    // one shard alone is a gap
    let lone = work.join("lone");
    std::fs::create_dir(&lone).unwrap();
    let first = ".slider-shard-1-of-2.json";
    std::fs::copy(out.join(first), lone.join(first)).unwrap();
    let mut args = vec![lone.to_str().unwrap()];
    args.extend(m_args);
    let said = merge(&args).code(2).get_output().stderr.clone();
    let said = String::from_utf8_lossy(&said);
    assert!(said.contains("shard 2/2 is missing"), "{said}");

    // the same shard in two folders is a double
    let mut args = vec![out_arg.as_str(), lone.to_str().unwrap()];
    args.extend(m_args);
    let said = merge(&args).code(2).get_output().stderr.clone();
    let said = String::from_utf8_lossy(&said);
    assert!(said.contains("shard 1/2 is there twice"), "{said}");

    // a shard that claims another's submission: graded twice
    let manifest = out.join(".slider-shard-2-of-2.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["graded"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!("reference"));
    std::fs::write(&manifest, value.to_string()).unwrap();
    let mut args = vec![out_arg.as_str()];
    args.extend(m_args);
    let said = merge(&args).code(2).get_output().stderr.clone();
    let said = String::from_utf8_lossy(&said);
    assert!(said.contains("reference was graded twice"), "{said}");

    // a folder without a shard says how to make one
    let empty = work.join("empty");
    std::fs::create_dir(&empty).unwrap();
    let said = merge(&[empty.to_str().unwrap()])
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8_lossy(&said).contains("--shard I/N"));
}

#[test]
fn a_shard_without_a_batch_or_an_out_dir_is_refused() {
    for args in [
        &["--shard", "1/2", "fixtures/autograde/reference"][..],
        &["--shard", "1/2", "--batch", "fixtures/autograde/buggy"],
        &["--shard", "3/2", "--batch", "x", "--out-dir", "y"],
    ] {
        assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("slider"))
            .current_dir(root_dir())
            .arg("autograde")
            .args(args)
            .timeout(std::time::Duration::from_secs(60))
            .assert()
            .code(2);
    }
}

/// `examples/cluster`: the Slurm array's script and the Kubernetes Indexed
/// Job's command, each run here once per task index as the scheduler would
/// (with the index in its variable), then merged: every submission graded
/// once.
#[test]
fn the_cluster_examples_grade_each_submission_once() {
    common::require_jdk();
    let cluster = root_dir().join("examples/cluster");
    let slider = assert_cmd::cargo::cargo_bin("slider");
    // the Kubernetes Job's command and variables, read from its file
    let job = std::fs::read_to_string(cluster.join("kubernetes-job.yaml")).unwrap();
    assert!(job.contains("completionMode: Indexed"), "{job}");
    let env_value = |name: &str| {
        let at = job.find(&format!("- name: {name}")).unwrap();
        let line = job[at..].lines().nth(1).unwrap().trim();
        line.strip_prefix("value: ")
            .unwrap()
            .trim_matches('"')
            .to_string()
    };
    let k8s_shards: usize = env_value("SHARDS").parse().unwrap();
    assert_eq!(
        job.matches(&format!("completions: {k8s_shards}")).count(),
        1
    );
    for (scheduler, script, variable, shards) in [
        ("slurm", "slurm-array.sh", "SLURM_ARRAY_TASK_ID", 2),
        ("kubernetes", "shard.sh", "JOB_COMPLETION_INDEX", k8s_shards),
    ] {
        let work = tempfile::tempdir().unwrap();
        let (subs, out) = (work.path().join("subs"), work.path().join("out"));
        std::fs::create_dir(&subs).unwrap();
        batch(&subs);
        for index in 0..shards {
            let mut command = assert_cmd::Command::new(cluster.join(script));
            command
                .env(variable, index.to_string())
                .env("SLURM_ARRAY_TASK_COUNT", shards.to_string())
                .env("SLURM_SUBMIT_DIR", &cluster)
                .env("SHARDS", shards.to_string())
                .env("BATCH", &subs)
                .env("OUT", &out)
                .env("SLIDER", &slider)
                .args(["--only", "api"])
                .timeout(std::time::Duration::from_secs(300))
                .assert()
                .success();
        }
        let csv = work.path().join("all.csv");
        // each passes the API check, the one category graded
        merge(&[out.to_str().unwrap(), "--csv", csv.to_str().unwrap()]).code(0);
        let text = std::fs::read_to_string(&csv).unwrap();
        let mut names: Vec<&str> = text
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(1).unwrap())
            .collect();
        names.sort_unstable();
        assert_eq!(
            names,
            [
                "\"hamming-counts-blank\"",
                "\"no-caching\"",
                "\"princeton\"",
                "\"reference\""
            ],
            "{scheduler}: {text}"
        );
    }
}
