//! The `parse_puzzle` target: the puzzle parser on arbitrary bytes.

/// Parsing arbitrary bytes as a puzzle never panics; errors point inside
/// the input; a board that parses prints and parses back to itself.
///
/// # Panics
///
/// When a property fails.
///
/// # Example
///
/// ```
/// slider::fuzz_checks::parse_puzzle(b"2 1 2 3 0");
/// slider::fuzz_checks::parse_puzzle(b"\xff garbage");
/// ```
pub fn parse_puzzle(data: &[u8]) {
    match crate::format::parse_puzzle(data) {
        Ok(board) => {
            let text = board.to_string();
            let again = crate::format::parse_puzzle(text.as_bytes())
                .unwrap_or_else(|e| panic!("Display output does not parse: {e}\n{text}"));
            assert_eq!(again, board, "round trip changed the board");
        }
        Err(e) => {
            for span in std::iter::once(e.span).chain(e.other) {
                assert!(
                    span.start <= span.end && span.end <= data.len(),
                    "span {span:?} outside {} input bytes",
                    data.len()
                );
            }
        }
    }
}
