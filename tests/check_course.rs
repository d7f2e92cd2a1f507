//! Every course file, answered by the reference Solver, is accepted by the
//! checker; corrupted in systematic ways, it is rejected.

mod common;

use rayon::prelude::*;
use slider::check::{CheckOptions, CheckVerdict, FindingKind, check};
use slider::oracle::Oracle;
use slider::{Board, Solver, SolverOptions};

/// The course client's output for a solution.
fn client_output(solution: &[Board]) -> String {
    let mut out = format!("Minimum number of moves = {}\n", solution.len() - 1);
    for board in solution {
        out.push_str(&board.to_string());
        out.push('\n');
    }
    out
}

fn path_output(moves: usize, boards: &[Board]) -> String {
    let mut out = format!("Minimum number of moves = {moves}\n");
    for board in boards {
        out.push_str(&board.to_string());
        out.push('\n');
    }
    out
}

/// Files the reference A* solves within a test's budget.
const SOLVE_BUDGET: u64 = 2_000_000;

#[test]
fn course_answers_are_accepted_and_corruptions_rejected() {
    let oracle = Oracle::new(3).unwrap();
    let mut names: Vec<String> = common::course_index().into_keys().collect();
    names.sort();
    let options = CheckOptions::default();
    let checked: usize = names
        .par_iter()
        .map(|name| {
            let board = common::course_board(name);
            let oracle = (board.size() == 3).then_some(&oracle);
            if !board.is_solvable() {
                for message in ["Unsolvable puzzle\n", "No solution possible\n", "-1\n"] {
                    assert_eq!(
                        check(&board, message.as_bytes(), &options, oracle).verdict,
                        CheckVerdict::Accepted,
                        "{name}"
                    );
                }
                let path = format!("Minimum number of moves = 0\n{board}\n");
                assert_eq!(
                    check(&board, path.as_bytes(), &options, oracle).verdict,
                    CheckVerdict::Rejected,
                    "{name}"
                );
                return 1;
            }
            let budget = SolverOptions {
                max_enqueued: Some(SOLVE_BUDGET),
                ..SolverOptions::default()
            };
            let Ok(solver) = Solver::with_options(&board, &budget) else {
                return 0;
            };
            let solution = solver.solution();
            let moves = solver.moves();
            let answer = client_output(solution);
            let report = check(&board, answer.as_bytes(), &options, oracle);
            assert_eq!(
                report.verdict,
                CheckVerdict::Accepted,
                "{name}: {:?}",
                report.findings
            );
            assert_eq!(report.moves, Some(moves as u64));
            // Each corruption must be rejected.
            let mut corrupted: Vec<(&str, String)> = vec![
                (
                    "header off by one",
                    answer.replacen(&format!("= {moves}"), &format!("= {}", moves + 1), 1),
                ),
                ("unsolvable claimed", "Unsolvable puzzle\n".to_string()),
                ("count too large", format!("{}\n", moves + 2)),
                ("no boards", format!("Minimum number of moves = {moves}\n")),
            ];
            if moves >= 1 {
                corrupted.push((
                    "last board dropped",
                    path_output(moves - 1, &solution[..moves]),
                ));
                corrupted.push((
                    "first board dropped",
                    path_output(moves - 1, &solution[1..]),
                ));
                let mut repeated = solution.to_vec();
                repeated.insert(1, solution[0].clone());
                corrupted.push(("a board repeated", path_output(moves + 1, &repeated)));
                let mut twin = solution.to_vec();
                twin[moves] = solution[moves].twin();
                corrupted.push(("goal replaced by its twin", path_output(moves, &twin)));
            }
            if moves >= 2 {
                let mut swapped = solution.to_vec();
                swapped.swap(1, 2);
                corrupted.push(("two boards swapped", path_output(moves, &swapped)));
                let mut skipped = solution.to_vec();
                skipped.remove(1);
                corrupted.push(("a board skipped", path_output(moves - 1, &skipped)));
            }
            for (what, text) in &corrupted {
                let report = check(&board, text.as_bytes(), &options, oracle);
                assert_eq!(
                    report.verdict,
                    CheckVerdict::Rejected,
                    "{name}: {what} was accepted"
                );
                assert!(
                    !report.findings.is_empty(),
                    "{name}: {what} rejected without a finding"
                );
            }
            1
        })
        .sum();
    assert!(checked >= 140, "only {checked} course files checked");
}

#[test]
fn a_detour_is_legal_but_not_optimal() {
    let board = common::course_board("puzzle3x3-10.txt");
    let solver = Solver::new(&board).unwrap();
    let mut path = solver.solution().to_vec();
    // Step to a neighbor and back: two extra moves, still legal.
    let detour = path[0].neighbors().find(|b| b != &path[1]).unwrap();
    path.insert(1, detour);
    path.insert(2, board.clone());
    let report = check(
        &board,
        path_output(12, &path).as_bytes(),
        &CheckOptions::default(),
        None,
    );
    assert_eq!(report.verdict, CheckVerdict::Rejected);
    assert!(
        report.findings.iter().any(|f| f.kind
            == FindingKind::RepeatsEarlierBoard {
                index: 3,
                earlier: 1
            }),
        "{:?}",
        report.findings
    );
}
