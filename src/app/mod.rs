//! The binaries' commands, driven through an injected [`Console`]: each
//! takes what its arguments ask for and returns the exit code
//! ([`crate::exit_code`]). The binaries keep only the argument
//! definitions, build a [`Console`] on the process's streams, and map
//! the code to the process's exit.

pub mod autograde;
pub mod bench;
pub mod check;
mod console;
pub mod generate;
pub mod grade;
pub mod merge;
pub mod pdb;
mod services;
pub mod solve;

pub use console::{Console, Signals};
