//! Opening and reading inputs under caps: the one way every binary reads a
//! puzzle, a goal, an answer or a manifest (feature `cli`).
//!
//! Inputs are presumed hostile: `/dev/zero`, a FIFO whose writer never
//! writes, a directory, a terabyte of garbage. So:
//!
//! - every whole-file read stops at a documented cap ([`MAX_PUZZLE_BYTES`],
//!   [`MAX_MANIFEST_BYTES`]); a streamed answer stops at
//!   [`MAX_ANSWER_BYTES`] through [`Capped`];
//! - files are opened without blocking, so a FIFO with no writer reads as
//!   empty instead of hanging in `open`;
//! - pipes, FIFOs, terminals and devices wait at most an idle time for the
//!   next byte ([`InputStream`]'s `idle`), so a writer that never writes or never
//!   closes ends in an error, not a hang;
//! - a directory is refused when it is opened.
//!
//! Errors carry the position reached (line and column), so a user sees
//! where reading stopped.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::AsFd;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;
use std::time::{Duration, Instant};

use super::Span;
use super::{PuzzleError, PuzzleErrorKind};
use crate::board::Board;

/// The largest puzzle or goal file read: 32 MiB, room for a board of about
/// 2,000 x 2,000 tiles.
pub const MAX_PUZZLE_BYTES: u64 = 32 << 20;

/// The largest manifest (suite, generation, benchmark list) read: 16 MiB.
pub const MAX_MANIFEST_BYTES: u64 = 16 << 20;

/// The most of an answer `slider-check` reads: 64 MiB, a thousand times the
/// course output of an 80-move 15-puzzle. Answers are streamed, so memory
/// stays constant anyway; this bounds time (64 MiB of one-letter lines are
/// replayed in about 2 s).
pub const MAX_ANSWER_BYTES: u64 = 64 << 20;

/// How long a pipe, FIFO or terminal may stay silent before reading gives
/// up, unless the caller chooses otherwise.
pub const DEFAULT_IDLE: Duration = Duration::from_secs(30);

/// An opened input: a file, or standard input for `-`.
///
/// Reads from anything but a regular file wait at most `idle` for data, and
/// fail with [`io::ErrorKind::TimedOut`] after that.
///
/// # Example
///
/// ```
/// use std::io::Read;
/// let mut input = slider::format::source::open("Cargo.toml".as_ref(), None)?;
/// let mut text = String::new();
/// input.read_to_string(&mut text)?;
/// assert!(text.contains("[package]"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct InputStream {
    inner: Inner,
    /// `None` for regular files, which never block.
    idle: Option<Duration>,
}

#[derive(Debug)]
enum Inner {
    Stdin(io::Stdin),
    File(File),
}

/// Opens `path` (`-` is standard input). A directory is refused with
/// [`io::ErrorKind::IsADirectory`]; a FIFO is opened without waiting for a
/// writer. `idle` bounds each wait for data on pipes, FIFOs, terminals and
/// devices (`None`: wait as long as it takes).
///
/// # Errors
///
/// The system's error for a missing or unreadable path, or a directory.
pub fn open(path: &Path, idle: Option<Duration>) -> io::Result<InputStream> {
    if path.as_os_str() == "-" {
        return Ok(InputStream {
            inner: Inner::Stdin(io::stdin()),
            idle,
        });
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(nix::fcntl::OFlag::O_NONBLOCK.bits())
        .open(path)?;
    let kind = file.metadata()?.file_type();
    if kind.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a directory, not a file",
        ));
    }
    let regular = kind.is_file();
    if regular || kind.is_block_device() {
        // Reads of regular files never wait; clear the flag for clarity.
        set_blocking(&file)?;
    }
    Ok(InputStream {
        inner: Inner::File(file),
        idle: if regular { None } else { idle },
    })
}

fn set_blocking(file: &File) -> io::Result<()> {
    use nix::fcntl::{F_GETFL, F_SETFL, OFlag, fcntl};
    let flags = OFlag::from_bits_truncate(fcntl(file, F_GETFL).map_err(io::Error::from)?);
    fcntl(file, F_SETFL(flags - OFlag::O_NONBLOCK)).map_err(io::Error::from)?;
    Ok(())
}

