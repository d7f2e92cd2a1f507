//! Arbitrary bytes as a puzzle file: never panics, spans inside, round trip.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| slider::fuzz_checks::parse_puzzle(data));
