/* flow_solver.c -- flow conservation on a function's closed graph. */
#include "flow_solver.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

/* Node numbering: blocks 0..n-1, then ENTRY = n, EXIT = n + 1. */
static uint32_t node_of(uint32_t v, uint32_t num_blocks) {
  if (v == SS_NODE_ENTRY)
    return num_blocks;
  if (v == SS_NODE_EXIT)
    return num_blocks + 1;
  return v;
}

struct graph {
  uint32_t num_nodes;
  uint32_t *from, *to;   /* per edge, node numbers */
  uint32_t *inc_start;   /* [num_nodes + 1]: CSR of incident edges */
  uint32_t *inc_edge;
  uint32_t *unknown;     /* per node: unknown non-self-loop incident edges */
};

static void build_graph(struct graph *g, uint32_t num_blocks,
                        const struct ss_desc_edge *edges, uint32_t num_edges) {
  g->num_nodes = num_blocks + 2;
  g->from = ss_xcalloc(num_edges, sizeof *g->from);
  g->to = ss_xcalloc(num_edges, sizeof *g->to);
  g->inc_start = ss_xcalloc((size_t)g->num_nodes + 1, sizeof *g->inc_start);
  g->inc_edge = ss_xcalloc((size_t)num_edges * 2, sizeof *g->inc_edge);
  g->unknown = ss_xcalloc(g->num_nodes, sizeof *g->unknown);
  for (uint32_t e = 0; e < num_edges; e++) {
    g->from[e] = node_of(edges[e].from, num_blocks);
    g->to[e] = node_of(edges[e].to, num_blocks);
    if (g->from[e] == g->to[e])
      continue;
    g->inc_start[g->from[e] + 1]++;
    g->inc_start[g->to[e] + 1]++;
  }
  for (uint32_t v = 0; v < g->num_nodes; v++)
    g->inc_start[v + 1] += g->inc_start[v];
  uint32_t *fill = ss_xcalloc(g->num_nodes, sizeof *fill);
  for (uint32_t e = 0; e < num_edges; e++) {
    if (g->from[e] == g->to[e])
      continue;
    g->inc_edge[g->inc_start[g->from[e]] + fill[g->from[e]]++] = e;
    g->inc_edge[g->inc_start[g->to[e]] + fill[g->to[e]]++] = e;
  }
  free(fill);
}

static void free_graph(struct graph *g) {
  free(g->from);
  free(g->to);
  free(g->inc_start);
  free(g->inc_edge);
  free(g->unknown);
}

/* Solve the single unknown edge at node v; 0 if it could not be done. */
static int solve_at(const struct graph *g, uint32_t v,
                    struct ss_flow_result *r, uint32_t *solved_edge) {
  int64_t in = 0, out = 0;
  uint32_t missing = SS_NONE;
  for (uint32_t i = g->inc_start[v]; i < g->inc_start[v + 1]; i++) {
    uint32_t e = g->inc_edge[i];
    if (!r->edge_known[e]) {
      missing = e;
      continue;
    }
    int64_t *side = g->to[e] == v ? &in : &out;
    if (__builtin_add_overflow(*side, r->edge_value[e], side)) {
      r->inconsistent = 1;
      return 0;
    }
  }
  if (missing == SS_NONE)
    return 0;
  int64_t value;
  /* An unknown incoming edge carries out - in; an outgoing one in - out. */
  int overflow = g->to[missing] == v ? __builtin_sub_overflow(out, in, &value)
                                     : __builtin_sub_overflow(in, out, &value);
  if (overflow) {
    r->inconsistent = 1;
    return 0;
  }
  r->edge_value[missing] = value;
  r->edge_known[missing] = 1;
  *solved_edge = missing;
  return 1;
}

static void propagate(struct graph *g, struct ss_flow_result *r) {
  uint32_t *queue = ss_xcalloc((size_t)g->num_nodes * 2 + 1, sizeof *queue);
  size_t head = 0, tail = 0;
  for (uint32_t v = 0; v < g->num_nodes; v++)
    if (g->unknown[v] == 1)
      queue[tail++] = v;
  while (head < tail) {
    uint32_t v = queue[head++];
    uint32_t e;
    if (g->unknown[v] != 1 || !solve_at(g, v, r, &e))
      continue;
    g->unknown[g->from[e]]--;
    g->unknown[g->to[e]]--;
    uint32_t other = g->from[e] == v ? g->to[e] : g->from[e];
    /* Each node enters the queue at most twice: initially and when its
     * unknown count drops to one. */
    if (g->unknown[other] == 1)
      queue[tail++] = other;
  }
  free(queue);
}

