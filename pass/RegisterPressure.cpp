// RegisterPressure.cpp -- see RegisterPressure.h.
#include "RegisterPressure.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ss {

// Past this many instructions the estimate costs more compile time than
// it is worth; such a loop keeps its counters in memory.
static constexpr unsigned MaxLoopInstructions = 20000;

static bool needsRegister(const Value *V) {
  if (!isa<Instruction>(V) && !isa<Argument>(V))
    return false;
  Type *T = V->getType();
  if (T->isPointerTy())
    return true;
  if (!T->isIntegerTy() || T->getIntegerBitWidth() > 64)
    return false;
  // A compare feeding a branch is a flag, not a register.
  return !(T->isIntegerTy(1) && isa<CmpInst>(V));
}

unsigned loopRegisterPressure(const Loop &L, const DominatorTree &DT,
                              const DenseSet<const Value *> &Ignore) {
  using ValueSet = DenseSet<const Value *>;
  auto needsRegister = [&](const Value *V) {
    return !Ignore.count(V) && ss::needsRegister(V);
  };
  unsigned Size = 0;
  for (const BasicBlock *BB : L.blocks())
    Size += BB->size();
  if (Size > MaxLoopInstructions)
    return ~0u;

  // Values from before L used in it, or where it exits: live through all
  // of it (the starts that counts derived from an induction variable need
  // at the exits among them).
  ValueSet Through;
  auto noteOutside = [&](const Instruction &I) {
    for (const Value *Op : I.operands()) {
      auto *Def = dyn_cast<Instruction>(Op);
      if (needsRegister(Op) &&
          (!Def || (!L.contains(Def) && DT.dominates(Def->getParent(), L.getHeader()))))
        Through.insert(Op);
    }
  };
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      noteOutside(I);
  SmallVector<BasicBlock *, 8> Exits;
  L.getUniqueExitBlocks(Exits);
  for (const BasicBlock *E : Exits)
    for (const Instruction &I : *E)
      if (!isa<PHINode>(I))
        noteOutside(I);

  // Liveness of L's own values over its blocks (a value used outside L
  // is live at the exits; a phi's operand at the end of its edge).
  auto defined = [&](const Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return I && L.contains(I) && needsRegister(V);
  };
  DenseMap<const BasicBlock *, ValueSet> LiveIn, LiveOut;
  auto liveOutOf = [&](const BasicBlock *BB) {
    ValueSet Out;
    for (const BasicBlock *S : successors(BB)) {
      if (!L.contains(S)) {
        for (const Instruction &I : *BB) // used after the loop
          for (const User *U : I.users())
            if (auto *UI = dyn_cast<Instruction>(U))
              if (!L.contains(UI) && defined(&I))
                Out.insert(&I);
        continue;
      }
      for (const PHINode &Phi : S->phis())
        if (defined(Phi.getIncomingValueForBlock(BB)))
          Out.insert(Phi.getIncomingValueForBlock(BB));
      for (const Value *V : LiveIn[S])
        Out.insert(V);
    }
    return Out;
  };
  // Walks BB backwards from Live (its live-out set), leaving its live-in
  // set; calls Note with the number live at each point.
  auto walk = [&](const BasicBlock *BB, ValueSet &Live, auto Note) {
    for (auto It = BB->rbegin(); It != BB->rend(); ++It) {
      const Instruction &I = *It;
      Live.erase(&I);
      if (!isa<PHINode>(I))
        for (const Value *Op : I.operands())
          if (defined(Op))
            Live.insert(Op);
      Note(Live.size() + (needsRegister(&I) ? 1 : 0));
    }
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const BasicBlock *BB : L.blocks()) {
      ValueSet Live = liveOutOf(BB);
      walk(BB, Live, [](unsigned) {});
      if (Live.size() != LiveIn[BB].size()) {
        LiveIn[BB] = std::move(Live);
        Changed = true;
      }
    }
  }
  unsigned Most = 0;
  for (const BasicBlock *BB : L.blocks()) {
    ValueSet Live = liveOutOf(BB);
    Most = std::max<unsigned>(Most, Live.size());
    walk(BB, Live, [&](unsigned N) { Most = std::max(Most, N); });
  }
  return Most + Through.size();
}

unsigned allocatableRegisters(const Function &F, unsigned TargetRegisters) {
  unsigned Reserved = 1; // the stack pointer
  if (F.getFnAttribute("frame-pointer").getValueAsString() == "all" ||
      F.getFnAttribute("frame-pointer").getValueAsString() == "non-leaf")
    ++Reserved;
  return TargetRegisters > Reserved ? TargetRegisters - Reserved : 0;
}

} // namespace ss
