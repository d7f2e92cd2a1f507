//! The benchmarks' choices: the databases `auto` uses, the heuristic
//! each `slider solve` process is asked for.

use super::*;
use crate::format::manifest::Convention;

fn twenty_four() -> Instances {
    Instances::read(
        "fixtures/benchmarks/korf-felner-24puzzle-50.txt".as_ref(),
        Convention::Auto,
        &[1],
        None,
    )
    .unwrap()
}

#[test]
fn korf_auto_on_5x5_uses_the_cached_databases_as_solve_does() {
    let dir = tempfile::tempdir().unwrap();
    let goal = Goal::standard(5);
    let name = PatternDatabase::file_name_kind(&goal, Partition::SixSixSixSix).unwrap();
    std::fs::write(dir.path().join(name), b"").unwrap();
    let run = KorfRun {
        heuristic: crate::search::HeuristicChoice::Auto,
        pdb: Choice::Best,
        pdb_dir: dir.path().to_path_buf(),
        time: Some(Duration::from_millis(1)),
        threads: 1,
        processes: None,
    };
    let open = |goal: &Goal, _| {
        Err(format!(
            "opened the {}x{} databases",
            goal.size(),
            goal.size()
        ))
    };
    let result = korf_run(&twenty_four(), &run, &open, &mut |_| {});
    assert_eq!(result, Err("opened the 5x5 databases".to_string()));
    // with none cached: linear conflict, and nothing opened
    let empty = tempfile::tempdir().unwrap();
    let run = KorfRun {
        pdb_dir: empty.path().to_path_buf(),
        ..run
    };
    assert_eq!(korf_run(&twenty_four(), &run, &open, &mut |_| {}), Ok(0));
}

#[test]
fn the_process_benchmark_asks_each_solve_for_the_heuristic_it_was_given() {
    let scratch = tempfile::tempdir().unwrap();
    for heuristic in [
        Heuristic::Hamming,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
        Heuristic::PatternDatabase,
    ] {
        // `true` stands in for slider: what matters is the name asked for
        let line = processes(
            &twenty_four(),
            Path::new("/bin/true"),
            scratch.path(),
            heuristic,
            scratch.path(),
        )
        .unwrap();
        let BenchLine::Processes { heuristic: ran, .. } = line else {
            panic!("{line:?}");
        };
        assert_eq!(ran, heuristic);
    }
}
