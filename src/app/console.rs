//! The console a command talks through: standard output, standard error
//! and progress displays, injected by the binary (as cargo's `Shell` is),
//! so that the library itself never prints.

use std::cell::RefCell;
use std::io::{self, Write};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Where a command's output goes.
///
/// The binaries hand in the process's streams; a test hands in buffers.
///
/// ```
/// use slider::app::Console;
/// let console = Console::new(Box::new(Vec::new()), Box::new(Vec::new()));
/// console.print("solved\n");
/// console.error("no such file");
/// ```
pub struct Console {
    out: RefCell<Box<dyn Write>>,
    styled: Option<RefCell<Box<dyn Write>>>,
    err: RefCell<Box<dyn Write>>,
    draw: Option<fn(u8) -> ProgressDrawTarget>,
    signals: Option<Signals>,
    quiet: bool,
}

/// What the binary does about SIGINT and SIGTERM, which only it may do
/// (the library never exits).
#[derive(Debug, Clone, Copy)]
pub struct Signals {
    /// Called before the first program starts, with the scratch folder of
    /// the grader: on a signal, ends what was started, removes its
    /// folders and exits.
    pub watch: fn(std::path::PathBuf),
    /// Called after a piece of work: when a signal arrived, blocks until
    /// the process ends, so that nothing graded during the shutdown is
    /// reported.
    pub wait: fn(),
}

impl Console {
    /// A console writing results to `out` and diagnostics to `err`, and
    /// drawing no progress.
    pub fn new(out: Box<dyn Write>, err: Box<dyn Write>) -> Console {
        Console {
            out: RefCell::new(out),
            styled: None,
            err: RefCell::new(err),
            draw: None,
            signals: None,
            quiet: false,
        }
    }

    /// With `quiet`, status lines ([`status`](Console::status)) and
    /// progress are not shown (`--quiet`); results, warnings, errors and
    /// what was asked for (`--stats`, `--profile`) still are.
    #[must_use]
    pub fn with_quiet(mut self, quiet: bool) -> Console {
        self.quiet = quiet;
        self
    }

    /// Whether it is quiet (`--quiet`): a command that prints results as
    /// it goes (a batch's lines) may then keep only the last.
    pub fn quiet(&self) -> bool {
        self.quiet
    }

    /// Text that may hold colour goes to `styled` (standard output that
    /// strips colour when it is off) instead of `out`.
    #[must_use]
    pub fn with_styled(mut self, styled: Box<dyn Write>) -> Console {
        self.styled = Some(RefCell::new(styled));
        self
    }

    /// Progress displays are drawn on the target `draw` makes at a
    /// refresh rate (in Hz), e.g. indicatif's `ProgressDrawTarget::stderr_with_hz`.
    #[must_use]
    pub fn with_progress(mut self, draw: fn(u8) -> ProgressDrawTarget) -> Console {
        self.draw = Some(draw);
        self
    }

    /// SIGINT and SIGTERM are handled by `signals`.
    #[must_use]
    pub fn with_signals(mut self, signals: Signals) -> Console {
        self.signals = Some(signals);
        self
    }

    /// Starts watching for SIGINT and SIGTERM (see [`Signals::watch`]).
    pub fn watch_signals(&self, scratch: std::path::PathBuf) {
        if let Some(signals) = self.signals {
            (signals.watch)(scratch);
        }
    }

    /// Blocks for good once a signal arrived (see [`Signals::wait`]).
    pub fn wait_if_interrupted(&self) {
        if let Some(signals) = self.signals {
            (signals.wait)();
        }
    }

    /// Runs `write` on standard output (the command's results), flushed
    /// after it.
    pub fn write_out(
        &self,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut out = self.out.borrow_mut();
        write(&mut **out)?;
        out.flush()
    }

    /// Writes `text` to standard output as it is (a write error is the
    /// reader's: a closed pipe loses nothing the command needs).
    pub fn print(&self, text: &str) {
        let _ = self.write_out(|out| out.write_all(text.as_bytes()));
    }

    /// Writes `text`, which may hold colour, to standard output (through
    /// the stream that strips colour when it is off).
    pub fn print_styled(&self, text: &str) -> io::Result<()> {
        let Some(styled) = &self.styled else {
            return self.write_out(|out| out.write_all(text.as_bytes()));
        };
        let mut styled = styled.borrow_mut();
        styled.write_all(text.as_bytes())?;
        styled.flush()
    }

    /// Writes `line` and a newline to standard error.
    pub fn say(&self, line: &str) {
        let _ = writeln!(self.err.borrow_mut(), "{line}");
    }

    /// Writes a status line (a note, a seed, a batch's progress line) to
    /// standard error, unless the console is quiet.
    pub fn status(&self, line: &str) {
        if !self.quiet {
            self.say(line);
        }
    }

