// RegisterPressure.h -- how many general-purpose registers a loop's own
// values need at once, estimated on the IR, so that counter promotion
// (CounterPromotion.h) keeps counters in registers only where the loop
// leaves registers free: a loop around a switch with a counter per case
// had all its counters promoted, and the code generator spilled the
// program's values around them on every iteration.
#ifndef SS_PASS_REGISTERPRESSURE_H
#define SS_PASS_REGISTERPRESSURE_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"

namespace ss {

// The most integer and pointer values live at one point of L's blocks:
// values from before L that L or its exit blocks use (live all through
// it), and L's own from their definition to their last use, by liveness
// over L's blocks.
// Compare results are left out (flags, mostly), and so are the values in
// Ignore (the counter updates' own: in memory they are one instruction
// that holds no register).  ~0u for a loop too large to look at (then
// nothing is promoted).
unsigned loopRegisterPressure(const llvm::Loop &L, const llvm::DominatorTree &DT,
                              const llvm::DenseSet<const llvm::Value *> &Ignore);

// The general-purpose registers a function's code may allocate: the
// target's, less the stack pointer and, where the function keeps one, the
// frame pointer.
unsigned allocatableRegisters(const llvm::Function &F, unsigned TargetRegisters);

} // namespace ss

#endif
