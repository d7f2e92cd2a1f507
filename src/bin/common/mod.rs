//! What both binaries share: argument errors, the `--color` and `--api`
//! choices, and reading boards (through the library's capped input layer,
//! `slider::format::source`). Included by each with `#[path]`.

use std::io::Write;

use clap::{Parser, ValueEnum};
use slider::exit_code;

/// Prints `error: MESSAGE` to standard error.
pub fn report_error(message: &str) {
    let _ = writeln!(anstream::stderr(), "error: {message}");
}

/// [`report_error`], then the usage-error exit code (2).
pub fn fail(message: &str) -> u8 {
    report_error(message);
    exit_code::ERROR
}

/// Reports an input that could not be read; exit code 2.
pub fn input_failed(error: &slider::check::files::InputError) -> u8 {
    let text = slider::present::diagnostic::input_error(error, true);
    let _ = write!(anstream::stderr(), "{text}");
    exit_code::ERROR
}

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

/// A progress display for a database build on standard error (hidden
/// when it is not a terminal), and the callback that feeds it.
pub fn build_progress(
    what: &str,
) -> (
    indicatif::ProgressBar,
    impl Fn(slider::search::pdb::BuildProgress) + Sync + use<>,
) {
    const STEPS: u64 = 1000;
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(STEPS),
        indicatif::ProgressDrawTarget::stderr_with_hz(4),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{prefix} [{elapsed_precise}] {wide_bar} {percent:>3}% {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_prefix(format!("building {what}"));
    bar.enable_steady_tick(std::time::Duration::from_millis(500));
    let shown = bar.clone();
    let tracker = slider::search::pdb::BuildTracker::default();
    let started = std::time::Instant::now();
    let update = move |p: slider::search::pdb::BuildProgress| {
        tracker.record(p);
        shown.set_position((tracker.fraction() * STEPS as f64) as u64);
        shown.set_message(slider::present::pdb::progress_message(
            &tracker,
            started.elapsed(),
        ));
    };
    (bar, update)
}

/// Opens the databases `choice` names for `goal` from `dir`
/// ([`PatternDatabase::open_choice`](slider::search::pdb::PatternDatabase::open_choice)),
/// with a progress bar while building and the notes on standard error.
/// `requested`: the user asked for this build (`slider pdb build`).
pub fn open_pdb(
    goal: &slider::search::Goal,
    choice: slider::search::pdb::Choice,
    dir: &std::path::Path,
    requested: bool,
) -> Result<slider::search::pdb::PatternDatabase, String> {
    use slider::search::pdb::{Choice, Kind, PatternDatabase};
    let building = match choice {
        Choice::Kind(kind) => Some(kind),
        Choice::Best => Kind::default_for(goal.size()),
    };
    let (bar, progress) = build_progress(&building.map_or_else(
        || "pattern databases".to_string(),
        |k| format!("{k} pattern databases"),
    ));
    let opened = PatternDatabase::open_choice(goal, choice, dir, &progress);
    bar.finish_and_clear();
    let (pdb, notes) = opened.map_err(|e| e.to_string())?;
    for note in &notes {
        let _ = writeln!(
            anstream::stderr(),
            "{}",
            slider::present::pdb::note(note, requested)
        );
    }
    Ok(pdb)
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

/// The harness untrusted programs run under ([`slider::run::sandbox::harness`]):
/// `limits`, a uid per job slot (as root), bubblewrap (with a note when
/// `auto` finds none), `pass_env`'s variables passed through, and the
/// `hide`n folders.
#[cfg(feature = "cli")]
#[allow(dead_code)] // slider-check runs nothing
pub fn harness(
    limits: slider::run::process::Limits,
    user: slider::run::sandbox::UserMode,
    mode: slider::run::sandbox::SandboxMode,
    pass_env: &[String],
    hide: Vec<std::path::PathBuf>,
) -> Result<slider::run::Harness, u8> {
    let setup = slider::run::sandbox::Setup::of_this_process(limits, user, mode, pass_env, hide);
    let (harness, no_sandbox) = slider::run::sandbox::harness(setup).map_err(|why| fail(&why))?;
    if let Some(why) = no_sandbox {
        let _ = writeln!(
            anstream::stderr(),
            "note: no sandbox ({why}); programs run with the other protections only"
        );
    }
    Ok(harness)
}

/// Opens the report files named on the command line before any work
/// ([`ReportFiles`](slider::present::report_files::ReportFiles)); `Err` is
/// the exit code, after saying why.
#[cfg(feature = "cli")]
#[allow(dead_code)] // slider-check writes none
pub fn report_files<K: Copy>(
    wanted: &[(K, Option<&std::path::PathBuf>)],
) -> Result<slider::present::report_files::ReportFiles<K>, u8> {
    slider::present::report_files::ReportFiles::open(wanted).map_err(|e| fail(&e))
}

/// Writes the report files; false (after saying why) when one failed.
#[cfg(feature = "cli")]
#[allow(dead_code)] // slider-check writes none
pub fn write_reports<K: Copy>(
    files: slider::present::report_files::ReportFiles<K>,
    text: &dyn Fn(K) -> String,
) -> bool {
    let failed = files.write(text);
    for why in &failed {
        report_error(why);
    }
    failed.is_empty()
}

/// When SIGINT or SIGTERM arrived ([`clean_up_on_signals`]): blocks until
/// the signal's thread ends the process with its exit code, so that
/// nothing graded during the shutdown is reported (its failures are the
/// shutdown's, not the program's).
#[cfg(feature = "cli")]
#[allow(dead_code)] // slider-check starts nothing
pub fn wait_if_interrupted() {
    if slider::run::process::shutting_down() {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
        }
    }
}

/// On SIGINT or SIGTERM: kills every process this grader started, removes
/// its folders under `scratch`, and exits with 128 + the signal's number
/// (130, 143), from a thread of its own.
#[cfg(feature = "cli")]
#[allow(dead_code)] // slider-check starts nothing
pub fn clean_up_on_signals(scratch: std::path::PathBuf) {
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
                report_error(&format!(
                    "interrupted: {killed} processes ended, {removed} scratch folders removed"
                ));
                std::process::exit(128 + signal);
            }
        });
}
