// Descriptor.h -- serialize a module's flow graphs into the descriptor blob
// (layout: include/ss/format.h) that travels into every experiment file.
#ifndef SS_PASS_DESCRIPTOR_H
#define SS_PASS_DESCRIPTOR_H

#include "EntryMarkers.h"
#include "FlowGraph.h"
#include "Remarks.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ss {

struct InstrumentedFunction {
  FlowGraph Graph;
  std::vector<uint32_t> SiteOfCall; // indirect site per call, or SS_NONE
  // The source functions' entries its code holds (EntryMarkers.h), with
  // the block of each (SS_NONE: the marker was lost).
  std::vector<std::pair<uint32_t, FoundEntry>> Entries;
};

std::vector<uint8_t>
buildDescriptor(const std::string &ModuleName, const std::string &CompDir,
                const std::vector<InstrumentedFunction> &Functions,
                uint32_t NumCounters, uint32_t NumIndirectSites,
                const std::vector<LoopRemark> &Remarks);

// The blob as it goes into the object: packed with zlib
// (struct ss_desc_packed) when that is smaller, else `Blob` itself.
std::vector<uint8_t> packDescriptor(const std::vector<uint8_t> &Blob);

} // namespace ss

#endif
