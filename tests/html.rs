//! `slider autograde --html`: the pages render in a real browser (Debian's
//! headless Chromium, installed by `.ci/run`), without script errors, not
//! blank, and with a hostile submission's strings escaped. The screenshots
//! are kept in `target/tmp/html-screenshots/` (CI keeps them as
//! artifacts).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A submission named like markup: a browser that ran it would load an
/// image and call `alert`.
const HOSTILE_NAME: &str = "<img src=x onerror=alert(1)>";

/// Copies a fixture submission to `to`.
fn copy_submission(fixture: &str, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
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

/// Loads `page` in headless Chromium: its rendered DOM and what the browser
/// logged, and a screenshot at `png`.
fn render(chromium: &str, page: &Path, png: &Path) -> (String, String) {
    let url = format!("file://{}", page.display());
    let common = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--enable-logging=stderr",
        "--v=0",
        "--window-size=1280,1600",
    ];
    let dom = Command::new(chromium)
        .args(common)
        .arg("--dump-dom")
        .arg(&url)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(dom.status.success(), "{}: {dom:?}", page.display());
    let shot = Command::new(chromium)
        .args(common)
        .arg(format!("--screenshot={}", png.display()))
        .arg(&url)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(shot.status.success(), "{}: {shot:?}", page.display());
    (
        String::from_utf8_lossy(&dom.stdout).into_owned(),
        String::from_utf8_lossy(&dom.stderr).into_owned() + &String::from_utf8_lossy(&shot.stderr),
    )
}

/// The tables of `page` that overflow a 1280 px window, as Chromium lays
/// it out: a copy of the page measures them with a script of its own (the
/// pages allow inline scripts) and writes what it found into the DOM.
fn overflowing_tables(chromium: &str, page: &Path) -> String {
    const MEASURE: &str = "<script>\
        var w=document.documentElement.clientWidth,bad=[];\
        document.querySelectorAll('table').forEach(function(t,i){\
        var r=t.getBoundingClientRect();\
        if(r.right>w+0.5)bad.push((t.closest('section')||{}).id+' table '+i+': '+Math.round(r.right)+' px');});\
        document.body.setAttribute('data-overflow',bad.length?bad.join('; '):'none');\
        </script></body>";
    let html = std::fs::read_to_string(page).unwrap();
    let measured = page.with_extension("measured.html");
    std::fs::write(&measured, html.replace("</body>", MEASURE)).unwrap();
    let dom = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=1280,1600",
            "--dump-dom",
        ])
        .arg(format!("file://{}", measured.display()))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout).into_owned();
    let at = dom
        .find("data-overflow=\"")
        .unwrap_or_else(|| panic!("{}: not measured\n{dom}", page.display()));
    let rest = &dom[at + "data-overflow=\"".len()..];
    rest[..rest.find('"').unwrap()].to_string()
}

/// The share of a screenshot's pixels that are not the page's white, and
/// how many colors it has.
fn ink(png_path: &Path) -> (f64, usize) {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let pixels = &buf[..info.buffer_size()];
    let mut colors = std::collections::HashSet::new();
    let mut inked = 0_usize;
    let count = pixels.len() / channels;
    for pixel in pixels.chunks(channels) {
        let rgb = (pixel[0], pixel[1], pixel[2]);
        if rgb != (255, 255, 255) {
            inked += 1;
        }
        if colors.len() < 1000 {
            colors.insert(rgb);
        }
    }
    (inked as f64 / count as f64, colors.len())
}

