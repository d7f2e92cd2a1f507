//! What both binaries share: the `--color` choice, argument parsing, the
//! console on this process's streams, the one place a command's end is
//! said and mapped to the process's exit, and the signal handling (which
//! exits, so the library cannot). Included by each with `#[path]`.

use std::io::{IsTerminal, Write};

use clap::{Parser, ValueEnum};
use slider::app::{CommandError, Console, Signals};
use slider::exit_code;

/// The `--color` choices.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

impl ColorWhen {
    /// Makes anstream's streams follow this choice (`NO_COLOR` under `auto`).
    pub fn apply(self) {
        anstream::ColorChoice::write_global(match self {
            ColorWhen::Auto => anstream::ColorChoice::Auto,
            ColorWhen::Always => anstream::ColorChoice::Always,
            ColorWhen::Never => anstream::ColorChoice::Never,
        });
    }
}

/// The parsed arguments, or the exit code after clap has printed help,
/// the version (0) or a usage error (2).
pub fn parse_args<T: Parser>() -> Result<T, u8> {
    T::try_parse().map_err(|e| {
        let _ = e.print();
        if e.use_stderr() {
            exit_code::ERROR
        } else {
            exit_code::SUCCESS
        }
    })
}

/// The console on this process's streams: colour stripped as `--color`
/// says, progress drawn when standard error is a terminal (and status
/// lines shown) unless `quiet`, SIGINT and SIGTERM handled.
pub fn console(quiet: bool) -> Console {
    let console = Console::new(Box::new(std::io::stdout()), Box::new(anstream::stderr()))
        .with_quiet(quiet)
        .with_styled(Box::new(anstream::stdout()))
        .with_signals(Signals {
            watch: clean_up_on_signals,
            wait: wait_if_interrupted,
        });
    if std::io::stderr().is_terminal() {
        console.with_progress(indicatif::ProgressDrawTarget::stderr_with_hz)
    } else {
        console
    }
}

/// How a command ended, said and mapped to the process's exit: its exit
/// code, or its failure on standard error (`error: …`, an input file's
/// line and caret) and 2. The only place a command's failure is printed.
pub fn exit(console: &Console, done: Result<u8, CommandError>) -> std::process::ExitCode {
    std::process::ExitCode::from(match done {
        Ok(code) => code,
        Err(CommandError::Input(error)) => {
            console.say_raw(&slider::present::diagnostic::input_error(&error, true));
            exit_code::ERROR
        }
        Err(CommandError::Many(lines)) => {
            for line in &lines {
                console.error(line);
            }
            exit_code::ERROR
        }
        Err(failure) => {
            console.error(&failure.to_string());
            exit_code::ERROR
        }
    })
}

/// This process's surroundings, taken once: every environment variable,
/// its executable, its working folder and the temporary folder. The
/// library reads them only from here.
#[allow(dead_code)] // slider-check has no use for it
pub fn context() -> slider::context::Context {
    slider::context::Context::new(
        std::env::vars_os(),
        std::env::current_exe().ok(),
        std::env::current_dir().unwrap_or_default(),
        std::env::temp_dir(),
    )
}

/// Where pattern databases (and the autograder's compiled Java) are
/// cached: the folder `chosen` (`--pdb-dir`, or `SLIDER_PDB_DIR`), else
/// the user's cache folder (`~/.cache/slider` on Linux), else
/// `.slider-cache` in the working folder.
#[allow(dead_code)] // each binary uses some of these helpers
pub fn cache_dir(chosen: Option<&std::path::Path>) -> std::path::PathBuf {
    chosen.map_or_else(
        || dirs::cache_dir().map_or_else(|| ".slider-cache".into(), |d| d.join("slider")),
        std::path::Path::to_path_buf,
    )
}

/// `--api`'s value: an API, or `None` for `any` (either is accepted, or it
/// is detected). An alias, so that clap's derive takes the field as a
/// value with a default rather than as an optional flag.
pub type ApiChoice = Option<slider::course::Api>;

/// `--api`'s name for no API in particular (`None`), and its default.
pub const ANY_API: &str = "any";

/// The `--api` value parser: `any` ([`ANY_API`], `None`) or an API by its
/// [`name`](slider::course::Api::name), each with its help line.
pub fn api_parser() -> impl clap::builder::TypedValueParser<Value = ApiChoice> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    use slider::course::Api;
    let help = |api| match api {
        Api::Princeton => "Princeton (COS 226)",
        Api::Coursera => "Coursera (Algorithms, Part I)",
    };
    let any = PossibleValue::new(ANY_API)
        .help("Either (when checking or detecting); Princeton's when printing");
    let apis = Api::ALL.map(|api| PossibleValue::new(api.name()).help(help(api)));
    PossibleValuesParser::new(std::iter::once(any).chain(apis)).map(|name| {
        if name == ANY_API {
            None
        } else {
            Api::named(&name)
        }
    })
}

/// A clap value parser for a number of seconds: finite, above zero and
/// within what a `Duration` holds (`1e300` or `-1` are usage errors, exit 2).
pub fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!("`{text}`: the number of seconds must be above 0"));
    }
    std::time::Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("`{text}` seconds is too long a time"))
}

/// When SIGINT or SIGTERM arrived ([`clean_up_on_signals`]): blocks until
/// the signal's thread ends the process with its exit code.
fn wait_if_interrupted() {
    if slider::run::process::shutting_down() {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
        }
    }
}

/// On SIGINT or SIGTERM: kills every process this grader started, removes
/// its folders under `scratch`, and exits with 128 + the signal's number
/// (130, 143), from a thread of its own.
fn clean_up_on_signals(scratch: std::path::PathBuf) {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("slider-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let killed = slider::run::process::shut_down();
                let removed = slider::run::remove_scratch(&scratch);
                let _ = writeln!(
                    anstream::stderr(),
                    "error: interrupted: {killed} processes ended, {removed} scratch folders removed"
                );
                std::process::exit(128 + signal);
            }
        });
}
