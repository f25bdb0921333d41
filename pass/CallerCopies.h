// CallerCopies.h -- sscc -fss-callers: a copy of the callee for each
// direct call, so that what the callee costs is counted per caller.
//
// Counts say how often each block ran, not for whom: a function called
// from two places has one set of counters, and ssprof could only share its
// time among its callers in proportion to their calls (gprof's
// assumption), which is wrong where the cost depends on the caller's
// arguments.  An inlined copy of a function is already counted on its own
// (its blocks are the caller's, its entry marker counts its calls, and the
// DWARF inline chain names the caller of each of its instructions, which
// is how ssprof attributes its ideal time per copy).  So with -ss-callers,
// after the optimizer and before the counters are placed, the pass inlines
// every direct call of a defined function into its caller -- callees
// before their callers, so a caller's copy carries the copies of what the
// callee calls -- within caps:
//   - not a function in a cycle of the call graph (recursion keeps its
//     calls), nor one LLVM cannot inline (isInlineViable: indirectbr,
//     setjmp, ...) or may not inline into that caller (target features,
//     sanitizers: TTI and AttributeFuncs::areInlineCompatible);
//   - only with debug information in caller and callee (the copies are
//     told apart by their inline chains), and one copy of a function in
//     the code of one function: a call stays a call where the caller holds
//     some code of the callee's already (a second call of it, two callees
//     that both hold a third), since ssprof takes a source line's count in
//     one function's code as the most of its blocks' (prof/counts/counts.h)
//     and two copies' counts would not add up;
//   - at most -ss-callers-max-size instructions in the callee, at most
//     -ss-callers-max-copies copies of one callee, and the module's code
//     grows by at most -ss-callers-growth percent; calls beyond a cap,
//     indirect calls and calls from other modules keep calling the
//     original, which is counted as before.
// Attributes that keep the optimizer from inlining (noinline, optnone at
// -O0) are not obeyed: the copy is the measurement's, and the copied code
// is not optimized again.  Without -ss-callers the pass does not run.
#ifndef SS_PASS_CALLERCOPIES_H
#define SS_PASS_CALLERCOPIES_H

#include "llvm/IR/PassManager.h"

#include <functional>

namespace ss {

struct CallerCopyStats {
  unsigned Copies = 0;      // calls replaced by a copy of the callee
  unsigned Kept = 0;        // direct calls of defined functions kept
  unsigned long Added = 0;  // instructions the copies added
};

// Copies callees into their callers in M; Counted says which functions
// the pass instruments (only those are copied, into those).
CallerCopyStats
copyCalleesIntoCallers(llvm::Module &M, llvm::FunctionAnalysisManager &FAM,
                       const std::function<bool(const llvm::Function &)> &Counted);

} // namespace ss

#endif
