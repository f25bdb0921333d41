// SpanningTree.cpp -- Kruskal's algorithm over the closed flow graph.
#include "SpanningTree.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace ss {

namespace {

class DisjointSets {
public:
  explicit DisjointSets(size_t N) : Parent(N) {
    std::iota(Parent.begin(), Parent.end(), 0);
  }
  size_t find(size_t X) {
    while (Parent[X] != X)
      X = Parent[X] = Parent[Parent[X]];
    return X;
  }
  // Joins the sets of A and B; false if they were already one (a cycle).
  bool join(size_t A, size_t B) {
    A = find(A);
    B = find(B);
    if (A == B)
      return false;
    Parent[A] = B;
    return true;
  }

private:
  std::vector<size_t> Parent;
};

} // namespace

CounterChoice chooseCounters(FlowGraph &G) {
  const size_t NumBlocks = G.Blocks.size();
  auto node = [NumBlocks](uint32_t N) -> size_t {
    if (N == SS_NODE_ENTRY)
      return NumBlocks;
    if (N == SS_NODE_EXIT)
      return NumBlocks + 1;
    return N;
  };
  DisjointSets Tree(NumBlocks + 2);
  CounterChoice Result;

  // Uncountable edges first, in graph order (CLOSE, fake edges, edges out of
  // indirectbr); then countable ones from hottest to coldest.  The function
  // entry edge is counted where the function tests the thread's counters at
  // its entry: the test's cold path is not counted (with counters in static
  // TLS it only rejoins), and the code generator may copy the code after
  // the test into it, where ideal time could then not tell the copies'
  // counts apart without the entry's own.  Elsewhere it is an edge like the
  // others: in a function without loops it is as hot as any, and counting
  // the edges that leave its first branch instead costs one update a call
  // where the entry and one branch cost more.
  std::vector<size_t> Order(G.Edges.size());
  std::iota(Order.begin(), Order.end(), 0);
  auto rank = [&G](size_t I) {
    const FlowEdge &E = G.Edges[I];
    if (E.Kind == SS_EDGE_CLOSE)
      return 0;
    if (E.Place == Placement::Uncountable)
      return 1;
    // Returns next: a block ending in ret is then derived from its entries,
    // so a process that dies inside such a block (or inside a block ending
    // in a call, which has its NORETURN edge) still gets it counted exactly.
    if (E.Kind == SS_EDGE_RETURN)
      return 2;
    if (E.Place == Placement::FunctionEntry && G.EntryTest)
      return 4;
    return 3;
  };
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    int RA = rank(A), RB = rank(B);
    if (RA != RB)
      return RA < RB;
    return G.Edges[A].Weight > G.Edges[B].Weight;
  });

  for (size_t I : Order) {
    FlowEdge &E = G.Edges[I];
    bool Joined = !(E.Place == Placement::FunctionEntry && G.EntryTest) &&
                  Tree.join(node(E.From), node(E.To));
    if (Joined)
      continue;
    if (E.Place == Placement::Uncountable) {
      ++Result.NumUnknown;
      continue;
    }
    E.Counter = Result.NumCounters++;
  }
  return Result;
}

} // namespace ss
