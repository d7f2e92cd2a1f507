//! The student's classes, built as the course builds them: the sources
//! found, compiled with the course's lint (its warnings fail compilation
//! and the rest still runs), no class in the place of an algs4 stand-in,
//! and every class held against the allow-list before any of it runs; and
//! the student's Solver compiled again against the reference Board.

use std::path::Path;

use super::budget::{Budget, Phase};
use super::report::{Report, Skipped};
use super::stage::{Stage, StageEnd};
use super::toolkit::Toolkit;
use super::{FileChange, Options, StageNote, Warning, allowed, java, sources};

/// Finds and compiles the submission's sources into `dir/student`, and
/// holds the classes against the allow-list, with the findings in
/// `report`; every source's name and text when they compile and are
/// allowed, else why nothing after it runs.
pub(super) fn build(
    submission: &Path,
    toolkit: &Toolkit,
    options: &Options,
    dir: &Path,
    budget: &Budget,
    report: &mut Report,
) -> Result<Vec<(String, String)>, Skipped> {
    report.compilation.end = StageEnd::Failed;
    let files = match sources::find(submission) {
        Ok(files) => files,
        Err(e) => {
            report.compilation.messages.push(StageNote::Sources(e));
            return Err(Skipped::CompilationFailed);
        }
    };
    for file in &files {
        report.files.push(file.found.clone());
        report
            .changes
            .extend(file.changes.iter().map(|c| FileChange {
                file: file.name,
                change: c.clone(),
            }));
        if !file.others.is_empty() {
            report.warnings.push(Warning::OtherFiles {
                file: file.name,
                paths: file.others.clone(),
            });
        }
    }
    let texts: Vec<(&str, &str)> = files.iter().map(|f| (f.name, f.text.as_str())).collect();
    let student = dir.join("student");
    // javac's `Board.java:35: error: …` names the student's own file
    // (the lines are the student's: sources are edited in place).
    let located = |messages: Vec<StageNote>| -> Vec<StageNote> {
        messages
            .into_iter()
            .map(|note| match note {
                StageNote::Javac(line) => StageNote::Javac(
                    files
                        .iter()
                        .find_map(|f| {
                            let rest = line.strip_prefix(f.name)?.strip_prefix(':')?;
                            Some(format!("{}:{rest}", f.found.display()))
                        })
                        .unwrap_or(line),
                ),
                other => other,
            })
            .collect()
    };
    let warnings = match toolkit.compile(options, &texts, None, &student, budget) {
        Ok(warnings) => located(warnings),
        Err(messages) => {
            report.compilation.messages = located(messages);
            return Err(Skipped::CompilationFailed);
        }
    };
    let shadows = shadowing(&student);
    if !shadows.is_empty() {
        report.compilation.messages = shadows
            .into_iter()
            .map(|class| StageNote::Shadows { class })
            .collect();
        return Err(Skipped::CompilationFailed);
    }
    // The course fails compilation on a lint warning, and grades the rest.
    let count = warnings
        .iter()
        .filter(|n| matches!(n, StageNote::Javac(l) if l.contains(": warning: ")))
        .count();
    report.compilation.end = if count == 0 {
        StageEnd::Passed
    } else {
        StageEnd::Warned { warnings: count }
    };
    report.compilation.messages = warnings;
    report.guard = budget.step(Phase::Guard, || guard(&student, &files));
    if !report.guard.passed() {
        return Err(Skipped::Refused);
    }
    Ok(files
        .iter()
        .map(|f| (f.name.to_string(), f.text.clone()))
        .collect())
}

/// Holds every class in `classes` (the student's, as javac made them)
/// against the allow-list, before any of their code runs; a refusal names
/// the file where the submission holds it, as javac's errors do.
fn guard(classes: &Path, files: &[sources::SourceFile]) -> Stage {
    let read = std::fs::read_dir(classes).and_then(|entries| {
        let mut out = Vec::new();
        for entry in entries {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "class") {
                let name = path
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                out.push((name, std::fs::read(&path)?));
            }
        }
        out.sort();
        Ok(out)
    });
    let classes = match read {
        Ok(classes) => classes,
        Err(e) => return Stage::failed(vec![StageNote::CannotPrepare((&e).into())]),
    };
    match allowed::check(&classes, &allowed::AllowList::course()) {
        Ok(refusals) if refusals.is_empty() => Stage::passed_clean(),
        Ok(refusals) => Stage::failed(
            refusals
                .into_iter()
                .map(|mut refusal| {
                    if let Some(found) = files.iter().find(|f| f.name == refusal.file) {
                        refusal.file = found.found.display().to_string();
                    }
                    StageNote::Refused(refusal)
                })
                .collect(),
        ),
        Err(error) => Stage::failed(vec![StageNote::CannotRead(error)]),
    }
}

/// Compiles the student's Solver (from `solver`: the sources' names and texts) against the
/// reference Board, under `dir`; `Err` says why it does not compile:
/// javac's first error line (its own words), empty when it printed none.
pub(super) fn compile_reference(
    solver: &[(String, String)],
    toolkit: &Toolkit,
    options: &Options,
    dir: &Path,
    budget: &Budget,
) -> Result<std::path::PathBuf, String> {
    let solver: Vec<(&str, &str)> = solver
        .iter()
        .filter(|(n, _)| n == "Solver.java")
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let reference = dir.join("reference");
    match toolkit.compile(
        options,
        &solver,
        Some(&toolkit.reference_board),
        &reference,
        budget,
    ) {
        Ok(_) => Ok(reference),
        Err(messages) => Err(messages
            .into_iter()
            .find_map(|note| match note {
                StageNote::Javac(line) if line.contains("error") => Some(line),
                _ => None,
            })
            .unwrap_or_default()),
    }
}

/// The top-level classes of `classes` named like an algs4 stand-in: a
/// default-package `MinPQ` would take the place of the counting one.
fn shadowing(classes: &Path) -> Vec<String> {
    let mut found: Vec<String> = std::fs::read_dir(classes)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let class = name.strip_suffix(".class")?.to_string();
            // a nested MinPQ (Solver$MinPQ) takes the counting queue's
            // place in the student's code as surely as a top-level one
            let nested = class
                .rsplit_once('$')
                .is_some_and(|(_, inner)| inner == "MinPQ");
            (java::ALGS4_CLASSES.contains(&class.as_str()) || nested)
                .then(|| class.replace('$', "."))
        })
        .collect();
    found.sort();
    found
}
