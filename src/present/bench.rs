//! The tables of `slider bench`: one [`BenchLine`] of a benchmark as text,
//! one or more lines (no final newline).

use std::time::Duration;

use crate::bench::{BenchLine, Length, Times};

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn per_second(count: u64, d: Duration) -> f64 {
    count as f64 / d.as_secs_f64().max(1e-9) / 1e6
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64().max(1e-9)
}

/// `line` as its table renders it.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use slider::bench::{BenchLine, Times};
/// use slider::present::bench::render;
/// let times = Times { best: Duration::from_millis(2), median: Duration::from_millis(3) };
/// assert_eq!(render(&BenchLine::ReferenceTotal(times)), format!("{:<14} {:>5} {:>10} {:>10} {:>10} {:>10}", "total", "", "", "", "2.00", "3.00"));
/// ```
#[must_use]
pub fn render(line: &BenchLine) -> String {
    match line {
        BenchLine::ReferenceHeading { runs } => format!(
            "reference A* (Manhattan priority) on the course's 25 timing puzzles, {runs} runs each\n{:<14} {:>5} {:>10} {:>10} {:>10} {:>10}",
            "puzzle", "moves", "enqueued", "dequeued", "best ms", "median ms"
        ),
        BenchLine::Reference {
            puzzle,
            moves,
            enqueued,
            dequeued,
            times,
        } => format!(
            "{puzzle:<14} {moves:>5} {enqueued:>10} {dequeued:>10} {:>10.2} {:>10.2}",
            ms(times.best),
            ms(times.median)
        ),
        BenchLine::ReferenceTotal(Times { best, median }) => format!(
            "{:<14} {:>5} {:>10} {:>10} {:>10.2} {:>10.2}",
            "total",
            "",
            "",
            "",
            ms(*best),
            ms(*median)
        ),
        BenchLine::OracleHeading { runs } => format!(
            "exhaustive breadth-first oracle, {runs} builds per size\n{:<6} {:>10} {:>10} {:>9} {:>10} {:>10}",
            "size", "states", "reachable", "diameter", "best ms", "median ms"
        ),
        BenchLine::Oracle {
            n,
            states,
            reachable,
            diameter,
            times,
        } => format!(
            "{:<6} {states:>10} {reachable:>10} {diameter:>9} {:>10.2} {:>10.2}",
            format!("{n}x{n}"),
            ms(times.best),
            ms(times.median)
        ),
        BenchLine::ClassicHeading => format!(
            "breadth-first searches, native (packed u64 states) and generic (pathfinding), one run each\n{:<20} {:<6} {:>5} {:>12} {:>10} {:>12} {:>10} {:>8}",
            "puzzle",
            "algo",
            "moves",
            "native gen",
            "native s",
            "generic gen",
            "generic s",
            "speedup"
        ),
        BenchLine::Classic {
            puzzle,
            algorithm,
            moves,
            native,
            generic,
        } => format!(
            "{puzzle:<20} {algorithm:<6} {moves:>5} {:>12} {:>10.3} {:>12} {:>10.3} {:>7.1}x",
            native.0,
            native.1.as_secs_f64(),
            generic.0,
            generic.1.as_secs_f64(),
            ratio(generic.1, native.1)
        ),
        BenchLine::Disagree { puzzle, what } => format!("{puzzle:<20} disagree: {what}"),
        BenchLine::BiBfsHeading => format!(
            "\nbidirectional BFS, whole process: `slider solve --algorithm bibfs` against `java BiBfs` (src/bench/java/BiBfs.java), one run each\n{:<20} {:>5} {:>10} {:>10} {:>8}",
            "puzzle", "moves", "slider s", "java s", "ratio"
        ),
        BenchLine::BiBfs {
            puzzle,
            moves,
            slider,
            java,
        } => format!(
            "{puzzle:<20} {moves:>5} {:>10.3} {:>10.3} {:>7.1}x",
            slider.as_secs_f64(),
            java.as_secs_f64(),
            ratio(*java, *slider)
        ),
        BenchLine::BiBfsTotal { slider, java } => format!(
            "{:<20} {:>5} {:>10.3} {:>10.3} {:>7.1}x",
            "total",
            "",
            slider.as_secs_f64(),
            java.as_secs_f64(),
            ratio(*java, *slider)
        ),
        BenchLine::PeakMemory(bytes) => format!(
            "peak memory (resident, whole process): {:.1} MB",
            *bytes as f64 / 1e6
        ),
        other => search(other),
    }
}

