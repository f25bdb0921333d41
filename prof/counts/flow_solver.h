/*
 * flow_solver.h -- a function's edge and block counts from its counters.
 *
 * Nodes are the function's blocks plus ENTRY and EXIT; CLOSE joins EXIT to
 * ENTRY so flow is conserved at every node (sum in = sum out).  Edges with
 * a counter are known; then, repeatedly, at any node where all but one
 * incident edge are known, the remaining one follows by conservation.
 * Edges that never become known stay unknown.  Self-loops cancel out of
 * conservation and are known only through their counter.
 *
 * A block's count is the sum of its incoming edges (the entry block's
 * includes FUNC_ENTRY, a setjmp receiver's includes REENTRY), or the sum of
 * its outgoing edges when an incoming one is unknown.  The function's calls
 * are its FUNC_ENTRY edge.  NORETURN, REENTRY and CLOSE absorb imbalance
 * and may be negative; any other edge or a block coming out negative marks
 * the function inconsistent.
 */
#ifndef SSPROF_FLOW_SOLVER_H
#define SSPROF_FLOW_SOLVER_H

#include "ss/format.h"

#include <stdint.h>

struct ss_flow_result {
  uint32_t num_blocks, num_edges;
  int64_t *edge_value;  /* [num_edges] */
  uint8_t *edge_known;  /* [num_edges] */
  int64_t *block_count; /* [num_blocks] */
  uint8_t *block_known; /* [num_blocks] */
  int calls_known;
  int64_t calls;
  uint32_t unknown_edges;  /* real (non-fake) edges left unknown */
  uint32_t unknown_blocks;
  int inconsistent; /* a real edge or block came out negative, or a value
                       overflowed */
};

/* Solve one function.  `edges` are function-relative (from/to < num_blocks
 * or SS_NODE_ENTRY/EXIT, as the descriptor checks guarantee); counters
 * index `counters` (an index >= num_counters is treated as unknown). */
void ss_flow_solve(uint32_t num_blocks, const struct ss_desc_edge *edges,
                   uint32_t num_edges, const uint64_t *counters,
                   uint32_t num_counters, struct ss_flow_result *r);

void ss_flow_result_release(struct ss_flow_result *r);

/* NORETURN, REENTRY and CLOSE: never shown, may be negative. */
static inline int ss_edge_kind_is_fake(uint16_t kind) {
  return kind == SS_EDGE_NORETURN || kind == SS_EDGE_REENTRY ||
         kind == SS_EDGE_CLOSE;
}

#endif
