//! The probe's protocol, both directions, in one place: the operations
//! slider asks of the student's classes ([`Op`]), the plan that carries them
//! with every limit ([`Plan`]), and the records the probe sends back
//! ([`Record`]). The Java half is `java/probe/slider/probe/Probe.java` and
//! `Ops.java`.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use crate::Board;
use crate::course::Api;

/// A Board method whose value one call returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// `hamming()`.
    Hamming,
    /// `manhattan()`.
    Manhattan,
    /// `dimension()` (Coursera) or `size()` (Princeton).
    Size,
    /// `toString()`.
    ToString,
    /// `isGoal()`.
    IsGoal,
    /// `isSolvable()` (Princeton's Board).
    IsSolvable,
}

impl Method {
    /// Its name for the probe (`size` stands for either size method).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Method::Hamming => "hamming",
            Method::Manhattan => "manhattan",
            Method::Size => "size",
            Method::ToString => "toString",
            Method::IsGoal => "isGoal",
            Method::IsSolvable => "isSolvable",
        }
    }
}

/// A Solver method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SolverMethod {
    /// `isSolvable()` (Coursera).
    IsSolvable,
    /// `moves()`.
    Moves,
    /// `solution()`.
    Solution,
}

impl SolverMethod {
    /// Its Java name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SolverMethod::IsSolvable => "isSolvable",
            SolverMethod::Moves => "moves",
            SolverMethod::Solution => "solution",
        }
    }

    /// The method of a Java name.
    #[must_use]
    pub fn of(name: &str) -> Option<SolverMethod> {
        [
            SolverMethod::IsSolvable,
            SolverMethod::Moves,
            SolverMethod::Solution,
        ]
        .into_iter()
        .find(|m| m.name() == name)
    }
}

/// One operation of the probe on the student's classes (see `Ops.java`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// One method's value on a new Board.
    Value(Method, Board),
    /// `tileAt(i, j)` over the whole board.
    Tiles(Board),
    /// The neighbors' count and `toString()`s.
    Neighbors(Board),
    /// Each neighbor, then its own neighbors.
    Neighbors2(Board),
    /// `twin()`.
    Twin(Board),
    /// Two Boards alive at once.
    Two(Board, Board),
    /// The constructor's array changed afterwards.
    Mutate(Board),
    /// Every method, in three orders.
    Order(Board),
    /// `a.equals(b)` and `b.equals(a)`.
    Equals(Board, Board),
    /// `equals()`'s laws.
    Laws(Board),
    /// The `k`th neighbor (chosen at random from `seed`) or twin.
    Chain {
        /// The start.
        board: Board,
        /// Steps.
        k: usize,
        /// Twins rather than neighbors.
        twin: bool,
        /// The neighbors' random choice.
        seed: u64,
    },
    /// A Solver, then one method.
    Solve(Board, SolverMethod),
    /// A Solver, then these calls in order.
    Sequence(Board, Vec<SolverMethod>),
    /// Two Solvers alive at once.
    SolveTwo(Board, Board),
    /// `new Solver(null)`.
    SolveNull,
    /// A Solver with the reference Board's and the queue's audits on.
    Audit(Board),
    /// The deep size of a new Board.
    BoardMemory(Board),
    /// A Solver's deep size after construction, its queues' and their counts.
    SolverMemory(Board),
    /// The constructor's CPU time and every count.
    Timing(Board),
}

/// A board as the probe reads it: `n:t0,t1,...`.
///
/// # Example
///
/// ```
/// let board: slider::Board = "2  1 2  3 0".parse()?;
/// assert_eq!(slider::autograde::protocol::token(&board), "2:1,2,3,0");
/// # Ok::<(), slider::PuzzleError>(())
/// ```
#[must_use]
pub fn token(board: &Board) -> String {
    let mut out = format!("{}:", board.size());
    for (i, t) in board.tiles().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{t}");
    }
    out
}

