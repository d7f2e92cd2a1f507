//! Helpers shared by the integration tests: where the test data lives, a
//! deterministic random source, and naive oracles that share no code with
//! the library (they work on plain `Vec<u32>` grids).
#![allow(dead_code)]

pub mod autograde;
pub mod autograde_reports;
pub mod grade;

use std::collections::HashMap;
use std::path::PathBuf;

use slider::Board;

/// The course's puzzle files, vendored in `fixtures/course` (see its
/// PROVENANCE.md).
pub fn course_dir() -> PathBuf {
    fixtures_dir().join("course")
}

/// The search benchmark files, vendored in `fixtures/benchmarks`.
pub fn benchmarks_dir() -> PathBuf {
    fixtures_dir().join("benchmarks")
}

/// The project's own fixtures folder.
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Reads a course file by name and parses it.
pub fn course_board(name: &str) -> Board {
    let path = course_dir().join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    slider::format::parse_puzzle(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// One row of the course's INDEX.md.
#[derive(Debug, Clone)]
pub struct IndexEntry {
    pub file: String,
    pub n: usize,
    /// `None` for unsolvable files.
    pub moves: Option<usize>,
    pub hamming: usize,
    pub manhattan: u64,
}

/// Every file row of INDEX.md, keyed by file name.
pub fn course_index() -> HashMap<String, IndexEntry> {
    let text = std::fs::read_to_string(course_dir().join("INDEX.md")).expect("INDEX.md");
    let mut rows = HashMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 9
            || std::path::Path::new(cells[1])
                .extension()
                .is_none_or(|e| e != "txt")
        {
            continue;
        }
        let entry = IndexEntry {
            file: cells[1].to_string(),
            n: cells[2].parse().expect("n"),
            moves: cells[3].parse().ok(),
            hamming: cells[6].parse().expect("hamming"),
            manhattan: cells[7].parse().expect("manhattan"),
        };
        rows.insert(entry.file.clone(), entry);
    }
    assert!(rows.len() >= 150, "INDEX.md lists {} files", rows.len());
    rows
}

/// The optimum a course file's name states (`puzzle3x3-17.txt` -> 17), read
/// by the library's one reader of the convention, or INDEX.md's figure for
/// the two unnumbered hard files; `None` for unsolvable files.
pub fn moves_from_name(name: &str) -> Option<usize> {
    match name {
        "puzzle4x4-hard1.txt" => Some(38),
        "puzzle4x4-hard2.txt" => Some(47),
        _ => slider::format::names::optimum_from_name(name)
            .flatten()
            .map(|m| m as usize),
    }
}

/// `SplitMix64`: a small deterministic generator, so failures reproduce.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }
    /// A uniformly random permutation of 0..cells.
    pub fn permutation(&mut self, cells: usize) -> Vec<u32> {
        let mut tiles: Vec<u32> = (0..cells as u32).collect();
        for i in (1..cells).rev() {
            tiles.swap(i, self.below(i + 1));
        }
        tiles
    }
}

/// The goal grid, naively.
pub fn naive_goal(n: usize) -> Vec<u32> {
    let mut tiles: Vec<u32> = (1..(n * n) as u32).collect();
    tiles.push(0);
    tiles
}

/// Hamming, naively: tiles (not the blank) out of place.
pub fn naive_hamming(tiles: &[u32]) -> usize {
    tiles
        .iter()
        .enumerate()
        .filter(|&(i, &t)| t != 0 && t as usize != i + 1)
        .count()
}

/// Manhattan, naively.
pub fn naive_manhattan(tiles: &[u32], n: usize) -> u64 {
    let mut sum = 0;
    for (i, &t) in tiles.iter().enumerate() {
        if t == 0 {
            continue;
        }
        let goal = t as usize - 1;
        sum += ((i / n) as i64 - (goal / n) as i64).unsigned_abs()
            + ((i % n) as i64 - (goal % n) as i64).unsigned_abs();
    }
    sum
}

/// The grids one slide away, naively (any order).
pub fn naive_neighbors(tiles: &[u32], n: usize) -> Vec<Vec<u32>> {
    let blank = tiles.iter().position(|&t| t == 0).expect("blank");
    let (r, c) = ((blank / n) as isize, (blank % n) as isize);
    let mut out = Vec::new();
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let (nr, nc) = (r + dr, c + dc);
        if nr < 0 || nc < 0 || nr >= n as isize || nc >= n as isize {
            continue;
        }
        let mut next = tiles.to_vec();
        next.swap(blank, (nr * n as isize + nc) as usize);
        out.push(next);
    }
    out
}

/// Whether `b` is one slide of a tile into the blank away from `a`.
pub fn one_slide_apart(a: &[u32], b: &[u32], n: usize) -> bool {
    naive_neighbors(a, n).iter().any(|x| x == b)
}

/// A random walk of `steps` slides from the goal (never undoing the last one).
pub fn random_walk(n: usize, steps: usize, rng: &mut Rng) -> Vec<u32> {
    let mut tiles = naive_goal(n);
    let mut previous: Option<Vec<u32>> = None;
    for _ in 0..steps {
        let options: Vec<Vec<u32>> = naive_neighbors(&tiles, n)
            .into_iter()
            .filter(|x| Some(x) != previous.as_ref())
            .collect();
        let next = options[rng.below(options.len())].clone();
        previous = Some(std::mem::replace(&mut tiles, next));
    }
    tiles
}

