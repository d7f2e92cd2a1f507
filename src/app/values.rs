//! Value parsers of the commands' flags that the library's own flag
//! structs use too.

use std::time::Duration;

/// A clap value parser for a number of seconds: finite, above zero and
/// within what a `Duration` holds (`1e300` or `-1` are usage errors, exit 2).
///
/// # Errors
///
/// Why `text` is not such a number, as a sentence.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::app::parse_seconds;
/// assert_eq!(parse_seconds("2.5"), Ok(Duration::from_millis(2500)));
/// assert!(parse_seconds("0").is_err());
/// assert!(parse_seconds("1e300").is_err());
/// assert!(parse_seconds("soon").is_err());
/// ```
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!("`{text}`: the number of seconds must be above 0"));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("`{text}` seconds is too long a time"))
}