impl Op {
    /// The plan line of this operation as trial `id`.
    ///
    /// # Example
    ///
    /// ```
    /// use slider::autograde::protocol::{Method, Op};
    /// let board: slider::Board = "2  1 2  3 0".parse()?;
    /// assert_eq!(Op::Value(Method::Hamming, board).line(7), "7 value hamming 2:1,2,3,0");
    /// # Ok::<(), slider::PuzzleError>(())
    /// ```
    #[must_use]
    pub fn line(&self, id: usize) -> String {
        let t = token;
        let rest = match self {
            Op::Value(method, b) => format!("value {} {}", method.name(), t(b)),
            Op::Tiles(b) => format!("tiles {}", t(b)),
            Op::Neighbors(b) => format!("neighbors {}", t(b)),
            Op::Neighbors2(b) => format!("neighbors2 {}", t(b)),
            Op::Twin(b) => format!("twin {}", t(b)),
            Op::Two(a, b) => format!("two {} {}", t(a), t(b)),
            Op::Mutate(b) => format!("mutate {}", t(b)),
            Op::Order(b) => format!("order {}", t(b)),
            Op::Equals(a, b) => format!("equals {} {}", t(a), t(b)),
            Op::Laws(b) => format!("laws {}", t(b)),
            Op::Chain {
                board,
                k,
                twin,
                seed,
            } => format!(
                "chain {} {k} {} {}",
                t(board),
                if *twin { "twin" } else { "neighbor" },
                seed >> 1
            ),
            Op::Solve(b, m) => format!("solve {} {}", t(b), m.name()),
            Op::Sequence(b, calls) => {
                let calls: Vec<&str> = calls.iter().map(|m| m.name()).collect();
                format!("sequence {} {}", t(b), calls.join(","))
            }
            Op::SolveTwo(a, b) => format!("solve-two {} {}", t(a), t(b)),
            Op::SolveNull => "solve-null".to_string(),
            Op::Audit(b) => format!("audit {}", t(b)),
            Op::BoardMemory(b) => format!("board-memory {}", t(b)),
            Op::SolverMemory(b) => format!("solver-memory {}", t(b)),
            Op::Timing(b) => format!("timing {}", t(b)),
        };
        format!("{id} {rest}")
    }
}

/// The limits of each trial, sent in the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrialLimits {
    /// CPU time of the threads the trial starts.
    pub cpu: Duration,
    /// CPU time of the whole JVM during the trial (collectors, compilers).
    pub process_cpu: Duration,
    /// Wall time: a backstop for sleeps and waits, not a verdict on speed.
    pub wall: Duration,
    /// Whether the three are on the course's scale: the probe then runs
    /// the [yardstick](crate::autograde::model::scale) before each trial,
    /// reports its time, and scales each trial's limits by it.
    pub on_course_scale: bool,
}

/// A probe's plan: the API, the student's classes, the limits, the
/// operations (numbered from `first`).
#[derive(Debug, Clone)]
pub struct Plan<'a> {
    /// Which method names to call.
    pub api: Api,
    /// The folder of the classes under test (the probe checks that the
    /// plan names one).
    pub student: &'a Path,
    /// Whether the Board there is slider's reference, not the student's
    /// (the probe then renders a solution's boards without calling them).
    pub reference_board: bool,
    /// Each trial's limits.
    pub limits: TrialLimits,
    /// The operations.
    pub ops: &'a [Op],
    /// Each operation's list (once an input of a list throws, the probe
    /// skips the rest of the list).
    pub lists: &'a [u32],
    /// The number of the first.
    pub first: usize,
}

impl Plan<'_> {
    /// The plan file's text.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use slider::autograde::protocol::{Plan, Op, TrialLimits};
    /// let limits = TrialLimits { cpu: Duration::from_secs(5), process_cpu: Duration::from_secs(15), wall: Duration::from_secs(20), on_course_scale: false };
    /// let plan = Plan { api: slider::course::Api::Coursera, student: "/s".as_ref(), reference_board: true, limits, ops: &[Op::SolveNull], lists: &[7], first: 3 };
    /// assert_eq!(plan.text(), "api coursera\nstudent /s\nboard reference\ncpu-ms 5000\nprocess-cpu-ms 15000\nwall-ms 20000\nlist 7\n3 solve-null\n");
    /// ```
    #[must_use]
    pub fn text(&self) -> String {
        let api = self.api.name();
        let board = if self.reference_board {
            "board reference\n"
        } else {
            ""
        };
        let mut out = format!(
            "api {api}\nstudent {}\n{board}cpu-ms {}\nprocess-cpu-ms {}\nwall-ms {}\n",
            self.student.display(),
            self.limits.cpu.as_millis(),
            self.limits.process_cpu.as_millis(),
            self.limits.wall.as_millis()
        );
        if self.limits.on_course_scale {
            use crate::autograde::model::scale;
            if let Some(board) = crate::course::file(scale::YARDSTICK_PUZZLE)
                .and_then(|text| text.parse::<Board>().ok())
            {
                let _ = writeln!(
                    out,
                    "yardstick {} {}",
                    token(&board),
                    scale::YARDSTICK_COURSE.as_nanos()
                );
            }
        }
        let mut list = None;
        for (i, op) in self.ops.iter().enumerate() {
            let this = self.lists.get(i).copied();
            if this != list {
                if let Some(this) = this {
                    let _ = writeln!(out, "list {this}");
                }
                list = this;
            }
            out.push_str(&op.line(self.first + i));
            out.push('\n');
        }
        out
    }
}

/// Which limit ended a trial.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitKind {
    /// CPU time of the trial's threads.
    Cpu,
    /// CPU time of the whole JVM.
    Process,
    /// Wall time.
    Wall,
}

