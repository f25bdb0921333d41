// SSPass.cpp -- the pass plugin: instrument every function of a module for
// exact block, edge and call counts, after the optimizer has run.
//
// Per module it emits (all private):
//   __ss_counters   [N + 9M x i64]  the counters of the first thread to count:
//                                   N edge counters, 9 per indirect-call site
//   __ss_thread_counters  i64*      thread_local: this thread's counters
//   __ss_thread_counts [N + 9M x i64]  thread_local, in an executable
//                                   only: the counters themselves (then
//                                   the pointer above only says whether
//                                   the runtime knows this thread's copy)
//   ss.thread_counters()            asks the runtime for a thread's counters
//   ss.indirect_call(site, callee, counts)  the same for an indirect call's
//                                   target not in slot 0 (both preserve_all)
//   __ss_sites      [M x [8 x i64]] indirect-call targets, shared
//   __ss_functions  [F x ptr]       the instrumented functions' addresses
//   __ss_descriptor [D x i8]        the static descriptor blob (packed)
//   __ss_module     struct ss_module, registered by a constructor
// and, in each counted block, a marker recording in .ss_blockmap where its
// code landed (MachineCodeMap.h).
//
// With -ss-callers (sscc -fss-callers) it first copies callees into their
// callers (CallerCopies.h).
//
// With -ss-remarks (sscc -fss-remarks) it also collects the remarks of the
// loop optimizations from the start of the pipeline and, at its end,
// prints one #<swps>/#<swpf> line per loop and puts them in the descriptor
// (Remarks.h); with -ss-counts=false (-fss-remarks alone) it does only that.
#include "Compat.h"
#include "CallerCopies.h"
#include "CounterPromotion.h"
#include "Descriptor.h"
#include "EntryMarkers.h"
#include "FlowGraph.h"
#include "Instrumenter.h"
#include "MachineCodeMap.h"
#include "PointerReload.h"
#include "Remarks.h"
#include "SpanningTree.h"
#include "SplitConditions.h"
#include "TailCalls.h"
#include "crc32.h"

#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>

using namespace llvm;

// The plugin's options.  sscc loads the plugin with -fplugin too, so that
// it is loaded before clang parses -mllvm, and passes them to the compiler
// proper only (-Xclang -mllvm -Xclang ...): the assembler of a .S file
// would not know them.
static cl::opt<bool> CollectRemarks(
    "ss-remarks", cl::init(false), cl::Hidden,
    cl::desc("sscc -fss-remarks: print what the loop optimizations did to "
             "every loop (#<swps>/#<swpf> lines) and keep it in the module "
             "descriptor"));
static cl::opt<bool> InstrumentCounts(
    "ss-counts", cl::init(true), cl::Hidden,
    cl::desc("sscc -fss-ideal: instrument for block, edge and call counts "
             "(off for -fss-remarks alone)"));

static cl::opt<bool> SplitConditions(
    "ss-split-conditions", cl::init(true), cl::Hidden,
    cl::desc("make branches on a && b, a || b the chains of branches the "
             "code generator would make, before counting "
             "(SplitConditions.h)"));

namespace {

constexpr const char *ModuleGlobalName = "__ss_module";
constexpr int ConstructorPriority = 101;

bool shouldInstrument(const Function &F) {
  if (F.isDeclaration() || F.hasAvailableExternallyLinkage())
    return false;
  if (F.hasFnAttribute(Attribute::Naked))
    return false;
  if (ss::startsWith(F.getName(), "__ssrt_") ||
      ss::startsWith(F.getName(), "ss."))
    return false;
  return true;
}

// Whether M's code can only end up in an executable (-fPIE, or no PIC at
// all), never in a shared library: only there may thread-local data be
// local-exec, and only there does the C library give every thread its
// static TLS from the start.
bool linkedIntoExecutable(const Module &M) {
  return Triple(M.getTargetTriple()).isOSBinFormatELF() &&
         (M.getPIELevel() != PIELevel::Default ||
          M.getPICLevel() == PICLevel::NotPIC);
}

std::pair<std::string, std::string> moduleSource(Module &M) {
  for (DICompileUnit *CU : M.debug_compile_units())
    return {CU->getFilename().str(), CU->getDirectory().str()};
  return {M.getSourceFileName(), std::string()};
}

class InstrumentModule {
public:
  InstrumentModule(Module &M, ModuleAnalysisManager &MAM,
                   const ss::RemarkSummary *Remarks)
      : M(M), Ctx(M.getContext()),
        FAM(MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager()),
        Remarks(Remarks) {}

