// CounterPromotion.h -- take the counters of loop code out of the loop.
//
// Where the block of an update `counts[i] += 1` runs once per iteration of
// a loop whose trip count scalar evolution knows, the update leaves the
// loop: the count per entry (the back edges taken, or one more) is computed
// in the preheader and added to counts[i] at the loop's exit, at any loop
// depth; the preheader's own `+= 1` (the loop's entries) moves to that
// exit too.  Where the trip count is not known before the loop (a search
// that ends on data) but an induction variable counts its iterations, a
// block that runs once an iteration is counted at each exit from that
// variable, at any depth too.  Other updates in an innermost loop become adds to a register
// that starts at 0 in the preheader, and each exit of the loop adds the
// register to counts[i] once.  Only innermost loops get registers: a
// register counting an outer loop would stay live through its inner loops
// and crowd the program's own values there.  The counts stay exact
// because only loops are changed that can be left through their exits
// alone: no call in them may fail to return (exit, longjmp, throw, fork)
// and no block in them ends in anything but a branch, a switch or a
// computed goto to blocks of the same loop (an interpreter's dispatch).  Adding
// the register at the exits (not storing it) keeps recursion inside the
// loop exact too.
#ifndef SS_PASS_COUNTERPROMOTION_H
#define SS_PASS_COUNTERPROMOTION_H

#include "Instrumenter.h"

#include <vector>

namespace llvm {
class ScalarEvolution;
} // namespace llvm

namespace ss {

// Updates the list: promoted updates lose their load and store, updates
// replaced by a trip count lose everything, and the updates added at loop
// exits are appended.  Returns the blocks it
// removed (split back edges left empty), to be forgotten, not used.
// TargetRegisters: the target's general-purpose registers; a loop keeps
// as many counters in registers as its own values leave free
// (RegisterPressure.h), the most frequent first.
// LoopStarts: where each loop (by its header) starts in the source, for
// the remarks.
std::vector<const llvm::BasicBlock *>
promoteCountersInLoops(llvm::Function &F, std::vector<CounterUpdate> &Updates,
                       unsigned TargetRegisters,
                       const llvm::DenseMap<const llvm::BasicBlock *, llvm::DebugLoc>
                           &LoopStarts);

// Whether the back edges L takes will be counted at its exits, from an
// induction variable (the program's own, counting its iterations), with
// nothing added inside L: L is left through its exits alone (as above),
// from blocks of its own, not its inner loops', and has one latch.
bool iterationsKnownAtExits(llvm::Loop &L, llvm::ScalarEvolution &SE);

} // namespace ss

#endif
