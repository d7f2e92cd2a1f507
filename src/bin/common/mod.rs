//! What both binaries share: argument errors, the `--color` choice and the
//! `--api` choice. Included by each with `#[path]`.

use clap::{Parser, ValueEnum};
use slider::check::Api;
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

/// Which unsolvable message to require.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ApiArg {
    Any,
    Princeton,
    Coursera,
}

impl ApiArg {
    /// The checker's setting.
    pub fn api(self) -> Api {
        match self {
            ApiArg::Any => Api::Any,
            ApiArg::Princeton => Api::Princeton,
            ApiArg::Coursera => Api::Coursera,
        }
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