  bool run() {
    if (M.getNamedGlobal(ModuleGlobalName))
      return false; // already instrumented (e.g. the pipeline ran twice)
    CountsInStaticTLS = linkedIntoExecutable(M);
    ss::copyCalleesIntoCallers(M, FAM, shouldInstrument); // -ss-callers
    analyse();
    if (Functions.empty())
      return false;
    createGlobals();
    instrument();
    emitModuleRecord();
    return true;
  }

private:
  Module &M;
  LLVMContext &Ctx;
  FunctionAnalysisManager &FAM;
  const ss::RemarkSummary *Remarks; // -fss-remarks, else null
  std::vector<ss::InstrumentedFunction> Functions;
  std::vector<uint32_t> CounterBase;
  uint32_t NumCounters = 0;
  uint32_t NumIndirectSites = 0;
  bool CountsInStaticTLS = false;
  ss::ModuleGlobals Globals;
  StructType *ModuleTy = nullptr;
  GlobalVariable *ModuleRecord = nullptr;

  // Build every graph and choose its counters before touching the IR.
  void analyse() {
    ss::MarkedFunctions Marked = ss::markedFunctions(M);
    for (Function &F : M) {
      if (!shouldInstrument(F)) {
        ss::dropEntryMarkers(F);
        continue;
      }
      if (SplitConditions &&
          ss::splitBranchConditions(
              F, FAM.getResult<BranchProbabilityAnalysis>(F),
              FAM.getResult<TargetIRAnalysis>(F)))
        FAM.invalidate(F, PreservedAnalyses::none());
      if (ss::returnAfterTailCalls(F))
        FAM.invalidate(F, PreservedAnalyses::none());
      std::vector<ss::FoundEntry> Entries =
          ss::takeEntryMarkers(F, Marked, FAM.getResult<LoopAnalysis>(F));
      auto &BFI = FAM.getResult<BlockFrequencyAnalysis>(F);
      auto &BPI = FAM.getResult<BranchProbabilityAnalysis>(F);
      auto &LI = FAM.getResult<LoopAnalysis>(F);
      ss::InstrumentedFunction IF;
      // Scalar evolution only for a function with loops, when first asked.
      IF.Graph = ss::buildFlowGraph(F, BFI, BPI, LI, [&](Loop &L) {
        return ss::iterationsKnownAtExits(
            L, FAM.getResult<ScalarEvolutionAnalysis>(F));
      });
      for (ss::FlowCallSite &C : IF.Graph.Calls)
        C.InlinedFrom = ss::inlinedFrom(C.Call->getDebugLoc(), Marked);
      for (ss::FoundEntry &E : Entries) {
        uint32_t Block =
            E.Position ? ss::blockHolding(IF.Graph, E.Position) : SS_NONE;
        E.Position = nullptr;
        IF.Entries.emplace_back(Block, std::move(E));
      }
      IF.Graph.EntryTest = ss::mayEnterModule(F, shouldInstrument);
      ss::CounterChoice Choice = ss::chooseCounters(IF.Graph);
      if (!CountsInStaticTLS && IF.Graph.EntryTest &&
          ss::restartsByTailCall(F))
        IF.Graph.RestartCounter = Choice.NumCounters++;
      CounterBase.push_back(NumCounters);
      NumCounters += Choice.NumCounters;
      for (const ss::FlowCallSite &C : IF.Graph.Calls)
        if (C.Callee.empty())
          ++NumIndirectSites;
      Functions.push_back(std::move(IF));
      // The analyses have served: the graph holds what the pass needs of
      // them.  Kept for every function of the module, they would be a
      // quarter of what the pass adds to the compile's peak memory
      // (sqlite3.c: 35 MB of block frequencies, branch probabilities and
      // loops); what needs them later computes its own.
      FAM.clear(F, F.getName());
    }
  }

