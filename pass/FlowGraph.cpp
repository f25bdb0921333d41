// FlowGraph.cpp -- split a function into counted blocks and list every edge.
#include "FlowGraph.h"
#include "Compat.h"

#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>

using namespace llvm;

namespace ss {

static std::string joinPath(StringRef Dir, StringRef File) {
  if (File.empty() || ss::startsWith(File, "/") || Dir.empty())
    return File.str();
  return (Dir + "/" + File).str();
}

SourceLine sourceLineOf(const DebugLoc &DL) {
  SourceLine S;
  if (!DL || DL.getLine() == 0)
    return S;
  auto *Loc = DL.get();
  S.File = joinPath(Loc->getDirectory(), Loc->getFilename());
  S.Line = DL.getLine();
  return S;
}

SourceLine sourceLineOf(const Function &F) {
  SourceLine S;
  if (DISubprogram *SP = F.getSubprogram()) {
    S.File = joinPath(SP->getDirectory(), SP->getFilename());
    S.Line = SP->getLine();
  }
  return S;
}

// A call after which control may never come back to the next instruction:
// the callee may exit, longjmp, throw, or fork (the child then starts right
// after it).  Intrinsics and inline asm return; so do calls the optimizer
// proved `willreturn nounwind`.  A musttail call must stay glued to its ret.
bool mayNotReturn(const CallBase &CB) {
  if (CB.isInlineAsm())
    return false;
  if (auto *CI = dyn_cast<CallInst>(&CB))
    if (CI->isMustTailCall())
      return false;
  if (const Function *Callee = CB.getCalledFunction())
    if (Callee->isIntrinsic())
      return CB.doesNotReturn();
  if (CB.doesNotReturn())
    return true;
  return !(CB.hasFnAttr(Attribute::WillReturn) && CB.doesNotThrow());
}

bool indirectJumpsLeave(const Function &F) {
  for (const BasicBlock &BB : F)
    if (isa<SwitchInst>(BB.getTerminator()) ||
        isa<IndirectBrInst>(BB.getTerminator()))
      return false;
  return true;
}

bool isCountableTailCall(const CallInst &CI) {
  // Elsewhere the test of a pointer's target in front of the call splits
  // the block, and the code generator may copy the jump into both ways,
  // one of them the instrumentation's slow path, where no count could tell
  // how often each ran.  And only where ssprof can tell the jump from one
  // through a table inside the function (SS_FUNC_JUMPS_LEAVE): else one
  // such jump would make every block's predecessors unknown.
  return CI.isTailCall() &&
         (isa<Function>(CI.getCalledOperand()->stripPointerCasts()) ||
          (!CI.isInlineAsm() && hasPreserveAll(*CI.getModule()) &&
           indirectJumpsLeave(*CI.getFunction())));
}

bool isTailPositionCall(const CallBase &CB) {
  auto *CI = dyn_cast<CallInst>(&CB);
  if (!CI || !isCountableTailCall(*CI))
    return false;
  auto *Ret = dyn_cast_or_null<ReturnInst>(CI->getNextNode());
  if (!Ret)
    return false;
  Value *V = Ret->getReturnValue();
  return V ? V == CI : CI->use_empty();
}

static bool isCountedCall(const CallBase &CB) {
  if (CB.isInlineAsm())
    return false;
  if (const Function *Callee = CB.getCalledFunction())
    return !Callee->isIntrinsic();
  return true;
}

static std::string calleeName(const CallBase &CB) {
  const Value *V = CB.getCalledOperand()->stripPointerCasts();
  if (auto *GA = dyn_cast<GlobalAlias>(V))
    return GA->getName().str();
  if (auto *Fn = dyn_cast<Function>(V))
    return Fn->getName().str();
  return std::string();
}

namespace {

// What counting an edge costs each time it runs, in counter updates: an
// update placed in a block that is there anyway costs one; one on a
// critical edge needs a block of its own, and the path through it one
// unconditional jump more, cheaper than an update (no load, no store, no
// chain through memory from one iteration to the next): half of one.  The
// spanning tree weighs each edge by its frequency times that cost, so it
// leaves uncounted the edges that would cost most.  A far larger factor
// (LLVM's PGO instrumentation takes 1000) puts every critical edge in the
// tree before any non-critical edge less than that much hotter.  In a loop
// around a switch (bench/workloads/states.c's transition()) the edges into
// the shared tail and the loop's exits are critical: they filled the tree
// first, however cold, and left the hot edges inside each iteration to be
// counted, two to five updates an iteration (the case's, its inner
// branch's, the tail's, the latch's) where one suffices
// (lit/counts/switch-loop-updates.c).
constexpr double CriticalEdgeCost = 1.5;

// What a count derived at a loop's exits costs each time the loop is
// entered, in counter updates: at the exit taken, the induction variable
// less its start, shifted by the step, added to memory (three or four
// instructions).  Far less than an update an iteration, unless the loop
// rarely iterates.
constexpr double DerivedCountCost = 3;

bool isCriticalEdge(const Instruction *TI, const BasicBlock *Succ) {
  return TI->getNumSuccessors() > 1 && !Succ->getSinglePredecessor();
}

class Builder {
public:
  Builder(Function &F, BlockFrequencyInfo &BFI, BranchProbabilityInfo &BPI,
          LoopInfo &LI, function_ref<bool(Loop &)> BackEdgeCostsEntries)
      : BFI(BFI), BPI(BPI), LI(LI), BackEdgeCostsEntries(BackEdgeCostsEntries) {
    G.F = &F;
  }

