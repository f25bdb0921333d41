// PointerReload.cpp -- see PointerReload.h.
#include "PointerReload.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace ss {

// A call after which the pointer would have to wait in a callee-saved
// register: not an intrinsic (no call, or one the code generator makes
// itself), not inline assembly (the instrumentation's own cold call), not
// one of the preserve_all thunks.
static bool clobbersRegisters(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  return CB && !CB->isInlineAsm() && !isa<IntrinsicInst>(CB) &&
         CB->getCallingConv() != CallingConv::PreserveAll;
}

static bool hasCall(const BasicBlock &BB) {
  return any_of(BB, clobbersRegisters);
}

// The blocks some path from the entry reaches through a call.
static SmallPtrSet<const BasicBlock *, 32> blocksAfterCalls(Function &F) {
  SmallPtrSet<const BasicBlock *, 32> After;
  SmallVector<const BasicBlock *, 32> Work;
  for (const BasicBlock &BB : F)
    if (hasCall(BB))
      Work.append(succ_begin(&BB), succ_end(&BB));
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (After.insert(BB).second)
      Work.append(succ_begin(BB), succ_end(BB));
  }
  return After;
}

void reloadCountersAfterCalls(Function &F, Value *Counts, GlobalVariable *TLS) {
  if (none_of(F, hasCall))
    return;
  // Any cycle, irreducible ones too, has a back edge in a depth-first walk.
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 8> BackEdges;
  FindFunctionBackedges(F, BackEdges);
  if (!BackEdges.empty())
    return;
  SmallPtrSet<const BasicBlock *, 32> After = blocksAfterCalls(F);
  for (BasicBlock &BB : F) {
    bool AfterCall = After.count(&BB);
    Value *Reloaded = nullptr; // since the last call in this block
    SmallVector<Instruction *, 16> Insts;
    for (Instruction &I : BB)
      Insts.push_back(&I);
    for (Instruction *I : Insts) {
      if (clobbersRegisters(*I)) {
        AfterCall = true;
        Reloaded = nullptr;
        continue;
      }
      // The null check and the phi that merges the cold path keep it.
      if (!AfterCall || isa<PHINode>(I) || isa<ICmpInst>(I) ||
          !is_contained(I->operands(), Counts))
        continue;
      if (!Reloaded)
        Reloaded = IRBuilder<>(I).CreateAlignedLoad(
            TLS->getValueType(), TLS, MaybeAlign(8), "ss.counts.again");
      I->replaceUsesOfWith(Counts, Reloaded);
    }
  }
}

} // namespace ss
