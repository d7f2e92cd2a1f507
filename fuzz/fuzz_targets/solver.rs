//! Any 2x2 or 3x3 board: the Solver is right about solvability and legal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use slider::fuzz_checks::{SolverInput, solver};

fuzz_target!(|input: SolverInput| solver(&input));