/// The rows of `korf` (and `24`).
fn search(line: &BenchLine) -> String {
    match line {
        BenchLine::KorfHeading {
            what,
            file,
            count,
            n,
            threads,
            budget,
        } => {
            let threads = match threads {
                1 => "single-threaded".to_string(),
                t => format!("{t} threads"),
            };
            let budget = budget.map_or(String::new(), |t| {
                format!(", {} s per instance", t.as_secs_f64())
            });
            format!(
                "IDA* ({what}) on {} ({count} instances, {n}x{n}), {threads}, one run each{budget}\n{:>4} {:>4} {:>5} {:>6} {:>14} {:>14} {:>10} {:>9}",
                file.display(),
                "#",
                "opt",
                "len",
                "h0",
                "expanded",
                "generated",
                "seconds",
                "M gen/s"
            )
        }
        BenchLine::Korf {
            number,
            optimum,
            length,
            stats,
            elapsed,
        } => {
            let length = match length {
                Length::Found(len) => len.to_string(),
                Length::AtLeast(bound) => format!(">={bound}"),
            };
            format!(
                "{number:>4} {optimum:>4} {length:>5} {:>6} {:>14} {:>14} {:>10.4} {:>9.1}",
                stats.initial_h,
                stats.expanded,
                stats.generated,
                elapsed.as_secs_f64(),
                per_second(stats.generated, *elapsed)
            )
        }
        BenchLine::KorfTotal {
            solved,
            count,
            wrong,
            sum,
            expanded,
            generated,
            elapsed,
        } => format!(
            "total: {solved}/{count} solved optimally (sum of lengths {sum}), {wrong} wrong; {expanded} expanded, {generated} generated; {:.3} s ({:.1} M expanded/s, {:.1} M generated/s)",
            elapsed.as_secs_f64(),
            per_second(*expanded, *elapsed),
            per_second(*generated, *elapsed)
        ),
        BenchLine::Processes {
            count,
            heuristic,
            elapsed,
            wrong,
        } => format!(
            "separate processes: {count} × `slider solve --algorithm idastar --heuristic {} --output moves FILE`: {:.3} s in total, {wrong} wrong",
            heuristic.cli_name(),
            elapsed.as_secs_f64()
        ),
        other => tools(other),
    }
}

/// The rows of `hardest`, `pdb` and `partitions`.
fn tools(line: &BenchLine) -> String {
    match line {
        BenchLine::HardestHeading => format!(
            "IDA* with pattern databases (7-8 when cached, else 6-6-3; linear conflict beyond 4x4), one run each\n{:<24} {:>5} {:>14} {:>14} {:>10}",
            "puzzle", "moves", "expanded", "generated", "seconds"
        ),
        BenchLine::HardestDatabases { puzzle, kind } => format!("{puzzle:<24} (databases {kind})"),
        BenchLine::Hardest {
            puzzle,
            result,
            elapsed,
        } => match result {
            Ok((moves, stats)) => format!(
                "{puzzle:<24} {moves:>5} {:>14} {:>14} {:>10.3}",
                stats.expanded,
                stats.generated,
                elapsed.as_secs_f64()
            ),
            Err(e) => format!("{puzzle:<24} {e}"),
        },
        BenchLine::PdbBuild {
            n,
            sizes,
            reflected,
            elapsed,
            threads,
            bytes,
            peak,
        } => {
            let sizes: Vec<String> = sizes.iter().map(ToString::to_string).collect();
            format!(
                "{n}x{n} pattern databases ({}, reflected: {reflected}): cold build {:.2} s on {threads} threads, {bytes} bytes, peak memory {}",
                sizes.join("-"),
                elapsed.as_secs_f64(),
                peak.map_or("unknown".into(), |b| format!("{:.2} GB", b as f64 / 1e9))
            )
        }
        BenchLine::PdbLoad { runs, times } => format!(
            "load (map + verify the checksum), {runs} runs: best {:.2} ms, median {:.2} ms",
            ms(times.best),
            ms(times.median)
        ),
        BenchLine::PartitionsHeading {
            file,
            count,
            random,
            seed,
        } => format!(
            "4x4 partitions: IDA* with each, regular and reflected lookups, single-threaded; {count} boards of {} and {random} random solvable boards (seed {seed})\n{:<16} {:>8} {:>14} {:>9} {:>14} {:>9}",
            file.display(),
            "partition",
            "build s",
            "file expanded",
            "file s",
            "random expanded",
            "random s"
        ),
        BenchLine::Partition {
            name,
            build,
            file,
            random,
        } => format!(
            "{name:<16} {:>8.1} {:>14} {:>9.2} {:>14} {:>9.2}",
            build.as_secs_f64(),
            file.0,
            file.1,
            random.0,
            random.1
        ),
        BenchLine::PartitionsAgree => {
            "every partition found the same optimal lengths, and the file's published ones"
                .to_string()
        }
        _ => String::new(),
    }
}