  void createGlobals() {
    Type *I64 = Type::getInt64Ty(Ctx);
    uint32_t Words = NumCounters + NumIndirectSites * SS_INDIRECT_COUNTS;
    auto *CountersTy = ArrayType::get(I64, std::max(Words, 1u));
    Globals.Counters = new GlobalVariable(
        M, CountersTy, false, GlobalValue::PrivateLinkage,
        Constant::getNullValue(CountersTy), "__ss_counters");
    Globals.Counters->setAlignment(Align(64));
    Globals.NumEdgeCounters = NumCounters;
    if (CountsInStaticTLS) { // see createThreadCounters
      auto *PerThread = new GlobalVariable(
          M, CountersTy, false, GlobalValue::PrivateLinkage,
          Constant::getNullValue(CountersTy), "__ss_thread_counts", nullptr,
          GlobalValue::LocalExecTLSModel);
      PerThread->setAlignment(Align(8));
      Globals.StaticTLSCounters =
          firstElement(PerThread, PointerType::getUnqual(I64));
    }

    auto *TargetsTy = ArrayType::get(I64, SS_INDIRECT_SLOTS);
    auto *SitesTy = ArrayType::get(TargetsTy, std::max(NumIndirectSites, 1u));
    Globals.IndirectTargets = new GlobalVariable(
        M, SitesTy, false, GlobalValue::PrivateLinkage,
        Constant::getNullValue(SitesTy), "__ss_sites");
    Globals.IndirectTargets->setAlignment(Align(64));

    Type *Ptr = ss::bytePtrTy(Ctx);
    AttributeList NoUnwind = AttributeList::get(
        Ctx, AttributeList::FunctionIndex, {Attribute::NoUnwind});
    // On x86-64 the runtime's entry keeps every register itself and does
    // the common case of an interpreter's dispatch in registers
    // (rt/counting/indirect_call_regs.c), so the thunk saves none around
    // it: called through the GOT, since the dynamic linker's lazy binding
    // changes r10.
    bool RegsEntry = ss::hasPreserveAll(M);
    FunctionCallee IndirectRuntime = M.getOrInsertFunction(
        RegsEntry ? "__ssrt_indirect_call_regs" : "__ssrt_indirect_call",
        NoUnwind, Type::getVoidTy(Ctx), Ptr, Ptr, PointerType::getUnqual(I64));
    if (auto *F = dyn_cast<Function>(IndirectRuntime.getCallee());
        F && RegsEntry) {
      F->setCallingConv(CallingConv::PreserveAll);
      F->addFnAttr(Attribute::NonLazyBind);
    }
    // With counters in static TLS the code passes the counts' index (the
    // thunk finds the running thread's copy), else their address.
    Globals.IndirectHook = coldThunk(
        "ss.indirect_call", IndirectRuntime, {},
        {Ptr, Ptr, CountsInStaticTLS ? I64 : PointerType::getUnqual(I64)},
        /*LastIndexesStaticTLS=*/CountsInStaticTLS);

    // Mirrors struct ss_module in include/ss/format.h; filled in last.
    Type *I32 = Type::getInt32Ty(Ctx);
    ModuleTy = StructType::get(
        Ctx, {I32, I32, Ptr, Ptr, I64, I32, I32, Ptr, Ptr, Ptr, I64, Ptr, I64});
    ModuleRecord = new GlobalVariable(M, ModuleTy, false,
                                      GlobalValue::PrivateLinkage, nullptr,
                                      ModuleGlobalName);
    ModuleRecord->setAlignment(Align(8));
    createThreadCounters();
  }

