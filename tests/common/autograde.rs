//! The harness of the autograde tests (`tests/autograde.rs`,
//! `tests/autograde_hostile.rs`, `tests/autograde_platforms.rs`,
//! `tests/container.rs`): `slider autograde` under a watchdog, the
//! expectations of `fixtures/autograde/expected.txt`, how a report is
//! compared with them, fixture submissions copied, and Gradescope's and
//! Classroom's files read. What the tests do with whole reports (snapshots,
//! a fixture folder graded, every format written) is in
//! `autograde_reports.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Seconds one operation may take (the fixtures' endless loops cost this
/// much each; a correct operation takes milliseconds).
pub const TRIAL_TIMEOUT: &str = "3";
/// A backstop for a hang, not a verdict on speed: the most a `slider
/// autograde ARGS` run may take is what slider guarantees, its per-
/// submission wall backstop (twice `--time-limit`, 120 s by default,
/// outside a container with a CPU quota) for each submission graded,
/// plus a margin for the toolkit's build. A busy machine slows a
/// run down but cannot make it break this.
pub fn watchdog(args: &[&str]) -> Duration {
    let value = |flag: &str| {
        args.iter()
            .position(|a| *a == flag)
            .and_then(|i| args.get(i + 1))
    };
    let cap: u64 = value("--time-limit").map_or(120, |v| v.parse().unwrap());
    let submissions = match value("--batch") {
        Some(dir) => std::fs::read_dir(root_dir().join(dir)).unwrap().count(),
        None => args
            .iter()
            .filter(|a| a.starts_with("fixtures/"))
            .count()
            .max(1),
    };
    Duration::from_secs(2 * cap * submissions as u64 + 300)
}

pub fn root_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One line of `fixtures/autograde/expected.txt`.
#[derive(Debug)]
pub struct Expected {
    pub submission: String,
    pub compilation: String,
    pub api: String,
    /// The sections that fail, with the number of their failing rows when
    /// given (`Timing 4b x25`).
    pub fails: BTreeMap<String, Option<usize>>,
    /// Sections whose outcome depends on the machine's speed (marked `?`).
    pub either: BTreeSet<String>,
}

pub fn expected() -> BTreeMap<String, Expected> {
    let text = std::fs::read_to_string(root_dir().join("fixtures/autograde/expected.txt")).unwrap();
    let mut all = BTreeMap::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(
            fields.len(),
            4,
            "expected.txt:{}: submission | compilation | api | failing tests",
            number + 1
        );
        let mut fails = BTreeMap::new();
        let mut either = BTreeSet::new();
        for id in fields[3].split(',').map(str::trim).filter(|t| *t != "-") {
            if let Some(id) = id.strip_suffix('?') {
                either.insert(id.to_string());
                continue;
            }
            let (id, rows) = match id.rsplit_once(" x") {
                Some((id, rows)) if rows.parse::<usize>().is_ok() => (id, rows.parse().ok()),
                _ => (id, None),
            };
            fails.insert(id.to_string(), rows);
        }
        let entry = Expected {
            submission: fields[0].to_string(),
            compilation: fields[1].to_string(),
            api: fields[2].to_string(),
            fails,
            either,
        };
        assert!(
            all.insert(entry.submission.clone(), entry).is_none(),
            "expected.txt:{}: listed twice",
            number + 1
        );
    }
    all
}

/// The fixture submissions in a folder of `fixtures/autograde/`.
pub fn fixtures_in(set: &str) -> BTreeSet<String> {
    std::fs::read_dir(root_dir().join("fixtures/autograde").join(set))
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| format!("{set}/{}", e.file_name().to_string_lossy()))
        .collect()
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    pub json: serde_json::Value,
    pub files: tempfile::TempDir,
}

impl Run {
    pub fn assert_code(&self, code: i32) {
        assert_eq!(
            self.code, code,
            "stdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
    }
}

/// Runs `slider autograde ARGS` from the crate's folder with a JSON report,
/// under a watchdog; then ends, by pid, anything the run left behind.
pub fn autograde(args: &[&str]) -> Run {
    autograde_with(&[], args)
}

/// [`autograde`] with the environment variables `env` set (`JAVA_HOME`
/// picks the JDK).
pub fn autograde_with(env: &[(&str, &std::ffi::OsStr)], args: &[&str]) -> Run {
    if !args.iter().any(|a| *a == "--no-style" || *a == "--only") {
        style_tools_installed();
    }
    let files = tempfile::tempdir().unwrap();
    let json = files.path().join("report.json");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("slider"))
        .envs(env.iter().copied())
        .current_dir(root_dir())
        .arg("autograde")
        .arg("--json")
        .arg(&json)
        .args(["--trial-timeout", TRIAL_TIMEOUT])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let drain = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            pipe.read_to_end(&mut text).unwrap();
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let readers = [
        drain(Box::new(child.stdout.take().unwrap())),
        drain(Box::new(child.stderr.take().unwrap())),
    ];
    let started = Instant::now();
    let limit = watchdog(args);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("slider autograde {args:?} ran for over {limit:?}, beyond its own caps");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let [stdout, stderr] = readers.map(|r| r.join().unwrap());
    let leftovers = end_leftovers(pid);
    assert!(
        leftovers.is_empty(),
        "processes outlived slider autograde {args:?}: {leftovers:?}"
    );
    let text = std::fs::read_to_string(&json)
        .unwrap_or_else(|e| panic!("no JSON report ({e}); stdout:\n{stdout}\nstderr:\n{stderr}"));
    Run {
        code: status.code().unwrap_or(-1),
        stdout,
        stderr,
        json: serde_json::from_str(&text).unwrap(),
        files,
    }
}

