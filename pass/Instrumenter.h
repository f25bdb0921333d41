// Instrumenter.h -- put the counter updates and indirect-call hooks into the
// code, where FlowGraph and chooseCounters said they go.
#ifndef SS_PASS_INSTRUMENTER_H
#define SS_PASS_INSTRUMENTER_H

#include "FlowGraph.h"

#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"

namespace ss {

struct ModuleGlobals {
  llvm::GlobalVariable *Counters = nullptr;      // [N x i64], first thread's
  llvm::GlobalVariable *ThreadCounters = nullptr; // thread_local i64*
  llvm::Function *ClaimCounters = nullptr;       // i64* ss.thread_counters()
  llvm::GlobalVariable *IndirectSites = nullptr; // [M x ss_indirect_site]
  llvm::FunctionCallee IndirectHook;             // __ssrt_indirect_call
};

// One counter update in the code: counts[Index] += Add's second operand,
// as a plain load, add and store on the thread's own counters.
struct CounterUpdate {
  llvm::LoadInst *Load = nullptr;
  llvm::BinaryOperator *Add = nullptr;
  llvm::StoreInst *Store = nullptr;
  uint32_t Index = 0;
};

// Inserts `counts[Index] += Delta` before `Before`.
CounterUpdate emitCounterUpdate(llvm::Instruction *Before, llvm::Value *Counts,
                                uint32_t Index, llvm::Value *Delta);

// Adds one increment per counted edge of G, on the counters of the running
// thread: the function's entry loads the thread's pointer to them (asking
// the runtime for a set the first time).  CounterBase is the module index
// of G's counter 0.  Splits critical edges and landing pads as needed, so
// G's block pointers must not be used afterwards.  Returns the updates.
std::vector<CounterUpdate> placeCounters(FlowGraph &G,
                                         const ModuleGlobals &Globals,
                                         uint32_t CounterBase);

// Calls the runtime before each indirect call with the site's table and the
// target; returns the number of sites used, numbered from SiteBase.
uint32_t placeIndirectHooks(FlowGraph &G, const ModuleGlobals &Globals,
                            uint32_t SiteBase,
                            std::vector<uint32_t> &SiteOfCall);

} // namespace ss

#endif
