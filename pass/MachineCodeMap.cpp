// MachineCodeMap.cpp -- block markers and instrumentation locations; see
// MachineCodeMap.h.
#include "MachineCodeMap.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Comdat.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

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

static std::string markerAsm(const Function &F, uint64_t ModuleHash,
                             uint32_t FunctionIndex, uint32_t Block) {
  std::string S;
  raw_string_ostream OS(S);
  // ${:uid} is unique per emitted copy of the asm, so every copy of a
  // duplicated block defines and records its own label.
  OS << ".Lss_block${:uid}:\n\t.pushsection .ss_blockmap,\"";
  // In the function's COMDAT group, so the entries go when the linker drops
  // this copy of the function.
  if (const Comdat *C = F.getComdat())
    OS << "G\",%progbits," << C->getName() << ",comdat\n";
  else
    OS << "\",%progbits\n";
  OS << "\t.quad .Lss_block${:uid}\n\t.quad 0x" << utohexstr(ModuleHash)
     << "\n\t.long " << FunctionIndex << ", " << Block << "\n\t.popsection";
  return OS.str();
}

void insertBlockMarkers(const FlowGraph &G, uint64_t ModuleHash,
                        uint32_t FunctionIndex) {
  auto *VoidFn = FunctionType::get(Type::getVoidTy(G.F->getContext()), false);
  for (uint32_t B = 0; B < G.Blocks.size(); ++B) {
    Instruction *Start = G.Blocks[B].Start;
    if (!Start)
      continue;
    // Side effects keep it in its block and in place; no clobbers, so it
    // constrains no register or memory optimization.
    InlineAsm *Marker = InlineAsm::get(
        VoidFn, markerAsm(*G.F, ModuleHash, FunctionIndex, B), "",
        /*hasSideEffects=*/true);
    CallInst::Create(Marker, "", Start);
  }
}

} // namespace ss
