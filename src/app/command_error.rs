//! Why a command could not do its job: the one error every command
//! returns, printed once, by the binary, with the exit code 2.

use crate::check::files::InputError;

/// Why a command could not do its job (exit code 2, "the tool could not
/// do its job"): each command returns `Result<u8, CommandError>`, its exit code
/// or this, and the binary prints it and maps it in one place.
///
/// # Example
///
/// ```
/// use slider::app::CommandError;
/// let error: CommandError = "no program to grade".into();
/// assert_eq!(error.to_string(), "no program to grade");
/// ```
#[derive(Debug)]
pub enum CommandError {
    /// What went wrong, in slider's words: an argument it cannot act on, a
    /// file it cannot read or write, a tool that failed.
    Said(String),
    /// An input file that could not be read or parsed, shown with its
    /// line, column and caret ([`crate::present::diagnostic::input_error`]).
    Input(InputError),
    /// Several things, each in slider's words on a line of its own: the
    /// report files that could not be written, after the console's report
    /// came out.
    Many(Vec<String>),
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandError::Said(words) => f.write_str(words),
            CommandError::Input(error) => error.fmt(f),
            CommandError::Many(lines) => f.write_str(&lines.join("\n")),
        }
    }
}

impl std::error::Error for CommandError {}

impl From<String> for CommandError {
    fn from(words: String) -> CommandError {
        CommandError::Said(words)
    }
}

impl From<&str> for CommandError {
    fn from(words: &str) -> CommandError {
        CommandError::Said(words.to_string())
    }
}

impl From<InputError> for CommandError {
    fn from(error: InputError) -> CommandError {
        CommandError::Input(error)
    }
}
