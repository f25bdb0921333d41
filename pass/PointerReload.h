// PointerReload.h -- the pointer to the thread's counters is not kept
// across calls.
//
// A function loads the pointer once, at entry (Instrumenter.h).  Kept in a
// register until the last update, it has to survive every call on the way,
// so the register allocator gives it a callee-saved register: a push at
// entry and a pop at every return of each call of the function, and one
// callee-saved register fewer for the program's own values.  A reload from
// the thread-local variable is one instruction of the instrumentation's
// and needs no register across anything.  So updates that run after a call
// take the pointer from a reload instead, the first of them after each
// call in a block.  Only in functions without loops (without any cycle,
// irreducible ones included): there every block runs at most once per
// call of the function, and so does each reload, as the save and restore
// of the register did.  In a loop they would run
// every iteration, and a reload before the loop would only move where the
// pointer's register is taken, to the register allocator's luck (in
// examples/matmul.c's main it spilled the program's values instead of the
// pointer: 1.4 % more program instructions).  Calls to the
// instrumentation's own preserve_all thunks clobber nothing and do not
// count.
#ifndef SS_PASS_POINTERRELOAD_H
#define SS_PASS_POINTERRELOAD_H

#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"

namespace ss {

// Counts is the pointer as the function's updates use it (the entry load,
// or where the cold path rejoins, the phi); TLS the thread-local variable.
void reloadCountersAfterCalls(llvm::Function &F, llvm::Value *Counts,
                              llvm::GlobalVariable *TLS);

} // namespace ss

#endif
