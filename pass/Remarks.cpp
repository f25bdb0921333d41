// Remarks.cpp -- see Remarks.h.
#include "Remarks.h"
#include "Compat.h"
#include "FlowGraph.h"

#include "ss/format.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

using namespace llvm;

namespace ss {

namespace {

// ---------------------------------------------------------------------
// Which remarks are collected.

// The passes whose remarks say what happened to a loop.  The machine
// pipeliner ("pipeliner") runs in the code generator, after the others.
constexpr const char *LoopPasses[] = {
    "loop-vectorize",   "loop-unroll",  "loop-unroll-and-jam",
    "loop-interchange", "loop-distribute", "loop-fusion",
    "licm",             "slp-vectorizer",  "loop-idiom",
    "loop-delete",      "loop-flatten",    "pipeliner"};

bool isLoopPass(StringRef Pass) {
  for (const char *P : LoopPasses)
    if (Pass == P)
      return true;
  return false;
}

// Passes whose remarks are located at the loop and whose code region is
// the loop's header (Loop::getStartLoc(), Loop::getHeader()); the others
// (licm, slp-vectorizer, loop-idiom) point at an instruction in the loop.
bool remarksNameTheHeader(StringRef Pass) {
  return Pass == "loop-vectorize" || Pass.empty() || Pass == "loop-unroll" ||
         Pass == "loop-unroll-and-jam" || Pass == "loop-interchange" ||
         Pass == "loop-distribute" || Pass == "loop-delete" ||
         Pass == "loop-flatten";
}

// ---------------------------------------------------------------------
// Loops, by their start location.

struct LoopKey {
  std::string Path; // DiagnosticLocation::getAbsolutePath()
  unsigned Line = 0, Column = 0;
  bool operator<(const LoopKey &O) const {
    return std::tie(Path, Line, Column) < std::tie(O.Path, O.Line, O.Column);
  }
};

// A loop of the source as clang's loop metadata describes it: from its
// `for`/`while`/`do` to the end of its body.
struct LoopRange {
  LoopKey Start;
  unsigned EndLine = 0, EndColumn = 0; // 0: only the start is known
  std::string ShownFile, DescFile;
  bool contains(const LoopKey &K) const {
    if (!EndLine || K.Path != Start.Path)
      return false;
    auto Pos = std::make_pair(K.Line, K.Column);
    return std::make_pair(Start.Line, Start.Column) <= Pos &&
           Pos <= std::make_pair(EndLine, EndColumn);
  }
  // Ranges nest; the innermost is the smallest.
  std::pair<unsigned, unsigned> extent() const {
    return {EndLine - Start.Line,
            EndLine == Start.Line ? EndColumn - Start.Column : EndColumn};
  }
};

LoopKey keyOf(const DiagnosticLocation &L) {
  return LoopKey{L.getAbsolutePath(), L.getLine(), L.getColumn()};
}

// The start and end locations of a loop ID (!llvm.loop !{self, start, end,
// properties...}); false when it has none.
bool rangeOfLoopID(const MDNode *ID, LoopRange &R) {
  const DILocation *Start = nullptr, *End = nullptr;
  for (unsigned I = 1; I < ID->getNumOperands(); ++I)
    if (auto *L = dyn_cast_or_null<DILocation>(ID->getOperand(I).get())) {
      if (!Start)
        Start = L;
      else if (!End)
        End = L;
    }
  if (!Start || Start->getLine() == 0)
    return false;
  DiagnosticLocation SL{DebugLoc(Start)};
  R.Start = keyOf(SL);
  if (End && End->getFilename() == Start->getFilename() &&
      End->getDirectory() == Start->getDirectory()) {
    R.EndLine = End->getLine();
    R.EndColumn = End->getColumn();
  }
  R.ShownFile = Start->getFilename().str();
  R.DescFile = sourceLineOf(DebugLoc(Start)).File;
  return true;
}

// ---------------------------------------------------------------------
// One remark, as recorded.

enum class RemarkKind { Passed, Missed, Analysis, FPCommute, Aliasing, Failure };

struct Record {
  std::string Pass, Name, Message;
  RemarkKind Kind = RemarkKind::Passed;
  std::map<std::string, std::string> Args;
};

// ---------------------------------------------------------------------
// The collector: a diagnostic handler chained in front of clang's.

class RemarkCollector;

std::mutex RegistryLock;
std::map<const LLVMContext *, RemarkCollector *> Registry;

// LLVM 17+ handlers carry HasErrors; keep the wrapped one's in step.
template <typename H>
auto noteError(H &Handler, int) -> decltype(Handler.HasErrors = true, void()) {
  Handler.HasErrors = true;
}
template <typename H> void noteError(H &, long) {}

class RemarkCollector final : public DiagnosticHandler {
public:
  RemarkCollector(LLVMContext &Ctx, std::unique_ptr<DiagnosticHandler> W)
      : Ctx(Ctx), Wrapped(std::move(W)) {
    if (!Wrapped)
      Wrapped = std::make_unique<DiagnosticHandler>();
    // LLVMContext::getDiagnosticContext() and getDiagnosticHandlerCallBack()
    // read these from whichever handler is installed.
    DiagnosticContext = Wrapped->DiagnosticContext;
    DiagHandlerCallback = Wrapped->DiagHandlerCallback;
    // Saying "enabled" for a pass lets it do extra analysis: the vectorizer
    // then goes on after the first reason not to vectorize and reports all
    // of them, as it does for -Rpass-analysis=loop-vectorize.  Its remarks
    // about loops that a pragma forces are printed whatever the pass (as
    // "AlwaysPrint") once any remark is asked for; if clang was asked for
    // some remarks but not the vectorizer's, the extra analysis would add
    // lines to what it prints, so the vectorizer is then left as it is
    // (and reports its first reason only).
    PlainVectorizer = Wrapped->isAnyRemarkEnabled() &&
                      !Wrapped->isAnyRemarkEnabled("loop-vectorize");
    std::lock_guard<std::mutex> G(RegistryLock);
    Registry[&Ctx] = this;
  }

