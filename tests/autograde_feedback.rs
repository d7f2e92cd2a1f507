//! Feedback that is true, in every format, on reports made by hand (no
//! JDK): the hint is chosen from what failed first; the board drawn is
//! the board tested; a ratio is printed beside the limit it is a ratio
//! to, in aligned columns; one API verdict and rounded figures in every
//! format; one name and an anchor for every test. (The class's page and
//! console table: `tests/autograde_batch.rs`.)

use std::time::Duration;

use slider::Board;
use slider::autograde::catalog::{Check, Classes, Input, TimingTest};
use slider::autograde::judge::{Clocks, JudgeContext, Optima, judge};
use slider::autograde::model::CountsCache;
use slider::autograde::protocol::{Method, Record, SolverMethod, TrialLimits};
use slider::autograde::{
    Category, Failure, Figure, Report, SectionReport, Stage, StageNote, TestResult, TrialFailure,
};
use slider::course::{Api, Edition};
use slider::present::autograde as present;
use slider::present::autograde::gradescope::Style;

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

fn section(
    id: &str,
    category: Category,
    title: &str,
    check: Check,
    tests: Vec<TestResult>,
) -> SectionReport {
    SectionReport {
        id: id.into(),
        category,
        title: title.into(),
        check,
        classes: if id.starts_with("Board") || id == "Memory 1" {
            Classes::Student
        } else {
            Classes::Reference
        },
        tests,
        time: Duration::ZERO,
    }
}

/// A correctness test that failed on `input` with a wrong value of
/// `method`, or passed.
fn correctness(failed: Option<(&str, &str, &str, &str)>) -> TestResult {
    let failure = failed.map(|(input, method, student, reference)| TrialFailure {
        input: input.into(),
        board: Some(board("3  0 1 3  4 2 5  7 8 6")),
        failure: Failure::WrongValue {
            method: method.into(),
            student: student.into(),
            reference: reference.into(),
        },
    });
    TestResult::row(String::new(), failure, Vec::new())
}

fn compiled(name: &str) -> Report {
    let mut report = Report::new(name.into(), Api::Coursera, Edition::default());
    report.detected = true;
    report.compilation = Stage::passed_clean();
    report.api_check = Stage::passed_clean();
    report
}

/// Board 1a (`hamming()` on the files) and Board 14 (`hamming()` on a kth
/// neighbor), each failing or passing.
fn hamming_report(first_fails: bool) -> Report {
    let mut report = compiled("hw4");
    let wrong = Some(("puzzle04.txt", "hamming()", "5", "4"));
    report.sections = vec![
        section(
            "Board 1a",
            Category::Correctness,
            "check hamming() with file inputs",
            Check::Value(Method::Hamming),
            vec![correctness(wrong.filter(|_| first_fails))],
        ),
        section(
            "Board 14",
            Category::Correctness,
            "check hamming() on a board that is kth neighbor of a board",
            Check::Kth {
                twin: false,
                method: Method::Hamming,
            },
            vec![correctness(Some((
                "0th neighbor of puzzle27.txt",
                "hamming()",
                "8",
                "7",
            )))],
        ),
    ];
    report
}

/// The text of `report`'s test `number` (`Test 14`), to its hint.
fn text_of_test(report: &Report, number: &str) -> String {
    let text = present::human(report, false);
    let start = text.find(&format!("\nTest {number}:")).unwrap();
    let rest = &text[start..];
    let end = rest.find("    hint: ").map_or(rest.len(), |at| {
        at + rest[at..].find('\n').unwrap_or(rest.len() - at)
    });
    rest[..end].to_string()
}

