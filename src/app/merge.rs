//! `slider autograde merge`: the shards of a batch (`--shard I/N
//! --out-dir DIR`, on as many machines) joined into the batch's CSV, JSON
//! and class page, as one run of the whole batch writes them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{CommandError, Console};
use crate::exit_code;
use crate::present::autograde::files::ShardManifest;
use crate::present::autograde::summary::Summary;
use crate::present::autograde::{formats, html};

/// Where the joined reports go: `slider autograde merge`'s flags (each
/// field's doc is its `--help`).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct MergeOutputs {
    /// Write the CSV table of scores.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the JSON report of every submission.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the class page, DIR/index.html, and each student's page
    /// beside it.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
}

/// One shard found: its manifest and its folder.
struct Found {
    manifest: ShardManifest,
    dir: PathBuf,
}

/// Joins the shards found in `dirs`; returns the exit code (0 every
/// submission passes every graded test, 1 one does not).
///
/// # Errors
///
/// A shard or a submission is missing or twice, or a file cannot be read
/// or written.
pub fn merge(
    dirs: &[PathBuf],
    outputs: &MergeOutputs,
    console: &Console,
) -> Result<u8, CommandError> {
    let found = shards(dirs)?;
    check(&found)?;
    // every submission in the batch's order, from the shard that graded it
    let by_name: BTreeMap<&str, &Found> = found
        .iter()
        .flat_map(|f| f.manifest.graded.iter().map(move |n| (n.as_str(), f)))
        .collect();
    let mut reports = Vec::new();
    let mut summaries = Vec::new();
    let mut pages = Vec::new();
    for name in &found[0].manifest.batch {
        let shard = by_name[name.as_str()];
        let path = shard.dir.join(format!("{name}.json"));
        let report = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                serde_json::from_str::<serde_json::Value>(&text).map_err(|e| e.to_string())
            })
            .and_then(|value| {
                let report = value["reports"][0].clone();
                Summary::from_json(&report).map(|summary| (report, summary))
            });
        let (report, summary) = report
            .map_err(|e| format!("{}: not a report of slider autograde: {e}", path.display()))?;
        reports.push(report);
        summaries.push(summary);
        pages.push((name, shard.dir.join(format!("{name}.html"))));
    }
    let mut written = Vec::new();
    if let Some(path) = &outputs.json {
        let mut text = serde_json::to_string_pretty(&serde_json::json!({ "reports": reports }))
            .unwrap_or_default();
        text.push('\n');
        written.push((path.clone(), text));
    }
    if let Some(path) = &outputs.csv {
        written.push((path.clone(), formats::csv_of(&summaries)));
    }
    if let Some(dir) = &outputs.html {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        for (name, page) in &pages {
            let to = dir.join(format!("{name}.html"));
            if page.is_file()
                && !same_file(page, &to)
                && let Err(e) = std::fs::copy(page, &to)
            {
                return Err(
                    format!("cannot copy {} to {}: {e}", page.display(), to.display()).into(),
                );
            }
        }
        let names = &found[0].manifest.batch;
        written.push((
            dir.join("index.html"),
            html::class_of(&summaries, &|i| format!("{}.html", names[i])),
        ));
    }
    for (path, text) in written {
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    console.status(&format!(
        "merged {} shards: {} submissions",
        found.len(),
        summaries.len()
    ));
    Ok(if summaries.iter().all(|s| s.score >= 100.0) {
        exit_code::SUCCESS
    } else {
        exit_code::FAILURE
    })
}

fn same_file(a: &Path, b: &Path) -> bool {
    matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(a), Ok(b)) if a == b)
}

/// Every shard's manifest in `dirs`.
fn shards(dirs: &[PathBuf]) -> Result<Vec<Found>, String> {
    let mut found = Vec::new();
    for dir in dirs {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let mut here = 0;
        let mut names: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                    n.starts_with(".slider-shard-")
                        && Path::new(n).extension().is_some_and(|e| e == "json")
                })
            })
            .collect();
        names.sort();
        for path in names {
            let manifest = std::fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|text| ShardManifest::read(&text))
                .map_err(|e| format!("{}: not a shard's manifest: {e}", path.display()))?;
            found.push(Found {
                manifest,
                dir: dir.clone(),
            });
            here += 1;
        }
        if here == 0 {
            return Err(format!(
                "{}: no shard here (a shard writes .slider-shard-I-of-N.json beside its reports: `slider autograde --batch DIR --shard I/N --out-dir {}`)",
                dir.display(),
                dir.display()
            ));
        }
    }
    Ok(found)
}

/// Checks that the shards are one batch's, each once, and that every
/// submission was graded by exactly one of them.
fn check(found: &[Found]) -> Result<(), String> {
    let first = &found[0].manifest;
    if let Some(other) = found
        .iter()
        .find(|f| f.manifest.of != first.of || f.manifest.batch != first.batch)
    {
        return Err(format!(
            "the shards in {} and {} are not of the same batch (other submissions, or another number of shards)",
            found[0].dir.display(),
            other.dir.display()
        ));
    }
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    for f in found {
        if let Some(before) = seen.insert(f.manifest.shard, &f.dir) {
            return Err(format!(
                "shard {}/{} is there twice: in {} and in {}",
                f.manifest.shard,
                first.of,
                before.display(),
                f.dir.display()
            ));
        }
    }
    if let Some(missing) = (1..=first.of).find(|i| !seen.contains_key(i)) {
        return Err(format!(
            "shard {missing}/{} is missing: none of the folders holds it",
            first.of
        ));
    }
    let mut graded_by: BTreeMap<&str, usize> = BTreeMap::new();
    for f in found {
        for name in &f.manifest.graded {
            if let Some(other) = graded_by.insert(name, f.manifest.shard) {
                return Err(format!(
                    "{name} was graded twice, by shards {other} and {}",
                    f.manifest.shard
                ));
            }
        }
    }
    if let Some(name) = first
        .batch
        .iter()
        .find(|n| !graded_by.contains_key(n.as_str()))
    {
        return Err(format!("{name} was graded by no shard"));
    }
    if let Some(name) = graded_by
        .keys()
        .find(|n| !first.batch.iter().any(|b| b == *n))
    {
        return Err(format!("{name} was graded, but is not in the batch"));
    }
    Ok(())
}