    /// Writes `text` to standard error as it is.
    pub fn say_raw(&self, text: &str) {
        let _ = write!(self.err.borrow_mut(), "{text}");
    }

    /// Writes `error: MESSAGE` to standard error.
    pub fn error(&self, message: &str) {
        self.say(&format!("error: {message}"));
    }

    /// Whether progress displays are drawn.
    pub fn draws_progress(&self) -> bool {
        self.draw.is_some() && !self.quiet
    }

    /// A progress display of `len` steps in `template` (indicatif's
    /// syntax), hidden when this console draws none.
    pub fn progress(&self, len: Option<u64>, template: &str) -> ProgressBar {
        self.progress_at(len, template, 20)
    }

    pub(super) fn progress_at(&self, len: Option<u64>, template: &str, hz: u8) -> ProgressBar {
        let Some(draw) = self.draw.filter(|_| !self.quiet) else {
            return ProgressBar::hidden();
        };
        let bar = ProgressBar::with_draw_target(len, draw(hz));
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exit_code;
    use std::rc::Rc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A stream the test keeps a handle on.
    #[derive(Clone, Default)]
    struct Shared(Rc<RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.borrow().clone()).unwrap()
        }
    }

    #[test]
    fn results_coloured_text_and_diagnostics_go_to_their_own_streams() {
        let (out, styled, err) = (Shared::default(), Shared::default(), Shared::default());
        let console = Console::new(Box::new(out.clone()), Box::new(err.clone()))
            .with_styled(Box::new(styled.clone()));
        console.print("result\n");
        console.print_styled("coloured\n").unwrap();
        console.error("no such file");
        console.say("note: n");
        assert_eq!(out.text(), "result\n");
        assert_eq!(styled.text(), "coloured\n");
        assert_eq!(err.text(), "error: no such file\nnote: n\n");
    }

    #[test]
    fn without_a_styled_stream_coloured_text_is_output() {
        let (out, err) = (Shared::default(), Shared::default());
        let console = Console::new(Box::new(out.clone()), Box::new(err.clone()));
        console.print_styled("x\n").unwrap();
        assert_eq!(out.text(), "x\n");
        assert!(err.text().is_empty());
    }

    #[test]
    fn progress_is_hidden_unless_a_target_is_injected() {
        let console = Console::new(Box::new(io::sink()), Box::new(io::sink()));
        assert!(!console.draws_progress());
        assert!(console.progress(Some(3), "{pos}").is_hidden());
        let drawing = console.with_progress(|_| ProgressDrawTarget::hidden());
        assert!(drawing.draws_progress());
    }

    static WATCHED: AtomicUsize = AtomicUsize::new(0);
    static WAITED: AtomicUsize = AtomicUsize::new(0);

    #[test]
    fn signal_hooks_run_only_when_injected() {
        let plain = Console::new(Box::new(io::sink()), Box::new(io::sink()));
        plain.watch_signals(std::env::temp_dir());
        plain.wait_if_interrupted();
        assert_eq!(WATCHED.load(Ordering::SeqCst), 0);
        let hooked = plain.with_signals(Signals {
            watch: |_| {
                WATCHED.fetch_add(1, Ordering::SeqCst);
            },
            wait: || {
                WAITED.fetch_add(1, Ordering::SeqCst);
            },
        });
        hooked.watch_signals(std::env::temp_dir());
        hooked.wait_if_interrupted();
        assert_eq!(WATCHED.load(Ordering::SeqCst), 1);
        assert_eq!(WAITED.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_command_writes_only_to_the_console_it_is_handed() {
        let dir = std::env::temp_dir().join(format!("slider-console-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let puzzle = dir.join("one-move.txt");
        // The blank, bottom left, moves right once to reach the goal.
        std::fs::write(&puzzle, "2\n 1 2\n 0 3\n").unwrap();
        let job = crate::app::solve::SolveJob {
            puzzle: &puzzle,
            api: crate::course::Api::Princeton,
            algorithm: crate::search::Algorithm::Reference,
            heuristic: crate::search::HeuristicChoice::Auto,
            priority: crate::Priority::Manhattan,
            goal: None,
            max_nodes: None,
            time_limit: None,
            max_bytes: 1 << 30,
            pdb_dir: dir.clone(),
            input_timeout: std::time::Duration::from_secs(5),
            threads: 1,
            stats: false,
            moves: true,
            lines: false,
        };
        let (out, err) = (Shared::default(), Shared::default());
        let console = Console::new(Box::new(out.clone()), Box::new(err.clone()));
        let code = crate::app::solve::solve(&job, &console);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(code.unwrap(), exit_code::SUCCESS);
        assert_eq!(out.text(), "R\n");
        assert!(err.text().is_empty(), "{}", err.text());
    }
}
