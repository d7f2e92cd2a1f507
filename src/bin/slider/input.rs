//! Reading a named input (`-` for standard input) into memory, with a cap.

use std::io::{self, Read};
use std::path::Path;

/// Inputs larger than this are refused rather than read.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// The bytes of `path`, or of standard input for `-`.
pub fn read_input(path: &Path) -> Result<Vec<u8>, String> {
    let display = path.display();
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| format!("cannot open {display}: {e}"))?)
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {display}: {e}"))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(format!(
            "{display} is larger than {} MiB; slider does not read inputs that large",
            MAX_INPUT_BYTES >> 20
        ));
    }
    Ok(bytes)
}

/// The name diagnostics use for an input.
pub fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Prints a plain error line (no source to quote) to standard error.
pub fn report_error(message: &str) {
    use std::io::Write;
    let mut err = anstream::stderr();
    let _ = writeln!(err, "error: {message}");
}

/// Whether diagnostics written to standard error should carry colour.
/// anstream strips the styles again when colour is off or `NO_COLOR` is set.
pub fn stderr_color() -> bool {
    true
}
