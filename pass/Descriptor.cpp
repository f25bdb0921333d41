// Descriptor.cpp -- the descriptor blob writer.
#include "Descriptor.h"
#include "desc_columns.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/GlobalValue.h"

#include <cstring>
#include <zlib.h>

using namespace llvm;

namespace ss {

namespace {

class StringTable {
public:
  StringTable() { Bytes.push_back(0); }
  uint32_t add(const std::string &S) {
    if (S.empty())
      return 0;
    auto It = Offsets.find(S);
    if (It != Offsets.end())
      return It->second;
    uint32_t Off = uint32_t(Bytes.size());
    Bytes.insert(Bytes.end(), S.begin(), S.end());
    Bytes.push_back(0);
    Offsets[S] = Off;
    return Off;
  }
  const std::vector<uint8_t> &bytes() const { return Bytes; }

private:
  std::vector<uint8_t> Bytes;
  StringMap<uint32_t> Offsets;
};

template <typename T> void append(std::vector<uint8_t> &Out, const T &V) {
  const uint8_t *P = reinterpret_cast<const uint8_t *>(&V);
  Out.insert(Out.end(), P, P + sizeof(T));
}

template <typename T>
void appendAll(std::vector<uint8_t> &Out, const std::vector<T> &Vs) {
  for (const T &V : Vs)
    append(Out, V);
}

uint64_t fnv1a(const std::vector<uint8_t> &Bytes) {
  uint64_t H = 0xcbf29ce484222325ull;
  for (uint8_t B : Bytes) {
    H ^= B;
    H *= 0x100000001b3ull;
  }
  return H;
}

} // namespace

std::vector<uint8_t>
buildDescriptor(const std::string &ModuleName, const std::string &CompDir,
                const std::vector<InstrumentedFunction> &Functions,
                uint32_t NumCounters, uint32_t NumIndirectSites,
                const std::vector<LoopRemark> &Remarks) {
  StringTable Strings;
  std::vector<ss_desc_function> Funcs;
  std::vector<ss_desc_block> Blocks;
  std::vector<ss_desc_edge> Edges;
  std::vector<ss_desc_call> Calls;
  std::vector<ss_desc_loop> Loops;
  std::vector<ss_desc_line> Lines;
  std::vector<ss_desc_entry> Entries;
  bool CountsDown = false; // a function's entry counter counts down

  for (const InstrumentedFunction &IF : Functions) {
    for (const auto &[Block, E] : IF.Entries) {
      ss_desc_entry DE{};
      DE.function = uint32_t(Funcs.size());
      DE.block = Block;
      DE.callee = Strings.add(E.Callee);
      DE.demangled = Strings.add(demangle(E.Callee));
      DE.file = Strings.add(E.Definition.File);
      DE.line = E.Definition.Line;
      DE.caller = Strings.add(E.Caller);
      DE.call_file = Strings.add(E.CallSite.File);
      DE.call_line = E.CallSite.Line;
      DE.flags = (E.Inlined ? SS_ENTRY_INLINED : 0) |
                 (Block == SS_NONE ? SS_ENTRY_LOST : 0);
      Entries.push_back(DE);
    }
    const FlowGraph &G = IF.Graph;
    ss_desc_function DF{};
    std::string Symbol = G.F->getName().str();
    SourceLine Def = sourceLineOf(*G.F);
    DF.name = Strings.add(Symbol);
    DF.demangled = Strings.add(demangle(Symbol));
    DF.file = Strings.add(Def.File);
    DF.line = Def.Line;
    DF.first_block = uint32_t(Blocks.size());
    DF.num_blocks = uint32_t(G.Blocks.size());
    DF.first_edge = uint32_t(Edges.size());
    DF.num_edges = uint32_t(G.Edges.size());
    DF.first_call = uint32_t(Calls.size());
    DF.num_calls = uint32_t(G.Calls.size());
    DF.first_loop = uint32_t(Loops.size());
    DF.num_loops = uint32_t(G.Loops.size());
    DF.flags = (G.F->hasLocalLinkage() ? SS_FUNC_LOCAL : 0) |
               (indirectJumpsLeave(*G.F) ? SS_FUNC_JUMPS_LEAVE : 0) |
               (G.EntryCountsDown ? SS_FUNC_ENTRY_COUNTS_DOWN : 0);
    CountsDown |= G.EntryCountsDown;
    DF.restart_counter = G.RestartCounter == SS_NONE ? 0 : G.RestartCounter + 1;
    Funcs.push_back(DF);

    for (const FlowBlock &B : G.Blocks) {
      ss_desc_block DB{};
      DB.file = Strings.add(B.Where.File);
      DB.line = B.Where.Line;
      DB.ir_block = B.IRIndex;
      DB.flags = B.Flags;
      DB.first_line = uint32_t(Lines.size());
      DB.num_lines = uint32_t(B.Lines.size());
      for (const SourceLine &L : B.Lines)
        Lines.push_back(ss_desc_line{Strings.add(L.File), L.Line});
      Blocks.push_back(DB);
    }
    for (const FlowEdge &E : G.Edges)
      Edges.push_back(ss_desc_edge{E.From, E.To, E.Counter, E.Kind, E.Flags});
    for (size_t I = 0; I < G.Calls.size(); ++I) {
      const FlowCallSite &C = G.Calls[I];
      ss_desc_call DC{};
      DC.block = C.Block;
      DC.callee = C.Callee.empty() ? SS_NONE : Strings.add(C.Callee);
      DC.file = Strings.add(C.Where.File);
      DC.line = C.Where.Line;
      DC.indirect_site = IF.SiteOfCall[I];
      DC.inlined_from = Strings.add(C.InlinedFrom);
      Calls.push_back(DC);
    }
    for (const FlowLoop &L : G.Loops) {
      ss_desc_loop DL{};
      DL.header = L.Header;
      DL.parent = L.Parent;
      DL.depth = L.Depth;
      DL.file = Strings.add(L.Where.File);
      DL.line = L.Where.Line;
      Loops.push_back(DL);
    }
  }

  std::vector<ss_desc_remark> RemarkEntries;
  for (const LoopRemark &R : Remarks) {
    ss_desc_remark DR{};
    DR.file = Strings.add(R.File);
    DR.line = R.Line;
    DR.column = R.Column;
    DR.kind = R.Kind;
    DR.flags = R.Flags;
    DR.text = Strings.add(R.Text);
    RemarkEntries.push_back(DR);
  }

  ss_desc_header H{};
  std::memcpy(H.magic, SS_DESC_MAGIC, sizeof H.magic);
  // The oldest version that holds it: without remarks and entries,
  // version 1's bytes; versions 1 and 2 have the 72-byte header.
  H.version = CountsDown               ? 4
              : !Entries.empty()       ? 3
              : !RemarkEntries.empty() ? 2
                                       : SS_DESC_VERSION_MIN;
  size_t HeaderSize = H.version >= 3 ? sizeof H : offsetof(ss_desc_header, num_entries);
  H.header_size = uint32_t(HeaderSize);
  H.num_entries = uint32_t(Entries.size());
  H.module_name = Strings.add(ModuleName);
  H.comp_dir = Strings.add(CompDir);
  H.num_counters = NumCounters;
  H.num_functions = uint32_t(Funcs.size());
  H.num_blocks = uint32_t(Blocks.size());
  H.num_edges = uint32_t(Edges.size());
  H.num_calls = uint32_t(Calls.size());
  H.num_loops = uint32_t(Loops.size());
  H.num_lines = uint32_t(Lines.size());
  H.num_indirect_sites = NumIndirectSites;
  H.num_remarks = uint32_t(RemarkEntries.size());
  H.strtab_size = uint32_t(Strings.bytes().size());

  std::vector<uint8_t> Out;
  append(Out, H);
  Out.resize(HeaderSize);
  appendAll(Out, Funcs);
  appendAll(Out, Blocks);
  appendAll(Out, Edges);
  appendAll(Out, Calls);
  appendAll(Out, Loops);
  appendAll(Out, Lines);
  appendAll(Out, RemarkEntries);
  appendAll(Out, Entries);
  Out.insert(Out.end(), Strings.bytes().begin(), Strings.bytes().end());
  uint64_t Hash = fnv1a(Out); // module_hash is still zero here
  std::memcpy(Out.data() + offsetof(ss_desc_header, module_hash), &Hash,
              sizeof Hash);
  return Out;
}

std::vector<uint8_t> packDescriptor(const std::vector<uint8_t> &Blob) {
  // The descriptor is mostly small integers and repeated names: column by
  // column, zlib takes it to a tenth or less, and with it the object's
  // .rodata and the bytes every run of the program writes into its
  // experiment file (the largest share of that file, and of the time a
  // short process spends writing it).
  std::vector<uint8_t> Columns(Blob.size());
  if (ss_desc_columns(Columns.data(), Blob.data(), Blob.size(), 1) != 0)
    return Blob; // its header does not hold its arrays: never for ours
  ss_desc_packed P{};
  std::memcpy(P.magic, SS_DESC_PACKED_MAGIC, sizeof P.magic);
  P.method = SS_DESC_PACKED_ZLIB_COLUMNS;
  P.unpacked_size = Blob.size();
  uLongf Room = compressBound(uLong(Blob.size()));
  std::vector<uint8_t> Out(sizeof P + Room);
  if (compress2(Out.data() + sizeof P, &Room, Columns.data(),
                uLong(Columns.size()), Z_DEFAULT_COMPRESSION) != Z_OK ||
      sizeof P + Room >= Blob.size())
    return Blob;
  std::memcpy(Out.data(), &P, sizeof P);
  Out.resize(sizeof P + Room);
  return Out;
}

} // namespace ss