  ~RemarkCollector() override {
    {
      std::lock_guard<std::mutex> G(RegistryLock);
      auto It = Registry.find(&Ctx);
      if (It != Registry.end() && It->second == this)
        Registry.erase(It);
    }
    printLate();
  }

  static RemarkCollector *of(const LLVMContext &Ctx) {
    std::lock_guard<std::mutex> G(RegistryLock);
    auto It = Registry.find(&Ctx);
    if (It == Registry.end() || Ctx.getDiagHandlerPtr() != It->second)
      return nullptr; // someone installed another handler since
    return It->second;
  }

  // A module starts down the pipeline: its loop ranges, from its loop
  // metadata (before the optimizer, while every source loop has its ID).
  void beginModule(const Module &M) {
    Summarised = false;
    Live.clear();
    for (const Function &F : M)
      for (const BasicBlock &BB : F)
        if (const Instruction *T = BB.getTerminator())
          if (const MDNode *ID = T->getMetadata(LLVMContext::MD_loop))
            addLoopID(ID);
  }

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() == DS_Error)
      noteError(*Wrapped, 0);
    auto *R = dyn_cast<DiagnosticInfoOptimizationBase>(&DI);
    if (!R)
      return Wrapped->handleDiagnostics(DI);
    StringRef Pass = R->getPassName();
    if (isLoopPass(Pass) || (Pass.empty() && R->isAnalysis()))
      record(*R);
    // Hand on only what the wrapped handler asked for itself, so that its
    // output is what it is without the collector.
    bool Wanted = true;
    if (R->isPassed())
      Wanted = Wrapped->isPassedOptRemarkEnabled(Pass);
    else if (R->isMissed())
      Wanted = Wrapped->isMissedOptRemarkEnabled(Pass);
    else if (R->isAnalysis())
      Wanted = Pass.empty() ? Wrapped->isAnyRemarkEnabled() // AlwaysPrint
                            : Wrapped->isAnalysisRemarkEnabled(Pass);
    // (anything else, e.g. an OptimizationFailure warning, always goes on)
    if (!Wanted)
      return true;
    return Wrapped->handleDiagnostics(DI);
  }

