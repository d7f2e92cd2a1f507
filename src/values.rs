//! Value parsers of the commands' flags, shared by the binaries and the
//! library's own flag structs (`autograde::Settings`, which `slider
//! autograde` flattens).

use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use crate::course::Api;

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
/// use slider::values::parse_seconds;
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

/// `--api`'s value: an API, or `None` for `any` (whichever the classes
/// match best, or either answer). An alias, so that clap's derive takes
/// the field as a value with a default rather than as an optional flag.
pub type ApiChoice = Option<Api>;

/// `--api`'s name for no API in particular (`None`), and its default.
pub const ANY_API: &str = "any";

/// The `--api` value parser: `any` ([`ANY_API`], `None`) or an API by its
/// [`name`](Api::name), each with its help line.
///
/// # Example
///
/// ```
/// use clap::Parser;
/// use slider::values::{ANY_API, ApiChoice, api_parser};
/// use slider::course::Api;
/// #[derive(Parser)]
/// struct Args {
///     #[arg(long, default_value = ANY_API, value_parser = api_parser())]
///     api: ApiChoice,
/// }
/// assert_eq!(Args::parse_from(["x"]).api, None);
/// assert_eq!(Args::parse_from(["x", "--api", "princeton"]).api, Some(Api::Princeton));
/// assert!(Args::try_parse_from(["x", "--api", "java"]).is_err());
/// ```
pub fn api_parser() -> impl TypedValueParser<Value = ApiChoice> {
    let help = |api| match api {
        Api::Princeton => "Princeton (COS 226)",
        Api::Coursera => "Coursera (Algorithms, Part I)",
    };
    let any = PossibleValue::new(ANY_API).help("Either (when checking or detecting)");
    let apis = Api::ALL.map(|api| PossibleValue::new(api.name()).help(help(api)));
    PossibleValuesParser::new(std::iter::once(any).chain(apis)).map(|name| {
        if name == ANY_API {
            None
        } else {
            Api::named(&name)
        }
    })
}