#[test]
fn a_hint_is_chosen_from_what_failed_first() {
    // hamming() is wrong on every board: Test 14 fails because of it,
    // not because neighbors share their tiles
    let both = hamming_report(true);
    let test14 = text_of_test(&both, "14");
    assert!(
        test14.contains("hint: hamming() fails on its own (Board Test 1a fails too)"),
        "{test14}"
    );
    assert!(test14.contains("count tiles 1 to n²-1 only"), "{test14}");
    assert!(!test14.contains("independent Boards"), "{test14}");
    // the same hint where students read it on Gradescope
    let results: serde_json::Value =
        serde_json::from_str(&present::gradescope::results(&both, &Style::default())).unwrap();
    let gradescope = results["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"].as_str().unwrap().starts_with("Board Test 14:"))
        .unwrap();
    // (Markdown, its punctuation escaped)
    let output = gradescope["output"].as_str().unwrap().replace('\\', "");
    assert!(
        output.contains("hamming() fails on its own (Board Test 1a fails too)"),
        "{output}"
    );
    // alone, Test 14 is about the neighbors
    let alone = text_of_test(&hamming_report(false), "14");
    assert!(alone.contains("independent Boards"), "{alone}");
}

#[test]
fn the_board_drawn_is_the_board_tested() {
    // puzzle27 and its neighbor (the blank moved left), whose hamming()
    // the student gets wrong
    let file = board("3  5 8 7  1 4 6  3 0 2");
    let neighbor = board("3  5 8 7  1 4 6  0 3 2");
    let input = Input {
        boards: vec![file.clone()],
        list: "puzzle27.txt".into(),
        trial: (1, 1),
        k: 1,
        seed: 0,
        exact_moves: None,
    };
    let limits = TrialLimits {
        cpu: Duration::from_secs(5),
        process_cpu: Duration::from_secs(15),
        wall: Duration::from_secs(20),
        on_course_scale: false,
    };
    let (counts, optima) = (CountsCache::default(), Optima::default());
    let context = JudgeContext {
        api: Api::Coursera,
        edition: Edition::default(),
        limits,
        counted_queue: true,
        counts: &counts,
        optima: &optima,
    };
    let wrong = neighbor.hamming() + 1;
    let record = Record::Ok(vec![
        neighbor.to_string(),
        "3".into(),
        wrong.to_string(),
        neighbor.manhattan().to_string(),
    ]);
    let check = Check::Kth {
        twin: false,
        method: Method::Hamming,
    };
    let judgement = judge(check, &input, &record, &Clocks::default(), &context);
    assert_eq!(judgement.tested, Some(neighbor.clone()));
    assert_eq!(
        judgement.failure,
        Some(Failure::WrongValue {
            method: "hamming()".into(),
            student: wrong.to_string(),
            reference: neighbor.hamming().to_string(),
        }),
        "the method named as the course names it, the board drawn below"
    );
    // a trial that passes draws nothing
    let right = Record::Ok(vec![
        neighbor.to_string(),
        "3".into(),
        neighbor.hamming().to_string(),
        neighbor.manhattan().to_string(),
    ]);
    let passed = judge(check, &input, &right, &Clocks::default(), &context);
    assert_eq!((passed.failure, passed.tested), (None, None));
}

fn bytes(value: f64, reference: f64) -> Figure {
    Figure {
        name: "bytes",
        value,
        reference: Some(reference),
        limit: Some(2.0 * reference),
        tolerance: None,
    }
}

fn shown(name: &'static str, value: f64) -> Figure {
    Figure {
        name,
        value,
        reference: None,
        limit: None,
        tolerance: None,
    }
}

fn memory_report() -> Report {
    let mut report = compiled("hw4");
    let row = |puzzle: &str, moves: f64, value: f64, reference: f64| {
        let figures = vec![shown("moves", moves), bytes(value, reference)];
        let over = figures.iter().any(Figure::exceeded);
        let failure = over.then(|| TrialFailure {
            input: puzzle.into(),
            board: None,
            failure: Failure::OverLimit,
        });
        TestResult::row(puzzle.into(), failure, figures)
    };
    report.sections = vec![section(
        "Memory 2",
        Category::Memory,
        "measure memory of Solver",
        Check::SolverMemory,
        vec![
            row("puzzle10.txt", 10.0, 12360.0, 4688.0),
            row("puzzle15.txt", 15.0, 5000.0, 5656.0),
            row("puzzle35.txt", 35.0, 20_216_472.0, 5784.0),
        ],
    )];
    report
}

