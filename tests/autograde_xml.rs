//! Every XML file `slider autograde` writes parses as XML 1.0, whatever a
//! student's code throws (`fixtures/autograde/hostile/xml-hostile-message`:
//! U+FFFE, U+FFFF, C0 controls, a lone surrogate and markup in an
//! exception's message), alone and in a batch (whose one `JUnit` file holds
//! every submission's), and no HTML page holds a character XML 1.0 forbids.
//! A strict parser (roxmltree) reads them, and the `JUnit` files of
//! `slider grade` and `slider-check` too.
//!
//! The autograde test needs a JDK. Without one it fails; it never passes
//! silently.

mod common;

use common::autograde::*;

/// Whether XML 1.0 allows `c` (its production `Char`), written out here
/// rather than taken from slider.
fn xml_char(c: char) -> bool {
    let c = c as u32;
    c == 0x9
        || c == 0xa
        || c == 0xd
        || (0x20..=0xd7ff).contains(&c)
        || (0xe000..=0xfffd).contains(&c)
        || c >= 0x10000
}

/// Parses `path` as XML 1.0 and returns every failure's text in it.
fn junit_failures(path: &std::path::Path) -> Vec<String> {
    let xml = std::fs::read_to_string(path).unwrap();
    let document = roxmltree::Document::parse(&xml)
        .unwrap_or_else(|e| panic!("{} does not parse as XML 1.0: {e}\n{xml}", path.display()));
    document
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .map(|n| {
            let message = n.attribute("message").unwrap_or("");
            format!("{message}{}", n.text().unwrap_or(""))
        })
        .collect()
}

#[test]
fn every_junit_file_parses_as_xml_whatever_a_student_throws() {
    common::require_jdk();
    let out = tempfile::tempdir().unwrap();
    let single = out.path().join("single.xml");
    let run = autograde(&[
        "--only",
        "correctness",
        "--junit",
        single.to_str().unwrap(),
        "fixtures/autograde/hostile/xml-hostile-message",
    ]);
    run.assert_code(1);
    let failures = junit_failures(&single);
    // the message is there, every forbidden character shown
    assert!(
        failures
            .iter()
            .any(|f| f.contains("xml\\u{fffe}\\u{ffff}\u{2401}\u{2408}")),
        "{failures:#?}"
    );

    // A batch: the hostile message beside a submission whose folder's name
    // holds what XML forbids, each with its HTML page.
    let class = tempfile::tempdir().unwrap();
    copy_fixture("hostile/xml-hostile-message", class.path(), "xml-hostile");
    copy_fixture("reference", class.path(), "name\u{1}\u{fffe}\u{ffff}");
    let batch = out.path().join("batch.xml");
    let html = out.path().join("html");
    let class_dir = class.path().to_str().unwrap().to_string();
    let run = autograde(&[
        "--only",
        "correctness",
        "--junit",
        batch.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "--batch",
        &class_dir,
    ]);
    run.assert_code(1);
    let failures = junit_failures(&batch);
    assert!(
        failures.iter().any(|f| f.contains("xml\\u{fffe}")),
        "{failures:#?}"
    );
    let xml = std::fs::read_to_string(&batch).unwrap();
    assert!(xml.contains("name\u{2401}\\u{fffe}\\u{ffff}"), "{xml}");
    let mut pages = 0;
    for page in std::fs::read_dir(&html).unwrap().flatten() {
        let text = std::fs::read_to_string(page.path()).unwrap();
        if let Some(c) = text.chars().find(|&c| !xml_char(c)) {
            panic!("{}: {:?} in the page", page.path().display(), c);
        }
        pages += 1;
    }
    assert!(pages >= 3, "a page per student and the class's: {pages}");
}

#[test]
fn the_grade_and_check_junit_files_parse_as_xml_whatever_a_name_holds() {
    // every character a manifest's or a suite's name could bring
    let name = "a\u{0}\u{1}\u{8}\u{b}\u{c}\u{1f}\u{7f}\u{9b}\u{fffe}\u{ffff}\u{10ffff}]]><x a='&'>";
    for (what, xml) in [
        ("slider grade", slider::present::grade::junit(&[], name)),
        (
            "slider check",
            slider::present::check::batch_junit(&[], name),
        ),
    ] {
        let parsed = roxmltree::Document::parse(&xml);
        assert!(parsed.is_ok(), "{what}: {parsed:?}\n{xml}");
        assert!(xml.chars().all(xml_char), "{what}: {xml}");
        // the name is still there, its noncharacters shown
        assert!(xml.contains("\\u{fffe}\\u{ffff}"), "{what}: {xml}");
    }
}
