// SplitConditions.cpp -- see SplitConditions.h.  The functions mirror
// SelectionDAGBuilder's visitBr, FindMergedConditions and
// ShouldEmitAsBranches, which decide the chain, and from LLVM 18 on its
// shouldKeepJumpConditionsTogether with x86's parameters, which decides
// whether there is one.
#include "SplitConditions.h"

#include "Compat.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

#include <algorithm>
#include <vector>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace ss {

namespace {

// Where a test jumps: one of the branch's two successors, or a test block
// (0: the branch's own block, k > 0: the k-th new one).
constexpr int TrueSucc = -1, FalseSucc = -2;

// One test of the chain, the code generator's CaseBlock: in test block
// Block, a jump on Cond (on its negation when Invert) to True, else False.
struct Test {
  Value *Cond;
  bool Invert;
  int Block, True, False;
  BranchProbability TrueProb, FalseProb;
};

// What a test compares, as the code generator sees it: a compare's
// operands (re-emitted in the test's block), or the value against true.
struct Compared {
  Value *LHS, *RHS;
  enum { Eq, Ne, Other } Kind;
};

class Chain {
public:
  Chain(BasicBlock &BB, BranchInst &Br, const BranchProbabilityInfo &BPI,
        const TargetTransformInfo &TTI)
      : BB(BB), Br(Br), BPI(BPI), TTI(TTI) {}

  bool build();
  void emit();

private:
  BasicBlock &BB;
  BranchInst &Br;
  const BranchProbabilityInfo &BPI;
  const TargetTransformInfo &TTI;
  std::vector<Test> Tests;
  std::vector<int> LaidOutAfter; // per new test block: the block before it

  // Whether the code generator finds V in the branch's block: compares
  // are there too, as CodeGenPrepare copies a compare into every block
  // that uses it (sinkCmpExpression; x86 has one flags register).
  bool inBlock(const Value *V) const {
    auto *I = dyn_cast<Instruction>(V);
    return !I || I->getParent() == &BB || isa<CmpInst>(I);
  }
  void find(Value *Cond, int True, int False, int Cur, unsigned Opc,
            BranchProbability TP, BranchProbability FP, bool Invert);
  Compared compared(const Test &T) const;
  bool emittedAsBranches() const;
  bool keptTogether(unsigned Opc, Value *Op0, Value *Op1) const;
  Value *testValue(const Test &T, BasicBlock *Block, bool &Swap);
};

// FindMergedConditions: a node of the tree (same operator, one use, in the
// block with its operands) becomes two tests, its left operand's first;
// anything else is a leaf, one test.
void Chain::find(Value *Cond, int True, int False, int Cur, unsigned Opc,
                 BranchProbability TP, BranchProbability FP, bool Invert) {
  Value *NotCond;
  if (match(Cond, m_OneUse(m_Not(m_Value(NotCond)))) && inBlock(NotCond)) {
    find(NotCond, True, False, Cur, Opc, TP, FP, !Invert);
    return;
  }
  auto *I = dyn_cast<Instruction>(Cond);
  Value *Op0 = nullptr, *Op1 = nullptr;
  unsigned NodeOpc = 0;
  if (I && match(I, m_LogicalAnd(m_Value(Op0), m_Value(Op1))))
    NodeOpc = Instruction::And;
  else if (I && match(I, m_LogicalOr(m_Value(Op0), m_Value(Op1))))
    NodeOpc = Instruction::Or;
  if (Invert && NodeOpc) // not (a and b) is (not a) or (not b)
    NodeOpc = NodeOpc == Instruction::And ? Instruction::Or : Instruction::And;
  if (!NodeOpc || NodeOpc != Opc || !I->hasOneUse() || I->getParent() != &BB ||
      !inBlock(Op0) || !inBlock(Op1)) {
    Tests.push_back({Cond, Invert, Cur, True, False, TP, FP});
    return;
  }
  int Second = (int)LaidOutAfter.size() + 1;
  LaidOutAfter.push_back(Cur);
  // The code generator's split of the probabilities: the first test takes
  // half of the decided side, the second the rest, normalized.
  if (Opc == Instruction::Or) {
    find(Op0, True, Second, Cur, Opc, TP / 2, TP / 2 + FP, Invert);
    SmallVector<BranchProbability, 2> P{TP / 2, FP};
    BranchProbability::normalizeProbabilities(P.begin(), P.end());
    find(Op1, True, False, Second, Opc, P[0], P[1], Invert);
  } else {
    find(Op0, Second, False, Cur, Opc, TP + FP / 2, FP / 2, Invert);
    SmallVector<BranchProbability, 2> P{TP, FP / 2};
    BranchProbability::normalizeProbabilities(P.begin(), P.end());
    find(Op1, True, False, Second, Opc, P[0], P[1], Invert);
  }
}

// visitBr: only a branch on an and/or with one use, not !unpredictable, not
// on two elements of one vector, with two different successors.
bool Chain::build() {
  auto *Root = dyn_cast<Instruction>(Br.getCondition());
  if (!Root || !Root->hasOneUse() ||
      Br.hasMetadata(LLVMContext::MD_unpredictable) ||
      Br.getSuccessor(0) == Br.getSuccessor(1))
    return false;
  Value *Op0, *Op1, *Vec;
  unsigned Opc;
  if (match(Root, m_LogicalAnd(m_Value(Op0), m_Value(Op1))))
    Opc = Instruction::And;
  else if (match(Root, m_LogicalOr(m_Value(Op0), m_Value(Op1))))
    Opc = Instruction::Or;
  else
    return false;
  if (match(Op0, m_ExtractElt(m_Value(Vec), m_Value())) &&
      match(Op1, m_ExtractElt(m_Specific(Vec), m_Value())))
    return false;
  if (codegenWeighsSecondCondition() && keptTogether(Opc, Op0, Op1))
    return false;
  find(Root, TrueSucc, FalseSucc, 0, Opc,
       BPI.getEdgeProbability(&BB, Br.getSuccessor(0)),
       BPI.getEdgeProbability(&BB, Br.getSuccessor(1)), false);
  return Tests.size() > 1 && emittedAsBranches();
}

// The values Root depends on within MaxDepth steps, into Deps, except
// those in Skip: false when the walk was cut short.
using ValueSet = SmallMapVector<const Instruction *, bool, 8>;
constexpr unsigned MaxDepth = 6; // SelectionDAG::MaxRecursionDepth

bool collectDeps(ValueSet &Deps, const Value *V, const ValueSet *Skip,
                 unsigned Depth) {
  if (Depth >= MaxDepth)
    return false;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || (Skip && Skip->count(I)) || !Deps.insert({I, false}).second)
    return true;
  for (const Value *Op : I->operands())
    if (!collectDeps(Deps, Op, Skip, Depth + 1))
      return false;
  return true;
}