  bool isAnalysisRemarkEnabled(StringRef Pass) const override {
    return enables(Pass) || Wrapped->isAnalysisRemarkEnabled(Pass);
  }
  bool isMissedOptRemarkEnabled(StringRef Pass) const override {
    return enables(Pass) || Wrapped->isMissedOptRemarkEnabled(Pass);
  }
  bool isPassedOptRemarkEnabled(StringRef Pass) const override {
    return enables(Pass) || Wrapped->isPassedOptRemarkEnabled(Pass);
  }
  bool isAnyRemarkEnabled() const override { return true; }

  // End of the optimizer: the summary of every loop with remarks, in
  // source order (main file first).  Remarks that come later (the machine
  // pipeliner's) are kept apart for printLate().
  std::vector<LoopRemark> summarise(const Module &M, StringRef MainFile);

private:
  LLVMContext &Ctx;
  std::unique_ptr<DiagnosticHandler> Wrapped;
  bool PlainVectorizer = false;

  // Every remark is built and handed to the collector anyway (it says
  // isAnyRemarkEnabled()); these answers are what passes ask before
  // extra analysis.
  bool enables(StringRef Pass) const {
    return isLoopPass(Pass) && !(PlainVectorizer && Pass == "loop-vectorize");
  }
  std::map<LoopKey, LoopRange> Ranges;
  std::map<LoopKey, std::vector<Record>> ByLoop, Late;
  std::set<LoopKey> Live; // loops still in the module after the optimizer
  bool Summarised = false;
  std::string MainFile;

  const LoopRange *addLoopID(const MDNode *ID) {
    LoopRange R;
    if (!rangeOfLoopID(ID, R))
      return nullptr;
    auto Ins = Ranges.emplace(R.Start, R);
    LoopRange &Known = Ins.first->second;
    if (!Known.EndLine && R.EndLine) {
      Known.EndLine = R.EndLine;
      Known.EndColumn = R.EndColumn;
    }
    return &Known;
  }

  // The loops whose latch branches to BB (BB is their header).
  std::vector<const LoopRange *> loopsHeadedBy(const BasicBlock &BB) {
    std::vector<const LoopRange *> Found;
    for (const User *U : BB.users())
      if (auto *T = dyn_cast<Instruction>(U))
        if (T->isTerminator())
          if (const MDNode *ID = T->getMetadata(LLVMContext::MD_loop))
            if (const LoopRange *R = addLoopID(ID))
              if (std::find(Found.begin(), Found.end(), R) == Found.end())
                Found.push_back(R);
    return Found;
  }

  // Which loop a remark is about: the loop starting at its location; for
  // the passes that name the loop's header, the loop that header heads
  // (their remarks may point at an instruction, perhaps inlined from
  // elsewhere); else the innermost loop whose source holds the location.
  const LoopRange *loopOf(const DiagnosticInfoOptimizationBase &R) {
    DiagnosticLocation DL = R.getLocation();
    LoopKey K;
    if (DL.isValid() && DL.getLine()) {
      K = keyOf(DL);
      auto It = Ranges.find(K);
      if (It != Ranges.end())
        return &It->second;
    }
    if (remarksNameTheHeader(R.getPassName()))
      if (auto *IR = dyn_cast<DiagnosticInfoIROptimization>(&R))
        if (auto *BB = dyn_cast_or_null<BasicBlock>(IR->getCodeRegion())) {
          std::vector<const LoopRange *> Heads = loopsHeadedBy(*BB);
          for (const LoopRange *H : Heads)
            if (K.Line && H->contains(K))
              return H;
          if (Heads.size() == 1)
            return Heads.front();
        }
    if (!K.Line)
      return nullptr;
    const LoopRange *Best = nullptr;
    for (const auto &E : Ranges)
      if (E.second.contains(K) &&
          (!Best || E.second.extent() < Best->extent()))
        Best = &E.second;
    return Best;
  }

