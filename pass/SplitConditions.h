// SplitConditions.h -- a branch on `a && b` or `a || b` made two branches
// in the IR, before the blocks are counted, where the code generator would
// make them two anyway.
//
// SelectionDAG emits `br (and a, b)` as a jump on a, then a jump on b, when
// jumps are cheap (x86); the counts of the IR blocks then cannot say how
// often the second test ran (the counts say how often the condition held,
// not which test decided), and ideal time would have to guess.  Splitting
// the branch the same way first makes the second test a counted block.
// Only the case the code generator surely splits: two conditions, the
// and/or used only by the branch, both computed in the branch's block, not
// the two compares of the same values the code generator folds into one
// (its ShouldEmitAsBranches), no !unpredictable.
#ifndef SS_PASS_SPLITCONDITIONS_H
#define SS_PASS_SPLITCONDITIONS_H

#include "llvm/IR/Function.h"

namespace ss {

// Returns whether F changed.
bool splitBranchConditions(llvm::Function &F);

} // namespace ss

#endif
