// Compat.h -- the few LLVM API differences between the LLVM 14 baseline and
// newer releases (19 is the other one we build against).  Everything that
// differs lives here so the rest of the pass reads as plain LLVM.
#ifndef SS_PASS_COMPAT_H
#define SS_PASS_COMPAT_H

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Type.h"
#include "llvm/ADT/StringRef.h"
#if LLVM_VERSION_MAJOR >= 17
#include "llvm/TargetParser/Triple.h"
#else
#include "llvm/ADT/Triple.h"
#endif
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

namespace ss {

// A generic data pointer: i8* under LLVM 14's typed pointers, `ptr` once
// pointers are opaque.
inline llvm::PointerType *bytePtrTy(llvm::LLVMContext &Ctx) {
#if LLVM_VERSION_MAJOR >= 15
  return llvm::PointerType::getUnqual(Ctx);
#else
  return llvm::Type::getInt8PtrTy(Ctx);
#endif
}

// StringRef::startswith became starts_with in LLVM 16.
inline bool startsWith(llvm::StringRef S, llvm::StringRef Prefix) {
  return S.size() >= Prefix.size() && S.take_front(Prefix.size()) == Prefix;
}

// Run a callback at the very end of the optimization pipeline, at every -O
// level.  LLVM 20 added the LTO phase to the callback's signature.
template <typename Fn>
void atOptimizerLast(llvm::PassBuilder &PB, Fn Callback) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [Callback](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level,
                 llvm::ThinOrFullLTOPhase) { Callback(MPM, Level); });
#else
  PB.registerOptimizerLastEPCallback(
      [Callback](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level) {
        Callback(MPM, Level);
      });
#endif
}

// Run a callback at the start of the pipeline (before any optimization),
// at every -O level.
template <typename Fn>
void atPipelineStart(llvm::PassBuilder &PB, Fn Callback) {
  PB.registerPipelineStartEPCallback(
      [Callback](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level) {
        Callback(MPM, Level);
      });
}

// An instrumented function writes its counters and may call the runtime
// (which synchronizes, and may call the function again from the start), so
// attributes that promise otherwise are dropped.  LLVM 16 folded the memory
// attributes into one `memory(...)` attribute.
inline void dropPromisesInstrumentationBreaks(llvm::Function &F) {
#if LLVM_VERSION_MAJOR >= 16
  F.setMemoryEffects(llvm::MemoryEffects::unknown());
#else
  for (llvm::Attribute::AttrKind K :
       {llvm::Attribute::ReadNone, llvm::Attribute::ReadOnly,
        llvm::Attribute::WriteOnly, llvm::Attribute::ArgMemOnly,
        llvm::Attribute::InaccessibleMemOnly,
        llvm::Attribute::InaccessibleMemOrArgMemOnly})
    F.removeFnAttr(K);
#endif
  F.removeFnAttr(llvm::Attribute::NoSync);
  F.removeFnAttr(llvm::Attribute::NoRecurse);
}

// Whether to use the preserve_all calling convention for the cold call:
// x86-64 implements it in every LLVM we build against; other targets keep
// the C convention (a target that ignored it would miscompile callers).
inline bool hasPreserveAll(const llvm::Module &M) {
  return llvm::Triple(M.getTargetTriple()).getArch() == llvm::Triple::x86_64;
}

// Whether S can be expanded before At: LLVM 15 made the free function a
// member of the expander.
inline bool safeToExpandAt(const llvm::SCEVExpander &Expander,
                           const llvm::SCEV *S, const llvm::Instruction *At,
                           llvm::ScalarEvolution &SE) {
#if LLVM_VERSION_MAJOR >= 15
  (void)SE;
  return Expander.isSafeToExpandAt(S, At);
#else
  (void)Expander;
  return llvm::isSafeToExpandAt(S, At, SE);
#endif
}

// Whether the code generator weighs the cost of a branch's second
// condition before it splits `a && b` into two branches (LLVM 18 on;
// pass/SplitConditions.h).
constexpr bool codegenWeighsSecondCondition() {
  return LLVM_VERSION_MAJOR >= 18;
}

} // namespace ss

#endif
