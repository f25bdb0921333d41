// MachineCodeMap.h -- what lets ssprof find, in the linked binary, the
// machine code of every counted block and tell the instrumentation's
// instructions from the program's (ideal time, prof/ideal.h).
//
//  - A block marker: an empty inline asm at the start of each counted block
//    that only records, in the non-allocated section .ss_blockmap, the
//    address where it landed:
//        struct { u64 address; u64 module_hash; u32 function, block; }
//    It emits no instruction; a block the code generator duplicates keeps
//    one marker, hence one entry, per copy.
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

// Put a block marker before the first instruction of each counted block.
void insertBlockMarkers(const FlowGraph &G, uint64_t ModuleHash,
                        uint32_t FunctionIndex);

} // namespace ss

#endif