  FlowGraph build() {
    Function &F = *G.F;
    uint32_t Index = 0;
    for (BasicBlock &BB : F)
      IRIndex[&BB] = Index++;
    G.NumIRBlocks = Index;
    for (BasicBlock &BB : F)
      splitIntoBlocks(BB);
    for (BasicBlock &BB : F)
      addTerminatorEdges(BB);
    addFunctionEdges();
    addLoops();
    return std::move(G);
  }

private:
  FlowGraph G;
  BlockFrequencyInfo &BFI;
  BranchProbabilityInfo &BPI;
  LoopInfo &LI;
  function_ref<bool(Loop &)> BackEdgeCostsEntries;
  DenseMap<BasicBlock *, uint32_t> IRIndex;
  DenseMap<BasicBlock *, uint32_t> FirstBlock, LastBlock;
  // IR blocks whose code ends in a call that never returns: no edges out.
  DenseMap<BasicBlock *, bool> DeadTail;

  double freq(BasicBlock *BB) {
    return double(BFI.getBlockFreq(BB).getFrequency());
  }

  // How often L is entered: its header's runs less those by its back edge
  // (the loop has one), whose frequency is BackEdge.
  double entries(Loop &L, double BackEdge) {
    return std::max(0.0, freq(L.getHeader()) - BackEdge);
  }

  uint32_t newBlock(BasicBlock &BB, uint32_t Flags) {
    FlowBlock B;
    B.BB = &BB;
    B.IRIndex = IRIndex[&BB];
    B.Flags = Flags;
    G.Blocks.push_back(std::move(B));
    return uint32_t(G.Blocks.size() - 1);
  }

  void noteLine(uint32_t Block, const Instruction &I) {
    if (isa<DbgInfoIntrinsic>(I))
      return;
    SourceLine S = sourceLineOf(I.getDebugLoc());
    if (!S.Line)
      return;
    FlowBlock &B = G.Blocks[Block];
    if (!B.Where.Line)
      B.Where = S;
    if (std::find(B.Lines.begin(), B.Lines.end(), S) == B.Lines.end())
      B.Lines.push_back(S);
  }

  FlowEdge &addEdge(uint32_t From, uint32_t To, ss_edge_kind Kind,
                    Placement Place, double Weight) {
    FlowEdge E;
    E.From = From;
    E.To = To;
    E.Kind = uint16_t(Kind);
    E.Place = Place;
    E.Weight = Weight;
    G.Edges.push_back(E);
    return G.Edges.back();
  }

  void noteCall(uint32_t Block, CallBase &CB) {
    if (!isCountedCall(CB))
      return;
    FlowCallSite C;
    C.Block = Block;
    C.Call = &CB;
    C.Callee = calleeName(CB);
    C.Where = sourceLineOf(CB.getDebugLoc());
    G.Calls.push_back(std::move(C));
  }

  // Walk BB, cutting a new block after each call that may not return.
  void splitIntoBlocks(BasicBlock &BB) {
    uint32_t Flags = 0;
    if (&BB == &BB.getParent()->getEntryBlock())
      Flags |= SS_BLOCK_ENTRY;
    if (BB.isLandingPad())
      Flags |= SS_BLOCK_LANDING_PAD;
    uint32_t Cur = newBlock(BB, Flags);
    FirstBlock[&BB] = Cur;
    // After the allocas, where the per-thread counter lookup goes too: the
    // marker then lands after it, in the block that runs once per call.
    BasicBlock::iterator Start = BB.getFirstInsertionPt();
    while (Start != BB.end() && isa<AllocaInst>(*Start))
      ++Start;
    if (Start != BB.end())
      G.Blocks[Cur].Start = &*Start;
    double F = freq(&BB);
    for (Instruction &I : BB) {
      noteLine(Cur, I);
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      noteCall(Cur, *CB);
      // A call in tail position may be a jump in the end: the return
      // edge, counted before it, is the block's way out (see FlowGraph.h).
      if (I.isTerminator() || !mayNotReturn(*CB) || isTailPositionCall(*CB))
        continue;
      G.Blocks[Cur].Flags |= SS_BLOCK_CALL_END;
      Instruction *Next = I.getNextNode();
      if (CB->hasFnAttr(Attribute::ReturnsTwice)) {
        // setjmp and friends always return once, and again for each
        // longjmp: an empty receiver block takes both arrivals.
        uint32_t Recv = newBlock(BB, SS_BLOCK_SETJMP_RECV);
        G.Blocks[Recv].Where = sourceLineOf(I.getDebugLoc());
        if (G.Blocks[Recv].Where.Line)
          G.Blocks[Recv].Lines.push_back(G.Blocks[Recv].Where);
        addEdge(Cur, Recv, SS_EDGE_FALLTHROUGH, Placement::Uncountable, F);
        addEdge(SS_NODE_ENTRY, Recv, SS_EDGE_REENTRY, Placement::Uncountable,
                0);
        Cur = Recv;
      } else {
        addEdge(Cur, SS_NODE_EXIT, SS_EDGE_NORETURN, Placement::Uncountable,
                0);
        if (isa<UnreachableInst>(Next)) {
          // Nothing after a call that never returns: no block to count.
          LastBlock[&BB] = Cur;
          DeadTail[&BB] = true;
          return;
        }
      }
      uint32_t After = newBlock(BB, 0);
      G.Blocks[After].Start = Next;
      addEdge(Cur, After, SS_EDGE_FALLTHROUGH, Placement::AfterCall, F).Call =
          &I;
      Cur = After;
    }
    LastBlock[&BB] = Cur;
  }