/// What the probe reported for one trial.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// The operation returned; its fields.
    Ok(Vec<String>),
    /// The student's code threw.
    Threw {
        /// The exception's class.
        class: String,
        /// Its message (`null` when none).
        message: String,
        /// Its first stack frames in the student's code.
        frames: Vec<String>,
    },
    /// A method or constructor the operation needs is not there.
    Missing(String),
    /// Not run: an earlier input of its list threw.
    Skipped,
    /// A limit ended the trial (and its JVM).
    Limit {
        /// Which.
        kind: LimitKind,
        /// CPU time of the trial's threads.
        threads: Duration,
        /// CPU time of the JVM during the trial.
        process: Duration,
        /// Wall time.
        wall: Duration,
    },
}

/// Everything a probe's JVM reported.
#[derive(Debug, Clone, Default)]
pub struct Records {
    /// The record of each trial, by number.
    pub trials: HashMap<usize, Record>,
    /// CPU time of threads a trial started besides its own, by number.
    pub helper_cpu: HashMap<usize, Duration>,
    /// The yardstick's CPU time just before each trial, by number (timing
    /// JVMs only).
    pub yardstick: HashMap<usize, Duration>,
    /// Whether the probe started (its `hello`).
    pub started: bool,
    /// Whether it reached the end of its plan.
    pub finished: bool,
    /// Whether it ended to run the rest of its plan in a fresh JVM (its
    /// `fresh`: a trial's `OutOfMemoryError` came without a stack trace,
    /// after earlier trials may have spent the JVM's; or a trial left a
    /// thread alive that the JDK cannot stop, from JDK 20 on).
    pub fresh: bool,
}

/// Reads the probe's records from what it wrote on its channel; lines
/// that are not records are skipped.
///
/// # Example
///
/// ```
/// use slider::autograde::protocol::{Record, parse};
/// let records = parse(b"hello\n0\tok\t3\n1\tthrew\tjava.lang.X\tno\\tway\tBoard.f(Board.java:3)\ndone\n");
/// assert!(records.started && records.finished);
/// assert_eq!(records.trials[&0], Record::Ok(vec!["3".into()]));
/// assert!(matches!(&records.trials[&1], Record::Threw { message, .. } if message == "no\tway"));
/// // a timing trial's yardstick and helper threads, before its own record
/// let records = parse(b"hello\n4\tyardstick\t31000000\n4\tcpu\t5\n4\tok\t20\n");
/// assert_eq!(records.yardstick[&4], std::time::Duration::from_millis(31));
/// assert_eq!(records.helper_cpu[&4], std::time::Duration::from_nanos(5));
/// // a JVM that ended for a fresh one before trial 1
/// let records = parse(b"hello\n0\tok\nfresh\n");
/// assert!(records.fresh && !records.finished && !records.trials.contains_key(&1));
/// ```
#[must_use]
pub fn parse(channel: &[u8]) -> Records {
    let mut records = Records::default();
    let ms =
        |f: Option<&String>| Duration::from_millis(f.and_then(|f| f.parse().ok()).unwrap_or(0));
    for line in String::from_utf8_lossy(channel).lines() {
        match line {
            "hello" => records.started = true,
            "done" => records.finished = true,
            "fresh" => records.fresh = true,
            _ => {}
        }
        let fields: Vec<String> = line.split('\t').map(unescape).collect();
        let Some(Ok(id)) = fields.first().map(|f| f.parse::<usize>()) else {
            continue;
        };
        let rest = &fields[1..];
        let record = match rest.first().map(String::as_str) {
            Some("ok") => Record::Ok(rest[1..].to_vec()),
            Some("threw") => Record::Threw {
                class: rest.get(1).cloned().unwrap_or_default(),
                message: rest.get(2).cloned().unwrap_or_default(),
                frames: rest.get(3..).map(<[String]>::to_vec).unwrap_or_default(),
            },
            Some("missing") => Record::Missing(rest.get(1).cloned().unwrap_or_default()),
            Some("skipped") => Record::Skipped,
            Some("limit") => Record::Limit {
                kind: match rest.get(1).map(String::as_str) {
                    Some("process") => LimitKind::Process,
                    Some("wall") => LimitKind::Wall,
                    _ => LimitKind::Cpu,
                },
                threads: ms(rest.get(2)),
                process: ms(rest.get(3)),
                wall: ms(rest.get(4)),
            },
            Some(kind @ ("cpu" | "yardstick")) => {
                let nanos = rest.get(1).and_then(|f| f.parse().ok()).unwrap_or(0);
                let into = if kind == "cpu" {
                    &mut records.helper_cpu
                } else {
                    &mut records.yardstick
                };
                into.insert(id, Duration::from_nanos(nanos));
                continue;
            }
            _ => continue,
        };
        records.trials.insert(id, record);
    }
    records
}

fn unescape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// A `name=value` field of a record.
///
/// # Example
///
/// ```
/// let fields = vec!["inserts=12".to_string(), "x".to_string()];
/// assert_eq!(slider::autograde::protocol::named(&fields, "inserts"), Some("12"));
/// ```
#[must_use]
pub fn named<'a>(fields: &'a [String], name: &str) -> Option<&'a str> {
    fields
        .iter()
        .find_map(|f| f.strip_prefix(name)?.strip_prefix('='))
}