impl InputStream {
    /// Waits until the input has data (or an end), at most the idle time.
    fn wait(&self, started: Instant) -> io::Result<()> {
        use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
        let Some(idle) = self.idle else {
            return Ok(());
        };
        loop {
            let left = idle.saturating_sub(started.elapsed());
            if left.is_zero() {
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!(
                        "no input for {} s (an open pipe or FIFO that nobody writes to?)",
                        idle.as_secs_f64()
                    ),
                ));
            }
            let timeout = PollTimeout::try_from(left).unwrap_or(PollTimeout::MAX);
            let ready = match &self.inner {
                Inner::Stdin(stdin) => poll(
                    &mut [PollFd::new(stdin.as_fd(), PollFlags::POLLIN)],
                    timeout,
                ),
                Inner::File(file) => {
                    poll(&mut [PollFd::new(file.as_fd(), PollFlags::POLLIN)], timeout)
                }
            };
            match ready {
                Ok(0) | Err(nix::errno::Errno::EINTR) => {}
                Ok(_) => return Ok(()),
                Err(e) => return Err(e.into()),
            }
        }
    }
}

impl Read for InputStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let started = Instant::now();
        loop {
            if matches!(self.inner, Inner::Stdin(_)) {
                // Standard input is shared with the parent: it stays blocking,
                // so wait first.
                self.wait(started)?;
            }
            let read = match &mut self.inner {
                Inner::Stdin(stdin) => stdin.lock().read(buf),
                Inner::File(file) => file.read(buf),
            };
            match read {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => self.wait(started)?,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                other => return other,
            }
        }
    }
}

/// A reader that fails with [`io::ErrorKind::FileTooLarge`] once more than
/// `cap` bytes have been read, for inputs that are streamed rather than
/// held.
///
/// # Example
///
/// ```
/// use std::io::Read;
/// use slider::format::source::Capped;
/// let mut capped = Capped::new(&b"0123456789"[..], 4);
/// let mut out = Vec::new();
/// let err = capped.read_to_end(&mut out).unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::FileTooLarge);
/// assert_eq!(out, b"0123");
/// ```
#[derive(Debug)]
pub struct Capped<R> {
    inner: R,
    left: u64,
    cap: u64,
}

impl<R: Read> Capped<R> {
    /// At most `cap` bytes of `inner`.
    pub fn new(inner: R, cap: u64) -> Self {
        Capped {
            inner,
            left: cap,
            cap,
        }
    }
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            // One more byte tells a file of exactly `cap` bytes from a larger one.
            let mut probe = [0_u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(too_large(self.cap)),
            };
        }
        let room = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let read = self.inner.read(&mut buf[..room])?;
        self.left -= read as u64;
        Ok(read)
    }
}

fn too_large(cap: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("larger than {}", super::size_text(cap)),
    )
}

/// What [`read_capped`] read, and why it stopped.
#[derive(Debug)]
pub struct Prefix {
    /// Everything read (at most the cap).
    pub bytes: Vec<u8>,
    /// `None` at the end of the input; else why reading stopped early
    /// ([`io::ErrorKind::FileTooLarge`] past the cap).
    pub stopped: Option<io::Error>,
}

/// Reads `reader` to its end, or to `cap` bytes, or to its first error,
/// keeping what was read.
///
/// # Example
///
/// ```
/// use slider::format::source::read_capped;
/// let read = read_capped(&b"3\n1 2 3"[..], 4);
/// assert_eq!(read.bytes, b"3\n1 ");
/// assert_eq!(read.stopped.unwrap().kind(), std::io::ErrorKind::FileTooLarge);
/// assert!(read_capped(&b"3\n"[..], 4).stopped.is_none());
/// ```
pub fn read_capped<R: Read>(reader: R, cap: u64) -> Prefix {
    // Room for the whole cap up front: untouched pages cost no memory, and
    // the buffer never doubles (a doubling copy would hold two copies at once).
    let mut bytes =
        Vec::with_capacity(usize::try_from(cap).unwrap_or(usize::MAX).saturating_add(1));
    let stopped = Capped::new(reader, cap).read_to_end(&mut bytes).err();
    bytes.shrink_to_fit();
    Prefix { bytes, stopped }
}

