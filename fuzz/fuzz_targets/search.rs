//! IDA* with every heuristic (and A*, bidirectional BFS) towards any 3x3
//! goal equals the exhaustive oracle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use slider::fuzz_checks::{SearchInput, search};

fuzz_target!(|input: SearchInput| search(&input));
