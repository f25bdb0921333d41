// Instrumenter.h -- put the counter updates and indirect-call hooks into the
// code, where FlowGraph and chooseCounters said they go.
#ifndef SS_PASS_INSTRUMENTER_H
#define SS_PASS_INSTRUMENTER_H

#include "FlowGraph.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"

namespace ss {

struct ModuleGlobals {
  // [N + M * SS_INDIRECT_COUNTS x i64]: the first thread's counters
  llvm::GlobalVariable *Counters = nullptr;
  uint32_t NumEdgeCounters = 0;                   // N
  llvm::GlobalVariable *ThreadCounters = nullptr; // thread_local i64*
  // In an executable, the first of a thread_local [N + M *
  // SS_INDIRECT_COUNTS x i64], as an i64*: the running thread's counters
  // at a constant offset from the thread pointer, addressed without a
  // register (null elsewhere: then ThreadCounters points to a set the
  // runtime hands out).
  llvm::Constant *StaticTLSCounters = nullptr;
  llvm::Function *ClaimCounters = nullptr;        // void ss.thread_counters()
  llvm::GlobalVariable *IndirectTargets = nullptr; // [M x [8 x i64]]
  llvm::Function *IndirectHook = nullptr;          // ss.indirect_call(...)
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

struct PlacedCounters {
  llvm::Value *Counts = nullptr; // the running thread's counters
  std::vector<CounterUpdate> Updates;
};

// Whether F's first call in a thread, which finds no counters, asks the
// runtime for them and then runs F again from its start by a tail call to
// itself with its own arguments (varargs, byval and a few special argument
// kinds cannot be passed on; F then rejoins its body instead).  The restart
// runs F's entry code twice, so it gets a counter of its own
// (FlowGraph::RestartCounter).  Only where the counters are reached
// through the pointer: counters in static TLS need no restart.
bool restartsByTailCall(const llvm::Function &F);

// Whether F may be the first of its module's code that a thread runs, so
// that its entry tests the thread's pointer to the counters: F can be
// called from outside the module (it is not local) or through its address
// (a thread's start routine, a callback, a signal handler, a constructor).
// A local function that is only ever called directly, by functions
// Instrumented says are, is entered from the module's own code, in a
// thread that passed such a test already, and a thread keeps its counters
// until it ends (the runtime clears the pointer in the thread's last
// destructors, after the thread's own code).
bool mayEnterModule(const llvm::Function &F,
                    llvm::function_ref<bool(const llvm::Function &)> Instrumented);

// This module's own copy of F, where another object may interpose F's
// symbol (a shared library's function of default visibility, reached
// through the GOT and PLT): a private alias, made once.  A program that
// compiles in a library's source and links the library too (cJSON's
// tests) interposes the library's functions: the restart of a library
// function, and the address the descriptor gives it, must still be the
// library's.  F itself where nothing can interpose it.
llvm::Constant *ownCopy(llvm::Function &F);

// Adds one increment per counted edge of G, on the counters of the running
// thread: the function's entry loads the thread's pointer to them (asking
// the runtime for a set the first time), or in an executable counts in
// static TLS, telling the runtime of the thread's copy the first time (on
// x86-64 where the entry's count, counting down, borrows: then
// G.EntryCountsDown); the test only where G.EntryTest.  CounterBase is the module index
// of G's counter 0.  Splits critical edges and landing pads as needed, so
// G's block pointers must not be used afterwards.
PlacedCounters placeCounters(FlowGraph &G, const ModuleGlobals &Globals,
                             uint32_t CounterBase);

// Counts the target of each indirect call: in the code when it is the
// site's first target, else through the runtime.  Sites are numbered from
// SiteBase; returns how many G used.  Adds its count updates to Placed.
uint32_t placeIndirectCounts(FlowGraph &G, const ModuleGlobals &Globals,
                             PlacedCounters &Placed, uint32_t SiteBase,
                             std::vector<uint32_t> &SiteOfCall);

} // namespace ss

#endif
