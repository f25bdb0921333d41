// Instrumenter.cpp -- counter updates and indirect-call hooks.
#include "Instrumenter.h"
#include "Compat.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace ss {

static void emitIncrement(Instruction *Before, const ModuleGlobals &Globals,
                          uint32_t Index) {
  IRBuilder<> B(Before);
  GlobalVariable *GV = Globals.Counters;
  Value *Slot =
      B.CreateConstInBoundsGEP2_64(GV->getValueType(), GV, 0, Index);
  // Relaxed atomic: exact under threads.  (Its cost is measured in bench/.)
  B.CreateAtomicRMW(AtomicRMWInst::Add, Slot, B.getInt64(1), MaybeAlign(8),
                    AtomicOrdering::Monotonic);
}

static Instruction *firstInsertionPoint(BasicBlock *BB) {
  BasicBlock::iterator It = BB->getFirstInsertionPt();
  while (It != BB->end() && isa<AllocaInst>(*It))
    ++It;
  return &*It;
}

static unsigned successorIndex(Instruction *TI, BasicBlock *Dst) {
  for (unsigned I = 0, N = TI->getNumSuccessors(); I != N; ++I)
    if (TI->getSuccessor(I) == Dst)
      return I;
  return ~0u;
}

// Where the update for CFG edge Src -> Dst goes.  The blocks are looked up
// afresh because earlier splits may have changed Src's successors.
static Instruction *branchInsertionPoint(BasicBlock *Src, BasicBlock *Dst) {
  Instruction *TI = Src->getTerminator();
  if (auto *II = dyn_cast<InvokeInst>(TI)) {
    // Not Dst->isLandingPad(): an earlier split for another invoke may
    // have moved the landingpad out of Dst into new blocks.
    if (Dst != II->getNormalDest()) {
      BasicBlock *Pad = II->getUnwindDest();
      if (Pad->getUniquePredecessor() == Src)
        return firstInsertionPoint(Pad);
      SmallVector<BasicBlock *, 2> NewBBs;
      SplitLandingPadPredecessors(Pad, {Src}, ".ss", ".ss.rest", NewBBs);
      return firstInsertionPoint(NewBBs[0]);
    }
  } else if (Src->getUniqueSuccessor() == Dst) {
    return TI;
  }
  if (!Dst->isEHPad() && Dst->getUniquePredecessor() == Src)
    return firstInsertionPoint(Dst);
  unsigned Index = successorIndex(TI, Dst);
  if (Index == ~0u)
    return nullptr;
  BasicBlock *Mid = SplitCriticalEdge(
      TI, Index, CriticalEdgeSplittingOptions().setMergeIdenticalEdges());
  if (!Mid)
    return nullptr;
  return firstInsertionPoint(Mid);
}

void placeCounters(FlowGraph &G, const ModuleGlobals &Globals,
                   uint32_t CounterBase) {
  for (FlowEdge &E : G.Edges) {
    if (E.Counter == SS_NONE)
      continue;
    Instruction *At = nullptr;
    switch (E.Place) {
    case Placement::FunctionEntry:
      At = firstInsertionPoint(&G.F->getEntryBlock());
      break;
    case Placement::AfterCall:
      At = E.Call->getNextNode();
      break;
    case Placement::BeforeReturn:
      At = G.Blocks[E.From].BB->getTerminator();
      if (auto *Prev = dyn_cast_or_null<CallInst>(At->getPrevNode()))
        if (Prev->isMustTailCall())
          At = Prev;
      break;
    case Placement::OnBranch:
      At = branchInsertionPoint(E.SrcBB, E.DstBB);
      break;
    case Placement::Uncountable:
      break;
    }
    if (!At) {
      // Cannot happen for the placements chosen above; keep the module
      // valid and let ssprof report the count as unknown.
      E.Counter = SS_NONE;
      continue;
    }
    E.Counter += CounterBase;
    emitIncrement(At, Globals, E.Counter);
  }
}

uint32_t placeIndirectHooks(FlowGraph &G, const ModuleGlobals &Globals,
                            uint32_t SiteBase,
                            std::vector<uint32_t> &SiteOfCall) {
  uint32_t Used = 0;
  SiteOfCall.assign(G.Calls.size(), SS_NONE);
  for (size_t I = 0; I < G.Calls.size(); ++I) {
    FlowCallSite &C = G.Calls[I];
    if (!C.Callee.empty() || C.Call->isInlineAsm())
      continue;
    uint32_t Site = SiteBase + Used++;
    SiteOfCall[I] = Site;
    IRBuilder<> B(C.Call);
    B.SetCurrentDebugLocation(C.Call->getDebugLoc());
    GlobalVariable *Sites = Globals.IndirectSites;
    Value *SitePtr = B.CreatePointerCast(
        B.CreateConstInBoundsGEP2_64(Sites->getValueType(), Sites, 0, Site),
        bytePtrTy(B.getContext()));
    Value *Target = B.CreatePointerCast(C.Call->getCalledOperand(),
                                        bytePtrTy(B.getContext()));
    B.CreateCall(Globals.IndirectHook, {SitePtr, Target});
  }
  return Used;
}

} // namespace ss
