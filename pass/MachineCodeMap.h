// MachineCodeMap.h -- what lets ssprof find, in the linked binary, the
// machine code of every counted block and tell the instrumentation's
// instructions from the program's (ideal time, prof/ideal/ideal.h).
//
//  - A block marker: a pseudo probe (llvm.pseudoprobe, the intrinsic
//    LLVM's sample profiling uses to tie blocks to addresses) at the start
//    of each counted block.  It emits no instruction; the code generator
//    records the address where it landed in the object's .pseudo_probe
//    table, under GUID ss_marker_guid(module hash, function) and index
//    block (include/ss/format.h).  A block the code generator duplicates
//    keeps one probe, hence one entry, per copy.  An inline asm label did
//    the same before, but the asm parser it needs per block made a large
//    file compile half again as slowly.
//  - Instrumentation locations: every instruction the pass added gets a
//    debug location in the file "<ss-instrumentation>", so the line table
//    names the instrumentation's machine instructions.
#ifndef SS_PASS_MACHINECODEMAP_H
#define SS_PASS_MACHINECODEMAP_H

#include "FlowGraph.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Function.h"

#include <cstdint>

namespace ss {

// The instructions of F before instrumentation, to recognise the new ones.
llvm::DenseSet<const llvm::Instruction *> snapshotInstructions(llvm::Function &F);

// Give every instruction not in Original the instrumentation location
// (functions without debug information are left as they are).
void markInstrumentation(llvm::Function &F,
                         const llvm::DenseSet<const llvm::Instruction *> &Original);

// Put a block marker before the first instruction of each counted block,
// and in each block made for an edge's counter (FlowEdge::Landing).
void insertBlockMarkers(const FlowGraph &G, uint64_t ModuleHash,
                        uint32_t FunctionIndex);

} // namespace ss

#endif