  // The thread-local pointer to the running thread's counters, and the
  // cold function that asks the runtime for them.  Initial-exec TLS: one
  // load from the thread pointer (the linker relaxes it to local-exec in
  // executables); a dlopen'ed object takes 8 bytes of the C library's
  // reserve of static TLS.
  //
  // In an executable the counters themselves are thread-local (local-exec:
  // every thread has them at the same constant offset from its thread
  // pointer), so an update is one instruction on a constant address
  // (`addq $1, %fs:OFF`) and the program keeps every register.  The
  // pointer then only tells whether the runtime knows the thread's copy
  // yet: it sums the copies of the threads alive and takes in a thread's
  // counts when it ends.
  void createThreadCounters() {
    auto *CountsPtr = PointerType::getUnqual(Type::getInt64Ty(Ctx));
    Globals.ThreadCounters = new GlobalVariable(
        M, CountsPtr, false, GlobalValue::PrivateLinkage,
        Constant::getNullValue(CountsPtr), "__ss_thread_counters", nullptr,
        CountsInStaticTLS ? GlobalValue::LocalExecTLSModel
                          : GlobalValue::InitialExecTLSModel);
    Globals.ThreadCounters->setAlignment(Align(8));

    std::vector<Value *> Fixed = {asBytePtr(ModuleRecord),
                                  Globals.ThreadCounters};
    std::vector<Type *> RuntimeParams = {ss::bytePtrTy(Ctx),
                                         PointerType::getUnqual(CountsPtr)};
    StringRef RuntimeName = "__ssrt_thread_counters";
    if (CountsInStaticTLS) {
      Fixed.push_back(Globals.StaticTLSCounters);
      RuntimeParams.push_back(CountsPtr);
      RuntimeName = "__ssrt_thread_counters_tls";
    }
    FunctionCallee Runtime = M.getOrInsertFunction(
        RuntimeName, FunctionType::get(CountsPtr, RuntimeParams, false));
    Globals.ClaimCounters =
        coldThunk("ss.thread_counters", Runtime, Fixed, {});
  }

  // A cold module function that calls the runtime's Runtime with Fixed
  // followed by its own parameters (of types Params).  Instrumented code
  // calls it on rare paths in every instrumented function (a thread's
  // first call, an indirect call to a target not seen first).  With the C
  // convention such a call clobbers the caller-saved registers, so even a
  // small leaf function would save registers and set up a frame on every
  // call just for it, and keep the values it needs after the call in
  // callee-saved registers.  preserve_all keeps every register, and the
  // thunk saves what the C call inside clobbers, on the rare path only
  // (nothing when Runtime keeps them itself: its convention is taken).
  // (It returns nothing: LLVM 14 restores the return register too.)
  // With LastIndexesStaticTLS its last parameter is an index into the
  // running thread's counters in static TLS, passed on as that counter's
  // address.
  Function *coldThunk(StringRef Name, FunctionCallee Runtime,
                      ArrayRef<Value *> Fixed, ArrayRef<Type *> Params,
                      bool LastIndexesStaticTLS = false) {
    Function *Thunk = Function::Create(
        FunctionType::get(Type::getVoidTy(Ctx), Params, false),
        GlobalValue::InternalLinkage, Name, M);
    Thunk->addFnAttr(Attribute::NoInline);
    Thunk->addFnAttr(Attribute::Cold);
    Thunk->addFnAttr(Attribute::NoUnwind);
    if (ss::hasPreserveAll(M))
      Thunk->setCallingConv(CallingConv::PreserveAll);
    IRBuilder<> B(BasicBlock::Create(Ctx, "", Thunk));
    SmallVector<Value *, 4> Args(Fixed.begin(), Fixed.end());
    for (Argument &A : Thunk->args())
      Args.push_back(&A);
    if (LastIndexesStaticTLS)
      Args.back() = B.CreateInBoundsGEP(B.getInt64Ty(),
                                        Globals.StaticTLSCounters, Args.back());
    CallInst *Call = B.CreateCall(Runtime, Args);
    if (auto *F = dyn_cast<Function>(Runtime.getCallee()))
      Call->setCallingConv(F->getCallingConv());
    B.CreateRetVoid();
    return Thunk;
  }