  void record(const DiagnosticInfoOptimizationBase &R) {
    const LoopRange *L = loopOf(R);
    if (!L)
      return; // not about a loop of the source
    Record Rec;
    Rec.Pass = R.getPassName().str();
    Rec.Name = R.getRemarkName().str();
    Rec.Message = R.getMsg();
    // One line per loop: a message of several lines (LLVM 19's vectorizer
    // adds the dependence on a line of its own) becomes one.
    std::replace(Rec.Message.begin(), Rec.Message.end(), '\n', ' ');
    switch (R.getKind()) {
    case DK_OptimizationRemarkAnalysisFPCommute:
      Rec.Kind = RemarkKind::FPCommute;
      break;
    case DK_OptimizationRemarkAnalysisAliasing:
      Rec.Kind = RemarkKind::Aliasing;
      break;
    default:
      Rec.Kind = R.isPassed()   ? RemarkKind::Passed
                 : R.isMissed() ? RemarkKind::Missed
                 : R.isAnalysis() ? RemarkKind::Analysis
                                  : RemarkKind::Failure;
    }
    for (const DiagnosticInfoOptimizationBase::Argument &A : R.getArgs())
      if (A.Key != "String")
        Rec.Args[A.Key] = A.Val;
    (Summarised ? Late : ByLoop)[L->Start].push_back(std::move(Rec));
  }

  std::vector<LoopRemark>
  summariseAll(std::map<LoopKey, std::vector<Record>> &From);
  void printLate();
};

// ---------------------------------------------------------------------
// Summaries.

void addUnique(std::vector<std::string> &V, std::string S) {
  if (!S.empty() && std::find(V.begin(), V.end(), S) == V.end())
    V.push_back(std::move(S));
}

std::string withoutPrefix(const std::string &S, StringRef Prefix) {
  return startsWith(S, Prefix) ? S.substr(Prefix.size()) : S;
}

std::string withoutFinalPeriod(std::string S) {
  if (!S.empty() && S.back() == '.')
    S.pop_back();
  return S;
}

std::string lowerFirst(std::string S) {
  if (S.size() > 1 && S[0] >= 'A' && S[0] <= 'Z' && !(S[1] >= 'A' && S[1] <= 'Z'))
    S[0] = char(S[0] - 'A' + 'a');
  return S;
}

std::string arg(const Record &R, const char *Key) {
  auto It = R.Args.find(Key);
  return It == R.Args.end() ? std::string() : It->second;
}