/// Breadth-first distances from the goal out to `depth`, naively.
pub fn naive_bfs(n: usize, depth: usize) -> HashMap<Vec<u32>, usize> {
    naive_bfs_from(&naive_goal(n), n, depth)
}

/// Breadth-first distances from any arrangement out to `depth`, naively.
pub fn naive_bfs_from(start: &[u32], n: usize, depth: usize) -> HashMap<Vec<u32>, usize> {
    let mut dist = HashMap::new();
    let mut frontier = vec![start.to_vec()];
    dist.insert(start.to_vec(), 0);
    for d in 1..=depth {
        let mut next = Vec::new();
        for tiles in &frontier {
            for x in naive_neighbors(tiles, n) {
                if !dist.contains_key(&x) {
                    dist.insert(x.clone(), d);
                    next.push(x);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// Checks that `path` starts at `start`, ends at the goal and moves one
/// slide at a time; returns the number of moves.
pub fn assert_legal_path(start: &Board, path: &[Board]) -> usize {
    let n = start.size();
    assert_eq!(
        path.first(),
        Some(start),
        "solution does not start at the puzzle"
    );
    let last: Vec<u32> = path.last().expect("empty solution").tiles().collect();
    assert_eq!(last, naive_goal(n), "solution does not end at the goal");
    for (i, pair) in path.windows(2).enumerate() {
        let a: Vec<u32> = pair[0].tiles().collect();
        let b: Vec<u32> = pair[1].tiles().collect();
        assert!(
            one_slide_apart(&a, &b, n),
            "boards {i} and {} are not one slide apart",
            i + 1
        );
    }
    path.len() - 1
}

/// The course's toString, written independently of the library.
pub fn naive_to_string(tiles: &[u32], n: usize) -> String {
    let mut s = format!("{n}\n");
    for row in tiles.chunks(n) {
        for t in row {
            let digits = t.to_string();
            if digits.len() < 2 {
                s.push(' ');
            }
            s.push_str(&digits);
            s.push(' ');
        }
        s.push('\n');
    }
    s
}

/// Replays the blank's moves on raw tiles (not through the library's own
/// slides); returns the final tiles. Panics if a move leaves the board.
pub fn naive_replay(board: &Board, moves: &[slider::Direction]) -> Vec<u32> {
    let n = board.size();
    let mut tiles: Vec<u32> = board.tiles().collect();
    for &direction in moves {
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (blank / n, blank % n);
        let target = match direction {
            slider::Direction::Up if r > 0 => blank - n,
            slider::Direction::Down if r + 1 < n => blank + n,
            slider::Direction::Left if c > 0 => blank - 1,
            slider::Direction::Right if c + 1 < n => blank + 1,
            _ => panic!("{direction:?} leaves the board"),
        };
        tiles.swap(blank, target);
    }
    tiles
}

/// A folder every user can read and enter, holding copies of the `slider`
/// binary and of the given fixture files (paths relative to the crate).
/// As root, `slider grade` runs each test under an unprivileged uid of its
/// own, which cannot read a checkout inside a private folder (such as
/// `mktemp -d`): staged copies work wherever the repository is.
pub fn stage(files: &[&str]) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut copies: Vec<(PathBuf, PathBuf)> = files
        .iter()
        .map(|f| {
            let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(f);
            let to = dir.path().join(from.file_name().unwrap());
            (from, to)
        })
        .collect();
    copies.push((
        assert_cmd::cargo::cargo_bin("slider"),
        dir.path().join("slider"),
    ));
    for (from, to) in copies {
        std::fs::copy(&from, &to).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
        std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

/// Each test's outcome in a `slider grade --json` report, by puzzle name.
pub fn outcomes(report: &serde_json::Value) -> std::collections::BTreeMap<String, String> {
    report["tests"]
        .as_array()
        .expect("a tests array")
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Fails the test, loudly, when no JDK is installed (`.ci/run` installs one).
pub fn require_jdk() {
    let javac = std::process::Command::new("javac").arg("-version").output();
    assert!(
        javac.is_ok_and(|o| o.status.success()),
        "javac is missing: install a JDK (Debian: apt-get install openjdk-17-jdk-headless); .ci/run does"
    );
}

/// Fails the test, loudly, when bubblewrap is missing or cannot make a PID
/// namespace here (`.ci/run` installs it).
pub fn require_bwrap() {
    let works = std::process::Command::new("bwrap")
        .args(["--ro-bind", "/", "/", "--unshare-pid", "true"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        works,
        "bubblewrap (bwrap) is missing or does not work here: install it (Debian: apt-get install bubblewrap); .ci/run does"
    );
}

/// Fails the test, loudly, when Chromium is missing (`.ci/run` installs
/// Debian's `chromium`); returns its path.
pub fn require_chromium() -> &'static str {
    for candidate in ["chromium", "chromium-browser", "google-chrome"] {
        if std::process::Command::new(candidate)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
        {
            return candidate;
        }
    }
    panic!("chromium is missing: install it (Debian: apt-get install chromium); .ci/run does");
}
