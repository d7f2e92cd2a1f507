//! Embeds the exhaustive 3x3 distance table (362,880 bytes) in the library,
//! so that `slider-check` proves 3x3 optimality without a 30 ms search per
//! run. The table comes from the same breadth-first search the oracle runs,
//! and `tests/exhaustive.rs` checks the embedded copy against a fresh one.

#[allow(dead_code)]
mod bfs {
    include!("bfs.rs");
}

fn main() {
    println!("cargo::rerun-if-changed=src/oracle/bfs.rs");
    println!("cargo::rerun-if-changed=src/oracle/build.rs");
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let path = std::path::Path::new(&out).join("oracle3.bin");
    std::fs::write(&path, bfs::distance_table(3)).expect("write the 3x3 table");
}
