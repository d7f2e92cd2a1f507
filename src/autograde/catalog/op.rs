//! Which probe operation runs one input of a correctness test.

use super::{Check, Input, goal, inputs};
use crate::autograde::protocol::{Op, SolverMethod};
use crate::course::Api;

/// The probe's operation for one input of a correctness test.
pub(super) fn op(check: Check, input: &Input, api: Api, seed: u64) -> Op {
    let board = || input.boards.first().cloned().unwrap_or_else(|| goal(2));
    let second = || input.boards.get(1).cloned().unwrap_or_else(|| goal(2));
    match check {
        Check::Value(method) => Op::Value(method, board()),
        Check::Tiles => Op::Tiles(board()),
        Check::Neighbors => Op::Neighbors(board()),
        Check::Neighbors2 => Op::Neighbors2(board()),
        Check::Twin => Op::Twin(board()),
        Check::Two => Op::Two(board(), second()),
        Check::Mutate => Op::Mutate(board()),
        Check::Order => Op::Order(board()),
        Check::Equals => Op::Equals(board(), second()),
        Check::Laws => Op::Laws(board()),
        Check::Kth { twin, .. } => Op::Chain {
            board: board(),
            k: input.k,
            twin,
            seed: input.seed,
        },
        Check::Solver(method) => Op::Solve(board(), method),
        Check::Sequence => Op::Sequence(board(), inputs::calls(input.seed ^ seed, api)),
        Check::TwoSolvers => Op::SolveTwo(board(), second()),
        Check::NullArgument => Op::SolveNull,
        Check::UnsolvableThrows => Op::Solve(board(), SolverMethod::Moves),
        Check::QueueUnchanged
        | Check::EqualsCalled
        | Check::EqualsOnlyBoards
        | Check::EqualsOnlyGrandparent => Op::Audit(board()),
        Check::BoardMemory => Op::BoardMemory(board()),
        Check::SolverMemory | Check::QueueMemory => Op::SolverMemory(board()),
        Check::Timing(_) => Op::Timing(board()),
    }
}