#[test]
fn a_ratio_is_printed_beside_its_limit_in_aligned_columns() {
    let text = present::human(&memory_report(), false);
    assert!(
        text.contains("12360 / 4688 (1.3x the 9376 limit)"),
        "the ratio beside the limit it is a ratio to:\n{text}"
    );
    assert!(
        text.contains("20216472 / 5784 (1747.6x the 11568 limit)"),
        "{text}"
    );
    let start = text.find("Memory 2:").unwrap();
    let lines: Vec<&str> = text[start..].lines().skip(1).take(5).collect();
    let width = lines[0].chars().count();
    assert_eq!(lines[1], "-".repeat(width), "{text}");
    for line in &lines[2..] {
        assert_eq!(line.chars().count(), width, "a column out of line:\n{text}");
    }
    // a count's ratio, printed as the course prints it, says once under
    // its table what it is a ratio to
    let mut timing = compiled("hw4");
    let count = Figure {
        name: "insert()",
        value: 2000.0,
        reference: Some(1000.0),
        limit: Some(1750.0),
        tolerance: None,
    };
    let over = TrialFailure {
        input: "puzzle20.txt".into(),
        board: None,
        failure: Failure::OverLimit,
    };
    timing.sections = vec![section(
        "Timing 2",
        Category::Timing,
        "count MinPQ operations",
        Check::Timing(TimingTest::Queue),
        vec![TestResult::row(
            "puzzle20.txt".into(),
            Some(over),
            vec![count],
        )],
    )];
    let counted = present::human(&timing, false);
    assert!(counted.contains(" 2000 (1.1x)\n"), "{counted}");
    assert!(
        counted.contains("\n   (1.1x): the figure as a multiple of its limit, 1.75 times the course's reference's\n"),
        "{counted}"
    );
    // the same words on a line of their own (Gradescope, Classroom, JUnit)
    let junit = present::junit(&[memory_report()]);
    assert!(
        junit.contains("bytes = 12360 (reference 4688; limit 9376: 1.3x)"),
        "{junit}"
    );
}

#[test]
fn one_api_verdict_in_every_format() {
    let mut report = Report::new("hw4".into(), Api::Coursera, Edition::default());
    report.detected = true;
    report.files = vec!["hw4/Board.java".into()];
    report.compilation = Stage::failed(vec![StageNote::Javac(
        "Board.java:3: error: ';' expected".into(),
    )]);
    let text = present::human(&report, false);
    assert!(
        text.contains("API: not detected (nothing compiled)"),
        "{text}"
    );
    let page = present::html::student(&report);
    assert!(
        page.contains("API: not detected (nothing compiled)"),
        "{page}"
    );
    assert!(!page.contains("(detected)"), "{page}");
    let json: serde_json::Value =
        serde_json::from_str(&present::json(std::slice::from_ref(&report))).unwrap();
    assert_eq!(json["reports"][0]["api_detected"], false);
    // and where it was detected, every format says so
    let detected = compiled("hw4");
    assert!(present::human(&detected, false).contains("API: coursera, detected"));
    assert!(present::html::student(&detected).contains("API: coursera, detected"));
    let json: serde_json::Value =
        serde_json::from_str(&present::json(std::slice::from_ref(&detected))).unwrap();
    assert_eq!(json["reports"][0]["api_detected"], true);
}

fn timing_report() -> Report {
    let mut report = compiled("hw4");
    let seconds = Figure {
        name: "seconds",
        value: 0.041_209_022_463_321_525,
        reference: None,
        limit: Some(5.0),
        tolerance: Some(0.2),
    };
    let figures = vec![shown("moves", 20.0), shown("n", 3.0), seconds];
    report.sections = vec![section(
        "Timing 1",
        Category::Timing,
        "measure CPU time and check correctness",
        Check::Timing(TimingTest::Cpu),
        vec![TestResult::row("puzzle20.txt".into(), None, figures)],
    )];
    report
}

