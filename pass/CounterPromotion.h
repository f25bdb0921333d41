// CounterPromotion.h -- keep the counters of loop code in registers.
//
// An update `counts[i] += 1` inside a loop becomes an add to a register
// that starts at 0 in the preheader, and each exit of the loop adds the
// register to counts[i] once.  Only innermost loops are promoted: a
// register counting an outer loop would stay live through its inner loops
// and crowd the program's own values there.  The counts stay exact
// because only loops are promoted that can be left through their exits
// alone: no call in them may fail to return (exit, longjmp, throw, fork)
// and no block in them ends in anything but a branch or a switch.  Adding
// the register at the exits (not storing it) keeps recursion inside the
// loop exact too.
#ifndef SS_PASS_COUNTERPROMOTION_H
#define SS_PASS_COUNTERPROMOTION_H

#include "Instrumenter.h"

#include <vector>

namespace ss {

// Updates the list: promoted updates lose their load and store, and the
// updates added at loop exits are appended.  Returns the blocks it
// removed (split back edges left empty), to be forgotten, not used.
std::vector<const llvm::BasicBlock *>
promoteCountersInLoops(llvm::Function &F, std::vector<CounterUpdate> &Updates);

} // namespace ss

#endif
