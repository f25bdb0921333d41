// Remarks.h -- sscc -fss-remarks: what LLVM's loop optimizations did to
// every loop, one line per loop in the seeds' swps/swpf style,
//
//   #<swps> Loop line 14 (kernel.c): vectorized, width 4, interleaved 2; unrolled 4
//   #<swpf> Loop line 10 (kernel.c) wasn't vectorized because: call instruction cannot be vectorized
//
// printed on stderr and kept for the module descriptor (ss_desc_remark).
//
// How: at the start of the pipeline a module pass wraps the LLVMContext's
// diagnostic handler (clang's) in a RemarkCollector.  The collector asks the
// loop passes for their optimization remarks (it answers "enabled" for their
// pass names), records every one, and hands the wrapped handler only the
// remarks that handler enables itself, so clang prints what it prints without
// -fss-remarks (-Rpass and friends keep working), and every other
// diagnostic goes to it untouched.  At the end of the optimizer a second
// pass groups the remarks per loop (by the loop's start location, the one
// clang's loop metadata carries), summarises each loop in one line, prints
// the lines in source order and hands them to the descriptor writer.  The
// machine pipeliner runs later, in the code generator: its remarks are
// summarised in a line of their own per loop when code generation ends
// (when clang takes its handler back), and are not in the descriptor.
#ifndef SS_PASS_REMARKS_H
#define SS_PASS_REMARKS_H

#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ss {

// The summary of one source loop.
struct LoopRemark {
  std::string File;      // as the descriptor names files (directory + name)
  std::string ShownFile; // as the source names it (what clang prints)
  uint32_t Line = 0, Column = 0;
  uint32_t Kind = 0;  // SS_REMARK_*
  uint32_t Flags = 0; // SS_REMARKF_*
  std::string Text;   // after "Loop line N (file)"
};

// "#<swps> Loop line 14 (kernel.c): <text>" or "#<swpf> Loop line ... <text>".
std::string formatRemark(const LoopRemark &R);

// What the end-of-optimizer pass leaves for the descriptor writer.
struct RemarkSummary {
  std::vector<LoopRemark> Loops; // source order
};

// Start of the pipeline: install the collector on the module's context.
struct RemarkCapturePass : llvm::PassInfoMixin<RemarkCapturePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

// End of the optimizer: summarise, print, and fill *Out.
struct RemarkSummaryPass : llvm::PassInfoMixin<RemarkSummaryPass> {
  explicit RemarkSummaryPass(std::shared_ptr<RemarkSummary> Out)
      : Out(std::move(Out)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  std::shared_ptr<RemarkSummary> Out;
};

} // namespace ss

#endif
