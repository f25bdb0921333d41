// SplitConditions.cpp -- see SplitConditions.h.
#include "SplitConditions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace ss {

namespace {

// What the code generator compares for one condition: a compare's
// operands, else the value against true.
struct Leaf {
  Value *LHS, *RHS;
  CmpInst::Predicate Pred;
};

Leaf leafOf(Value *V) {
  if (auto *C = dyn_cast<CmpInst>(V))
    return {C->getOperand(0), C->getOperand(1), C->getPredicate()};
  return {V, ConstantInt::getTrue(V->getContext()), CmpInst::ICMP_EQ};
}

bool isMergeable(Value *V) {
  // Another and/or in the block would be split further (a tree); leave
  // those to the code generator.
  Value *A, *B;
  return !match(V, m_LogicalAnd(m_Value(A), m_Value(B))) &&
         !match(V, m_LogicalOr(m_Value(A), m_Value(B)));
}

bool inBlock(const Value *V, const BasicBlock *BB) {
  auto *I = dyn_cast<Instruction>(V);
  return !I || I->getParent() == BB;
}

// The code generator's ShouldEmitAsBranches for two conditions.
bool emittedAsBranches(const Leaf &A, const Leaf &B, bool IsAnd) {
  if ((A.LHS == B.LHS && A.RHS == B.RHS) || (A.RHS == B.LHS && A.LHS == B.RHS))
    return false; // folded into one compare
  // (X != 0) | (Y != 0) and (X == 0) & (Y == 0) become (X | Y) compared
  if (A.RHS == B.RHS && A.Pred == B.Pred && isa<Constant>(A.RHS) &&
      cast<Constant>(A.RHS)->isNullValue() &&
      ((A.Pred == CmpInst::ICMP_EQ && IsAnd) ||
       (A.Pred == CmpInst::ICMP_NE && !IsAnd)))
    return false;
  return true;
}

bool split(BranchInst *Br) {
  BasicBlock *BB = Br->getParent();
  auto *Cond = dyn_cast<Instruction>(Br->getCondition());
  if (!Cond || !Cond->hasOneUse() || Cond->getParent() != BB ||
      Br->getSuccessor(0) == Br->getSuccessor(1) ||
      Br->hasMetadata(LLVMContext::MD_unpredictable))
    return false;
  Value *A, *B;
  bool IsAnd;
  if (match(Cond, m_LogicalAnd(m_Value(A), m_Value(B))))
    IsAnd = true;
  else if (match(Cond, m_LogicalOr(m_Value(A), m_Value(B))))
    IsAnd = false;
  else
    return false;
  if (!isMergeable(A) || !isMergeable(B) || !inBlock(A, BB) ||
      !inBlock(B, BB) || !emittedAsBranches(leafOf(A), leafOf(B), IsAnd) ||
      A->getType()->isVectorTy())
    return false;

  BasicBlock *True = Br->getSuccessor(0), *False = Br->getSuccessor(1);
  // The second test: reached when a alone does not decide.
  BasicBlock *Second = BasicBlock::Create(BB->getContext(), BB->getName() + ".ss.cond",
                                          BB->getParent(), BB->getNextNode());
  BranchInst *SecondBr = BranchInst::Create(True, False, B, Second);
  SecondBr->setDebugLoc(Br->getDebugLoc());
  // a decides for the one successor it goes to: False for &&, True for ||.
  BasicBlock *Decided = IsAnd ? False : True;
  BasicBlock *Other = IsAnd ? True : False;
  for (PHINode &Phi : Decided->phis())
    Phi.addIncoming(Phi.getIncomingValueForBlock(BB), Second);
  Other->replacePhiUsesWith(BB, Second);
  if (IsAnd) {
    Br->setSuccessor(0, Second);
  } else {
    Br->setSuccessor(1, Second);
  }
  Br->setCondition(A);
  Br->setMetadata(LLVMContext::MD_prof, nullptr);
  // Computed where the code generator computes it, when only the condition
  // used it.
  if (auto *BI = dyn_cast<Instruction>(B))
    if (BI->hasOneUse() && BI->user_back() == Cond && !BI->mayHaveSideEffects() &&
        !isa<PHINode>(BI))
      BI->moveBefore(SecondBr);
  Cond->eraseFromParent();
  return true;
}

} // namespace

bool splitBranchConditions(Function &F) {
  // Jumps are cheap on x86 (TargetLowering::isJumpExpensive); elsewhere
  // the code generator may keep the and/or.
  if (!StringRef(F.getParent()->getTargetTriple()).startswith("x86_64"))
    return false;
  SmallVector<BranchInst *, 16> Branches;
  for (BasicBlock &BB : F)
    if (auto *Br = dyn_cast<BranchInst>(BB.getTerminator()))
      if (Br->isConditional())
        Branches.push_back(Br);
  bool Changed = false;
  for (BranchInst *Br : Branches)
    Changed |= split(Br);
  return Changed;
}

} // namespace ss
