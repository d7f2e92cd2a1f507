//! Every puzzle in `fixtures/parse/ok/` parses, whatever its whitespace, and
//! prints in the course's format (snapshotted).

#[test]
fn tolerated_whitespace_parses() {
    insta::glob!("../fixtures/parse", "ok/*.txt", |path| {
        let bytes = std::fs::read(path).unwrap();
        let board = slider::format::parse_puzzle(&bytes).unwrap();
        insta::with_settings!({snapshot_path => "../snapshots"}, {
            insta::assert_snapshot!(board.to_string());
        });
    });
}
