/*
 * ideal_tree.c -- the call tree of ideal time, for flame graphs, icicles
 * and the exports that want stacks (ideal.h has the rules).
 */
#include "ideal.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 128
#define MAX_NODES 200000
#define MIN_SHARE 1e-4 /* of the run's cycles: smaller subtrees are cut */

struct pending {
  uint32_t function, parent, depth;
  double cycles;
};

struct tree_builder {
  struct ss_ideal_tree *t;
  const struct ss_model *m;
  const struct ss_ideal *ideal;
  const struct ss_ideal_inclusive *inc;
  size_t *by_caller_start; /* CSR of the propagating arcs by caller */
  const struct ss_model_arc **by_caller;
  struct pending *stack;
  size_t sp, stack_cap, nodes_cap;
  double *self_cycles, *self_insns; /* per function, placed so far */
};

static void index_arcs(struct tree_builder *b) {
  const struct ss_model *m = b->m;
  b->by_caller_start = ss_xcalloc((size_t)m->num_functions + 1,
                                  sizeof *b->by_caller_start);
  for (size_t i = 0; i < m->num_arcs; i++)
    if (m->arcs[i].caller != SS_MODEL_NONE &&
        ss_ideal_arc_propagates(b->inc, &m->arcs[i]))
      b->by_caller_start[m->arcs[i].caller + 1]++;
  for (uint32_t f = 0; f < m->num_functions; f++)
    b->by_caller_start[f + 1] += b->by_caller_start[f];
  size_t total = b->by_caller_start[m->num_functions];
  b->by_caller = ss_xcalloc(total ? total : 1, sizeof *b->by_caller);
  size_t *fill = ss_xcalloc((size_t)m->num_functions + 1, sizeof *fill);
  for (size_t i = 0; i < m->num_arcs; i++) {
    const struct ss_model_arc *a = &m->arcs[i];
    if (a->caller != SS_MODEL_NONE && ss_ideal_arc_propagates(b->inc, a))
      b->by_caller[b->by_caller_start[a->caller] + fill[a->caller]++] = a;
  }
  free(fill);
}

static uint32_t add_node(struct tree_builder *b, uint32_t function,
                         uint32_t cycle, uint32_t parent, uint32_t depth,
                         double cycles, double self, double self_insns) {
  struct ss_ideal_tree *t = b->t;
  SS_GROW(t->nodes, b->nodes_cap, t->num_nodes);
  t->nodes[t->num_nodes] = (struct ss_ideal_tree_node){
      function, cycle, parent, depth, cycles, self, self_insns};
  b->self_cycles[function] += self;
  b->self_insns[function] += self_insns;
  return (uint32_t)t->num_nodes++;
}

static void push(struct tree_builder *b, uint32_t function, uint32_t parent,
                 uint32_t depth, double cycles) {
  if (depth >= MAX_DEPTH || b->t->num_nodes >= MAX_NODES ||
      !(cycles >= MIN_SHARE * b->ideal->total_cycles) || cycles <= 0)
    return; /* left to the remainders */
  SS_GROW(b->stack, b->stack_cap, b->sp);
  b->stack[b->sp++] = (struct pending){function, parent, depth, cycles};
}

static int by_cycles_ascending(const void *x, const void *y) {
  const struct pending *a = x, *c = y;
  if (a->cycles != c->cycles)
    return a->cycles < c->cycles ? -1 : 1;
  return a->function < c->function ? 1 : a->function > c->function ? -1 : 0;
}

/* The out-of-node arcs of function `f` scaled by `scale`, pushed. */
static void push_callees(struct tree_builder *b, uint32_t f, uint32_t parent,
                         uint32_t depth, double scale) {
  for (size_t k = b->by_caller_start[f]; k < b->by_caller_start[f + 1]; k++) {
    const struct ss_model_arc *a = b->by_caller[k];
    push(b, a->callee, parent, depth, ss_ideal_arc_cycles(b->inc, a) * scale);
  }
}

/* One pending unit becomes a node (and a cycle its members' nodes); its
 * callees are pushed, the heaviest on top. */
static void expand(struct tree_builder *b, struct pending p) {
  const struct ss_ideal_inclusive *inc = b->inc;
  const struct ss_ideal_function *fn = b->ideal->functions;
  uint32_t f = p.function, c = inc->cycle[f];
  double incl = c ? inc->cycle_inclusive[c] : inc->inclusive[f];
  if (!(incl > 0))
    return;
  double scale = p.cycles / incl;
  uint32_t node = add_node(b, f, c, p.parent, p.depth, p.cycles,
                           fn[f].cycles * scale,
                           (double)fn[f].instructions * scale);
  size_t mark = b->sp;
  if (!c) {
    push_callees(b, f, node, p.depth + 1, scale);
  } else {
    /* A cycle counts as one function: entered through f, its other
     * members' own time hangs under f, its arcs out of the cycle from
     * every member. */
    for (uint32_t g = 0; g < b->m->num_functions; g++) {
      if (inc->cycle[g] != c)
        continue;
      if (g != f && (fn[g].cycles > 0 || fn[g].instructions > 0))
        add_node(b, g, c, node, p.depth + 1, fn[g].cycles * scale,
                 fn[g].cycles * scale, (double)fn[g].instructions * scale);
      push_callees(b, g, node, p.depth + 1, scale);
    }
  }
  ss_sort(b->stack + mark, b->sp - mark, sizeof *b->stack, by_cycles_ascending);
}

void ss_ideal_tree_build(struct ss_ideal_tree *t, const struct ss_model *m,
                         const struct ss_ideal *ideal,
                         const struct ss_ideal_inclusive *inc) {
  memset(t, 0, sizeof *t);
  struct tree_builder b;
  memset(&b, 0, sizeof b);
  b.t = t;
  b.m = m;
  b.ideal = ideal;
  b.inc = inc;
  b.self_cycles = ss_xcalloc((size_t)m->num_functions + 1, sizeof(double));
  b.self_insns = ss_xcalloc((size_t)m->num_functions + 1, sizeof(double));
  index_arcs(&b);
  /* Roots: what <spontaneous> calls, the heaviest first. */
  for (size_t i = 0; i < m->num_arcs; i++)
    if (m->arcs[i].caller == SS_MODEL_NONE &&
        ss_ideal_arc_propagates(inc, &m->arcs[i]))
      push(&b, m->arcs[i].callee, SS_MODEL_NONE, 0,
           ss_ideal_arc_cycles(inc, &m->arcs[i]));
  ss_sort(b.stack, b.sp, sizeof *b.stack, by_cycles_ascending);
  while (b.sp > 0)
    expand(&b, b.stack[--b.sp]);
  /* What the tree did not place (subtrees cut, functions no arc
   * explains) is a root of its own, so that every function's own time
   * is in the tree exactly once. */
  for (uint32_t i = 0; i < m->num_functions; i++) {
    uint32_t f = m->by_rank[i];
    double rc = ideal->functions[f].cycles - b.self_cycles[f];
    double ri = (double)ideal->functions[f].instructions - b.self_insns[f];
    if (rc < 1e-6 * ideal->functions[f].cycles)
      rc = 0;
    if (ri < 0.5)
      ri = 0;
    if (rc > 0 || ri > 0)
      add_node(&b, f, inc->cycle[f], SS_MODEL_NONE, 0, rc, rc, ri);
  }
  free(b.self_cycles);
  free(b.self_insns);
  free(b.by_caller_start);
  free(b.by_caller);
  free(b.stack);
}

void ss_ideal_tree_release(struct ss_ideal_tree *t) {
  free(t->nodes);
  memset(t, 0, sizeof *t);
}
