// CounterPromotion.cpp -- see CounterPromotion.h.
#include "CounterPromotion.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

#include <string>

using namespace llvm;

namespace ss {

// Each promoted counter holds a register across the loop and costs an
// update at every exit; past these limits the spills and the exit code
// would eat what promotion saves.
static constexpr unsigned MaxExitBlocks = 8;
static constexpr unsigned MaxCountersPerLoop = 32;

// -Rpass=ss-promote / -Rpass-missed=ss-promote show what happened per loop.
static constexpr const char *RemarkPass = "ss-promote";

// Why control may leave L other than through its exit blocks, or "".
static std::string otherWayOut(const Loop &L) {
  for (BasicBlock *BB : L.blocks()) {
    const Instruction *T = BB->getTerminator();
    if (!isa<BranchInst>(T) && !isa<SwitchInst>(T))
      return std::string("a block ends in ") + T->getOpcodeName();
    for (const Instruction &I : *BB)
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (mayNotReturn(*CB)) {
          const Function *Callee = CB->getCalledFunction();
          return Callee ? "it calls " + Callee->getName().str() +
                              ", which may not return"
                        : std::string("it makes an indirect call, which may "
                                      "not return");
        }
  }
  return "";
}

// Why L does not qualify, or "" once it does: then it has a preheader and
// exits of its own (made here where the optimizer left none; the end of the
// pipeline does not keep loops in simplified form), and Exits lists them.
static std::string makePromotable(Loop &L, DominatorTree &DT, LoopInfo &LI,
                                  SmallVectorImpl<BasicBlock *> &Exits) {
  L.getUniqueExitBlocks(Exits);
  if (Exits.empty())
    return "it has no exit"; // it ends only by something not returning
  if (Exits.size() > MaxExitBlocks)
    return "it has more than " + std::to_string(MaxExitBlocks) + " exits";
  for (BasicBlock *E : Exits)
    if (E->isEHPad())
      return "it is left by an exception";
  std::string Why = otherWayOut(L);
  if (!Why.empty())
    return Why;
  if (!L.getLoopPreheader() &&
      !InsertPreheaderForLoop(&L, &DT, &LI, nullptr, false))
    return "it has no preheader";
  if (!L.hasDedicatedExits()) {
    formDedicatedExitBlocks(&L, &DT, &LI, nullptr, false);
    Exits.clear();
    L.getUniqueExitBlocks(Exits);
    if (!L.hasDedicatedExits())
      return "its exits are shared with other code";
  }
  return "";
}

// Turns the memory updates of one counter inside L (at most one per block)
// into register adds, and adds the register to memory at each exit.
static void promoteCounter(Loop &L, ArrayRef<BasicBlock *> Exits,
                           ArrayRef<size_t> Members,
                           std::vector<CounterUpdate> &Updates,
                           SmallVectorImpl<BasicBlock *> &EmptiedLatches) {
  const CounterUpdate &First = Updates[Members.front()];
  auto *Slot = cast<GetElementPtrInst>(First.Store->getPointerOperand());
  Value *Counts = Slot->getPointerOperand();
  uint32_t Index = First.Index;
  Type *I64 = First.Add->getType();

  // A counter on the back edge sits in a block of its own between the latch
  // and the header, which costs the loop a jump every iteration.  Counting
  // the header instead, from -1 at each entry, gives the same count at
  // every exit when that edge is the loop's only back edge (the header ran
  // once more than the back edge was taken), and the block goes away.  Only
  // for a count of one per execution of the latch: not for the flush of an
  // inner loop's counter that happens to sit there.
  int64_t Start = 0;
  BasicBlock *Mid = First.Add->getParent();
  auto *Delta = dyn_cast<ConstantInt>(First.Add->getOperand(1));
  if (Members.size() == 1 && Delta && Delta->isOne() &&
      Mid == L.getLoopLatch() && Mid->getSinglePredecessor() &&
      Mid->getSingleSuccessor() == L.getHeader()) {
    First.Add->moveBefore(&*L.getHeader()->getFirstInsertionPt());
    Start = -1;
    EmptiedLatches.push_back(Mid);
  }

  SSAUpdater SSA;
  SSA.Initialize(I64, "ss.acc");
  SSA.AddAvailableValue(L.getLoopPreheader(),
                        ConstantInt::getSigned(I64, Start));
  for (size_t M : Members)
    SSA.AddAvailableValue(Updates[M].Add->getParent(), Updates[M].Add);
  for (size_t M : Members) {
    CounterUpdate &U = Updates[M];
    // The freeze hides the counter from scalar evolution: otherwise loop
    // strength reduction, in the code generator, takes the register as an
    // induction variable and rewrites its update with the program's debug
    // location (ideal time would count it as the program's).  It costs no
    // instruction.
    Value *Acc = SSA.GetValueInMiddleOfBlock(U.Add->getParent());
    U.Add->setOperand(0, new FreezeInst(Acc, "ss.acc.opaque", U.Add));
    auto *UpdateSlot = cast<Instruction>(U.Store->getPointerOperand());
    U.Store->eraseFromParent();
    U.Load->eraseFromParent();
    if (UpdateSlot->use_empty())
      UpdateSlot->eraseFromParent();
    U.Store = nullptr;
    U.Load = nullptr;
  }
  for (BasicBlock *Exit : Exits) {
    Value *Pending = SSA.GetValueInMiddleOfBlock(Exit);
    if (auto *C = dyn_cast<ConstantInt>(Pending))
      if (C->isZero())
        continue;
    Updates.push_back(
        emitCounterUpdate(&*Exit->getFirstInsertionPt(), Counts, Index, Pending));
  }
}

static void promoteInLoop(Loop &L, DominatorTree &DT, LoopInfo &LI,
                          OptimizationRemarkEmitter &ORE,
                          std::vector<CounterUpdate> &Updates,
                          SmallVectorImpl<BasicBlock *> &EmptiedLatches) {
  // Counter -> its memory updates inside L, in program order of the list.
  MapVector<uint32_t, SmallVector<size_t, 2>> ByCounter;
  for (size_t I = 0; I < Updates.size(); ++I)
    if (Updates[I].Store && L.contains(Updates[I].Store->getParent()))
      ByCounter[Updates[I].Index].push_back(I);
  if (ByCounter.empty())
    return;
  SmallVector<BasicBlock *, 8> Exits;
  // A register that counts an outer loop's blocks stays live through its
  // inner loops, where the code generator then spills and shuffles the
  // program's own values; the outer blocks run far less often than the
  // innermost ones, so their counters stay in memory.
  std::string Why = L.isInnermost()
                        ? makePromotable(L, DT, LI, Exits)
                        : "it has inner loops (a register counting it would "
                          "stay live through them)";
  if (!Why.empty()) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(RemarkPass, "NotPromoted",
                                      L.getStartLoc(), L.getHeader())
             << "counters stay in memory in this loop: " << Why;
    });
    return;
  }
  unsigned Promoted = 0;
  for (auto &Entry : ByCounter) {
    if (Promoted == MaxCountersPerLoop)
      break;
    SmallPtrSet<BasicBlock *, 4> Blocks;
    bool OnePerBlock = true;
    for (size_t M : Entry.second)
      OnePerBlock &= Blocks.insert(Updates[M].Store->getParent()).second;
    if (!OnePerBlock)
      continue;
    promoteCounter(L, Exits, Entry.second, Updates, EmptiedLatches);
    ++Promoted;
  }
  ORE.emit([&] {
    return OptimizationRemark(RemarkPass, "Promoted", L.getStartLoc(),
                              L.getHeader())
           << "counters kept in registers in this loop: "
           << ore::NV("Counters", Promoted) << " of "
           << ore::NV("Updates", unsigned(ByCounter.size()))
           << ", added to memory at " << ore::NV("Exits", unsigned(Exits.size()))
           << (Exits.size() == 1 ? " exit" : " exits");
  });
}

std::vector<const BasicBlock *>
promoteCountersInLoops(Function &F, std::vector<CounterUpdate> &Updates) {
  // Fresh analyses: placing the counters split edges.
  DominatorTree DT(F);
  LoopInfo LI(DT);
  OptimizationRemarkEmitter ORE(&F);
  SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
  SmallVector<BasicBlock *, 8> EmptiedLatches;
  for (Loop *L : reverse(Loops)) // inner loops before the loops around them
    promoteInLoop(*L, DT, LI, ORE, Updates, EmptiedLatches);
  // The blocks that held a back edge's counter, now empty: the predecessor
  // branches to the header again (left in place, the block would keep the
  // loop from being tested at its bottom: the code generator puts the
  // loop's own increments in it).
  std::vector<const BasicBlock *> Removed;
  for (BasicBlock *BB : EmptiedLatches)
    if (BB->size() == 1 && TryToSimplifyUncondBranchFromEmptyBlock(BB))
      Removed.push_back(BB);
  return Removed;
}

} // namespace ss