  void instrument() {
    uint32_t Site = 0;
    for (size_t I = 0; I < Functions.size(); ++I) {
      ss::InstrumentedFunction &IF = Functions[I];
      auto Original = ss::snapshotInstructions(*IF.Graph.F);
      ss::dropPromisesInstrumentationBreaks(*IF.Graph.F);
      ss::PlacedCounters Placed =
          ss::placeCounters(IF.Graph, Globals, CounterBase[I]);
      Site += ss::placeIndirectCounts(IF.Graph, Globals, Placed, Site,
                                      IF.SiteOfCall);
      const TargetTransformInfo &TTI =
          FAM.getResult<TargetIRAnalysis>(*IF.Graph.F);
      DenseMap<const BasicBlock *, DebugLoc> LoopStarts;
      for (const ss::FlowLoop &L : IF.Graph.Loops)
        LoopStarts[IF.Graph.Blocks[L.Header].BB] = L.Start;
      auto Removed = ss::promoteCountersInLoops(
          *IF.Graph.F, Placed.Updates,
          TTI.getNumberOfRegisters(TTI.getRegisterClassForType(false)),
          LoopStarts);
      if (!CountsInStaticTLS) // an update then needs no pointer
        ss::reloadCountersAfterCalls(*IF.Graph.F, Placed.Counts,
                                     Globals.ThreadCounters);
      // Emptied latches removed: no block of their own any more, so no
      // marker (the pointers would dangle).
      for (ss::FlowEdge &E : IF.Graph.Edges)
        if (std::find(Removed.begin(), Removed.end(), E.Landing) != Removed.end())
          E.Landing = nullptr;
      for (ss::FlowBlock &B : IF.Graph.Blocks)
        if (std::find(Removed.begin(), Removed.end(), B.BB) != Removed.end()) {
          B.BB = nullptr;
          B.Start = nullptr;
        }
      ss::markInstrumentation(*IF.Graph.F, Original);
    }
  }

  Constant *asBytePtr(Constant *C) {
    return ConstantExpr::getPointerCast(C, ss::bytePtrTy(Ctx));
  }

  Constant *firstElement(GlobalVariable *GV, Type *As = nullptr) {
    Constant *Zero = ConstantInt::get(Type::getInt64Ty(Ctx), 0);
    Constant *Idx[] = {Zero, Zero};
    return ConstantExpr::getPointerCast(
        ConstantExpr::getInBoundsGetElementPtr(GV->getValueType(), GV, Idx),
        As ? As : ss::bytePtrTy(Ctx));
  }

