// Instrumenter.cpp -- counter updates and indirect-call hooks.
#include "Instrumenter.h"
#include "Compat.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <algorithm>

using namespace llvm;

namespace ss {

// &Counts[Index], inserted before Before: an instruction even where Counts
// is a constant (the static TLS array), so that every update has the same
// shape (CounterPromotion) and may start a block (placeIndirectCounts).
static Instruction *counterSlot(Value *Counts, uint32_t Index,
                                Instruction *Before) {
  Type *I64 = Type::getInt64Ty(Before->getContext());
  return GetElementPtrInst::CreateInBounds(
      I64, Counts, {ConstantInt::get(I64, Index)}, "ss.slot", Before);
}

CounterUpdate emitCounterUpdate(Instruction *Before, Value *Counts,
                                uint32_t Index, Value *Delta) {
  IRBuilder<> B(Before);
  Type *I64 = B.getInt64Ty();
  // Plain accesses: no other thread writes this thread's counters.
  Value *Slot = counterSlot(Counts, Index, Before);
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

// Where the update for CFG edge Src -> Dst goes; Made is the block split
// off for it, if any.  The blocks are looked up afresh because earlier
// splits may have changed Src's successors.
static Instruction *branchInsertionPoint(BasicBlock *Src, BasicBlock *Dst,
                                         BasicBlock *&Made) {
  Made = nullptr;
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
      Made = NewBBs[0];
      return firstInsertionPoint(Made);
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
  Made = Mid;
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

bool mayEnterModule(const Function &F,
                    function_ref<bool(const Function &)> Instrumented) {
  // Callback uses count: pthread_create's start routine is one.
  if (!F.hasLocalLinkage() || F.hasAddressTaken())
    return true;
  for (const User *U : F.users())
    if (auto *Call = dyn_cast<CallBase>(U))
      if (!Instrumented(*Call->getFunction()))
        return true;
  return false;
}

bool restartsByTailCall(const Function &F) {
  if (F.isVarArg())
    return false;
  // byval: LLVM 14's x86-64 code for a musttail call that passes on its
  // own byval argument copies it through the outgoing argument area, which
  // starts at the return address, and overwrites it (a 96-byte struct
  // returned to address 1; lit/counts/first-call.c).
  for (const Argument &A : F.args())
    if (A.hasByValAttr() || A.hasInAllocaAttr() || A.hasPreallocatedAttr() ||
        A.hasAttribute(Attribute::SwiftError) ||
        A.hasAttribute(Attribute::SwiftAsync))
      return false;
  return true;
}

Constant *ownCopy(Function &F) {
  Module &M = *F.getParent();
  if (F.isDSOLocal() || F.hasLocalLinkage() ||
      !Triple(M.getTargetTriple()).isOSBinFormatELF())
    return &F;
  std::string Name = (F.getName() + ".ss.own").str();
  if (GlobalAlias *A = M.getNamedAlias(Name))
    return A;
  return GlobalAlias::create(F.getValueType(), F.getAddressSpace(),
                             GlobalValue::PrivateLinkage, Name, &F, &M);
}

// The branch of one of the instrumentation's own tests takes the location
// of the instruction it was split before, a line of the program.  It gets
// none: ssprof tells it as the instrumentation's by the compare it follows
// (docs/ideal-time.md), and the program's code the code generator may put
// before a branch does not go with the instrumentation's line.
static void takeLineAway(Instruction *Branch) { Branch->setDebugLoc(DebugLoc()); }

// The call of operand Thunk: past the red zone, on an aligned stack.
static std::string callPastRedZone(const char *Thunk) {
  return std::string("movq %rsp, %r11\n\t"
                     "leaq -128(%rsp), %rsp\n\t"
                     "andq $$-16, %rsp\n\t"
                     "pushq %r11\n\t"
                     "subq $$8, %rsp\n\t"
                     "call ${") + Thunk + ":P}\n\t"
                     "movq 8(%rsp), %rsp";
}

// Call the cold thunk Thunk (no arguments, preserve_all) on a rare path.
// On x86-64 the call is made in inline assembly, so that the code
// generator sees no call: a function that calls nothing else then stays a
// leaf without a frame.  (A real call needs the stack aligned, and LLVM 14
// shrink-wraps no frame into a cold block once the entry block loads from
// memory, which it always does here: the function would push and pop a
// register on every call, and its returns would merge into one epilogue.)
// The assembly steps over the red zone, where a leaf keeps its locals,
// aligns the stack for the call and puts it back; the thunk keeps every
// register but r11.
static void callWithoutFrame(IRBuilder<> &B, Function *Thunk) {
  if (!hasPreserveAll(*Thunk->getParent())) {
    B.CreateCall(Thunk)->setCallingConv(Thunk->getCallingConv());
    return;
  }
  auto *Ty = FunctionType::get(B.getVoidTy(), {Thunk->getType()}, false);
  B.CreateCall(InlineAsm::get(Ty, callPastRedZone("0"),
                              "i,~{r11},~{memory},~{dirflag},~{fpsr},~{flags}",
                              /*hasSideEffects=*/true),
               {Thunk});
}

// Once every update is in place: branch to the runtime when the pointer is
// NULL.  The cold path asks for the thread's counters and then starts the
// function over by a tail call to itself: nothing has happened yet but the
// allocas, and a path that never rejoins the body lets the code generator
// keep even a leaf function frameless (the stack is set up for the call on
// the cold path only); counter Restart counts those restarts.  Where that
// is not possible the cold path reloads the pointer and rejoins; with
// counters in static TLS it just rejoins.  Returns what every update
// counts through.
static Value *claimWhenNull(const ThreadCounters &TC,
                            const ModuleGlobals &Globals, uint32_t Restart) {
  Function &F = *TC.Loaded->getFunction();
  LLVMContext &Ctx = F.getContext();
  MDNode *Rarely = MDBuilder(Ctx).createBranchWeights(1, 1u << 20);
  bool Restarts = Restart != SS_NONE;
  Instruction *ThenTerm = SplitBlockAndInsertIfThen(
      TC.IsNull, TC.IsNull->getNextNode(), /*Unreachable=*/Restarts, Rarely);
  BasicBlock *Then = ThenTerm->getParent();
  takeLineAway(TC.IsNull->getParent()->getTerminator());
  IRBuilder<> Cold(ThenTerm);
  if (DISubprogram *SP = F.getSubprogram())
    Cold.SetCurrentDebugLocation(
        DILocation::get(Ctx, SP->getScopeLine(), 0, SP));
  callWithoutFrame(Cold, Globals.ClaimCounters);
  // Counters in static TLS are there from the thread's start: the runtime
  // only learns of them, and the function goes on, no value to merge.
  if (Globals.StaticTLSCounters)
    return Globals.StaticTLSCounters;
  GlobalVariable *TLS = Globals.ThreadCounters;
  LoadInst *Claimed = Cold.CreateAlignedLoad(TLS->getValueType(), TLS,
                                             MaybeAlign(8), "ss.counts.new");
  if (Restarts) {
    emitCounterUpdate(ThenTerm, Claimed, Restart,
                      ConstantInt::get(Type::getInt64Ty(Ctx), 1));
    SmallVector<Value *, 8> Args;
    for (Argument &A : F.args())
      Args.push_back(&A);
    // Its own copy: through an interposed symbol the restart would run
    // another object's function.
    CallInst *Again = Cold.CreateCall(F.getFunctionType(), ownCopy(F), Args);
    Again->setTailCallKind(CallInst::TCK_MustTail);
    Again->setCallingConv(F.getCallingConv());
    // The arguments' and the result's attributes (byval, sret, ...) must
    // match for a musttail call; the function's own do not belong here.
    AttributeList FA = F.getAttributes();
    SmallVector<AttributeSet, 8> ParamAttrs;
    for (unsigned I = 0; I < F.arg_size(); ++I)
      ParamAttrs.push_back(FA.getParamAttrs(I));
    Again->setAttributes(
        AttributeList::get(Ctx, AttributeSet(), FA.getRetAttrs(), ParamAttrs));
    if (F.getReturnType()->isVoidTy())
      Cold.CreateRetVoid();
    else
      Cold.CreateRet(Again);
    ThenTerm->eraseFromParent();
    return TC.Loaded;
  }
  BasicBlock *Tail = ThenTerm->getSuccessor(0);
  IRBuilder<> B(&Tail->front());
  PHINode *Counts = B.CreatePHI(TC.Loaded->getType(), 2, "ss.counts.ready");
  Counts->addIncoming(TC.Loaded, TC.IsNull->getParent());
  Counts->addIncoming(Claimed, Then);
  TC.Loaded->replaceUsesWithIf(Counts, [&](Use &U) {
    return U.getUser() != TC.IsNull && U.getUser() != Counts;
  });
  return Counts;
}

// The assembler directive that opens the section of F's out-of-line slow
// paths: .text.unlikely.<F>, in the COMDAT group of the section the
// function is in, if any (flag "?": the group of the section before the
// push).  The slow path jumps back into the function, so it must be kept
// or discarded with it: a plain .text.unlikely shared by the whole object
// outlives a copy of an inline function the linker discards (another
// object's copy prevails), and its jump back then refers to a discarded
// section, which GNU ld, gold and lld refuse.  A section per function
// also lets --gc-sections drop a function with its slow paths.  Linkers
// place .text.unlikely.* with the other cold code (GNU ld's and gold's
// default scripts, lld's -z keep-text-section-prefix).  The name is quoted
// and '$' doubled: the text is an inline-assembly template.
static std::string slowPathSection(const Function &F) {
  std::string Name = "\".text.unlikely.";
  for (char C : F.getName()) {
    if (C == '$')
      Name += "$$";
    else if (C == '"' || C == '\\')
      Name += std::string("\\") + C;
    else
      Name += C;
  }
  return ".pushsection " + Name + "\",\"ax?\",@progbits";
}

// In an executable on x86-64, the entry of a function that tests whether
// the runtime knows the thread's counters counts its calls down instead:
//
//     subq $1, counts[Index]     jb 1f
//   2:  (the function)
//   1:  (out of line, .text.unlikely.<function>) call the thunk that tells
//       the runtime of the thread's copy, past the red zone; jmp 2b
//
// A borrow says the counter was 0: the function's first call in the
// thread, or its first since the thread's counts were taken in (the
// runtime then zeroes the copy); the runtime ignores a thread it knows.
// Counts go to the thread's copy either way, so it does not matter that
// this one comes first.  One instruction and a jump where a test of the
// pointer, its jump and the update were three and two loads.  It is one
// piece of assembly, as the indirect calls' test: the code generator
// splits no block at it, so it cannot copy the function's first
// instructions into the slow path, where no count says how often they ran
// (ssprof takes a branch out of the function as flow that comes back).
static void countDownAtEntry(Instruction *Before, Value *Counts, uint32_t Index,
                             const ModuleGlobals &Globals) {
  Function &F = *Before->getFunction();
  IRBuilder<> B(Before);
  Instruction *Counter = counterSlot(Counts, Index, Before);
  std::string Asm = "subq $$1, $0\n\t"
                    "jb 1f\n"
                    "2:\n\t" +
                    slowPathSection(F) +
                    "\n"
                    "1:\n\t" +
                    callPastRedZone("1") +
                    "\n\t"
                    "jmp 2b\n\t"
                    ".popsection";
  Function *Thunk = Globals.ClaimCounters;
  auto *Ty = FunctionType::get(B.getVoidTy(), {Counter->getType(), Thunk->getType()},
                               false);
  CallInst *Call = B.CreateCall(
      InlineAsm::get(Ty, Asm, "=*m,i,~{r11},~{dirflag},~{fpsr},~{flags}",
                     /*hasSideEffects=*/true),
      {Counter, Thunk});
  Call->addParamAttr(0, Attribute::get(B.getContext(), Attribute::ElementType,
                                       B.getInt64Ty()));
}

PlacedCounters placeCounters(FlowGraph &G, const ModuleGlobals &Globals,
                             uint32_t CounterBase) {
  // Counters in static TLS on x86-64: the test is the entry's count going
  // down (countDownAtEntry).  The entry is counted wherever the function
  // tests (chooseCounters).
  bool CountDown =
      G.EntryTest && Globals.StaticTLSCounters && hasPreserveAll(*G.F->getParent()) &&
      std::any_of(G.Edges.begin(), G.Edges.end(), [](const FlowEdge &E) {
        return E.Place == Placement::FunctionEntry && E.Counter != SS_NONE;
      });
  ThreadCounters TC;
  Instruction *EntryAt = firstInsertionPoint(&G.F->getEntryBlock());
  if (!CountDown) {
    TC = loadThreadCounters(*G.F, Globals);
    EntryAt = TC.IsNull->getNextNode();
  }
  // The updates count where the pointer points, or straight into static
  // TLS: the pointer then only tells whether the runtime knows the thread.
  Value *Base = Globals.StaticTLSCounters
                    ? static_cast<Value *>(Globals.StaticTLSCounters)
                    : TC.Loaded;
  Value *One = ConstantInt::get(Type::getInt64Ty(G.F->getContext()), 1);
  std::vector<CounterUpdate> Updates;
  uint32_t EntryCounter = SS_NONE;
  for (FlowEdge &E : G.Edges) {
    if (E.Counter == SS_NONE)
      continue;
    Instruction *At = nullptr;
    switch (E.Place) {
    case Placement::FunctionEntry:
      if (CountDown) {
        E.Counter += CounterBase;
        EntryCounter = E.Counter;
        continue;
      }
      At = EntryAt;
      break;
    case Placement::AfterCall:
      At = E.Call->getNextNode();
      break;
    case Placement::BeforeReturn:
      At = G.Blocks[E.From].BB->getTerminator();
      // Before a call in tail position: it may become a jump (FlowGraph.h).
      if (auto *Prev = dyn_cast_or_null<CallInst>(At->getPrevNode()))
        if (Prev->isMustTailCall() || isTailPositionCall(*Prev))
          At = Prev;
      break;
    case Placement::OnBranch:
      At = branchInsertionPoint(E.SrcBB, E.DstBB, E.Landing);
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
    Updates.push_back(emitCounterUpdate(At, Base, E.Counter, One));
  }
  PlacedCounters Placed;
  if (G.RestartCounter != SS_NONE)
    G.RestartCounter += CounterBase; // a module index, as the edges' are
  if (CountDown) {
    countDownAtEntry(EntryAt, Base, EntryCounter, Globals);
    G.EntryCountsDown = true;
    Placed.Counts = Base;
  } else if (G.EntryTest) {
    Placed.Counts = claimWhenNull(TC, Globals, G.RestartCounter);
  } else {
    // The thread has its counters by the time it gets here: no test, and
    // with counters in static TLS not even the load.
    TC.IsNull->eraseFromParent();
    Placed.Counts = Base;
    if (Base != TC.Loaded)
      TC.Loaded->eraseFromParent();
  }
  Placed.Updates = std::move(Updates);
  return Placed;
}

// The program's load of an indirect call's target, when the call is the
// only reader and nothing but counter updates comes between them that
// writes memory or may not go on: the load can move down to the call.
// Compared in a register by the test in front of the call, the target
// costs the program a load of its own (`movq 8(%rax), %rcx; callq *%rcx`
// where the plain build has `callq *8(%rax)`); moved to the call, it folds
// into it again, and the test reads the target with a load of its own,
// the instrumentation's.
static LoadInst *movableTargetLoad(CallBase &Call,
                                   const SmallPtrSetImpl<const Instruction *>
                                       &CounterStores) {
  auto *Load = dyn_cast<LoadInst>(Call.getCalledOperand());
  if (!Load || !Load->isSimple() || !Load->hasOneUse() ||
      Load->getParent() != Call.getParent())
    return nullptr;
  for (Instruction *I = Load->getNextNode(); I != &Call; I = I->getNextNode())
    if (I->mayHaveSideEffects() && !CounterStores.count(I))
      return nullptr;
  return Load;
}

// x86-64: the whole count of an indirect call site in one piece of inline
// assembly, with the slow path out of line, in .text.unlikely.<function>
// (slowPathSection):
//
//     cmpq %target, site.target[0]     jne 1f     addq $1, counts[i]
//   2:  (the call)
//   1:  (out of line) save, call Hook(&site.target[0], target,
//       &counts[i]) with the stack aligned past the red zone, restore;
//       jmp 2b
//
// The code generator sees one instruction, so no block is split: a call
// in tail position stays a jump, and none of the program's code can be
// copied into the slow path, where no count would say how often it ran.
// In the function's own code the slow path is a branch out and nothing
// jumps back in, so the code after the test runs as often as the test
// (ssprof counts it exactly).  The slow path keeps every register: the
// hook is preserve_all, and the assembly saves the three it passes
// arguments in; the values pass through the stack, so any register
// allocation of the operands works.
static void countIndirectCallInAsm(IRBuilder<> &B, Value *Counter,
                                   Value *Target, Value *Slot0,
                                   Function *Hook, Constant *TLSIndex) {
  // The hook's third argument: the counter's address, or with counters in
  // static TLS its index (the memory operand is then %fs:OFF, of which
  // lea would give the offset alone; the hook finds the thread's copy).
  std::string Asm = std::string("cmpq $1, $2\n\t"
                    "jne 1f\n\t"
                    "addq $$1, $0\n"
                    "2:\n\t") +
                    slowPathSection(*B.GetInsertBlock()->getParent()) +
                    "\n"
                    "1:\n\t"
                    "movq %rsp, %r11\n\t"
                    "leaq -128(%rsp), %rsp\n\t"
                    "andq $$-16, %rsp\n\t"
                    "pushq %r11\n\t"
                    "pushq %rdi\n\t"
                    "pushq %rsi\n\t"
                    "pushq %rdx\n\t"
                    "pushq $1\n\t";
  Asm += TLSIndex ? "pushq $4\n\t" : "leaq $0, %r11\n\tpushq %r11\n\t";
  Asm += "leaq $2, %r11\n\t"
         "pushq %r11\n\t"
         "popq %rdi\n\t"
         "popq %rdx\n\t"
         "popq %rsi\n\t"
         "call ${3:P}\n\t"
         "popq %rdx\n\t"
         "popq %rsi\n\t"
         "popq %rdi\n\t"
         "popq %rsp\n\t"
         "jmp 2b\n\t"
         ".popsection";
  Type *I64 = B.getInt64Ty();
  SmallVector<Value *, 5> Args = {Counter, Target, Slot0, Hook};
  std::string Constraints = "=*m,r,*m,i";
  if (TLSIndex) {
    Args.push_back(TLSIndex);
    Constraints += ",i";
  }
  Constraints += ",~{r11},~{dirflag},~{fpsr},~{flags}";
  SmallVector<Type *, 5> Types;
  for (Value *V : Args)
    Types.push_back(V->getType());
  auto *Ty = FunctionType::get(B.getVoidTy(), Types, false);
  CallInst *Call = B.CreateCall(
      InlineAsm::get(Ty, Asm, Constraints, /*hasSideEffects=*/true), Args);
  Call->addParamAttr(0, Attribute::get(B.getContext(), Attribute::ElementType, I64));
  Call->addParamAttr(2, Attribute::get(B.getContext(), Attribute::ElementType, I64));
}

uint32_t placeIndirectCounts(FlowGraph &G, const ModuleGlobals &Globals,
                             PlacedCounters &Placed, uint32_t SiteBase,
                             std::vector<uint32_t> &SiteOfCall) {
  LLVMContext &Ctx = G.F->getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Value *One = ConstantInt::get(I64, 1);
  MDNode *Usually = MDBuilder(Ctx).createBranchWeights(1u << 10, 1);
  GlobalVariable *Sites = Globals.IndirectTargets;
  uint32_t Used = 0;
  SiteOfCall.assign(G.Calls.size(), SS_NONE);
  SmallPtrSet<const Instruction *, 32> CounterStores;
  for (const CounterUpdate &U : Placed.Updates)
    CounterStores.insert(U.Store);
  for (size_t I = 0; I < G.Calls.size(); ++I) {
    FlowCallSite &C = G.Calls[I];
    if (!C.Callee.empty() || C.Call->isInlineAsm())
      continue;
    uint32_t Site = SiteBase + Used++;
    SiteOfCall[I] = Site;
    uint32_t CountIndex =
        Globals.NumEdgeCounters + Site * uint32_t(SS_INDIRECT_COUNTS);

    // if (site.target[0] == callee) ++counts[CountIndex];
    // else __ssrt_indirect_call(&site, callee, &counts[CountIndex]);
    // The callee as the test and the hook read it: the call's own operand,
    // or a copy of the program's load of it, which then moves to the call.
    LoadInst *ProgramLoad = movableTargetLoad(*C.Call, CounterStores);
    auto readCallee = [&](IRBuilder<> &At) -> Value * {
      if (!ProgramLoad)
        return C.Call->getCalledOperand();
      return At.Insert(ProgramLoad->clone());
    };
    IRBuilder<> B(C.Call);
    B.SetCurrentDebugLocation(C.Call->getDebugLoc());
    Value *Slot0 = B.CreateConstInBoundsGEP2_64(Sites->getValueType(), Sites,
                                                0, Site);
    // The call, or the load that moves to it, may start its counted block:
    // the block's marker goes where the block now starts, in front of the
    // test (else it would land after the test, past the test's branch,
    // where ssprof would take it for a block of its own).
    Instruction *&Start = G.Blocks[C.Block].Start;
    if (hasPreserveAll(*G.F->getParent())) {
      Instruction *Counter = counterSlot(Placed.Counts, CountIndex, C.Call);
      if (Start == C.Call || Start == ProgramLoad)
        Start = Counter;
      countIndirectCallInAsm(
          B, Counter, readCallee(B),
          B.CreatePointerCast(Slot0, PointerType::getUnqual(I64)),
          Globals.IndirectHook,
          Globals.StaticTLSCounters ? B.getInt64(CountIndex) : nullptr);
      if (ProgramLoad)
        ProgramLoad->moveBefore(C.Call);
      continue;
    }
    LoadInst *First = B.CreateAlignedLoad(
        I64, B.CreatePointerCast(Slot0, PointerType::getUnqual(I64)),
        MaybeAlign(8));
    First->setAtomic(AtomicOrdering::Monotonic); // other threads claim slots
    Value *Target = B.CreatePtrToInt(readCallee(B), I64);
    Instruction *Hit, *Miss;
    Value *Same = B.CreateICmpEQ(First, Target);
    if (Start == C.Call)
      Start = First;
    else if (Start == ProgramLoad)
      Start = ProgramLoad->getNextNode();
    SplitBlockAndInsertIfThenElse(Same, C.Call, &Hit, &Miss, Usually);
    takeLineAway(cast<Instruction>(Same)->getParent()->getTerminator());
    Placed.Updates.push_back(
        emitCounterUpdate(Hit, Placed.Counts, CountIndex, One));
    IRBuilder<> Slow(Miss);
    Slow.SetCurrentDebugLocation(C.Call->getDebugLoc());
    Value *SiteCounts =
        Globals.StaticTLSCounters
            ? static_cast<Value *>(Slow.getInt64(CountIndex))
            : Slow.CreateConstInBoundsGEP1_64(I64, Placed.Counts, CountIndex);
    CallInst *Hook = Slow.CreateCall(
        Globals.IndirectHook,
        {Slow.CreatePointerCast(Slot0, bytePtrTy(Ctx)),
         Slow.CreatePointerCast(readCallee(Slow), bytePtrTy(Ctx)),
         SiteCounts});
    Hook->setCallingConv(Globals.IndirectHook->getCallingConv());
    if (ProgramLoad)
      ProgramLoad->moveBefore(C.Call);
  }
  return Used;
}

} // namespace ss
