//! Deciding: the findings reading left, refuting a given optimum, proving
//! the optimum, and the verdict.

use std::io::BufRead;

use super::{
    AnswerFormat, CheckReport, CheckVerdict, Checker, Claim, Finding, FindingKind, Label, Optimum,
    Proof, prove_optimum_with,
};
use crate::format::Span;

impl<R: BufRead> Checker<'_, '_, R> {
    /// The given optimum, after a finding if something refutes it.
    pub(super) fn given(&mut self, given: u64, legal_path: Option<u64>, span: Span) -> Optimum {
        if let Some((actual, by_table)) = self.refutes(given, legal_path) {
            self.at(
                FindingKind::GivenOptimumWrong {
                    given,
                    actual,
                    by_table,
                },
                span,
                Label::GivenOptimum,
            );
        }
        Optimum {
            moves: Some(given),
            proof: Proof::Given,
        }
    }

    /// What refutes a given optimum: a legal path of fewer moves, or (for
    /// boards of at most 3x3 towards the course's goal) the exhaustive table.
    /// Returns the true figure and whether the table gave it.
    pub(super) fn refutes(&self, given: u64, legal_path: Option<u64>) -> Option<(u64, bool)> {
        if let Some(moves) = legal_path.filter(|&m| m < given) {
            return Some((moves, false));
        }
        if self.puzzle.size() > crate::oracle::MAX_ORACLE_SIDE || self.provers.goal.is_some() {
            return None;
        }
        let table = prove_optimum_with(self.puzzle, None, 0, self.provers).ok()?;
        (table.proof == Proof::ExhaustiveTable)
            .then_some(table.moves?)
            .filter(|&moves| moves != given)
            .map(|moves| (moves, true))
    }

    /// Adds what the stream noticed while reading: a line too long, a read
    /// error, the first deviation from the strict format.
    pub(super) fn reading_findings(&mut self) {
        self.stream.finish();
        if let Some(line) = self.stream.too_long.take() {
            let span = line.end_span();
            self.findings.push(Finding {
                kind: FindingKind::LineTooLong,
                span: Span {
                    column: 1,
                    start: line.offset,
                    end: line.offset,
                    ..span
                },
                label: Label::ThisLine,
                related: None,
                // Too long to quote: the renderer then names the place alone.
                lines: vec![line],
            });
        }
        if let Some((message, span)) = self.stream.io_error.take() {
            let lines = self.stream.lines(span.line, span.line);
            self.findings.push(Finding {
                kind: FindingKind::Io { message },
                span,
                label: Label::ReadingStopped,
                related: None,
                lines,
            });
        }
        if let Some(deviation) = self.stream.strict.as_mut().and_then(|s| s.deviation.take()) {
            self.findings.push(deviation);
        }
    }

    /// Adds the strict and reading findings, proves what must be proved,
    /// and decides.
    pub(super) fn conclude(mut self, format: Option<AnswerFormat>, claim: Claim) -> CheckReport {
        self.reading_findings();
        let solvable = self.solvable();
        let mut report = CheckReport {
            verdict: CheckVerdict::Rejected,
            format,
            moves: None,
            claims_unsolvable: matches!(claim, Claim::Unsolvable { .. }),
            optimum: None,
            undecided: None,
            findings: Vec::new(),
            omitted: 0,
        };
        match claim {
            Claim::Broken => {}
            Claim::Unsolvable { span } if solvable => {
                self.at(FindingKind::ClaimsUnsolvable, span, Label::PuzzleSolvable);
            }
            Claim::Unsolvable { .. } => {
                report.optimum = Some(Optimum {
                    moves: None,
                    proof: Proof::Parity,
                });
            }
            Claim::Path { moves, span } | Claim::Count { moves, span } => {
                report.moves = Some(moves);
                if !solvable {
                    self.at(
                        FindingKind::SolutionForUnsolvable,
                        span,
                        Label::SolutionClaimed,
                    );
                } else if self.findings.iter().all(|f| f.kind.keeps_path_legal()) {
                    let is_path = matches!(claim, Claim::Path { .. });
                    match self.optimum_for(moves, is_path, span) {
                        Ok(optimum) => {
                            report.optimum = Some(optimum);
                            self.compare(moves, optimum.moves.unwrap_or(0), span);
                        }
                        Err(undecided) => report.undecided = Some(undecided),
                    }
                }
            }
        }
        report.verdict = verdict(&self.findings, &report);
        // First error first: in the order of the file.
        self.findings.sort_by_key(|f| (f.span.line, f.span.column));
        report.findings = self.findings;
        report.omitted = self.omitted;
        report
    }

    /// The optimum a legal answer of `moves` is held to: the given one
    /// (after a finding if something refutes it), or one proved, with the
    /// answer's own length as the bound when it is a path.
    fn optimum_for(
        &mut self,
        moves: u64,
        is_path: bool,
        span: Span,
    ) -> Result<Optimum, super::Undecided> {
        let path_length = is_path.then_some(moves);
        match self.options.optimum {
            Some(Some(given)) => Ok(self.given(given, path_length, span)),
            _ => prove_optimum_with(self.puzzle, path_length, self.options.budget, self.provers),
        }
    }

    /// A finding when an answer of `moves` is longer than the optimum
    /// `best`, or shorter (unless it already refuted a given optimum).
    fn compare(&mut self, moves: u64, best: u64, span: Span) {
        if moves > best {
            self.at(
                FindingKind::NotOptimal {
                    moves,
                    optimum: best,
                },
                span,
                Label::Moves(moves),
            );
        } else if moves < best
            && !self
                .findings
                .iter()
                .any(|f| matches!(f.kind, FindingKind::GivenOptimumWrong { .. }))
        {
            self.at(
                FindingKind::ShorterThanOptimal {
                    moves,
                    optimum: best,
                },
                span,
                Label::Moves(moves),
            );
        }
    }
}

/// The verdict: rejected by any finding, unproven when the optimum was
/// not decided, accepted when it was (or the puzzle is unsolvable and the
/// answer says so).
fn verdict(findings: &[Finding], report: &CheckReport) -> CheckVerdict {
    if !findings.is_empty() {
        CheckVerdict::Rejected
    } else if report.undecided.is_some() {
        CheckVerdict::Unproven
    } else if report.optimum.is_some() {
        CheckVerdict::Accepted
    } else {
        CheckVerdict::Rejected
    }
}