/// Fails loudly, with the way to install them, when the style section's
/// tools are missing: every full report has the section, and without
/// them its blocks read "not run", unlike every snapshot.
pub fn style_tools_installed() {
    use slider::autograde::style::{PMD_HOME_VAR, StyleTools};
    let path = std::env::var_os("PATH");
    let home = std::env::var_os(PMD_HOME_VAR).map(PathBuf::from);
    let tools = StyleTools::find(path.as_deref(), home.as_deref());
    assert!(
        tools.checkstyle.is_some(),
        "no checkstyle on the PATH: apt-get install checkstyle (.ci/run does)"
    );
    assert!(
        tools.pmd.is_some(),
        "no PMD at {PMD_HOME_VAR}={home:?}: `bash src/autograde/style/pmd/install.sh DIR` prints the home to set (.ci/run does)"
    );
}

/// Processes whose command line names the toolkit folder of the
/// `slider autograde` with this pid: killed, and returned.
pub fn end_leftovers(pid: u32) -> Vec<String> {
    let mark = format!("slider-autograde-{pid}");
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(other) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains(&mark) {
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(other),
                nix::sys::signal::Signal::SIGKILL,
            );
            found.push(format!("{other}: {cmdline}"));
        }
    }
    found
}

/// Each submission's report in the JSON, by its fixture name
/// (`buggy/shared-rows`).
pub fn reports(json: &serde_json::Value) -> BTreeMap<String, &serde_json::Value> {
    json["reports"]
        .as_array()
        .expect("a reports array")
        .iter()
        .map(|r| {
            let submission = r["submission"].as_str().unwrap();
            let name = submission
                .strip_prefix("fixtures/autograde/")
                .unwrap_or(submission)
                .to_string();
            (name, r)
        })
        .collect()
}

pub fn stage_outcome(report: &serde_json::Value, category: &str) -> &'static str {
    let c = &report["categories"][category];
    if c["graded"] == false || c["total"] == 0 {
        "not_run"
    } else if c["passed"] == c["total"] {
        "passed"
    } else {
        "failed"
    }
}

/// How many tests the course counts in each category, for an edition.
pub fn planned(edition: &str) -> [(&'static str, usize); 3] {
    let correctness = match edition {
        e if e.starts_with("49") => 49,
        e if e.starts_with("51") => 51,
        _ => 52,
    };
    [
        ("correctness", correctness),
        ("memory", 22),
        ("timing", 125),
    ]
}

/// How a report differs from what `expected.txt` says of it.
pub fn mismatches(report: &serde_json::Value, want: &Expected) -> Vec<String> {
    let mut wrong = Vec::new();
    let name = &want.submission;
    // `refused`: compiled, and the guard refused the classes (a row of
    // its own in the report, no test run, status `refused`)
    let refused = want.compilation == "refused";
    let status = report["status"].as_str().unwrap_or("");
    if refused != (status == "refused") {
        wrong.push(format!(
            "{name}: status {status}, guard {}",
            report["guard"]
        ));
    }
    // `warned`: javac's lint warnings fail compilation, as the course's
    // do, and every test still runs
    let warned = want.compilation == "warned";
    let compiled = if refused {
        "passed".to_string()
    } else if warned {
        "failed".to_string()
    } else {
        want.compilation.clone()
    };
    for (category, expected) in [("compilation", &compiled), ("api", &want.api)] {
        let got = stage_outcome(report, category);
        // A stage left out by --only is not compared.
        let left_out = report["categories"][category]["graded"] == false;
        if got != expected && !left_out {
            wrong.push(format!("{name}: {category} {got}, expected {expected}"));
        }
    }
    let sections = report["sections"].as_array().unwrap();
    if (want.compilation == "passed" || warned) && report["api"] == "coursera" {
        for (category, count) in planned(report["edition"].as_str().unwrap()) {
            let tests = &report["categories"][category];
            let graded = tests["graded"] == true;
            if tests["total"] != if graded { count } else { 0 } {
                wrong.push(format!(
                    "{name}: {} {category} tests, expected {count}",
                    tests["total"]
                ));
            }
        }
    }
    let mut fails: BTreeMap<String, usize> = BTreeMap::new();
    for section in sections {
        let failing = section["tests"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["outcome"] != "passed")
            .count();
        if failing > 0 {
            fails.insert(section["id"].as_str().unwrap().to_string(), failing);
        }
    }
    for (id, failing) in &fails {
        if want.either.contains(id) {
            continue;
        }
        match want.fails.get(id) {
            None => {
                let section = sections.iter().find(|s| s["id"] == id.as_str()).unwrap();
                wrong.push(format!(
                    "{name}: {id} failed ({failing}), not expected: {}",
                    section["tests"]
                ));
            }
            Some(Some(rows)) if rows != failing => {
                wrong.push(format!(
                    "{name}: {id} failed {failing} rows, expected {rows}"
                ));
            }
            Some(_) => {}
        }
    }
    // Sections of a category not graded (--only) cannot fail.
    let graded = |id: &str| {
        let category = match id.split(' ').next() {
            Some("Memory") => "memory",
            Some("Timing") => "timing",
            _ => "correctness",
        };
        report["categories"][category]["graded"] == true
    };
    for missing in want
        .fails
        .keys()
        .filter(|id| !fails.contains_key(*id) && graded(id))
    {
        wrong.push(format!("{name}: {missing} passed, expected to fail"));
    }
    for section in sections {
        for test in section["tests"].as_array().unwrap() {
            let failed = test["outcome"] != "passed";
            let explained = !test["failures"].as_array().unwrap().is_empty();
            if failed != explained {
                wrong.push(format!(
                    "{name}: {} is {} with failures {}",
                    section["id"], test["outcome"], test["failures"]
                ));
            }
        }
    }
    wrong
}

/// The human report of each submission in a run's standard output, by
/// fixture name.
pub fn human_reports(stdout: &str) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in stdout.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("slider autograde: fixtures/autograde/") {
            let name = rest.split_whitespace().next().unwrap().to_string();
            current = Some(name.clone());
            out.insert(name, String::new());
        } else if line.starts_with(slider::present::autograde::class_table::TABLE_HEADING) {
            current = None;
        }
        if let Some(name) = &current {
            out.get_mut(name).unwrap().push_str(line);
        }
    }
    out
}

