// MachineCodeMap.cpp -- block markers and instrumentation locations; see
// MachineCodeMap.h.
#include "MachineCodeMap.h"

#include "ss/format.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PseudoProbe.h"

using namespace llvm;

namespace ss {

DenseSet<const Instruction *> snapshotInstructions(Function &F) {
  DenseSet<const Instruction *> Set;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      Set.insert(&I);
  return Set;
}

// A new PHI is the instrumentation's when every value it merges is (a
// promoted counter); PHIs that loop simplification added for the program's
// values are the program's.
static bool mergesOnlyInstrumentation(const PHINode &Phi,
                                      const DenseSet<const Instruction *> &Ours) {
  for (const Value *V : Phi.incoming_values()) {
    if (isa<Constant>(V))
      continue;
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !Ours.count(I))
      return false;
  }
  return true;
}

void markInstrumentation(Function &F,
                         const DenseSet<const Instruction *> &Original) {
  DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return;
  LLVMContext &Ctx = F.getContext();
  DIFile *File = DIFile::get(Ctx, "<ss-instrumentation>", "");
  auto *Scope = DILexicalBlockFile::get(Ctx, SP, File, 0);
  // A real line: a line-0 row right after another line-0 row is not
  // emitted, and the instructions would take the program's file.
  DILocation *Loc = DILocation::get(Ctx, SP->getLine() ? SP->getLine() : 1,
                                    0, Scope);
  DenseSet<const Instruction *> Ours;
  SmallVector<PHINode *, 16> NewPhis;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (Original.count(&I) || isa<DbgInfoIntrinsic>(I))
        continue;
      if (auto *Phi = dyn_cast<PHINode>(&I)) {
        NewPhis.push_back(Phi);
        continue;
      }
      // Branches keep no line: the code generator gives the code it adds
      // before a block's terminator (loop strength reduction's increments,
      // copies) the terminator's location, and that code is the program's.
      if (isa<BranchInst>(I))
        continue;
      I.setDebugLoc(Loc);
      Ours.insert(&I);
    }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (PHINode *&Phi : NewPhis)
      if (Phi && mergesOnlyInstrumentation(*Phi, Ours)) {
        Phi->setDebugLoc(Loc);
        Ours.insert(Phi);
        Phi = nullptr;
        Changed = true;
      }
  }
}

void insertBlockMarkers(const FlowGraph &G, uint64_t ModuleHash,
                        uint32_t FunctionIndex) {
  Module &M = *G.F->getParent();
  LLVMContext &Ctx = M.getContext();
  // The code generator emits the probe table only for a module that has
  // this (here empty) list of probe descriptions.
  M.getOrInsertNamedMetadata(PseudoProbeDescMetadataName);
  Function *Probe = Intrinsic::getDeclaration(&M, Intrinsic::pseudoprobe);
  Type *I64 = Type::getInt64Ty(Ctx);
  Constant *Guid = ConstantInt::get(I64, ss_marker_guid(ModuleHash, FunctionIndex));
  Constant *Attributes = ConstantInt::get(Type::getInt32Ty(Ctx), 0);
  Constant *WholeCount = ConstantInt::get(I64, PseudoProbeFullDistributionFactor);
  for (uint32_t B = 0; B < G.Blocks.size(); ++B) {
    Instruction *Start = G.Blocks[B].Start;
    if (!Start)
      continue;
    Value *Args[] = {Guid, ConstantInt::get(I64, B), Attributes, WholeCount};
    CallInst::Create(Probe, Args, "", Start);
  }
  // The blocks made for an edge's counter: index num_blocks + edge.
  for (uint32_t E = 0; E < G.Edges.size(); ++E) {
    BasicBlock *Landing = G.Edges[E].Landing;
    if (!Landing)
      continue;
    Value *Args[] = {Guid, ConstantInt::get(I64, G.Blocks.size() + E),
                     Attributes, WholeCount};
    CallInst::Create(Probe, Args, "", &*Landing->getFirstInsertionPt());
  }
}

} // namespace ss
