//! Arbitrary bytes as an answer in every format: never panics, spans inside.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| slider::fuzz_checks::parse_answer(data));
