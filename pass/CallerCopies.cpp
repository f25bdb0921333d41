// CallerCopies.cpp -- see CallerCopies.h.
#include "CallerCopies.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/Analysis/InlineCost.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <vector>

using namespace llvm;

static cl::opt<bool> CallerCopies(
    "ss-callers", cl::init(false), cl::Hidden,
    cl::desc("sscc -fss-callers: a copy of the callee for each direct call "
             "(exact inclusive time per caller, CallerCopies.h)"));
static cl::opt<unsigned> MaxCalleeSize(
    "ss-callers-max-size", cl::init(2000), cl::Hidden,
    cl::desc("-ss-callers: largest callee copied, in instructions"));
static cl::opt<unsigned> MaxCopies(
    "ss-callers-max-copies", cl::init(64), cl::Hidden,
    cl::desc("-ss-callers: most copies of one callee"));
static cl::opt<unsigned> MaxGrowth(
    "ss-callers-growth", cl::init(200), cl::Hidden,
    cl::desc("-ss-callers: most growth of the module's code, in percent"));

namespace {

unsigned long sizeOf(const Function &F) { return F.getInstructionCount(); }

// The calls of F that may become copies (F's own, as they are now).
std::vector<CallBase *> directCalls(Function &F) {
  std::vector<CallBase *> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (Function *Callee = CB->getCalledFunction())
        if (!Callee->isDeclaration() && !CB->isMustTailCall())
          Calls.push_back(CB);
  return Calls;
}

using SubprogramSet = SmallPtrSet<const DISubprogram *, 8>;

// The functions whose code F holds: its own and, by the inline chains of
// its instructions' locations, every function inlined into it.
SubprogramSet heldCode(const Function &F) {
  SubprogramSet Held;
  if (const DISubprogram *SP = F.getSubprogram())
    Held.insert(SP);
  for (const Instruction &I : instructions(F))
    for (const DILocation *L = I.getDebugLoc(); L; L = L->getInlinedAt())
      Held.insert(L->getScope()->getSubprogram());
  return Held;
}

bool overlap(const SubprogramSet &A, const SubprogramSet &B) {
  for (const DISubprogram *SP : A)
    if (B.count(SP))
      return true;
  return false;
}

} // namespace

namespace ss {

CallerCopyStats
copyCalleesIntoCallers(Module &M, FunctionAnalysisManager &FAM,
                       const std::function<bool(const Function &)> &Counted) {
  CallerCopyStats Stats;
  if (!CallerCopies)
    return Stats;
  unsigned long ModuleSize = 0;
  for (Function &F : M)
    ModuleSize += sizeOf(F);
  unsigned long Budget = ModuleSize * MaxGrowth / 100;

  // Callees before callers (scc_iterator's order); a function in a cycle
  // is never copied.
  CallGraph CG(M);
  std::vector<Function *> Order;
  DenseSet<const Function *> Recursive;
  for (auto I = scc_begin(&CG); !I.isAtEnd(); ++I) {
    for (CallGraphNode *N : *I)
      if (Function *F = N->getFunction()) {
        Order.push_back(F);
        if (I.hasCycle())
          Recursive.insert(F);
      }
  }
  DenseMap<const Function *, unsigned> CopiesOf;
  DenseMap<const Function *, SubprogramSet> HeldBy;
  for (Function *Caller : Order) {
    if (!Counted(*Caller) || !Caller->getSubprogram())
      continue;
    bool Changed = false;
    SubprogramSet Held = heldCode(*Caller);
    for (CallBase *CB : directCalls(*Caller)) {
      Function *Callee = CB->getCalledFunction();
      unsigned long Size = sizeOf(*Callee);
      // One copy of a function per function that holds it: the counts of
      // a source line are the most of its blocks' in one function's code
      // (prof/counts/counts.h), so a second copy's would not add up.
      // (A callee's code is final here: callees come first.)
      auto Cached = HeldBy.find(Callee);
      if (Cached == HeldBy.end())
        Cached = HeldBy.try_emplace(Callee, heldCode(*Callee)).first;
      const SubprogramSet &Brings = Cached->second;
      bool Copy = Counted(*Callee) && Callee != Caller &&
                  Callee->getSubprogram() && CB->getDebugLoc() &&
                  !overlap(Brings, Held) &&
                  !Recursive.count(Callee) && !Callee->isVarArg() &&
                  Size <= MaxCalleeSize && Size <= Budget &&
                  CopiesOf[Callee] < MaxCopies &&
                  isInlineViable(*Callee).isSuccess() &&
                  AttributeFuncs::areInlineCompatible(*Caller, *Callee) &&
                  FAM.getResult<TargetIRAnalysis>(*Caller)
                      .areInlineCompatible(Caller, Callee);
      if (!Copy) {
        ++Stats.Kept;
        continue;
      }
      InlineFunctionInfo IFI;
      if (!InlineFunction(*CB, IFI).isSuccess()) {
        ++Stats.Kept;
        continue;
      }
      Changed = true;
      Held.insert(Brings.begin(), Brings.end());
      Budget -= Size;
      Stats.Added += Size;
      ++Stats.Copies;
      ++CopiesOf[Callee];
    }
    if (Changed)
      FAM.invalidate(*Caller, PreservedAnalyses::none());
    HeldBy[Caller] = std::move(Held);
  }
  return Stats;
}

} // namespace ss
