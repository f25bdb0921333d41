// EntryMarkers.cpp -- the markers of source functions' entries; see
// EntryMarkers.h.
#include "EntryMarkers.h"
#include "Compat.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PseudoProbe.h"

using namespace llvm;

namespace ss {

namespace {

constexpr const char *EntriesListName = "ss.entries";
// The probe index of an entry marker; a sample-profiling probe (clang
// -fpseudo-probe-for-profiling) numbers blocks from 1.
constexpr uint64_t EntryProbeIndex = 0x53534550; // "SSEP"

bool wantsMarker(const Function &F) {
  if (F.isDeclaration() || F.hasFnAttribute(Attribute::Naked))
    return false;
  StringRef N = F.getName();
  return !startsWith(N, "__ssrt_") && !startsWith(N, "ss.");
}

const PseudoProbeInst *asEntryMarker(const Instruction &I) {
  auto *P = dyn_cast<PseudoProbeInst>(&I);
  if (!P || P->getIndex()->getZExtValue() != EntryProbeIndex)
    return nullptr;
  return P;
}

// The side effect placed after each entry marker (EntryMarkerPass::run).
const char *const GuardTag = "ss.guard";

bool isGuard(const Instruction &I) { return I.getMetadata(GuardTag) != nullptr; }

std::string subprogramSymbol(const DISubprogram *SP) {
  if (!SP)
    return std::string();
  StringRef L = SP->getLinkageName();
  return (L.empty() ? SP->getName() : L).str();
}

SourceLine definitionOf(const DISubprogram *SP) {
  SourceLine S;
  if (SP && SP->getLine()) {
    S.File = (SP->getDirectory().empty() || startsWith(SP->getFilename(), "/")
                  ? SP->getFilename().str()
                  : (SP->getDirectory() + "/" + SP->getFilename()).str());
    S.Line = SP->getLine();
  }
  return S;
}

// An inlined copy: the callee's subprogram and the location of the call it
// replaced (each inlining makes its own).
using Instance = std::pair<const DISubprogram *, const DILocation *>;

} // namespace

PreservedAnalyses EntryMarkerPass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &Ctx = M.getContext();
  NamedMDNode *List = M.getOrInsertNamedMetadata(EntriesListName);
  if (List->getNumOperands())
    return PreservedAnalyses::all(); // the pipeline ran twice
  Function *Probe = Intrinsic::getDeclaration(&M, Intrinsic::pseudoprobe);
  Type *I64 = Type::getInt64Ty(Ctx), *I32 = Type::getInt32Ty(Ctx);
  bool Changed = false;
  for (Function &F : M) {
    if (!wantsMarker(F))
      continue;
    SourceLine Def = sourceLineOf(F);
    Metadata *Row[] = {
        MDString::get(Ctx, F.getName()), MDString::get(Ctx, Def.File),
        ConstantAsMetadata::get(ConstantInt::get(I32, Def.Line)),
        F.getSubprogram()};
    uint64_t Guid = List->getNumOperands();
    List->addOperand(MDNode::get(Ctx, Row));
    BasicBlock &Entry = F.getEntryBlock();
    BasicBlock::iterator At = Entry.getFirstInsertionPt();
    while (At != Entry.end() && isa<AllocaInst>(*At))
      ++At;
    Value *Args[] = {ConstantInt::get(I64, Guid),
                     ConstantInt::get(I64, EntryProbeIndex),
                     ConstantInt::get(I32, 0),
                     ConstantInt::get(I64, PseudoProbeFullDistributionFactor)};
    CallInst *Marker = CallInst::Create(Probe, Args, "", &*At);
    // A guard: LLVM takes a block that holds only pseudo probes for empty,
    // and jump threading and SimplifyCFG delete such a block on the way
    // into a join, the markers with it (cJSON at -O2: an inlined copy on
    // the paths threaded past it lost its calls, with no warning).  A
    // side effect keeps the block; the pass removes the guards when it
    // collects the markers (docs/counting.md says what it costs).
    CallInst *Guard = CallInst::Create(
        Intrinsic::getDeclaration(&M, Intrinsic::sideeffect), "", &*At);
    Guard->setMetadata(GuardTag, MDNode::get(Ctx, {}));
    // Two inlined copies' markers are identical calls: SimplifyCFG would
    // hoist or sink them into one under a location naming neither copy,
    // and the function's calls would be unknown.  nomerge keeps them apart.
    Marker->setCannotMerge();
    Guard->setCannotMerge();
    // A location in the function itself: inlining then gives the marker
    // the inline chain of the code around it.
    if (DISubprogram *SP = F.getSubprogram())
      Marker->setDebugLoc(DILocation::get(Ctx, SP->getScopeLine()
                                                   ? SP->getScopeLine()
                                                   : SP->getLine(),
                                          0, SP));
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

MarkedFunctions markedFunctions(const Module &M) {
  MarkedFunctions Marked;
  if (NamedMDNode *List = M.getNamedMetadata(EntriesListName))
    for (const MDNode *Row : List->operands()) {
      StringRef Name = cast<MDString>(Row->getOperand(0))->getString();
      Marked.Names.insert(Name);
      if (auto *SP = dyn_cast_or_null<DISubprogram>(Row->getOperand(3).get()))
        Marked.Symbols.try_emplace(SP, Name.str());
    }
  return Marked;
}

std::string MarkedFunctions::symbolOf(const DISubprogram *SP) const {
  auto It = Symbols.find(SP);
  return It != Symbols.end() ? It->second : subprogramSymbol(SP);
}

std::string inlinedFrom(const DebugLoc &DL, const MarkedFunctions &M) {
  const DILocation *L = DL.get();
  if (!L || !L->getInlinedAt())
    return std::string();
  return M.symbolOf(L->getScope()->getSubprogram());
}

// Is BB in a loop the vectorizer made (its vector body, with the marker
// dropped) or left as its scalar remainder?
static bool inVectorizedLoop(const LoopInfo &LI, const BasicBlock *BB) {
  for (const Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop())
    if (getBooleanLoopAttribute(L, "llvm.loop.isvectorized"))
      return true;
  return false;
}

std::vector<FoundEntry> takeEntryMarkers(Function &F,
                                         const MarkedFunctions &MarkedNames,
                                         const LoopInfo &LI) {
  std::vector<FoundEntry> Found;
  bool OwnFound = false;
  NamedMDNode *List = F.getParent()->getNamedMetadata(EntriesListName);
  if (!List)
    return Found;
  DenseSet<Instance> Marked, Present;
  std::vector<Instruction *> Markers;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      const DILocation *L = I.getDebugLoc().get();
      if (const PseudoProbeInst *P = asEntryMarker(I)) {
        Markers.push_back(&I);
        uint64_t Row = P->getFuncGuid()->getZExtValue();
        if (Row >= List->getNumOperands())
          continue;
        MDNode *R = List->getOperand(unsigned(Row));
        FoundEntry E;
        E.Callee = cast<MDString>(R->getOperand(0))->getString().str();
        E.Definition.File = cast<MDString>(R->getOperand(1))->getString().str();
        E.Definition.Line = uint32_t(
            mdconst::extract<ConstantInt>(R->getOperand(2))->getZExtValue());
        Instruction *Next = I.getNextNode();
        while (Next && (asEntryMarker(*Next) || isGuard(*Next)))
          Next = Next->getNextNode();
        // In a vectorized loop's remainder: its vector body lost the copy.
        E.Position = inVectorizedLoop(LI, &BB) ? nullptr : Next;
        if (L && L->getInlinedAt()) {
          const DILocation *At = L->getInlinedAt();
          E.Inlined = true;
          E.Caller = MarkedNames.symbolOf(At->getScope()->getSubprogram());
          E.CallSite = sourceLineOf(DebugLoc(At));
          Marked.insert({L->getScope()->getSubprogram(), At});
        } else if (E.Callee == F.getName()) {
          OwnFound = true;
        }
        Found.push_back(std::move(E));
        continue;
      }
      if (isa<DbgInfoIntrinsic>(I) || isa<PseudoProbeInst>(I) || isGuard(I))
        continue;
      for (; L && L->getInlinedAt(); L = L->getInlinedAt())
        Present.insert({L->getScope()->getSubprogram(), L->getInlinedAt()});
    }
  // F's own marker gone (the loop that recursion became was computed
  // away, say): its calls are unknown.
  if (!OwnFound && MarkedNames.Names.count(F.getName())) {
    FoundEntry E;
    E.Callee = F.getName().str();
    E.Definition = sourceLineOf(F);
    Found.push_back(std::move(E));
  }
  // Code of an inlined copy whose marker is gone: its entries are unknown,
  // and the listings say so rather than count too few.
  for (const Instance &In : Present) {
    if (Marked.count(In))
      continue;
    FoundEntry E;
    E.Callee = MarkedNames.symbolOf(In.first);
    E.Definition = definitionOf(In.first);
    E.Caller = MarkedNames.symbolOf(In.second->getScope()->getSubprogram());
    E.CallSite = sourceLineOf(DebugLoc(In.second));
    E.Inlined = true;
    Found.push_back(std::move(E));
  }
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isGuard(I))
        Markers.push_back(&I);
  for (Instruction *I : Markers)
    I->eraseFromParent();
  return Found;
}

void dropEntryMarkers(Function &F) {
  std::vector<Instruction *> Markers;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (asEntryMarker(I) || isGuard(I))
        Markers.push_back(&I);
  for (Instruction *I : Markers)
    I->eraseFromParent();
}

uint32_t blockHolding(const FlowGraph &G, const Instruction *Position) {
  uint32_t Holder = SS_NONE;
  for (uint32_t B = 0; B < G.Blocks.size(); ++B) {
    const FlowBlock &FB = G.Blocks[B];
    if (FB.BB != Position->getParent())
      continue;
    if (Holder == SS_NONE)
      Holder = B; // the basic block's first piece
    else if (FB.Start &&
             (FB.Start == Position || FB.Start->comesBefore(Position)))
      Holder = B;
  }
  return Holder;
}

} // namespace ss