// shouldKeepJumpConditionsTogether (LLVM 18+): the code generator computes
// both conditions and branches once when what only the second one needs
// costs little (latency, by the target's cost model) against a threshold:
// x86's x86-br-merging-base-cost (2), one more for two equality compares
// under an and, 6 more with conditional compares (APX); a branch likely to
// decide on its first test never merges (x86-br-merging-unlikely-bias -1),
// one likely to need both keeps the threshold (likely bias 0).
bool Chain::keptTogether(unsigned Opc, Value *Op0, Value *Op1) const {
  int Threshold = 2;
  StringRef Features =
      BB.getParent()->getFnAttribute("target-features").getValueAsString();
  if (Features.contains("+ccmp"))
    Threshold += 6;
  auto IsEquality = [](const Value *V) {
    auto *C = dyn_cast<ICmpInst>(V);
    return C && C->getPredicate() == ICmpInst::ICMP_EQ;
  };
  if (Opc == Instruction::And && IsEquality(Op0) && IsEquality(Op1))
    Threshold += 1;
  // Successor 1 likely: both tests run under an and, the first decides
  // under an or; successor 0 likely, the other way round.
  bool Hot1 = BPI.isEdgeHot(&BB, Br.getSuccessor(1));
  bool Hot0 = !Hot1 && BPI.isEdgeHot(&BB, Br.getSuccessor(0));
  if ((Hot1 || Hot0) && Opc != (Hot1 ? Instruction::And : Instruction::Or))
    return false; // an early out is likely
  ValueSet FirstDeps, SecondOnly;
  collectDeps(FirstDeps, Op0, nullptr, 0);
  if (!collectDeps(SecondOnly, Op1, &FirstDeps, 0))
    return false;
  if (auto *I = dyn_cast<Instruction>(Op1))
    if (!FirstDeps.count(I))
      SecondOnly.insert({I, false});
  // Only what nothing else needs is saved by not computing it: drop the
  // values with a user outside the set (other than the branch's
  // condition), a bounded number of times as the code generator does.
  const Value *Cond = Br.getCondition();
  for (unsigned Round = 0; Round < MaxDepth; ++Round) {
    const Instruction *Needed = nullptr;
    for (const auto &Entry : SecondOnly) {
      for (const User *U : Entry.first->users())
        if (auto *UI = dyn_cast<Instruction>(U))
          if (UI != Cond && !SecondOnly.count(UI)) {
            Needed = Entry.first;
            break;
          }
      if (Needed)
        break;
    }
    if (!Needed)
      break;
    SecondOnly.erase(Needed);
  }
  InstructionCost Cost = 0;
  for (const auto &Entry : SecondOnly) {
    Cost += TTI.getInstructionCost(Entry.first,
                                   TargetTransformInfo::TCK_Latency);
    if (Cost > Threshold)
      return false;
  }
  return true;
}