/// The empty span just after `bytes` (its line and column).
///
/// # Example
///
/// ```
/// let end = slider::format::source::end_of(b"ab\ncd");
/// assert_eq!((end.start, end.line, end.column), (5, 2, 3));
/// ```
pub fn end_of(bytes: &[u8]) -> Span {
    let line_start = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = bytes.split(|&b| b == b'\n').count();
    let column = 1 + bytes[line_start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count();
    Span::empty_at(bytes.len(), line, column)
}

/// Why [`load_puzzle`] gave no board.
#[derive(Debug)]
pub enum LoadError {
    /// The input could not be opened (no position to show).
    Open(io::Error),
    /// The text is not a puzzle, or reading stopped early; `source` is what
    /// was read, for quoting.
    Puzzle {
        /// What is wrong, and where.
        error: Box<PuzzleError>,
        /// The bytes read.
        source: Vec<u8>,
    },
}

/// Opens and parses a puzzle file (or standard input for `-`) with `parse`,
/// reading at most [`MAX_PUZZLE_BYTES`].
///
/// When reading stops early (past the cap, a silent pipe, a read error),
/// what was read is still parsed: an error found before the place where
/// reading stopped is the one reported (`/dev/zero` is "not an integer" at
/// 1:1); otherwise the error is [`PuzzleErrorKind::TooLarge`] or
/// [`PuzzleErrorKind::Io`] at that place.
///
/// # Errors
///
/// [`LoadError::Open`] when the path cannot be opened (or is a directory),
/// else [`LoadError::Puzzle`].
///
/// # Example
///
/// ```
/// use slider::format::{parse_puzzle, source::load_puzzle};
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/course/puzzle04.txt");
/// let (board, _source) = load_puzzle(path.as_ref(), None, parse_puzzle).unwrap();
/// assert_eq!(board.size(), 3);
/// ```
pub fn load_puzzle(
    path: &Path,
    idle: Option<Duration>,
    parse: fn(&[u8]) -> Result<Board, PuzzleError>,
) -> Result<(Board, Vec<u8>), LoadError> {
    let input = open(path, idle).map_err(LoadError::Open)?;
    let read = read_capped(input, MAX_PUZZLE_BYTES);
    parse_read(read, MAX_PUZZLE_BYTES, parse)
}

/// Opens and reads a file of boards, one per line
/// ([`crate::format::parse_board_lines`]), as [`load_puzzle`] reads one.
///
/// # Errors
///
/// As [`load_puzzle`].
///
/// # Example
///
/// ```
/// use slider::format::source::load_board_lines;
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/benchmarks/korf100-blank-last.txt");
/// assert!(load_board_lines(path.as_ref(), None).is_err()); // each line ends with its optimum
/// ```
pub fn load_board_lines(
    path: &Path,
    idle: Option<Duration>,
) -> Result<(Vec<crate::format::BoardLine>, Vec<u8>), LoadError> {
    let input = open(path, idle).map_err(LoadError::Open)?;
    let read = read_capped(input, MAX_PUZZLE_BYTES);
    parse_read(read, MAX_PUZZLE_BYTES, crate::format::parse_board_lines)
}

/// Parses what [`read_capped`] returned (see [`load_puzzle`]).
fn parse_read<T>(
    read: Prefix,
    cap: u64,
    parse: fn(&[u8]) -> Result<T, PuzzleError>,
) -> Result<(T, Vec<u8>), LoadError> {
    let Prefix { bytes, stopped } = read;
    let parsed = parse(&bytes);
    let fail = |error, source| {
        Err(LoadError::Puzzle {
            error: Box::new(error),
            source,
        })
    };
    let Some(stopped) = stopped else {
        return match parsed {
            Ok(board) => Ok((board, bytes)),
            Err(error) => fail(error, bytes),
        };
    };
    match parsed {
        // An error wholly inside what was read stands whatever follows.
        Err(error) if settled(&error, bytes.len()) => fail(error, bytes),
        _ => {
            let kind = if stopped.kind() == io::ErrorKind::FileTooLarge {
                PuzzleErrorKind::TooLarge { cap }
            } else {
                PuzzleErrorKind::Io {
                    message: stopped.to_string(),
                }
            };
            let error = PuzzleError {
                kind,
                span: end_of(&bytes),
                other: None,
            };
            fail(error, bytes)
        }
    }
}

/// Whether a puzzle error found in a prefix of `len` bytes stands whatever
/// follows: not a missing-input error, and either wholly inside the prefix
/// or a token that more bytes cannot mend (more digits never bring a number
/// back into range, more text never makes a non-number a number).
fn settled(error: &PuzzleError, len: usize) -> bool {
    !error.kind.needs_more_input()
        && (error.span.end < len
            || matches!(
                error.kind,
                PuzzleErrorKind::SizeNotInteger { .. }
                    | PuzzleErrorKind::TileNotInteger { .. }
                    | PuzzleErrorKind::SizeOutOfRange { .. }
                    | PuzzleErrorKind::TileOutOfRange { .. }
                    | PuzzleErrorKind::TooManyTiles { .. }
            ))
}

/// Why [`read_text`] gave no text: a message, and where reading stopped
/// when it got that far. `Display` is `LINE:COL: MESSAGE`, or the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextError {
    /// Where reading stopped or the bad byte is, if anything was read.
    pub at: Option<Span>,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.at {
            Some(at) => write!(f, "{}:{}: {}", at.line, at.column, self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for TextError {}

/// Reads a text file (a manifest or a benchmark list; `-` is standard
/// input) of at most [`MAX_MANIFEST_BYTES`].
///
/// # Errors
///
/// A [`TextError`]: the path cannot be opened, reading stopped part-way
/// (past the cap, a silent pipe), or the text is not UTF-8.
///
/// # Example
///
/// ```
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/benchmarks/korf100.txt");
/// let text = slider::format::source::read_text(path.as_ref(), None).unwrap();
/// assert!(text.starts_with("# Korf's 100"));
/// let err = slider::format::source::read_text("src".as_ref(), None).unwrap_err();
/// assert_eq!(err.to_string(), "is a directory, not a file");
/// ```
pub fn read_text(path: &Path, idle: Option<Duration>) -> Result<String, TextError> {
    let input = open(path, idle).map_err(|e| TextError {
        at: None,
        message: e.to_string(),
    })?;
    let read = read_capped(input, MAX_MANIFEST_BYTES);
    if let Some(stopped) = read.stopped {
        return Err(TextError {
            at: Some(end_of(&read.bytes)),
            message: stopped.to_string(),
        });
    }
    String::from_utf8(read.bytes).map_err(|e| TextError {
        at: Some(end_of(&e.as_bytes()[..e.utf8_error().valid_up_to()])),
        message: "not UTF-8 text".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{parse_puzzle, parse_puzzle_any};

    fn stopped_at(bytes: &[u8], cap: u64) -> PuzzleError {
        let read = read_capped(bytes, cap);
        match parse_read(read, cap, parse_puzzle_any) {
            Err(LoadError::Puzzle { error, .. }) => *error,
            other => panic!("expected a puzzle error, got {other:?}"),
        }
    }

    #[test]
    fn an_error_before_the_cap_is_the_one_reported() {
        let err = stopped_at(&[0_u8; 100], 10);
        assert!(
            matches!(err.kind, PuzzleErrorKind::SizeNotInteger { .. }),
            "{err}"
        );
        assert_eq!((err.span.line, err.span.column), (1, 1));
    }

    #[test]
    fn a_cut_puzzle_is_too_large_at_the_cap() {
        let err = stopped_at(b"3\n1 2 3\n4 5 6\n7 8 0\n   ", 9);
        assert_eq!(err.kind, PuzzleErrorKind::TooLarge { cap: 9 });
        assert_eq!((err.span.line, err.span.column), (3, 2));
        // Whitespace after a whole puzzle is still past the cap.
        let err = stopped_at(b"2\n1 2\n3 0\n\n\n\n", 10);
        assert_eq!(err.kind, PuzzleErrorKind::TooLarge { cap: 10 });
    }

    #[test]
    fn a_file_of_exactly_the_cap_is_read() {
        let text = b"2\n1 2\n3 0\n";
        let read = read_capped(&text[..], text.len() as u64);
        assert!(read.stopped.is_none());
        assert!(parse_read(read, text.len() as u64, parse_puzzle).is_ok());
    }
}
