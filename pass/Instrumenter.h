// Instrumenter.h -- put the counter updates and indirect-call hooks into the
// code, where FlowGraph and chooseCounters said they go.
#ifndef SS_PASS_INSTRUMENTER_H
#define SS_PASS_INSTRUMENTER_H

#include "FlowGraph.h"

#include "llvm/IR/GlobalVariable.h"

namespace ss {

struct ModuleGlobals {
  llvm::GlobalVariable *Counters = nullptr;      // [N x i64]
  llvm::GlobalVariable *IndirectSites = nullptr; // [M x ss_indirect_site]
  llvm::FunctionCallee IndirectHook;             // __ssrt_indirect_call
};

// Adds one relaxed atomic increment per counted edge of G.  CounterBase is
// the module index of G's counter 0.  Splits critical edges and landing pads
// as needed, so G's block pointers must not be used afterwards.
void placeCounters(FlowGraph &G, const ModuleGlobals &Globals,
                   uint32_t CounterBase);

// Calls the runtime before each indirect call with the site's table and the
// target; returns the number of sites used, numbered from SiteBase.
uint32_t placeIndirectHooks(FlowGraph &G, const ModuleGlobals &Globals,
                            uint32_t SiteBase,
                            std::vector<uint32_t> &SiteOfCall);

} // namespace ss

#endif