static int sum_side(const struct graph *g, const struct ss_flow_result *r,
                    uint32_t v, int incoming, int64_t *sum) {
  *sum = 0;
  for (uint32_t i = g->inc_start[v]; i < g->inc_start[v + 1]; i++) {
    uint32_t e = g->inc_edge[i];
    if ((g->to[e] == v) != incoming)
      continue;
    if (!r->edge_known[e] || __builtin_add_overflow(*sum, r->edge_value[e], sum))
      return 0;
  }
  return 1;
}

static void block_counts(const struct graph *g, struct ss_flow_result *r) {
  /* Self-loops are not in the incidence lists: they add to both sides. */
  int64_t *self = ss_xcalloc(r->num_blocks, sizeof *self);
  uint8_t *self_ok = ss_xcalloc(r->num_blocks, sizeof *self_ok);
  memset(self_ok, 1, r->num_blocks);
  for (uint32_t e = 0; e < r->num_edges; e++) {
    uint32_t b = g->from[e];
    if (b != g->to[e] || b >= r->num_blocks)
      continue;
    if (!r->edge_known[e] ||
        __builtin_add_overflow(self[b], r->edge_value[e], &self[b]))
      self_ok[b] = 0;
  }
  for (uint32_t b = 0; b < r->num_blocks; b++) {
    int64_t side = 0, count = 0;
    int known = self_ok[b] && (sum_side(g, r, b, 1, &side) ||
                               sum_side(g, r, b, 0, &side));
    if (known && __builtin_add_overflow(side, self[b], &count)) {
      known = 0;
      r->inconsistent = 1;
    }
    r->block_known[b] = (uint8_t)known;
    r->block_count[b] = known ? count : 0;
    if (!known)
      r->unknown_blocks++;
    else if (count < 0)
      r->inconsistent = 1;
  }
  free(self);
  free(self_ok);
}

void ss_flow_solve(uint32_t num_blocks, const struct ss_desc_edge *edges,
                   uint32_t num_edges, const uint64_t *counters,
                   uint32_t num_counters, struct ss_flow_result *r) {
  struct graph g;
  memset(r, 0, sizeof *r);
  r->num_blocks = num_blocks;
  r->num_edges = num_edges;
  r->edge_value = ss_xcalloc(num_edges, sizeof *r->edge_value);
  r->edge_known = ss_xcalloc(num_edges, sizeof *r->edge_known);
  r->block_count = ss_xcalloc(num_blocks, sizeof *r->block_count);
  r->block_known = ss_xcalloc(num_blocks, sizeof *r->block_known);
  build_graph(&g, num_blocks, edges, num_edges);
  for (uint32_t e = 0; e < num_edges; e++) {
    uint32_t c = edges[e].counter;
    if (c != SS_NONE && c < num_counters) {
      if (counters[c] > (uint64_t)INT64_MAX) {
        r->inconsistent = 1;
      } else {
        r->edge_value[e] = (int64_t)counters[c];
        r->edge_known[e] = 1;
      }
    }
    if (!r->edge_known[e] && g.from[e] != g.to[e]) {
      g.unknown[g.from[e]]++;
      g.unknown[g.to[e]]++;
    }
  }
  propagate(&g, r);
  for (uint32_t e = 0; e < num_edges; e++) {
    int fake = ss_edge_kind_is_fake(edges[e].kind);
    if (!r->edge_known[e]) {
      if (!fake)
        r->unknown_edges++;
    } else if (!fake && r->edge_value[e] < 0) {
      r->inconsistent = 1;
    }
    if (edges[e].kind == SS_EDGE_FUNC_ENTRY && r->edge_known[e] &&
        !r->calls_known) {
      r->calls_known = 1;
      r->calls = r->edge_value[e];
    }
  }
  block_counts(&g, r);
  free_graph(&g);
}

void ss_flow_result_release(struct ss_flow_result *r) {
  free(r->edge_value);
  free(r->edge_known);
  free(r->block_count);
  free(r->block_known);
  memset(r, 0, sizeof *r);
}
