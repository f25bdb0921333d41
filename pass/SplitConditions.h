// SplitConditions.h -- branches on `a && b`, `a || b` (and trees of them)
// made into the chain of branches the code generator would make of them,
// in the IR, before the blocks are counted.
//
// SelectionDAG emits `br (and a, b), T, F` as a jump on a to F, then a
// jump on b, when jumps are cheap (x86: SelectionDAGBuilder::visitBr,
// FindMergedConditions).  The counts of the IR blocks then say how often
// the condition held, not how often the second test ran, and ideal time
// would have to guess.  Making the same chain first makes every test a
// counted block with its marker.  The code does not change: the chain is
// the code generator's, test for test, in the same block order, with the
// branch probabilities it would give each test; a compare it would emit
// again in a later test's block is emitted there.  Only the counter the
// new edge needs is added, on the least frequent edge as any counter.
//
// Mirrored: trees of one operator (and/or) whose inner nodes have one use
// and live in the branch's block, `not`s in them (they swap and/or), the
// two-test cases the code generator folds back into one compare
// (ShouldEmitAsBranches), !unpredictable branches and vector-element
// pairs it leaves alone.  Functions compiled without optimization
// (optnone) are left alone: FastISel does not split.  From LLVM 18 on the
// code generator first weighs what the second condition costs
// (SelectionDAGBuilder::shouldKeepJumpConditionsTogether with x86's
// TargetLowering::getJumpConditionMergingParams) and keeps cheap pairs
// together, unless the branch is likely to decide on its first test:
// mirrored with the target's cost model (TargetTransformInfo).
#ifndef SS_PASS_SPLITCONDITIONS_H
#define SS_PASS_SPLITCONDITIONS_H

#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Function.h"

namespace ss {

// Returns the number of branches split.
unsigned splitBranchConditions(llvm::Function &F,
                               const llvm::BranchProbabilityInfo &BPI,
                               const llvm::TargetTransformInfo &TTI);

} // namespace ss

#endif
