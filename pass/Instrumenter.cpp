// Instrumenter.cpp -- counter updates and indirect-call hooks.
#include "Instrumenter.h"
#include "Compat.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace ss {

CounterUpdate emitCounterUpdate(Instruction *Before, Value *Counts,
                                uint32_t Index, Value *Delta) {
  IRBuilder<> B(Before);
  Type *I64 = B.getInt64Ty();
  // Plain accesses: no other thread writes this thread's counters.
  Value *Slot = B.CreateConstInBoundsGEP1_64(I64, Counts, Index, "ss.slot");
  CounterUpdate U;
  U.Index = Index;
  U.Load = B.CreateAlignedLoad(I64, Slot, MaybeAlign(8), "ss.count");
  U.Add = cast<BinaryOperator>(B.CreateAdd(U.Load, Delta, "ss.count.next"));
  U.Store = B.CreateAlignedStore(U.Add, Slot, MaybeAlign(8));
  return U;
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

namespace {
// The thread's counters as the function sees them: loaded at entry, and
// fetched from the runtime on the cold path where still NULL.
struct ThreadCounters {
  LoadInst *Loaded = nullptr;
  Instruction *IsNull = nullptr;
};
} // namespace

static ThreadCounters loadThreadCounters(Function &F,
                                         const ModuleGlobals &Globals) {
  IRBuilder<> B(firstInsertionPoint(&F.getEntryBlock()));
  GlobalVariable *TLS = Globals.ThreadCounters;
  ThreadCounters TC;
  TC.Loaded = B.CreateAlignedLoad(TLS->getValueType(), TLS, MaybeAlign(8),
                                  "ss.counts");
  TC.IsNull = cast<Instruction>(B.CreateIsNull(TC.Loaded));
  return TC;
}

// Once every update is in place: branch to the runtime when the pointer is
// NULL, and make every update use the pointer that comes out.
static void claimWhenNull(const ThreadCounters &TC,
                          const ModuleGlobals &Globals) {
  LLVMContext &Ctx = TC.Loaded->getContext();
  MDNode *Rarely = MDBuilder(Ctx).createBranchWeights(1, 1u << 20);
  Instruction *ThenTerm = SplitBlockAndInsertIfThen(
      TC.IsNull, TC.IsNull->getNextNode(), false, Rarely);
  BasicBlock *Then = ThenTerm->getParent();
  BasicBlock *Tail = ThenTerm->getSuccessor(0);
  CallInst *Claimed = IRBuilder<>(ThenTerm).CreateCall(Globals.ClaimCounters);
  IRBuilder<> B(&Tail->front());
  PHINode *Counts = B.CreatePHI(TC.Loaded->getType(), 2, "ss.counts.ready");
  Counts->addIncoming(TC.Loaded, TC.IsNull->getParent());
  Counts->addIncoming(Claimed, Then);
  TC.Loaded->replaceUsesWithIf(Counts, [&](Use &U) {
    return U.getUser() != TC.IsNull && U.getUser() != Counts;
  });
}

std::vector<CounterUpdate> placeCounters(FlowGraph &G,
                                         const ModuleGlobals &Globals,
                                         uint32_t CounterBase) {
  ThreadCounters TC = loadThreadCounters(*G.F, Globals);
  Value *One = ConstantInt::get(Type::getInt64Ty(G.F->getContext()), 1);
  std::vector<CounterUpdate> Updates;
  for (FlowEdge &E : G.Edges) {
    if (E.Counter == SS_NONE)
      continue;
    Instruction *At = nullptr;
    switch (E.Place) {
    case Placement::FunctionEntry:
      At = TC.IsNull->getNextNode();
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
    Updates.push_back(emitCounterUpdate(At, TC.Loaded, E.Counter, One));
  }
  claimWhenNull(TC, Globals);
  return Updates;
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