#[test]
fn autograde_pages_render_in_a_browser_not_blank_and_escaped() {
    common::require_jdk();
    let chromium = common::require_chromium();
    let work = tempfile::tempdir().unwrap();
    let hostile = work.path().join(HOSTILE_NAME);
    copy_submission("reference", &hostile);
    let pages = work.path().join("pages");
    let fixtures = [
        "reference",
        "buggy/shared-rows",
        "buggy/board-goal-array",
        "buggy/null-npe",
        "learned/byte-tiles",
    ];
    let run = Command::new(assert_cmd::cargo::cargo_bin("slider"))
        .current_dir(root_dir())
        .args(["autograde", "--only", "compile,api,correctness,memory"])
        .args(["--jobs", "2", "--time-limit", "600", "--html"])
        .arg(&pages)
        .args(fixtures.map(|f| format!("fixtures/autograde/{f}")))
        .arg(&hostile)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("html-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let names = [
        "reference",
        "shared-rows",
        "board-goal-array",
        "null-npe",
        "byte-tiles",
        "_img_src_x_onerror_alert_1__",
        "index",
    ];
    for name in names {
        let page = pages.join(format!("{name}.html"));
        let html = std::fs::read_to_string(&page).unwrap();
        // Self-contained: nothing is fetched.
        for fetch in ["src=\"http", "href=\"http", "<link", "@import", "url("] {
            assert!(!html.contains(fetch), "{name}: {fetch}");
        }
        let png = shots.join(format!("{name}.png"));
        let (dom, log) = render(chromium, &page, &png);
        assert!(!log.contains("Uncaught"), "{name}: a script error\n{log}");
        assert!(dom.contains("slider autograde"), "{name}: {dom}");
        let (inked, colors) = ink(&png);
        assert!(
            inked > 0.01 && colors >= 3,
            "{name}: the screenshot is blank ({inked:.4} inked, {colors} colors)"
        );
        // pages worth publishing: no table wider than a 1280 px window
        // (Memory 3's, three figures with their bars, was)
        assert_eq!(
            overflowing_tables(chromium, &page),
            "none",
            "{name}: a table overflows 1280 px"
        );
    }
    // Each page says what it is about: a failing test drawn, bars.
    let shared = std::fs::read_to_string(pages.join("shared-rows.html")).unwrap();
    assert!(shared.contains("Board Test 5a") && shared.contains("class=\"grid\""));
    let memory = std::fs::read_to_string(pages.join("board-goal-array.html")).unwrap();
    assert!(
        memory.contains("class=\"bar over\""),
        "Memory 1's rows over the limit"
    );
    // A failing test says what to look at, and where the student's code threw.
    let npe = std::fs::read_to_string(pages.join("null-npe.html")).unwrap();
    assert!(npe.contains("<p class=\"hint\"><b>Hint:</b> throw new IllegalArgumentException()"));
    assert!(npe.contains("(Solver.java:"), "the student's own line");
    // The class page links every student and counts the failures.
    let index = std::fs::read_to_string(pages.join("index.html")).unwrap();
    for name in &names[..6] {
        assert!(index.contains(&format!("href=\"{name}.html\"")), "{name}");
    }
    assert!(index.contains("Board Test 5a: check neighbors() with file inputs"));
    // students by name, never by the path they were graded at
    let tmp = work.path().display().to_string();
    assert!(!index.contains(&tmp), "{tmp} on the class page");
    // The hostile name is text, never markup, on both pages.
    for page in ["_img_src_x_onerror_alert_1__.html", "index.html"] {
        let html = std::fs::read_to_string(pages.join(page)).unwrap();
        assert!(!html.contains("<img"), "{page}");
        assert!(
            html.contains("&lt;img src=x onerror=alert(1)&gt;"),
            "{page}"
        );
    }
}

/// The class page of a batch of every fixture submission (compilation and
/// API only, to keep it short): every student linked, the page drawn.
#[test]
fn the_class_page_of_every_fixture_renders() {
    common::require_jdk();
    let chromium = common::require_chromium();
    let work = tempfile::tempdir().unwrap();
    let pages = work.path().join("pages");
    let fixtures = root_dir().join("fixtures/autograde");
    let mut submissions = vec![fixtures.join("reference"), fixtures.join("princeton")];
    for group in ["buggy", "learned", "hostile"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(fixtures.join(group))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        found.sort();
        submissions.extend(found);
    }
    let run = Command::new(assert_cmd::cargo::cargo_bin("slider"))
        .current_dir(root_dir())
        .args([
            "autograde",
            "--only",
            "compile,api",
            "--jobs",
            "2",
            "--html",
        ])
        .arg(&pages)
        .args(&submissions)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    let index = std::fs::read_to_string(pages.join("index.html")).unwrap();
    let links = index.matches("<a href=\"").count();
    assert!(
        links >= submissions.len(),
        "{links} links for {} students",
        submissions.len()
    );
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("html-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let png = shots.join("class-of-every-fixture.png");
    let (dom, log) = render(chromium, &pages.join("index.html"), &png);
    assert!(!log.contains("Uncaught"), "a script error\n{log}");
    assert!(dom.contains("slider autograde"), "{dom}");
    let (inked, colors) = ink(&png);
    assert!(
        inked > 0.01 && colors >= 3,
        "blank: {inked:.4} inked, {colors} colors"
    );
}
