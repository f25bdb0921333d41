// CounterPromotion.cpp -- see CounterPromotion.h.
#include "CounterPromotion.h"
#include "Compat.h"
#include "RegisterPressure.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <string>

using namespace llvm;

namespace ss {

// Each promoted counter holds a register across the loop and costs an
// update at every exit; past these limits the spills and the exit code
// would eat what promotion saves.
static constexpr unsigned MaxExitBlocks = 8;
// Counters derived from an induction variable hold no register and cost
// code only at the exit taken, once an entry: a search loop unrolled by
// hand (zlib's longest_match compares 8 bytes an iteration, 9 exits) may
// have more.
static constexpr unsigned MaxInductionExits = 16;
static constexpr unsigned MaxCountersPerLoop = 32;
// A trip count is computed once per entry of its loop; past this many
// terms (or with a real division in it) that may cost more than counting.
static constexpr unsigned MaxTripCountTerms = 32;

// -Rpass=ss-promote / -Rpass-missed=ss-promote show what happened per loop.
static constexpr const char *RemarkPass = "ss-promote";

// Whether T is a computed goto (an interpreter's dispatch, `goto
// *table[op]`) whose edges stay in L or go to exits that only L enters
// (the handler that returns): the register is then added at the start of
// such an exit, and no edge of T needs splitting, which LLVM cannot do.
static bool indirectBranchInLoop(const Instruction *T, const Loop &L) {
  auto *IB = dyn_cast<IndirectBrInst>(T);
  if (!IB)
    return false;
  for (const BasicBlock *Succ : successors(IB))
    if (!L.contains(Succ))
      for (const BasicBlock *Pred : predecessors(Succ))
        if (!L.contains(Pred))
          return false;
  return true;
}

// Why control may leave L other than through its exit blocks, or "".
static std::string otherWayOut(const Loop &L) {
  for (BasicBlock *BB : L.blocks()) {
    const Instruction *T = BB->getTerminator();
    if (!isa<BranchInst>(T) && !isa<SwitchInst>(T) &&
        !indirectBranchInLoop(T, L))
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

static std::string tooManyExits(unsigned Max) {
  return "it has more than " + std::to_string(Max) + " exits";
}

// Why control may leave L other than by a branch to one of its (at most
// MaxInductionExits) exit blocks, or ""; Exits lists them.
static std::string notLeftByExitsAlone(const Loop &L,
                                       SmallVectorImpl<BasicBlock *> &Exits) {
  L.getUniqueExitBlocks(Exits);
  if (Exits.empty())
    return "it has no exit"; // it ends only by something not returning
  if (Exits.size() > MaxInductionExits)
    return tooManyExits(MaxInductionExits);
  for (BasicBlock *E : Exits)
    if (E->isEHPad())
      return "it is left by an exception";
  return otherWayOut(L);
}

// Why L does not qualify, or "" once it does: then it has a preheader and
// exits of its own (made here where the optimizer left none; the end of the
// pipeline does not keep loops in simplified form), and Exits lists them.
static std::string makePromotable(Loop &L, DominatorTree &DT, LoopInfo &LI,
                                  SmallVectorImpl<BasicBlock *> &Exits) {
  std::string Why = notLeftByExitsAlone(L, Exits);
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

// How often BB runs per entry of L, from L's trip count, as an i64
// expression of values from outside L; null when the trip count does not
// tell.  With one exiting block, every iteration walks the chain of blocks
// that dominate the latch, the last one leaving at the exiting block: a block
// on that chain runs once per iteration, the last one included when it comes
// before the exit (back edges taken + 1), not when it comes after (back
// edges taken).  Blocks of inner loops run per inner iteration: not here.
static const SCEV *countPerEntry(const Loop &L, const BasicBlock *BB,
                                 const LoopInfo &LI, const DominatorTree &DT,
                                 ScalarEvolution &SE) {
  const BasicBlock *Latch = L.getLoopLatch();
  const BasicBlock *Exiting = L.getExitingBlock();
  if (!Latch || !Exiting || LI.getLoopFor(BB) != &L ||
      !DT.dominates(Exiting, Latch) || !DT.dominates(BB, Latch))
    return nullptr;
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Taken) ||
      SE.getTypeSizeInBits(Taken->getType()) > 64)
    return nullptr;
  Type *I64 = Type::getInt64Ty(BB->getContext());
  const SCEV *Count = SE.getNoopOrZeroExtend(Taken, I64);
  // Both dominate the latch, so one dominates the other.
  if (DT.dominates(BB, Exiting))
    Count = SE.getAddExpr(Count, SE.getOne(I64));
  bool Cheap =
      Count->getExpressionSize() <= MaxTripCountTerms &&
      !SCEVExprContains(Count, [](const SCEV *Term) {
        auto *Div = dyn_cast<SCEVUDivExpr>(Term);
        auto *By = Div ? dyn_cast<SCEVConstant>(Div->getRHS()) : nullptr;
        return Div && (!By || !By->getAPInt().isPowerOf2());
      });
  return Cheap ? Count : nullptr;
}

// Computes each count of PerEntry before L, in its preheader (not at its
// exit: the values they are made of would otherwise stay live through the
// loop; a result is spilled around the loop when a register is short there).
// Fails, adding nothing, where that would take an induction variable the
// program does not have: adding one would change the program's loops.
static bool computeBeforeLoop(Loop &L, ArrayRef<const SCEV *> PerEntry,
                              ScalarEvolution &SE,
                              SmallVectorImpl<Value *> &Counts) {
  Instruction *Before = L.getLoopPreheader()->getTerminator();
  // Not in LCSSA form: LCSSA would route the program's own uses of loop
  // values through new phis, which the cleaner would then delete with them
  // (nothing after this pass needs LCSSA).
  SCEVExpander Expander(SE, Before->getModule()->getDataLayout(), "ss.trips",
                        /*PreserveLCSSA=*/false);
  SCEVExpanderCleaner Cleaner(Expander); // removes what it added, unless used
  for (const SCEV *S : PerEntry) {
    if (!safeToExpandAt(Expander, S, Before, SE))
      return false;
    Counts.push_back(Expander.expandCodeFor(S, S->getType(), Before));
  }
  if (any_of(Expander.getAllInsertedInstructions(),
             [](const Instruction *I) { return isa<PHINode>(I); }))
    return false;
  Cleaner.markResultUsed();
  return true;
}

// Takes update U out of the code (its +1 is counted otherwise), noting the
// emptied block of a back edge's counter in EmptiedLatches; returns where
// it counted: the counters and the index.
static std::pair<Value *, uint32_t>
removeUpdate(Loop &L, CounterUpdate &U,
             SmallVectorImpl<BasicBlock *> &EmptiedLatches) {
  auto *Slot = cast<GetElementPtrInst>(U.Store->getPointerOperand());
  std::pair<Value *, uint32_t> Where(Slot->getPointerOperand(), U.Index);
  BasicBlock *BB = U.Add->getParent();
  U.Store->eraseFromParent();
  U.Add->eraseFromParent();
  U.Load->eraseFromParent();
  if (Slot->use_empty())
    Slot->eraseFromParent();
  U = CounterUpdate();
  if (BB == L.getLoopLatch() && BB->size() == 1 &&
      BB->getSingleSuccessor() == L.getHeader())
    EmptiedLatches.push_back(BB);
  return Where;
}

// Replaces the +1 of update U inside L (or in its preheader) by one add
// of Count at L's only exit; the emptied block of a back edge's counter
// goes to EmptiedLatches.
static void countByTripCount(Loop &L, BasicBlock *Exit, CounterUpdate &U,
                             Value *Count, std::vector<CounterUpdate> &Updates,
                             SmallVectorImpl<BasicBlock *> &EmptiedLatches) {
  auto [Counts, Index] = removeUpdate(L, U, EmptiedLatches);
  Updates.push_back(
      emitCounterUpdate(&*Exit->getFirstInsertionPt(), Counts, Index, Count));
}

// A loop whose counts come from its trip count ends (the count is finite)
// and is left only through its one exit (makePromotable), so the exit runs
// once per entry: the +1 updates in the preheader move there, next to the
// loop's other counts.  The preheader, which falls through into the header
// the code generator aligns, then keeps the optimizer's code unchanged.
// Returns how many moved.
static unsigned countEntriesAtExit(Loop &L, BasicBlock *Exit,
                                   std::vector<CounterUpdate> &Updates,
                                   SmallVectorImpl<BasicBlock *> &EmptiedLatches) {
  const BasicBlock *Preheader = L.getLoopPreheader();
  SmallVector<size_t, 2> InPreheader;
  for (size_t I = 0; I < Updates.size(); ++I) {
    const CounterUpdate &U = Updates[I];
    auto *Delta = U.Store ? dyn_cast<ConstantInt>(U.Add->getOperand(1)) : nullptr;
    if (Delta && Delta->isOne() && U.Store->getParent() == Preheader)
      InPreheader.push_back(I);
  }
  Value *One = ConstantInt::get(Type::getInt64Ty(Exit->getContext()), 1);
  for (size_t I : InPreheader)
    countByTripCount(L, Exit, Updates[I], One, Updates, EmptiedLatches);
  return InPreheader.size();
}

namespace {
// A header phi that counts L's iterations: {Start,+,Step}<L> with Step a
// constant power of two, wrapping neither the way it is read (sign-
// extended where it has no signed wrap, else zero-extended with no
// unsigned wrap and a positive step).
struct CountingPhi {
  PHINode *Phi = nullptr;
  Value *Start = nullptr; // its value from the preheader
  int64_t Step = 0;
  bool Signed = false;
};
} // namespace

static CountingPhi findCountingPhi(Loop &L, ScalarEvolution &SE) {
  CountingPhi Best;
  BasicBlock *Preheader = L.getLoopPreheader();
  for (PHINode &Phi : L.getHeader()->phis()) {
    Type *T = Phi.getType();
    if (!(T->isIntegerTy() && T->getIntegerBitWidth() <= 64) && !T->isPointerTy())
      continue;
    if (!SE.isSCEVable(T) || SE.getTypeSizeInBits(T) > 64)
      continue;
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      continue;
    auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (!C || !C->getAPInt().isSignedIntN(32))
      continue;
    int64_t Step = C->getAPInt().getSExtValue();
    uint64_t Size = Step < 0 ? 0 - uint64_t(Step) : uint64_t(Step);
    bool Signed = AR->hasNoSignedWrap();
    if (Step == 0 || !isPowerOf2_64(Size) ||
        (!Signed && !(AR->hasNoUnsignedWrap() && Step > 0)))
      continue;
    // A step of one needs no shift at the exits.
    if (!Best.Phi || (Size == 1 && Best.Step != 1 && Best.Step != -1))
      Best = {&Phi, Preheader ? Phi.getIncomingValueForBlock(Preheader) : nullptr,
              Step, Signed};
  }
  return Best;
}

// The back edges L took in this entry, before Before at the start of an
// exit block:
// (Phi - Start) / Step, from values E sees anyway (the phi, whose value is
// that of the iteration that left, and its start from the preheader).
static Value *backEdgesTakenAt(Instruction *Before, const CountingPhi &C) {
  IRBuilder<> B(Before);
  Type *I64 = B.getInt64Ty();
  auto Wide = [&](Value *V) -> Value * {
    if (V->getType()->isPointerTy())
      return B.CreatePtrToInt(V, I64);
    return C.Signed ? B.CreateSExtOrTrunc(V, I64) : B.CreateZExtOrTrunc(V, I64);
  };
  // Frozen, so that loop strength reduction in the code generator takes
  // no new use of the induction variables from here (it would rewrite the
  // loops around this one for it).
  Value *Now = Wide(B.CreateFreeze(C.Phi, "ss.iv")),
        *Start = Wide(B.CreateFreeze(C.Start, "ss.iv.start"));
  Value *Diff = C.Step > 0 ? B.CreateSub(Now, Start, "ss.iters")
                           : B.CreateSub(Start, Now, "ss.iters");
  uint64_t Size = C.Step < 0 ? 0 - uint64_t(C.Step) : uint64_t(C.Step);
  return Size == 1 ? Diff : B.CreateLShr(Diff, Log2_64(Size), "ss.iters");
}

// Whether block BB of L ran in the iteration that left L through exit
// block E: 1 or 0 alike from every exiting block into E, else -1.  BB
// runs in every iteration that reaches the latch (it dominates it); in the
// last one it ran if it dominates the exiting block, and not if the
// exiting block comes before it on that chain.
static int ranInLastIteration(const BasicBlock *BB, BasicBlock *E, const Loop &L,
                              const LoopInfo &LI, const DominatorTree &DT) {
  // The latch ends its iteration: it never runs in the one that leaves.
  bool EndsIteration = BB == L.getLoopLatch() &&
                       BB->getSingleSuccessor() == L.getHeader();
  int Ran = -1;
  for (BasicBlock *X : predecessors(E)) {
    if (LI.getLoopFor(X) != &L)
      return -1;
    int Here = EndsIteration            ? 0
               : DT.dominates(BB, X) ? 1
               : DT.dominates(X, BB) ? 0
                                     : -1;
    if (Here < 0 || (Ran >= 0 && Here != Ran))
      return -1;
    Ran = Here;
  }
  return Ran;
}

// The counters of L whose block runs once an iteration (it dominates the
// latch) leave L altogether when its trip count is not known but an
// induction variable counts its iterations: each exit adds the back edges
// taken in that entry, plus one where the block ran in the last
// iteration.  L's code is then the program's (no register, no add in the
// loop).  Needs L promotable (makePromotable: dedicated exits, no other
// way out).  Returns how many counters it took out of ByCounter.
static unsigned
countByInduction(Loop &L, ArrayRef<BasicBlock *> Exits,
                 MapVector<uint32_t, SmallVector<size_t, 2>> &ByCounter,
                 const LoopInfo &LI, const DominatorTree &DT, ScalarEvolution &SE,
                 std::vector<CounterUpdate> &Updates,
                 SmallVectorImpl<BasicBlock *> &EmptiedLatches) {
  BasicBlock *Latch = L.getLoopLatch();
  if (!Latch)
    return 0;
  CountingPhi C = findCountingPhi(L, SE);
  if (!C.Phi)
    return 0;
  SmallVector<uint32_t, 4> Done;
  // Per exit: the back edges taken (made once), and the exit's own first
  // instruction, before which all this goes in order.
  DenseMap<BasicBlock *, std::pair<Value *, Instruction *>> Taken;
  for (auto &Entry : ByCounter) {
    if (Entry.second.size() != 1)
      continue;
    CounterUpdate &U = Updates[Entry.second.front()];
    auto *Delta = dyn_cast<ConstantInt>(U.Add->getOperand(1));
    BasicBlock *BB = U.Add->getParent();
    if (!Delta || !Delta->isOne() || LI.getLoopFor(BB) != &L ||
        !DT.dominates(BB, Latch))
      continue;
    SmallVector<int, 8> Ran;
    for (BasicBlock *E : Exits)
      Ran.push_back(ranInLastIteration(BB, E, L, LI, DT));
    if (is_contained(Ran, -1))
      continue;
    auto [Counts, Index] = removeUpdate(L, U, EmptiedLatches);
    for (size_t I = 0; I < Exits.size(); ++I) {
      auto &[Iters, Tail] = Taken[Exits[I]];
      if (!Tail) {
        Tail = &*Exits[I]->getFirstInsertionPt();
        Iters = backEdgesTakenAt(Tail, C);
      }
      IRBuilder<> B(Tail);
      Value *Count = Ran[I] ? B.CreateAdd(Iters, B.getInt64(1), "ss.runs") : Iters;
      Updates.push_back(emitCounterUpdate(Tail, Counts, Index, Count));
    }
    Done.push_back(Entry.first);
  }
  for (uint32_t Index : Done)
    ByCounter.erase(Index);
  return Done.size();
}

bool iterationsKnownAtExits(Loop &L, ScalarEvolution &SE) {
  SmallVector<BasicBlock *, 8> Exits;
  if (!L.getLoopLatch() || !notLeftByExitsAlone(L, Exits).empty())
    return false;
  // Left from its own blocks, not its inner loops' (ranInLastIteration).
  for (BasicBlock *E : Exits)
    for (BasicBlock *X : predecessors(E))
      if (L.contains(X) &&
          any_of(L.getSubLoops(), [X](Loop *Sub) { return Sub->contains(X); }))
        return false;
  return findCountingPhi(L, SE).Phi;
}

namespace {
// What promoteInLoop needs of the whole function.
struct FunctionAnalyses {
  DominatorTree &DT;
  LoopInfo &LI;
  ScalarEvolution &SE;
  OptimizationRemarkEmitter &ORE;
  TargetLibraryInfo &TLI;
  unsigned Registers; // allocatable general-purpose registers
  std::unique_ptr<BranchProbabilityInfo> BPI; // made when first needed
  std::unique_ptr<BlockFrequencyInfo> BFI;
  BlockFrequencyInfo &frequencies() {
    if (!BFI) {
      Function &F = *DT.getRoot()->getParent();
      BPI = std::make_unique<BranchProbabilityInfo>(F, LI, &TLI, &DT, nullptr);
      BFI = std::make_unique<BlockFrequencyInfo>(F, *BPI, LI);
    }
    return *BFI;
  }
  // A cycle that is no loop (entered other than at a header) may repeat a
  // block inside one iteration: then no count follows from trip counts.
  bool Irreducible;
  const DenseMap<const BasicBlock *, DebugLoc> &LoopStarts;
  DebugLoc startOf(const Loop &L) const {
    DebugLoc Start = LoopStarts.lookup(L.getHeader());
    return Start ? Start : L.getStartLoc();
  }
};
} // namespace

static void promoteInLoop(Loop &L, FunctionAnalyses &A,
                          std::vector<CounterUpdate> &Updates,
                          SmallVectorImpl<BasicBlock *> &EmptiedLatches) {
  // Counter -> its memory updates inside L, in program order of the list.
  MapVector<uint32_t, SmallVector<size_t, 2>> ByCounter;
  for (size_t I = 0; I < Updates.size(); ++I)
    if (Updates[I].Store && L.contains(Updates[I].Store->getParent()))
      ByCounter[Updates[I].Index].push_back(I);
  if (ByCounter.empty())
    return;
  // The counters the trip count gives cost the loop nothing, not even a
  // register, whatever its depth.
  SmallVector<size_t, 4> FromTrips;
  SmallVector<const SCEV *, 4> PerEntry;
  for (auto &Entry : ByCounter) {
    const CounterUpdate &U = Updates[Entry.second.front()];
    auto *Delta = dyn_cast<ConstantInt>(U.Add->getOperand(1));
    if (A.Irreducible || Entry.second.size() != 1 || !Delta ||
        !Delta->isOne())
      continue;
    if (const SCEV *S = countPerEntry(L, U.Add->getParent(), A.LI, A.DT, A.SE)) {
      FromTrips.push_back(Entry.second.front());
      PerEntry.push_back(S);
    }
  }
  // A register that counts an outer loop's blocks stays live through its
  // inner loops, where the code generator then spills and shuffles the
  // program's own values; the outer blocks run far less often than the
  // innermost ones, so their other counters stay in memory.
  const char *InnerLoops = "it has inner loops (a register counting it would "
                           "stay live through them)";
  // An outer loop that could not be promoted even without its inner loops
  // says why (an interpreter's loop around its handlers: a call in it may
  // longjmp out, which would lose counts held in registers).  Its counters
  // may still be derived from an induction variable (no register held
  // through the inner loops): only then is it given a preheader and exits
  // of its own.
  SmallVector<BasicBlock *, 8> Exits;
  std::string Why;
  if (FromTrips.empty() && !L.isInnermost() && !findCountingPhi(L, A.SE).Phi) {
    Why = otherWayOut(L);
    if (Why.empty())
      Why = InnerLoops;
  } else {
    Why = makePromotable(L, A.DT, A.LI, Exits);
  }
  SmallVector<Value *, 4> Counts;
  if (Why.empty() && !FromTrips.empty() && Exits.size() == 1 &&
      computeBeforeLoop(L, PerEntry, A.SE, Counts)) {
    for (size_t T = 0; T < FromTrips.size(); ++T) {
      CounterUpdate &U = Updates[FromTrips[T]];
      ByCounter.erase(U.Index);
      countByTripCount(L, Exits.front(), U, Counts[T], Updates, EmptiedLatches);
    }
    unsigned Entries = countEntriesAtExit(L, Exits.front(), Updates, EmptiedLatches);
    A.ORE.emit([&] {
      OptimizationRemark R(RemarkPass, "TripCount", A.startOf(L),
                           L.getHeader());
      R << "counters derived from the trip count in this loop: "
        << ore::NV("Counters", unsigned(FromTrips.size()))
        << ", added to memory at its exit";
      if (Entries)
        R << " (and its preheader's: " << ore::NV("Entries", Entries) << ")";
      return R;
    });
    if (ByCounter.empty())
      return;
  }
  if (Why.empty() && !A.Irreducible) {
    unsigned ByIV = countByInduction(L, Exits, ByCounter, A.LI, A.DT, A.SE,
                                     Updates, EmptiedLatches);
    if (ByIV)
      A.ORE.emit([&] {
        return OptimizationRemark(RemarkPass, "Induction", A.startOf(L),
                                  L.getHeader())
               << "counters derived from the induction variable at the exits "
                  "of this loop: "
               << ore::NV("Counters", ByIV) << ", added to memory at "
               << ore::NV("Exits", unsigned(Exits.size()))
               << (Exits.size() == 1 ? " exit" : " exits");
      });
    if (ByCounter.empty())
      return;
  }
  if (Why.empty() && !L.isInnermost())
    Why = InnerLoops;
  if (Why.empty() && Exits.size() > MaxExitBlocks)
    Why = tooManyExits(MaxExitBlocks);
  if (!Why.empty()) {
    A.ORE.emit([&] {
      return OptimizationRemarkMissed(RemarkPass, "NotPromoted",
                                      A.startOf(L), L.getHeader())
             << "counters stay in memory in this loop: " << Why;
    });
    return;
  }
  // As many counters as the loop leaves registers free, the most frequent
  // first; the others stay in memory (an executable's: one add to static
  // TLS each).  A promoted counter holds a register through the whole loop.
  DenseSet<const Value *> Ours;
  for (const CounterUpdate &U : Updates)
    if (U.Store) {
      Ours.insert(U.Load);
      Ours.insert(U.Add);
      Ours.insert(U.Store->getPointerOperand());
    }
  unsigned Pressure = loopRegisterPressure(L, A.DT, Ours);
  // One register stays for what the code generator adds that the IR does
  // not show (a jump table's address, a constant too large to be an
  // operand).
  unsigned Free = Pressure + 1 < A.Registers ? A.Registers - Pressure - 1 : 0;
  unsigned Room = std::min<unsigned>(Free, MaxCountersPerLoop);
  SmallVector<std::pair<uint32_t, SmallVector<size_t, 2>> *, 16> Order;
  for (auto &Entry : ByCounter)
    Order.push_back(&Entry);
  if (Order.size() > Room) {
    BlockFrequencyInfo &BFI = A.frequencies();
    DenseMap<uint32_t, uint64_t> Freq;
    for (auto *Entry : Order)
      for (size_t M : Entry->second)
        Freq[Entry->first] +=
            BFI.getBlockFreq(Updates[M].Store->getParent()).getFrequency();
    std::stable_sort(Order.begin(), Order.end(), [&](auto *X, auto *Y) {
      return Freq[X->first] > Freq[Y->first];
    });
  }
  unsigned Promoted = 0;
  for (auto *EntryPtr : Order) {
    auto &Entry = *EntryPtr;
    if (Promoted == Room)
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
  auto Remark = [&](OptimizationRemarkEmitter &ORE) {
    ORE.emit([&] {
      OptimizationRemark R(RemarkPass, "Promoted", A.startOf(L), L.getHeader());
      R << "counters kept in registers in this loop: "
        << ore::NV("Counters", Promoted) << " of "
        << ore::NV("Updates", unsigned(ByCounter.size()))
        << ", added to memory at " << ore::NV("Exits", unsigned(Exits.size()))
        << (Exits.size() == 1 ? " exit" : " exits");
      if (Promoted < ByCounter.size() && Room == Free)
        R << "; registers for " << ore::NV("Free", Free)
          << " left by the loop's own values (about "
          << ore::NV("Pressure", Pressure) << " live at once)";
      return R;
    });
  };
  if (Promoted)
    Remark(A.ORE);
  else
    A.ORE.emit([&] {
      return OptimizationRemarkMissed(RemarkPass, "NoRegisters", A.startOf(L),
                                      L.getHeader())
             << "counters stay in memory in this loop: its own values (about "
             << ore::NV("Pressure", Pressure)
             << " live at once) leave no register for them";
    });
}

std::vector<const BasicBlock *>
promoteCountersInLoops(Function &F, std::vector<CounterUpdate> &Updates,
                       unsigned TargetRegisters,
                       const DenseMap<const BasicBlock *, DebugLoc> &LoopStarts) {
  // Fresh analyses: placing the counters split edges.
  DominatorTree DT(F);
  LoopInfo LI(DT);
  if (LI.empty()) // most functions: spare them the analyses below
    return {};
  TargetLibraryInfoImpl TLII(Triple(F.getParent()->getTargetTriple()));
  TargetLibraryInfo TLI(TLII, &F);
  AssumptionCache AC(F);
  ScalarEvolution SE(F, TLI, AC, DT, LI);
  OptimizationRemarkEmitter ORE(&F);
  ReversePostOrderTraversal<Function *> RPOT(&F);
  bool Irreducible = containsIrreducibleCFG<const BasicBlock *>(RPOT, LI);
  FunctionAnalyses A{DT,  LI, SE, ORE, TLI,
                     allocatableRegisters(F, TargetRegisters),
                     nullptr, nullptr, Irreducible, LoopStarts};
  SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
  SmallVector<BasicBlock *, 8> EmptiedLatches;
  for (Loop *L : reverse(Loops)) // inner loops before the loops around them
    promoteInLoop(*L, A, Updates, EmptiedLatches);
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