Compared Chain::compared(const Test &T) const {
  // The code generator compares a compare's operands again in the test's
  // block, when it can use them there (isExportableFromCurrentBlock): it
  // always can once CodeGenPrepare has put the compare in the branch's
  // block (inBlock).
  if (auto *C = dyn_cast<CmpInst>(T.Cond)) {
    CmpInst::Predicate P =
        T.Invert ? C->getInversePredicate() : C->getPredicate();
    bool NoNaNs = BB.getParent()
                      ->getFnAttribute("no-nans-fp-math")
                      .getValueAsString() == "true";
    auto Kind = Compared::Other;
    if (P == CmpInst::ICMP_EQ ||
        (NoNaNs && (P == CmpInst::FCMP_OEQ || P == CmpInst::FCMP_UEQ)))
      Kind = Compared::Eq;
    else if (P == CmpInst::ICMP_NE ||
             (NoNaNs && (P == CmpInst::FCMP_ONE || P == CmpInst::FCMP_UNE)))
      Kind = Compared::Ne;
    return {C->getOperand(0), C->getOperand(1), Kind};
  }
  return {T.Cond, ConstantInt::getTrue(BB.getContext()),
          T.Invert ? Compared::Ne : Compared::Eq};
}

// ShouldEmitAsBranches: two tests of the same values become one compare,
// and so do (x == 0) & (y == 0) and (x != 0) | (y != 0).
bool Chain::emittedAsBranches() const {
  if (Tests.size() != 2)
    return true;
  Compared A = compared(Tests[0]), B = compared(Tests[1]);
  if ((A.LHS == B.LHS && A.RHS == B.RHS) || (A.RHS == B.LHS && A.LHS == B.RHS))
    return false;
  if (A.RHS == B.RHS && A.Kind == B.Kind && isa<Constant>(A.RHS) &&
      cast<Constant>(A.RHS)->isNullValue()) {
    if (A.Kind == Compared::Eq && Tests[0].True == Tests[1].Block)
      return false;
    if (A.Kind == Compared::Ne && Tests[0].False == Tests[1].Block)
      return false;
  }
  return true;
}

// The value a test branches on, in its block: a compare the code generator
// emits from its operands is there (moved when the tree was its only use,
// else copied), with the predicate the test needs; any other value is
// branched on as it is, the successors swapped for a negation (Swap).
Value *Chain::testValue(const Test &T, BasicBlock *Block, bool &Swap) {
  auto *C = dyn_cast<CmpInst>(T.Cond);
  Swap = !C && T.Invert;
  if (!C)
    return T.Cond;
  Instruction *Term = Block->getTerminator();
  bool OnlyTheTree = C->hasOneUse() && C->getParent() == &BB;
  if (OnlyTheTree && Block == &BB)
    ; // already where it is emitted
  else if (OnlyTheTree)
    C->moveBefore(Term);
  else {
    C = cast<CmpInst>(C->clone());
    C->insertBefore(Term);
  }
  if (T.Invert)
    C->setPredicate(C->getInversePredicate());
  return C;
}