  void emitModuleRecord() {
    auto [Name, Dir] = moduleSource(M);
    static const std::vector<ss::LoopRemark> NoRemarks;
    std::vector<uint8_t> Blob = ss::buildDescriptor(
        Name, Dir, Functions, NumCounters, NumIndirectSites,
        Remarks ? Remarks->Loops : NoRemarks);
    uint64_t ModuleHash = 0; // ss_desc_header.module_hash, little-endian
    for (int B = 7; B >= 0; --B)
      ModuleHash = ModuleHash << 8 | Blob[offsetof(ss_desc_header, module_hash) + B];
    for (uint32_t I = 0; I < Functions.size(); ++I)
      ss::insertBlockMarkers(Functions[I].Graph, ModuleHash, I);
    Blob = ss::packDescriptor(Blob);
    Constant *BlobInit = ConstantDataArray::get(Ctx, Blob);
    auto *Descriptor = new GlobalVariable(M, BlobInit->getType(), true,
                                          GlobalValue::PrivateLinkage,
                                          BlobInit, "__ss_descriptor");
    Descriptor->setAlignment(Align(8));

    Type *Ptr = ss::bytePtrTy(Ctx);
    std::vector<Constant *> Addrs;
    for (const ss::InstrumentedFunction &IF : Functions)
      // A COMDAT function's copy here may be discarded: its address is
      // the copy that prevails.
      Addrs.push_back(asBytePtr(IF.Graph.F->hasComdat()
                                    ? IF.Graph.F
                                    : ss::ownCopy(*IF.Graph.F)));
    auto *AddrsTy = ArrayType::get(Ptr, Addrs.size());
    auto *FunctionTable = new GlobalVariable(
        M, AddrsTy, true, GlobalValue::PrivateLinkage,
        ConstantArray::get(AddrsTy, Addrs), "__ss_functions");

    Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
    Constant *Fields[] = {
        ConstantInt::get(I32, SS_MODULE_ABI),
        ConstantInt::get(I32, NumCounters),
        firstElement(Globals.Counters),
        firstElement(Descriptor),
        ConstantInt::get(I64, Blob.size()),
        ConstantInt::get(I32, Functions.size()),
        ConstantInt::get(I32, NumIndirectSites),
        firstElement(FunctionTable),
        firstElement(Globals.IndirectTargets),
        Constant::getNullValue(Ptr),
        ConstantInt::get(I64, 0),
        Constant::getNullValue(Ptr),
        ConstantInt::get(I64, ss_crc32(0, Blob.data(), Blob.size()))};
    GlobalVariable *Record = ModuleRecord;
    Record->setInitializer(ConstantStruct::get(ModuleTy, Fields));

    appendToGlobalCtors(M, makeRuntimeCall("ss.register_module",
                                           "__ssrt_register_module", Record),
                        ConstructorPriority);
    appendToGlobalDtors(M, makeRuntimeCall("ss.unregister_module",
                                           "__ssrt_unregister_module", Record),
                        ConstructorPriority);
  }

  // An internal `void f(void)` that calls `Runtime(&__ss_module)`.
  Function *makeRuntimeCall(StringRef Name, StringRef Runtime,
                            GlobalVariable *Record) {
    Type *Ptr = ss::bytePtrTy(Ctx);
    FunctionCallee Callee =
        M.getOrInsertFunction(Runtime, Type::getVoidTy(Ctx), Ptr);
    auto *Fn = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                GlobalValue::InternalLinkage, Name, M);
    IRBuilder<> B(BasicBlock::Create(Ctx, "", Fn));
    B.CreateCall(Callee, {asBytePtr(Record)});
    B.CreateRetVoid();
    return Fn;
  }
};

struct SSInstrumentPass : PassInfoMixin<SSInstrumentPass> {
  explicit SSInstrumentPass(std::shared_ptr<ss::RemarkSummary> Remarks)
      : Remarks(std::move(Remarks)) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    return InstrumentModule(M, MAM, Remarks.get()).run()
               ? PreservedAnalyses::none()
               : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; } // also at -O0 (optnone)
  std::shared_ptr<ss::RemarkSummary> Remarks;
};

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default"))) PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "SSPass", "0.1", [](PassBuilder &PB) {
            ss::atPipelineStart(PB, [](ModulePassManager &MPM,
                                       OptimizationLevel) {
              if (InstrumentCounts)
                MPM.addPass(ss::EntryMarkerPass());
              if (CollectRemarks)
                MPM.addPass(ss::RemarkCapturePass());
            });
            ss::atOptimizerLast(PB, [](ModulePassManager &MPM,
                                       OptimizationLevel) {
              std::shared_ptr<ss::RemarkSummary> Remarks;
              if (CollectRemarks) {
                Remarks = std::make_shared<ss::RemarkSummary>();
                MPM.addPass(ss::RemarkSummaryPass(Remarks));
              }
              if (InstrumentCounts)
                MPM.addPass(SSInstrumentPass(Remarks));
            });
          }};
}
