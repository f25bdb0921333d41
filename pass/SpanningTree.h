// SpanningTree.h -- choose which edges get counters (Knuth's method).
//
// Edges on a spanning tree of the closed flow graph need no counter: their
// counts follow from the others by flow conservation.  The tree is a
// maximum-weight one (an edge's weight: its estimated frequency times what
// a counter there would cost), so the edges whose counting would cost most
// are left uncounted; the edges that cannot carry a counter (fake edges,
// CLOSE) go in first.
#ifndef SS_PASS_SPANNINGTREE_H
#define SS_PASS_SPANNINGTREE_H

#include "FlowGraph.h"

namespace ss {

struct CounterChoice {
  uint32_t NumCounters = 0;
  // Edges that can neither be counted nor derived (an indirectbr edge that
  // closes a cycle of such edges): ssprof reports what depends on them as
  // unknown.
  uint32_t NumUnknown = 0;
};

// Sets FlowEdge::Counter to 0..N-1 for the edges that need a counter.
CounterChoice chooseCounters(FlowGraph &G);

} // namespace ss

#endif
