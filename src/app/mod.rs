//! The binaries' commands, driven through an injected [`Console`]: each
//! takes what its arguments ask for and returns its exit code
//! ([`crate::exit_code`]) or the [`CommandError`] that stopped it. The
//! binaries keep only the argument definitions, build a [`Console`] on
//! the process's streams, and print a failure and map the code to the
//! process's exit in one place.

pub mod autograde;
pub mod autograde_batch;
pub mod bench;
pub mod bundle;
pub mod check;
mod command_error;
mod console;
pub mod generate;
pub mod grade;
pub mod merge;
pub mod pdb;
mod services;
pub mod solve;

pub use command_error::CommandError;
pub use console::{Console, Signals};