void Chain::emit() {
  LLVMContext &Ctx = BB.getContext();
  Function &F = *BB.getParent();
  BasicBlock *Succ[2] = {Br.getSuccessor(0), Br.getSuccessor(1)};
  std::vector<BasicBlock *> Blocks{&BB};
  for (size_t K = 0; K < LaidOutAfter.size(); ++K) {
    BasicBlock *Before = Blocks[LaidOutAfter[K]]->getNextNode();
    BasicBlock *New = BasicBlock::Create(Ctx, BB.getName() + ".cond", &F,
                                         Before);
    // A temporary terminator, so that compares can be put before it.
    BranchInst::Create(Succ[0], New)->setDebugLoc(Br.getDebugLoc());
    Blocks.push_back(New);
  }
  auto Target = [&](int T) {
    return T == TrueSucc ? Succ[0] : T == FalseSucc ? Succ[1] : Blocks[T];
  };

  // The successors' phis: each test block that jumps there brings the
  // value the branch's block brought.
  std::vector<BasicBlock *> Preds[2];
  for (const Test &T : Tests)
    for (int Side : {T.True, T.False})
      if (Side < 0)
        Preds[Side == TrueSucc ? 0 : 1].push_back(Blocks[T.Block]);
  for (int S = 0; S < 2; ++S)
    for (PHINode &Phi : Succ[S]->phis()) {
      Value *V = Phi.getIncomingValueForBlock(&BB);
      Phi.removeIncomingValue(&BB, /*DeletePHIIfEmpty=*/false);
      for (BasicBlock *P : Preds[S])
        Phi.addIncoming(V, P);
    }

  Value *Root = Br.getCondition();
  MDBuilder MDB(Ctx);
  for (const Test &T : Tests) {
    BasicBlock *Block = Blocks[T.Block];
    bool Swap;
    Value *Cond = testValue(T, Block, Swap);
    auto *Branch = cast<BranchInst>(Block->getTerminator());
    BasicBlock *To[2] = {Target(T.True), Target(T.False)};
    uint32_t Weight[2] = {std::max(T.TrueProb.getNumerator(), 1u),
                          std::max(T.FalseProb.getNumerator(), 1u)};
    if (Swap) {
      std::swap(To[0], To[1]);
      std::swap(Weight[0], Weight[1]);
    }
    if (Branch->isUnconditional()) { // a new block's temporary one
      auto *New = BranchInst::Create(To[0], To[1], Cond, Block);
      New->setDebugLoc(Br.getDebugLoc());
      Branch->eraseFromParent();
      Branch = New;
    } else {
      Branch->setCondition(Cond);
      Branch->setSuccessor(0, To[0]);
      Branch->setSuccessor(1, To[1]);
    }
    Branch->setMetadata(LLVMContext::MD_prof,
                        MDB.createBranchWeights(Weight[0], Weight[1]));
    // A leaf that is itself an and/or of the other kind is computed as a
    // value; in its own block the code generator would split it.
    Value *A, *B;
    if (Block == &BB && inBlock(Cond) &&
        (match(Cond, m_LogicalAnd(m_Value(A), m_Value(B))) ||
         match(Cond, m_LogicalOr(m_Value(A), m_Value(B)))))
      Branch->setMetadata(LLVMContext::MD_unpredictable, MDNode::get(Ctx, {}));
  }
  RecursivelyDeleteTriviallyDeadInstructions(Root);
}

} // namespace

unsigned splitBranchConditions(Function &F, const BranchProbabilityInfo &BPI,
                               const TargetTransformInfo &TTI) {
  // Jumps are cheap on x86 (TargetLowering::isJumpExpensive); ideal time
  // is for x86-64 only anyway.
  if (Triple(F.getParent()->getTargetTriple()).getArch() != Triple::x86_64 ||
      F.hasOptNone())
    return 0;
  std::vector<BranchInst *> Branches;
  for (BasicBlock &BB : F)
    if (auto *Br = dyn_cast<BranchInst>(BB.getTerminator()))
      if (Br->isConditional())
        Branches.push_back(Br);
  unsigned Split = 0;
  for (BranchInst *Br : Branches) {
    Chain C(*Br->getParent(), *Br, BPI, TTI);
    if (C.build()) {
      C.emit();
      ++Split;
    }
  }
  return Split;
}

} // namespace ss