std::string plural(unsigned N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

// clang appends these to the two kinds of analysis remarks (its
// remark_fe_backend_optimization_remark_analysis_{fpcommute,aliasing}).
constexpr const char *FPCommuteHint =
    "; allow reordering by specifying '#pragma clang loop vectorize(enable)' "
    "before the loop or by providing the compiler option '-ffast-math'.";
constexpr const char *AliasingHint =
    "; allow reordering by specifying '#pragma clang loop vectorize(enable)' "
    "before the loop. If the arrays will always be independent specify "
    "'#pragma clang loop vectorize(assume_safety)' before the loop or provide "
    "the '__restrict__' qualifier with the independent array arguments. "
    "Erroneous results will occur if these options are incorrectly applied!";

struct Facts {
  std::vector<std::string> Vectorized, Interleaved, VecReasons;
  bool VecFailed = false;
  std::vector<std::string> Unrolled, UnrollReasons;
  std::vector<std::string> Jammed, JamReasons;
  bool Interchanged = false;
  std::vector<std::string> InterchangeReasons;
  bool Distributed = false;
  std::vector<std::string> DistributeReasons;
  std::vector<std::string> Fused, FuseReasons;
  std::vector<std::string> Idioms, Deleted, Flattened;
  unsigned Hoisted = 0, Sunk = 0, Promoted = 0, SLP = 0;
  std::vector<std::string> Pipelined, PipelineReasons;
  std::string Schedule; // the pipeliner's last "Schedule found ..."
  bool PipelineFailed = false;
  uint32_t Flags = 0;
  // "a copy ": the loop is still there after the optimizer, so what was
  // completely unrolled or deleted was one of its copies (the scalar
  // remainder of a vectorized loop, a version made for some case).
  std::string Copy;

  void add(const Record &R);
  void addVectorizer(const Record &R);
  void addPipeliner(const Record &R);
};

void Facts::addVectorizer(const Record &R) {
  if (R.Kind == RemarkKind::Passed) {
    if (R.Name == "Vectorized") {
      std::string W = arg(R, "VectorizationFactor"),
                  IC = arg(R, "InterleaveCount");
      std::string S = "vectorized, width " + (W.empty() ? "?" : W);
      if (!IC.empty() && IC != "1")
        S += ", interleaved " + IC;
      addUnique(Vectorized, S);
      Flags |= SS_REMARKF_VECTORIZED;
    } else if (R.Name == "Interleaved") {
      addUnique(Interleaved, "interleaved " + arg(R, "InterleaveCount") +
                                 ", not vectorized");
      Flags |= SS_REMARKF_INTERLEAVED;
    } else {
      addUnique(Vectorized, withoutFinalPeriod(R.Message));
      Flags |= SS_REMARKF_VECTORIZED;
    }
    return;
  }
  if (R.Kind == RemarkKind::Failure)
    return; // clang's own warning says it; a missed remark says why
  // Interleaving decisions come with the vectorization ones; they are not
  // reasons why the loop was not vectorized.
  if (startsWith(R.Name, "Interleaving"))
    return;
  VecFailed = true;
  std::string Why = R.Message;
  if (startsWith(Why, "loop not vectorized")) {
    Why = Why.substr(strlen("loop not vectorized"));
    if (!startsWith(Why, ": "))
      return; // "loop not vectorized" alone, or with the loop's hints
    Why = Why.substr(2);
  }
  if (R.Kind == RemarkKind::FPCommute)
    Why += FPCommuteHint;
  else if (R.Kind == RemarkKind::Aliasing)
    Why += AliasingHint;
  addUnique(VecReasons, withoutFinalPeriod(Why));
}

void Facts::addPipeliner(const Record &R) {
  if (R.Kind == RemarkKind::Passed) {
    std::string S = "software pipelined";
    if (!Schedule.empty())
      S += ", " + Schedule;
    addUnique(Pipelined, S);
    return;
  }
  if (R.Kind == RemarkKind::Analysis &&
      startsWith(R.Message, "Schedule found")) {
    std::string II = arg(R, "II"), Stages = arg(R, "MaxStageCount");
    Schedule.clear();
    if (!II.empty())
      Schedule = "initiation interval " + II + " cycles";
    if (!Stages.empty()) {
      unsigned N = 0;
      if (!StringRef(Stages).getAsInteger(10, N))
        Schedule += (Schedule.empty() ? "" : ", ") +
                    plural(N + 1, "stage", "stages");
    }
    return;
  }
  if (R.Kind == RemarkKind::Missed &&
      startsWith(R.Message, "Failed to pipeline loop")) {
    PipelineFailed = true;
    return;
  }
  PipelineFailed = true;
  addUnique(PipelineReasons, lowerFirst(withoutFinalPeriod(R.Message)));
}

void Facts::add(const Record &R) {
  const std::string &P = R.Pass;
  bool Done = R.Kind == RemarkKind::Passed;
  if (P == "loop-vectorize" || P.empty()) {
    addVectorizer(R);
  } else if (P == "pipeliner") {
    addPipeliner(R);
  } else if (P == "loop-unroll") {
    if (!Done) {
      if (R.Kind != RemarkKind::Failure)
        addUnique(UnrollReasons, withoutFinalPeriod(R.Message));
      return;
    }
    std::string N = arg(R, "UnrollCount");
    if (R.Name == "FullyUnrolled")
      addUnique(Unrolled, Copy + "completely unrolled (" + N + " iterations)");
    else if (R.Name == "PartialUnrolled")
      addUnique(Unrolled, "unrolled " + N +
                              (StringRef(R.Message).contains("run-time trip count")
                                   ? " (run-time trip count)"
                                   : ""));
    else if (R.Name == "Peeled")
      addUnique(Unrolled, "peeled " + arg(R, "PeelCount"));
    else
      addUnique(Unrolled, lowerFirst(withoutFinalPeriod(R.Message)));
    Flags |= SS_REMARKF_UNROLLED;
  } else if (P == "loop-unroll-and-jam") {
    if (Done) {
      std::string N = arg(R, "UnrollCount");
      addUnique(Jammed, N.empty() ? lowerFirst(withoutFinalPeriod(R.Message))
                                  : "unrolled and jammed " + N);
      Flags |= SS_REMARKF_UNROLLED;
    } else if (R.Kind != RemarkKind::Failure) {
      addUnique(JamReasons, withoutFinalPeriod(R.Message));
    }
  } else if (P == "loop-interchange") {
    if (Done) {
      Interchanged = true;
      Flags |= SS_REMARKF_INTERCHANGED;
    } else if (R.Kind != RemarkKind::Failure) {
      addUnique(InterchangeReasons, lowerFirst(withoutFinalPeriod(R.Message)));
    }
  } else if (P == "loop-distribute") {
    if (Done) {
      Distributed = true;
      Flags |= SS_REMARKF_DISTRIBUTED;
    } else if (R.Kind != RemarkKind::Failure) {
      std::string Why = withoutPrefix(R.Message, "loop not distributed: ");
      if (!startsWith(Why, "use -Rpass-analysis"))
        addUnique(DistributeReasons, withoutFinalPeriod(Why));
    }
  } else if (P == "loop-fusion") {
    if (Done) {
      addUnique(Fused, lowerFirst(withoutFinalPeriod(R.Message)));
      Flags |= SS_REMARKF_FUSED;
    } else if (R.Kind != RemarkKind::Failure) {
      addUnique(FuseReasons, lowerFirst(withoutFinalPeriod(R.Message)));
    }
  } else if (P == "licm") {
    if (!Done)
      return;
    if (R.Name == "Hoisted")
      ++Hoisted;
    else if (R.Name == "InstSunk")
      ++Sunk;
    else if (R.Name == "PromoteLoopAccessesToScalar")
      ++Promoted;
    else
      return;
    Flags |= SS_REMARKF_LICM;
  } else if (P == "slp-vectorizer") {
    if (Done) {
      ++SLP;
      Flags |= SS_REMARKF_SLP;
    }
  } else if (P == "loop-idiom") {
    if (!Done)
      return;
    StringRef M = R.Message;
    const char *Calls[] = {"memset", "memcpy", "memmove"};
    std::string What;
    for (const char *C : Calls)
      if (M.contains((std::string("llvm.") + C).c_str()))
        What = std::string("replaced by a call to ") + C;
    addUnique(Idioms, What.empty() ? lowerFirst(withoutFinalPeriod(R.Message))
                                   : What);
    Flags |= SS_REMARKF_IDIOM;
  } else if (P == "loop-delete") {
    if (Done) {
      addUnique(Deleted,
                Copy + lowerFirst(withoutFinalPeriod(
                           withoutPrefix(R.Message, "Loop "))));
      Flags |= SS_REMARKF_DELETED;
    }
  } else if (P == "loop-flatten") {
    if (Done) {
      addUnique(Flattened, "flattened into the enclosing loop");
      Flags |= SS_REMARKF_FLATTENED;
    }
  }
}

std::string join(const std::vector<std::string> &V, const char *Sep) {
  std::string S;
  for (const std::string &X : V)
    S += (S.empty() ? "" : Sep) + X;
  return S;
}

// The summary line's text, or false when the remarks say nothing worth a
// line (only missed LICM or SLP attempts, say).
bool summaryOf(const std::vector<Record> &Records, bool Live,
               LoopRemark &Out) {
  Facts F;
  if (Live)
    F.Copy = "a copy ";
  for (const Record &R : Records)
    F.add(R);

  std::vector<std::string> Done, Failed;
  for (const std::string &S : F.Vectorized)
    Done.push_back(S);
  for (const std::string &S : F.Interleaved)
    Done.push_back(S);
  bool VecFailed = F.VecFailed && F.Vectorized.empty() && F.Interleaved.empty();
  if (VecFailed) {
    F.Flags |= SS_REMARKF_NOT_VECTORIZED;
    Failed.push_back(F.VecReasons.empty()
                         ? std::string("wasn't vectorized")
                         : "wasn't vectorized because: " + join(F.VecReasons, "; "));
  }
  Done.insert(Done.end(), F.Unrolled.begin(), F.Unrolled.end());
  Done.insert(Done.end(), F.Jammed.begin(), F.Jammed.end());
  if (F.Interchanged)
    Done.push_back("interchanged with the enclosing loop");
  if (F.Distributed)
    Done.push_back("distributed");
  Done.insert(Done.end(), F.Fused.begin(), F.Fused.end());
  Done.insert(Done.end(), F.Flattened.begin(), F.Flattened.end());
  Done.insert(Done.end(), F.Idioms.begin(), F.Idioms.end());
  Done.insert(Done.end(), F.Deleted.begin(), F.Deleted.end());
  if (F.Hoisted || F.Sunk || F.Promoted) {
    std::vector<std::string> L;
    if (F.Hoisted)
      L.push_back("hoisted " + std::to_string(F.Hoisted));
    if (F.Sunk)
      L.push_back("sank " + std::to_string(F.Sunk));
    if (F.Promoted)
      L.push_back("promoted " + std::to_string(F.Promoted));
    Done.push_back("LICM " + join(L, ", "));
  }
  if (F.SLP)
    Done.push_back("SLP vectorized " + plural(F.SLP, "group", "groups"));
  Done.insert(Done.end(), F.Pipelined.begin(), F.Pipelined.end());

  if (F.Unrolled.empty() && !F.UnrollReasons.empty())
    Failed.push_back("wasn't unrolled as directed because: " +
                     join(F.UnrollReasons, "; "));
  if (F.Jammed.empty() && !F.JamReasons.empty())
    Failed.push_back("wasn't unrolled and jammed because: " +
                     join(F.JamReasons, "; "));
  if (!F.Interchanged && !F.InterchangeReasons.empty())
    Failed.push_back("wasn't interchanged because: " +
                     join(F.InterchangeReasons, "; "));
  if (!F.Distributed && !F.DistributeReasons.empty())
    Failed.push_back("wasn't distributed because: " +
                     join(F.DistributeReasons, "; "));
  if (F.Fused.empty() && !F.FuseReasons.empty())
    Failed.push_back("wasn't fused because: " + join(F.FuseReasons, "; "));
  if (F.Pipelined.empty() && F.PipelineFailed)
    Failed.push_back(F.PipelineReasons.empty()
                         ? std::string("wasn't pipelined")
                         : "wasn't pipelined because: " +
                               join(F.PipelineReasons, "; "));

  if (Done.empty() && Failed.empty())
    return false;
  Out.Flags = F.Flags;
  if (VecFailed || Done.empty()) {
    Out.Kind = SS_REMARK_FAILED;
    Out.Text = join(Failed, "; ");
    if (!Done.empty())
      Out.Text += "; also: " + join(Done, "; ");
  } else {
    Out.Kind = SS_REMARK_DONE;
    Out.Text = join(Done, "; ");
    if (!Failed.empty())
      Out.Text += "; " + join(Failed, "; ");
  }
  return true;
}

std::vector<LoopRemark>
RemarkCollector::summariseAll(std::map<LoopKey, std::vector<Record>> &From) {
  std::vector<LoopRemark> Out;
  for (auto &E : From) {
    const LoopRange &L = Ranges.at(E.first);
    LoopRemark R;
    if (!summaryOf(E.second, Live.count(E.first) != 0, R))
      continue;
    R.File = L.DescFile;
    R.ShownFile = L.ShownFile;
    R.Line = L.Start.Line;
    R.Column = L.Start.Column;
    Out.push_back(std::move(R));
  }
  // Source order per file, the main file first.
  std::stable_sort(Out.begin(), Out.end(),
                   [&](const LoopRemark &A, const LoopRemark &B) {
                     bool MA = A.File == MainFile, MB = B.File == MainFile;
                     if (MA != MB)
                       return MA;
                     return std::tie(A.File, A.Line, A.Column) <
                            std::tie(B.File, B.Line, B.Column);
                   });
  From.clear();
  return Out;
}

std::vector<LoopRemark> RemarkCollector::summarise(const Module &M,
                                                  StringRef Main) {
  MainFile = Main.str();
  for (const Function &F : M)
    for (const BasicBlock &BB : F)
      if (const Instruction *T = BB.getTerminator())
        if (const MDNode *ID = T->getMetadata(LLVMContext::MD_loop)) {
          LoopRange R;
          if (rangeOfLoopID(ID, R))
            Live.insert(R.Start);
        }
  std::vector<LoopRemark> Out = summariseAll(ByLoop);
  Summarised = true;
  return Out;
}

void RemarkCollector::printLate() {
  for (const LoopRemark &R : summariseAll(Late))
    errs() << formatRemark(R) << "\n";
}

} // namespace

