// FlowGraph.h -- the closed flow graph of one function, as counted.
//
// Nodes are "blocks": LLVM basic blocks of the optimized code, split after
// every call that may not return, plus the pseudo nodes ENTRY and EXIT.
// Edges are the CFG edges, the fallthrough after each such call, and the
// fake edges that keep flow conserved when a call does not return (exit,
// longjmp, an exception, the process ending or forking inside it) or when
// setjmp returns again.  See include/ss/format.h for the on-disk image.
#ifndef SS_PASS_FLOWGRAPH_H
#define SS_PASS_FLOWGRAPH_H

#include "ss/format.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class BlockFrequencyInfo;
class BranchProbabilityInfo;
class Loop;
class LoopInfo;
} // namespace llvm

namespace ss {

struct SourceLine {
  std::string File;
  uint32_t Line = 0;
  bool operator==(const SourceLine &O) const {
    return Line == O.Line && File == O.File;
  }
};

struct FlowBlock {
  llvm::BasicBlock *BB = nullptr;
  uint32_t IRIndex = 0;
  uint32_t Flags = 0;        // SS_BLOCK_*
  // Its first instruction in the uninstrumented code (after PHIs and the
  // landing pad); null for the empty block where setjmp returns.
  llvm::Instruction *Start = nullptr;
  SourceLine Where;          // first instruction with a line
  std::vector<SourceLine> Lines; // distinct lines of its code, in order
};

// How a counter for an edge is placed in the code, if it can be at all.
enum class Placement {
  Uncountable,   // fake edges, CLOSE, edges out of indirectbr/callbr
  FunctionEntry, // start of the entry block
  AfterCall,     // right after the call that ends the source block
  BeforeReturn,  // before the ret/resume terminator
  OnBranch       // on the CFG edge SrcBB -> DstBB (in one of them or split)
};

struct FlowEdge {
  uint32_t From = 0, To = 0; // block index or SS_NODE_ENTRY / SS_NODE_EXIT
  uint16_t Kind = 0;         // ss_edge_kind
  uint16_t Flags = 0;        // SS_EDGEF_*
  Placement Place = Placement::Uncountable;
  llvm::BasicBlock *SrcBB = nullptr, *DstBB = nullptr; // OnBranch
  llvm::Instruction *Call = nullptr;                   // AfterCall
  double Weight = 0; // estimated frequency times the cost of a counter there
                     // (FlowGraph.cpp); the heaviest stay uncounted
  uint32_t Counter = SS_NONE; // function-relative until the module renumbers
  // The block the pass made for the counter (a split critical edge or
  // landing pad), which runs exactly as often as the edge; or null.
  llvm::BasicBlock *Landing = nullptr;
};

struct FlowCallSite {
  uint32_t Block = 0;
  llvm::CallBase *Call = nullptr;
  std::string Callee; // empty for indirect calls
  SourceLine Where;
  std::string InlinedFrom; // the call's source caller if inlined, else empty
};

struct FlowLoop {
  uint32_t Header = 0;
  uint32_t Parent = SS_NONE;
  uint32_t Depth = 0;
  SourceLine Where;
  // Where the optimizer's loop starts (Loop::getStartLoc before any
  // counter is placed: placing them may give the loop another preheader).
  llvm::DebugLoc Start;
};

struct FlowGraph {
  llvm::Function *F = nullptr;
  std::vector<FlowBlock> Blocks;
  std::vector<FlowEdge> Edges;
  std::vector<FlowCallSite> Calls;
  std::vector<FlowLoop> Loops;
  // Number of LLVM basic blocks (for the "counters vs blocks" statistics).
  uint32_t NumIRBlocks = 0;
  // The counter of the function's restarts after a thread's first call
  // (Instrumenter.h), or SS_NONE; function-relative until the module
  // renumbers, as FlowEdge::Counter.
  uint32_t RestartCounter = SS_NONE;
  // Whether the function's entry tests the thread's pointer to its
  // counters (Instrumenter.h: mayEnterModule).
  bool EntryTest = true;
  // Whether its FUNC_ENTRY counter counts down, as the entry test in
  // static TLS (SS_FUNC_ENTRY_COUNTS_DOWN; set by placeCounters).
  bool EntryCountsDown = false;
};

// Build the graph of F from the optimized IR, before any instrumentation.
// BackEdgeCostsEntries: whether a counter on the back edge of a loop will
// cost only a few instructions at the exit taken, once an entry
// (CounterPromotion.h: iterationsKnownAtExits); the spanning tree then
// weighs that edge by its loop's entries, not its iterations.
FlowGraph buildFlowGraph(llvm::Function &F, llvm::BlockFrequencyInfo &BFI,
                         llvm::BranchProbabilityInfo &BPI, llvm::LoopInfo &LI,
                         llvm::function_ref<bool(llvm::Loop &)> BackEdgeCostsEntries);

// Whether control may never come back right after CB (exit, longjmp, an
// exception, fork's child): such calls end a block.
bool mayNotReturn(const llvm::CallBase &CB);

// Whether CB is a call the code generator may make as a jump (a sibling
// call): a countable tail call (below), and the next instruction returns
// its result.  Such a
// call does not end a block: whatever the callee does, the block's exit is
// counted before it, so no counter comes between the call and the return.
bool isTailPositionCall(const llvm::CallBase &CB);

// Whether CI is marked tail and its counting leaves it where it is: a
// call of a function by name, or through a pointer where the test of the
// target is one piece of inline assembly (x86-64, Instrumenter.cpp); the
// calls isTailPositionCall accepts, wherever they stand.
bool isCountableTailCall(const llvm::CallInst &CI);

// SS_FUNC_JUMPS_LEAVE: F has nothing the code generator could turn into a
// jump inside F through a table or a computed address (no switch, no
// indirectbr; the code generator makes no switch of its own).
bool indirectJumpsLeave(const llvm::Function &F);

// Location helpers shared with the descriptor writer.
SourceLine sourceLineOf(const llvm::DebugLoc &DL);
SourceLine sourceLineOf(const llvm::Function &F);

} // namespace ss

#endif