/// Unzips a Gradescope bundle into `source` as Gradescope does, and checks
/// that it holds exactly slider, its flags and the two scripts, all
/// executable.
pub fn unzip_bundle(bundle: &std::path::Path, source: &std::path::Path) {
    use std::os::unix::fs::PermissionsExt;
    let mut archive = zip::ZipArchive::new(std::fs::File::open(bundle).unwrap()).unwrap();
    let mut names = Vec::new();
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).unwrap();
        let path = source.join(entry.enclosed_name().unwrap());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let mut out = std::fs::File::create(&path).unwrap();
        std::io::copy(&mut entry, &mut out).unwrap();
        let mode = entry.unix_mode().unwrap();
        assert_eq!(
            mode & 0o111,
            0o111,
            "{} is executable",
            entry.name().unwrap()
        );
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        names.push(entry.name().unwrap().to_string());
    }
    names.sort();
    assert_eq!(
        names,
        ["flags", "pmd.sh", "run_autograder", "setup.sh", "slider"]
    );
}

/// Writes a Gradescope bundle with `flags` baked in to `bundle`.
pub fn write_bundle(bundle: &std::path::Path, flags: &[&str]) -> String {
    let written = Command::new(assert_cmd::cargo::cargo_bin("slider"))
        .args(["autograde", "--gradescope-bundle"])
        .arg(bundle)
        .arg("--")
        .args(flags)
        .output()
        .unwrap();
    assert!(written.status.success(), "{written:?}");
    String::from_utf8_lossy(&written.stdout).into_owned()
}

/// Copies fixture `fixture`'s two sources into `submission`, made anew.
pub fn submit(fixture: &str, submission: &std::path::Path) {
    let _ = std::fs::remove_dir_all(submission);
    std::fs::create_dir_all(submission).unwrap();
    for file in ["Board.java", "Solver.java"] {
        let from = root_dir()
            .join("fixtures/autograde")
            .join(fixture)
            .join(file);
        std::fs::copy(from, submission.join(file)).unwrap();
    }
}

/// Copies the fixture submission `name` into `dir` under the folder name `as_name`.
pub fn copy_fixture(name: &str, dir: &std::path::Path, as_name: &str) {
    let to = dir.join(as_name);
    std::fs::create_dir_all(&to).unwrap();
    for file in ["Board.java", "Solver.java"] {
        std::fs::copy(
            root_dir().join("fixtures/autograde").join(name).join(file),
            to.join(file),
        )
        .unwrap();
    }
}

/// A base64 JSON step output, decoded by `base64 -d` (an independent
/// decoder).
pub fn decode_base64_json(encoded: &str) -> serde_json::Value {
    let decoded = Command::new("base64")
        .arg("-d")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child.stdin.take().unwrap().write_all(encoded.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    serde_json::from_slice(&decoded.stdout).unwrap()
}

/// The `NAME=VALUE` lines of a `$GITHUB_OUTPUT` file.
pub fn step_outputs(path: &std::path::Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| {
            let (name, value) = line.split_once('=').unwrap();
            (name.to_string(), value.to_string())
        })
        .collect()
}