  void addTerminatorEdges(BasicBlock &BB) {
    if (DeadTail.lookup(&BB))
      return;
    Instruction *TI = BB.getTerminator();
    uint32_t Last = LastBlock[&BB];
    double F = freq(&BB);
    if (isa<ReturnInst>(TI) || isa<ResumeInst>(TI)) {
      G.Blocks[Last].Flags |= SS_BLOCK_RETURN;
      addEdge(Last, SS_NODE_EXIT, SS_EDGE_RETURN, Placement::BeforeReturn, F);
      return;
    }
    if (auto *II = dyn_cast<InvokeInst>(TI)) {
      G.Blocks[Last].Flags |= SS_BLOCK_CALL_END;
      if (mayNotReturn(*II))
        addEdge(Last, SS_NODE_EXIT, SS_EDGE_NORETURN, Placement::Uncountable,
                0);
    }
    // One edge per distinct successor: a switch with several cases to the
    // same block is one flow edge.
    bool Splittable = !isa<IndirectBrInst>(TI) && !isa<CallBrInst>(TI);
    SmallVector<BasicBlock *, 8> Seen;
    for (BasicBlock *Succ : successors(&BB)) {
      if (std::find(Seen.begin(), Seen.end(), Succ) != Seen.end())
        continue;
      Seen.push_back(Succ);
      double W = F * double(BPI.getEdgeProbability(&BB, Succ).getNumerator()) /
                 double(BranchProbability::getDenominator());
      const double Runs = W;
      // A counter on a critical edge needs a block of its own, and the
      // code generator a jump into or out of it (on a loop's back edge,
      // one more jump every iteration): see CriticalEdgeCost.
      if (isCriticalEdge(TI, Succ))
        W = W * CriticalEdgeCost + 1;
      FlowEdge &E = addEdge(Last, FirstBlock[Succ], SS_EDGE_BRANCH,
                            Placement::OnBranch, W);
      E.SrcBB = &BB;
      E.DstBB = Succ;
      if (!Splittable && Succ->getUniquePredecessor() != &BB)
        E.Place = Placement::Uncountable;
      if (Succ->isLandingPad())
        E.Flags |= SS_EDGEF_EH;
      if (Loop *L = LI.getLoopFor(Succ))
        if (L->getHeader() == Succ && L->contains(&BB)) {
          E.Flags |= SS_EDGEF_BACKEDGE;
          if (L->getLoopLatch() == &BB && BackEdgeCostsEntries(*L))
            E.Weight = std::min(E.Weight, DerivedCountCost * entries(*L, Runs));
        }
    }
  }

  void addFunctionEdges() {
    BasicBlock &Entry = G.F->getEntryBlock();
    addEdge(SS_NODE_ENTRY, FirstBlock[&Entry], SS_EDGE_FUNC_ENTRY,
            Placement::FunctionEntry, freq(&Entry));
    addEdge(SS_NODE_EXIT, SS_NODE_ENTRY, SS_EDGE_CLOSE, Placement::Uncountable,
            0);
  }

  void addLoops() {
    DenseMap<Loop *, uint32_t> Index;
    for (Loop *L : LI.getLoopsInPreorder()) {
      FlowLoop FL;
      FL.Header = FirstBlock[L->getHeader()];
      FL.Depth = L->getLoopDepth();
      if (Loop *P = L->getParentLoop())
        FL.Parent = Index.lookup(P);
      FL.Start = L->getStartLoc();
      FL.Where = sourceLineOf(FL.Start);
      if (!FL.Where.Line)
        FL.Where = G.Blocks[FL.Header].Where;
      Index[L] = uint32_t(G.Loops.size());
      G.Loops.push_back(std::move(FL));
    }
  }
};

} // namespace

FlowGraph buildFlowGraph(Function &F, BlockFrequencyInfo &BFI,
                         BranchProbabilityInfo &BPI, LoopInfo &LI,
                         function_ref<bool(Loop &)> BackEdgeCostsEntries) {
  return Builder(F, BFI, BPI, LI, BackEdgeCostsEntries).build();
}

} // namespace ss
