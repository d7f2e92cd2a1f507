//! Judging the student's Board: its methods' values against slider's
//! [`Board`], its boards read as the course reads them.

use super::{field, method_value, numbers, read, same, value};
use crate::Board;
use crate::autograde::catalog::{Check, Input};
use crate::autograde::failure::{Failure, Law};
use crate::autograde::protocol::Method;
use crate::course::Api;

/// Whether `twin` is `board` with two of its tiles swapped (the blank not
/// among them).
fn is_twin(board: &Board, twin: &str) -> bool {
    let Some((n, tiles)) = numbers(twin) else {
        return false;
    };
    let mine: Vec<i64> = board.tiles().map(i64::from).collect();
    if n != board.size() {
        return false;
    }
    let differ: Vec<usize> = (0..mine.len()).filter(|&i| mine[i] != tiles[i]).collect();
    differ.len() == 2
        && mine[differ[0]] == tiles[differ[1]]
        && mine[differ[1]] == tiles[differ[0]]
        && mine[differ[0]] != 0
        && mine[differ[1]] != 0
}

/// Two Boards alive at once: each answers `hamming()` and `manhattan()`
/// as it did when it was made alone (static state that these depend on
/// fails). The course checks no more: it passes a Board that keeps `n` and
/// its format in static fields, whose `toString()` and `dimension()` of the
/// first board then follow the second, and a Board whose `manhattan()` is
/// wrong but the same each time (docs/AUTOGRADER.md, Board test 9).
fn two(fields: &[String]) -> Result<(), Failure> {
    for k in 0..2 {
        for (i, method) in ["hamming()", "manhattan()"].into_iter().enumerate() {
            let first = field(fields, 2 * k + i)?;
            let later = field(fields, 4 + 2 * k + i)?;
            if first != later {
                return Err(Failure::Inconsistent {
                    method: method.to_string(),
                    first: first.to_string(),
                    later: later.to_string(),
                });
            }
        }
    }
    Ok(())
}

/// The student's neighbors against the reference's, as sets of boards.
fn neighbors(board: &Board, count: &str, students: &[String]) -> Result<(), Failure> {
    let reference: Vec<Board> = board.neighbors().collect();
    if count == "null" {
        return Err(Failure::WrongValue {
            method: "neighbors()".to_string(),
            student: "null".to_string(),
            reference: format!("{} boards", reference.len()),
        });
    }
    if students.len() != reference.len() {
        return Err(Failure::NeighborCount {
            student: students.len(),
            reference: reference.len(),
        });
    }
    let mut left = reference.clone();
    for text in students {
        match left.iter().position(|r| same(text, r)) {
            Some(i) => {
                left.swap_remove(i);
            }
            None => {
                return Err(Failure::NotANeighbor {
                    student: text.clone(),
                });
            }
        }
    }
    match left.into_iter().next() {
        Some(neighbor) => Err(Failure::NeighborMissing { neighbor }),
        None => Ok(()),
    }
}

#[allow(clippy::too_many_lines)] // one short arm per Board check
pub(super) fn judge(
    check: Check,
    board: &Board,
    input: &Input,
    fields: &[String],
    api: Api,
) -> Result<(), Failure> {
    let f0 = || field(fields, 0);
    match check {
        Check::Value(method) => method_value(method, f0()?, board, api),
        Check::Tiles => {
            let tiles: Vec<String> = board.tiles().map(|t| t.to_string()).collect();
            value("tileAt", f0()?, tiles.join(" "))
        }
        Check::Neighbors => neighbors(board, f0()?, fields.get(1..).unwrap_or_default()),
        Check::Neighbors2 => {
            if f0()? == "null" {
                return neighbors(board, "null", &[]);
            }
            let groups: Vec<&[String]> = fields
                .split(|f| f == "|")
                .filter(|g| !g.is_empty())
                .collect();
            let firsts: Vec<String> = groups.iter().map(|g| g[0].clone()).collect();
            neighbors(board, &firsts.len().to_string(), &firsts)?;
            for group in groups {
                let Some(neighbor) = read(&group[0]) else {
                    continue;
                };
                let theirs = &group[1..];
                let count = if theirs.first().is_some_and(|t| t == "null") {
                    "null".to_string()
                } else {
                    theirs.len().to_string()
                };
                neighbors(&neighbor, &count, theirs)?;
            }
            Ok(())
        }
        Check::Twin => {
            // one call, a twin (whether it is the same twin each time is
            // test 12's question)
            let first = f0()?;
            if is_twin(board, first) {
                Ok(())
            } else {
                Err(Failure::NotATwin {
                    student: first.to_string(),
                })
            }
        }
        Check::Two => two(fields),
        Check::Mutate => {
            // the Board answers as before once the array it was made from
            // changes (whether the answers are right is other tests' job)
            let half = fields.len() / 2;
            for (before, after) in fields[..half].iter().zip(&fields[half..]) {
                let same = match (before.split_once('='), after.split_once('=')) {
                    (Some(("toString", a)), Some((_, b))) => numbers(a) == numbers(b),
                    (Some((_, a)), Some((_, b))) => a == b,
                    _ => return Err(Failure::ProbeIncomplete),
                };
                if !same {
                    return Err(Failure::NotImmutable);
                }
            }
            Ok(())
        }
        Check::Order => order(board, fields),
        Check::Equals => {
            let expected = input.boards.first() == input.boards.get(1);
            value("a.equals", f0()?, expected)?;
            value("b.equals", field(fields, 1)?, expected)
        }
        Check::Laws => {
            for law in Law::ALL {
                let got = crate::autograde::protocol::named(fields, law.name());
                if got != Some(if law.holds_when() { "true" } else { "false" }) {
                    return Err(Failure::EqualsLaw { law });
                }
            }
            Ok(())
        }
        Check::Kth { method, .. } => {
            let text = f0()?;
            let Some(kth) = read(text) else {
                return Err(Failure::Unreadable {
                    method: "toString()".to_string(),
                    text: text.to_string(),
                });
            };
            let at = match method {
                Method::Size => 1,
                Method::Hamming => 2,
                _ => 3,
            };
            // the report draws the kth board (the judgement's `tested`), so
            // the method is named as the course names it
            method_value(method, field(fields, at)?, &kth, api)
        }
        _ => Err(Failure::ProbeIncomplete),
    }
}

/// Board 12: every method's answers are the same in every round, whatever
/// the order of the calls (whether they are right is other tests' job), and
/// every twin is a twin.
fn order(board: &Board, fields: &[String]) -> Result<(), Failure> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for entry in fields {
        let Some((name, answer)) = entry.split_once('=') else {
            return Err(Failure::ProbeIncomplete);
        };
        if name == "twin" && !is_twin(board, answer) {
            return Err(Failure::NotATwin {
                student: answer.to_string(),
            });
        }
        match seen.iter().find(|(n, _)| *n == name) {
            Some((_, first)) => {
                let consistent = if matches!(name, "toString" | "twin") {
                    numbers(first) == numbers(answer)
                } else {
                    *first == answer
                };
                if !consistent {
                    return Err(Failure::Inconsistent {
                        method: format!("{name}()"),
                        first: (*first).to_string(),
                        later: answer.to_string(),
                    });
                }
            }
            None => seen.push((name, answer)),
        }
    }
    Ok(())
}
