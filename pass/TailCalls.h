// TailCalls.h -- returns copied into the blocks that end in a tail call,
// in the IR, before the blocks are counted.
//
// The optimizer leaves `tail call f(); br label %exit` with one shared
// `exit: ret` block; the code generator copies the return into each such
// block and makes the call a jump (CodeGenPrepare's
// dupRetToEnableTailCallOpts).  Counted first, the call ends a block and
// the edge to the shared return gets a counter after the call: the jump
// becomes a call, a counter update and a return, with a stack frame for
// the call on every path through the function.  Copying the return first,
// the same way, puts the call in tail position (FlowGraph.h,
// isTailPositionCall): the block's exit is counted before the call, and
// the code generator can still make the jump.
#ifndef SS_PASS_TAILCALLS_H
#define SS_PASS_TAILCALLS_H

#include "llvm/IR/Function.h"

namespace ss {

// Returns whether F changed.
bool returnAfterTailCalls(llvm::Function &F);

} // namespace ss

#endif
