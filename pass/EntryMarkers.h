// EntryMarkers.h -- counting calls as the source makes them.
//
// The pass counts the optimized code, in which a call may no longer be a
// call: an inlined function has no entry of its own, and a self-recursive
// call the optimizer turned into a jump (tail-recursion elimination) enters
// the function's first block again without a call.  So before the
// optimizer runs, every function with a body gets a marker at the start of
// its entry block: a pseudo probe (llvm.pseudoprobe, which LLVM designed
// to follow the code it marks through inlining and the transformations that
// move, duplicate or merge blocks, and which costs nothing in the
// optimizer's models).  Its GUID is the function's row in the module's
// `ss.entries` list (the function's names and definition); its index is
// EntryProbeIndex.
//
// After the optimizer, where each marker is says how often the source
// function was entered: its block's count.  The pass records every marker
// left (the function whose code holds it, its position, and the inline
// chain its debug location carries), notes the inlined copies whose code
// is there without their marker, and removes the markers before counting,
// so the code generator never sees them.
#ifndef SS_PASS_ENTRYMARKERS_H
#define SS_PASS_ENTRYMARKERS_H

#include "FlowGraph.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/PassManager.h"

#include <string>
#include <vector>

namespace llvm {
class DISubprogram;
class LoopInfo;
} // namespace llvm

namespace ss {

// Puts the markers (pipeline start).
struct EntryMarkerPass : llvm::PassInfoMixin<EntryMarkerPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; } // also at -O0
};

// One marker found after the optimizer (or a lost one: Position null).
struct FoundEntry {
  llvm::Instruction *Position = nullptr; // first instruction after it
  std::string Callee;                    // linkage name
  SourceLine Definition;
  std::string Caller; // linkage name of the function it was inlined into
  SourceLine CallSite;
  bool Inlined = false;
};

// The functions that got a marker (EntryMarkerPass): their names, and
// their linkage names by subprogram (line-tables-only debug information
// names C++ functions without them: "twice<int>").
struct MarkedFunctions {
  llvm::StringSet<> Names;
  llvm::DenseMap<const llvm::DISubprogram *, std::string> Symbols;
  // SP's function's linkage name (its name where nothing better is known).
  std::string symbolOf(const llvm::DISubprogram *SP) const;
};
MarkedFunctions markedFunctions(const llvm::Module &M);

// The function whose source makes a call at DL: the innermost one its code
// was inlined from; empty for the function's own code.
std::string inlinedFrom(const llvm::DebugLoc &DL, const MarkedFunctions &M);

// The markers of F and the copies that lost theirs (F's own, when F is in
// Marked but its marker is gone; inlined ones whose code is there without
// theirs); removes the markers from F.
//
// The loop vectorizer drops the markers of the loop it vectorizes and
// keeps them in its scalar remainder (a loop it marks vectorized): a
// marker found in such a loop is taken as lost too (the function's calls
// are then unknown rather than too few).
std::vector<FoundEntry> takeEntryMarkers(llvm::Function &F,
                                         const MarkedFunctions &Marked,
                                         const llvm::LoopInfo &LI);

// Removes the markers of a function that is not counted.
void dropEntryMarkers(llvm::Function &F);

// The block of G whose code holds Position.
uint32_t blockHolding(const FlowGraph &G, const llvm::Instruction *Position);

} // namespace ss

#endif
