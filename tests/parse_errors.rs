//! Every malformed puzzle in `fixtures/parse/bad/` is refused with a
//! diagnostic that points inside the file; the rendered text is snapshotted.
//! (Kept alone in its binary: insta's `glob!` must not share one.)

use slider::format::parse_puzzle;
use slider::present::diagnostic::{Diagnostic, render};

#[test]
fn malformed_puzzles_render_a_diagnostic() {
    insta::glob!("../fixtures/parse", "bad/*.txt", |path| {
        let bytes = std::fs::read(path).unwrap();
        let error = parse_puzzle(&bytes).expect_err("a malformed puzzle was accepted");
        for span in std::iter::once(error.span).chain(error.other) {
            assert!(
                span.start <= span.end && span.end <= bytes.len(),
                "{span:?} outside the input"
            );
        }
        let name = format!("bad/{}", path.file_name().unwrap().to_string_lossy());
        let text = render(
            &[Diagnostic::from_puzzle_error(&error, &name)],
            &bytes,
            false,
        );
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
            insta::assert_snapshot!(text);
        });
    });
}
