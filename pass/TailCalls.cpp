// TailCalls.cpp -- returns copied into the blocks that end in a tail call
// (see TailCalls.h).
#include "TailCalls.h"
#include "FlowGraph.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace ss {

// The countable tail call right before Pred's unconditional branch, if any
// (a musttail call is always followed by its return, never a branch).
static CallInst *tailCallBefore(BasicBlock &Pred) {
  auto *Br = dyn_cast<BranchInst>(Pred.getTerminator());
  if (!Br || !Br->isUnconditional())
    return nullptr;
  auto *CI = dyn_cast_or_null<CallInst>(Br->getPrevNonDebugInstruction());
  return CI && isCountableTailCall(*CI) ? CI : nullptr;
}

// Ret's block holds nothing but debug intrinsics, at most the phi it
// returns, and the return itself.
static bool onlyReturns(ReturnInst &Ret, PHINode *&PN) {
  BasicBlock &BB = *Ret.getParent();
  PN = dyn_cast_or_null<PHINode>(Ret.getReturnValue());
  if (PN && (PN->getParent() != &BB || !PN->hasOneUse()))
    return false;
  for (Instruction &I : BB)
    if (&I != &Ret && &I != PN && !isa<DbgInfoIntrinsic>(I))
      return false;
  return !Ret.getReturnValue() || PN;
}

bool returnAfterTailCalls(Function &F) {
  SmallVector<ReturnInst *, 4> Returns;
  for (BasicBlock &BB : F)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(Ret);
  bool Changed = false;
  for (ReturnInst *Ret : Returns) {
    PHINode *PN = nullptr;
    if (!onlyReturns(*Ret, PN))
      continue;
    BasicBlock *BB = Ret->getParent();
    SmallVector<BasicBlock *, 4> Preds(pred_begin(BB), pred_end(BB));
    for (BasicBlock *Pred : Preds) {
      CallInst *CI = tailCallBefore(*Pred);
      if (!CI)
        continue;
      // The value returned on the way from Pred must be the call's.
      if (PN ? PN->getIncomingValueForBlock(Pred) != CI || !CI->hasOneUse()
             : !CI->use_empty())
        continue;
      ReturnInst *Copy = ReturnInst::Create(F.getContext(), PN ? CI : nullptr,
                                            Pred->getTerminator());
      Copy->setDebugLoc(Ret->getDebugLoc());
      Pred->getTerminator()->eraseFromParent();
      BB->removePredecessor(Pred, /*KeepOneInputPHIs=*/true); // PN stays
      Changed = true;
    }
    if (pred_empty(BB) && BB != &F.getEntryBlock())
      BB->eraseFromParent();
  }
  return Changed;
}

} // namespace ss