#[test]
fn figures_are_rounded_in_every_format() {
    let report = timing_report();
    let gradescope = present::gradescope::results(&report, &Style::default());
    let junit = present::junit(std::slice::from_ref(&report));
    let markdown = present::markdown(&report);
    let text = present::human(&report, false);
    for (format, words) in [
        ("gradescope", &gradescope),
        ("junit", &junit),
        ("markdown", &markdown),
        ("text", &text),
    ] {
        assert!(!words.contains("0.0412"), "{format}: {words}");
    }
    assert!(
        gradescope.contains("seconds = 0.04 (limit 5.00)"),
        "{gradescope}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&present::json(std::slice::from_ref(&report))).unwrap();
    assert_eq!(
        json["reports"][0]["sections"][0]["tests"][0]["figures"][2]["value"],
        0.041
    );
}

/// Board 1a passes, Solver 2a fails, Memory 2 has rows.
fn named_report() -> Report {
    let mut report = memory_report();
    let mut sections = vec![
        section(
            "Board 1a",
            Category::Correctness,
            "check hamming() with file inputs",
            Check::Value(Method::Hamming),
            vec![correctness(None)],
        ),
        section(
            "Solver 2a",
            Category::Correctness,
            "check moves() with file inputs",
            Check::Solver(SolverMethod::Moves),
            vec![correctness(Some(("puzzle04.txt", "moves()", "5", "4")))],
        ),
    ];
    sections.append(&mut report.sections);
    report.sections = sections;
    report
}

#[test]
fn one_name_for_each_test_in_every_format() {
    let report = named_report();
    // the text report keeps the course's own lines, under its banners
    let text = present::human(&report, false);
    assert!(
        text.contains("\nTest 1a: check hamming() with file inputs\n"),
        "{text}"
    );
    assert!(
        text.contains("\nTest 2a: check moves() with file inputs\n"),
        "{text}"
    );
    // every other format: the course's name, after the class it tests
    let gradescope: serde_json::Value =
        serde_json::from_str(&present::gradescope::results(&report, &Style::default())).unwrap();
    let names: Vec<&str> = gradescope["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"Board Test 1a: check hamming() with file inputs"),
        "{names:?}"
    );
    assert!(
        names.contains(&"Solver Test 2a: check moves() with file inputs"),
        "{names:?}"
    );
    assert!(names.contains(&"Memory 2 puzzle10.txt"), "{names:?}");
    let junit = present::junit(std::slice::from_ref(&report));
    assert!(
        junit.contains("Solver Test 2a: check moves() with file inputs"),
        "{junit}"
    );
    let page = present::html::student(&report);
    assert!(
        page.contains("Board Test 1a: check hamming() with file inputs"),
        "{page}"
    );
    assert!(
        page.contains(">Solver Test 2a</a>: check moves()"),
        "{page}"
    );
    assert!(present::markdown(&report).contains("Solver Test 2a"));
    let json: serde_json::Value =
        serde_json::from_str(&present::json(std::slice::from_ref(&report))).unwrap();
    let sections = &json["reports"][0]["sections"];
    assert_eq!(sections[0]["id"], "Board 1a", "the id stays, for tools");
    assert_eq!(sections[0]["name"], "Board Test 1a");
    let class = present::html::class(std::slice::from_ref(&report), &|_| "hw4.html".into());
    assert!(
        class.contains("Solver Test 2a: check moves() with file inputs"),
        "{class}"
    );
}

#[test]
fn every_test_has_an_anchor() {
    let page = present::html::student(&named_report());
    // a test that passed, one that failed, a row of a table
    for id in [
        "board-test-1a",
        "solver-test-2a",
        "memory-2-puzzle10-txt",
        "memory-2-puzzle35-txt",
    ] {
        assert!(page.contains(&format!(" id=\"{id}\"")), "{id}: {page}");
    }
    assert!(page.contains("href=\"#solver-test-2a\""), "{page}");
}