std::string formatRemark(const LoopRemark &R) {
  std::string S = R.Kind == SS_REMARK_FAILED ? "#<swpf>" : "#<swps>";
  S += " Loop line " + std::to_string(R.Line);
  if (!R.ShownFile.empty())
    S += " (" + R.ShownFile + ")";
  S += R.Kind == SS_REMARK_FAILED ? " " : ": ";
  return S + R.Text;
}

PreservedAnalyses RemarkCapturePass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &Ctx = M.getContext();
  RemarkCollector *C = RemarkCollector::of(Ctx);
  if (!C) {
    auto Owned = std::make_unique<RemarkCollector>(Ctx, Ctx.getDiagnosticHandler());
    C = Owned.get();
    Ctx.setDiagnosticHandler(std::move(Owned));
  }
  C->beginModule(M);
  return PreservedAnalyses::all();
}

PreservedAnalyses RemarkSummaryPass::run(Module &M, ModuleAnalysisManager &) {
  RemarkCollector *C = RemarkCollector::of(M.getContext());
  if (!C)
    return PreservedAnalyses::all();
  std::string Main; // as the descriptor names files (FlowGraph.cpp)
  for (DICompileUnit *CU : M.debug_compile_units()) {
    Main = CU->getFilename().str();
    if (!Main.empty() && Main[0] != '/' && !CU->getDirectory().empty())
      Main = (CU->getDirectory() + "/" + Main).str();
    break;
  }
  std::vector<LoopRemark> Loops = C->summarise(M, Main);
  std::string Lines;
  for (const LoopRemark &R : Loops)
    Lines += formatRemark(R) + "\n";
  errs() << Lines;
  if (Out)
    Out->Loops = std::move(Loops);
  return PreservedAnalyses::all();
}

} // namespace ss
