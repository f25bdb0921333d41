/*
 * ideal_inclusive.c -- inclusive ideal time on the call graph, gprof's
 * way: strongly connected components (Tarjan, iterative so that a deep
 * call graph cannot overflow ssprof's stack), then propagation from
 * callees to callers.
 */
#include "ideal.h"

#include "base.h"

#include <stdlib.h>

#define UNVISITED 0xFFFFFFFFu

/* The arcs between two instrumented functions, by caller (CSR). */
struct graph {
  uint32_t n;
  size_t *start; /* [n + 1] */
  const struct ss_model_arc **arcs;
};

static void graph_build(struct graph *g, const struct ss_model *m) {
  g->n = m->num_functions;
  g->start = ss_xcalloc((size_t)g->n + 1, sizeof *g->start);
  size_t total = 0;
  for (size_t i = 0; i < m->num_arcs; i++) {
    const struct ss_model_arc *a = &m->arcs[i];
    if (a->caller != SS_MODEL_NONE && a->callee != SS_MODEL_NONE) {
      g->start[a->caller + 1]++;
      total++;
    }
  }
  for (uint32_t v = 0; v < g->n; v++)
    g->start[v + 1] += g->start[v];
  g->arcs = ss_xcalloc(total ? total : 1, sizeof *g->arcs);
  size_t *fill = ss_xcalloc((size_t)g->n + 1, sizeof *fill);
  for (size_t i = 0; i < m->num_arcs; i++) {
    const struct ss_model_arc *a = &m->arcs[i];
    if (a->caller != SS_MODEL_NONE && a->callee != SS_MODEL_NONE)
      g->arcs[g->start[a->caller] + fill[a->caller]++] = a;
  }
  free(fill);
}

static void graph_release(struct graph *g) {
  free(g->start);
  free(g->arcs);
}

/* Tarjan's algorithm: comp[v] numbers the components in the order they
 * are completed, callees' components before their callers'.  Returns
 * the number of components. */
static uint32_t components(const struct graph *g, uint32_t *comp) {
  uint32_t n = g->n;
  uint32_t *index = ss_xcalloc(n ? n : 1, sizeof *index);
  uint32_t *low = ss_xcalloc(n ? n : 1, sizeof *low);
  uint32_t *stack = ss_xcalloc(n ? n : 1, sizeof *stack);
  uint32_t *calls = ss_xcalloc(n ? n : 1, sizeof *calls);
  size_t *pos = ss_xcalloc(n ? n : 1, sizeof *pos);
  char *on_stack = ss_xcalloc(n ? n : 1, 1);
  uint32_t counter = 0, sp = 0, depth = 0, num = 0;
  for (uint32_t v = 0; v < n; v++)
    index[v] = UNVISITED;
  for (uint32_t root = 0; root < n; root++) {
    if (index[root] != UNVISITED)
      continue;
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    on_stack[root] = 1;
    pos[root] = g->start[root];
    calls[depth++] = root;
    while (depth > 0) {
      uint32_t v = calls[depth - 1];
      if (pos[v] < g->start[v + 1]) {
        uint32_t w = g->arcs[pos[v]++]->callee;
        if (index[w] == UNVISITED) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          on_stack[w] = 1;
          pos[w] = g->start[w];
          calls[depth++] = w;
        } else if (on_stack[w] && index[w] < low[v]) {
          low[v] = index[w];
        }
        continue;
      }
      depth--;
      if (low[v] == index[v]) {
        uint32_t w;
        do {
          w = stack[--sp];
          on_stack[w] = 0;
          comp[w] = num;
        } while (w != v);
        num++;
      }
      if (depth > 0 && low[v] < low[calls[depth - 1]])
        low[calls[depth - 1]] = low[v];
    }
  }
  free(index);
  free(low);
  free(stack);
  free(calls);
  free(pos);
  free(on_stack);
  return num;
}

static void add_calls(int64_t *to, int64_t n) {
  if (__builtin_add_overflow(*to, n, to))
    *to = INT64_MAX;
}

/* The nodes of the propagation: one per strongly connected component. */
struct nodes {
  uint32_t num;
  uint32_t *of;      /* [functions] node of each function */
  uint32_t *size;    /* members */
  double *self;      /* members' exclusive cycles */
  double *inclusive;
  int64_t *external; /* calls from outside the node */
  int64_t *internal; /* calls between its members (self arcs too) */
};

static void nodes_release(struct nodes *c) {
  free(c->of);
  free(c->size);
  free(c->self);
  free(c->inclusive);
  free(c->external);
  free(c->internal);
}

struct cycle_key {
  uint32_t node;
  double inclusive;
  uint32_t min_rank;
};

static int cycle_order(const void *x, const void *y) {
  const struct cycle_key *a = x, *b = y;
  if (a->inclusive != b->inclusive)
    return a->inclusive > b->inclusive ? -1 : 1;
  return a->min_rank < b->min_rank ? -1 : a->min_rank > b->min_rank;
}

/* Cycle numbers for the nodes of more than one function. */
static void number_cycles(struct ss_ideal_inclusive *inc,
                          const struct ss_model *m, const struct nodes *c) {
  size_t alloc = c->num ? c->num : 1;
  uint32_t *min_rank = ss_xcalloc(alloc, sizeof *min_rank);
  uint32_t *number = ss_xcalloc(alloc, sizeof *number);
  struct cycle_key *keys = ss_xcalloc(alloc, sizeof *keys);
  uint32_t n = 0;
  for (uint32_t k = 0; k < c->num; k++)
    min_rank[k] = UINT32_MAX;
  for (uint32_t v = 0; v < inc->num_functions; v++)
    if (m->functions[v].rank < min_rank[c->of[v]])
      min_rank[c->of[v]] = m->functions[v].rank;
  for (uint32_t k = 0; k < c->num; k++)
    if (c->size[k] > 1) {
      keys[n].node = k;
      keys[n].inclusive = c->inclusive[k];
      keys[n].min_rank = min_rank[k];
      n++;
    }
  ss_sort(keys, n, sizeof *keys, cycle_order);
  inc->num_cycles = n;
  inc->cycle_inclusive = ss_xcalloc((size_t)n + 1, sizeof *inc->cycle_inclusive);
  inc->cycle_self = ss_xcalloc((size_t)n + 1, sizeof *inc->cycle_self);
  inc->cycle_external_calls =
      ss_xcalloc((size_t)n + 1, sizeof *inc->cycle_external_calls);
  inc->cycle_internal_calls =
      ss_xcalloc((size_t)n + 1, sizeof *inc->cycle_internal_calls);
  inc->cycle_members = ss_xcalloc((size_t)n + 1, sizeof *inc->cycle_members);
  for (uint32_t k = 0; k < n; k++) {
    uint32_t node = keys[k].node;
    number[node] = k + 1;
    inc->cycle_inclusive[k + 1] = c->inclusive[node];
    inc->cycle_self[k + 1] = c->self[node];
    inc->cycle_external_calls[k + 1] = c->external[node];
    inc->cycle_internal_calls[k + 1] = c->internal[node];
    inc->cycle_members[k + 1] = c->size[node];
  }
  for (uint32_t v = 0; v < inc->num_functions; v++)
    inc->cycle[v] = number[c->of[v]];
  free(keys);
  free(number);
  free(min_rank);
}

/* Calls into each node from outside it (spontaneous ones too) and
 * between its members, per node and per function. */
static void count_calls(struct ss_ideal_inclusive *inc,
                        const struct ss_model *m, struct nodes *c) {
  for (size_t i = 0; i < m->num_arcs; i++) {
    const struct ss_model_arc *a = &m->arcs[i];
    if (a->callee == SS_MODEL_NONE)
      continue;
    uint32_t node = c->of[a->callee];
    if (a->caller != SS_MODEL_NONE && c->of[a->caller] == node) {
      add_calls(&inc->recursive_calls[a->callee], a->count);
      add_calls(&c->internal[node], a->count);
    } else {
      add_calls(&inc->external_calls[a->callee], a->count);
      add_calls(&c->external[node], a->count);
    }
  }
}

/* Node by node in the order Tarjan completed them (callees first): the
 * members' exclusive cycles plus the callees' shares. */
static void propagate(const struct graph *g, struct nodes *c) {
  uint32_t n = g->n;
  uint32_t *start = ss_xcalloc((size_t)c->num + 1, sizeof *start);
  uint32_t *fill = ss_xcalloc((size_t)c->num + 1, sizeof *fill);
  uint32_t *members = ss_xcalloc(n ? n : 1, sizeof *members);
  for (uint32_t v = 0; v < n; v++)
    start[c->of[v] + 1]++;
  for (uint32_t k = 0; k < c->num; k++)
    start[k + 1] += start[k];
  for (uint32_t v = 0; v < n; v++)
    members[start[c->of[v]] + fill[c->of[v]]++] = v;
  for (uint32_t k = 0; k < c->num; k++) {
    double total = c->self[k];
    for (uint32_t i = start[k]; i < start[k + 1]; i++) {
      uint32_t u = members[i];
      for (size_t e = g->start[u]; e < g->start[u + 1]; e++) {
        const struct ss_model_arc *a = g->arcs[e];
        uint32_t d = c->of[a->callee];
        if (d != k && c->external[d] > 0)
          total += c->inclusive[d] *
                   ((double)a->count / (double)c->external[d]);
      }
    }
    c->inclusive[k] = total;
  }
  free(start);
  free(fill);
  free(members);
}

void ss_ideal_inclusive_build(struct ss_ideal_inclusive *inc,
                              const struct ss_model *m,
                              const double *exclusive) {
  uint32_t n = m->num_functions;
  size_t alloc = n ? n : 1;
  inc->num_functions = n;
  inc->arc_cycles = inc->exact_inclusive = NULL;
  inc->arc_exact = inc->exact_whole = NULL;
  inc->cycle_exact_inclusive = NULL;
  inc->inclusive = ss_xcalloc(alloc, sizeof *inc->inclusive);
  inc->cycle = ss_xcalloc(alloc, sizeof *inc->cycle);
  inc->external_calls = ss_xcalloc(alloc, sizeof *inc->external_calls);
  inc->recursive_calls = ss_xcalloc(alloc, sizeof *inc->recursive_calls);

  struct graph g;
  struct nodes c;
  graph_build(&g, m);
  c.of = ss_xcalloc(alloc, sizeof *c.of);
  c.num = components(&g, c.of);
  size_t num = c.num ? c.num : 1;
  c.size = ss_xcalloc(num, sizeof *c.size);
  c.self = ss_xcalloc(num, sizeof *c.self);
  c.inclusive = ss_xcalloc(num, sizeof *c.inclusive);
  c.external = ss_xcalloc(num, sizeof *c.external);
  c.internal = ss_xcalloc(num, sizeof *c.internal);
  for (uint32_t v = 0; v < n; v++) {
    c.size[c.of[v]]++;
    c.self[c.of[v]] += exclusive[v];
  }
  count_calls(inc, m, &c);
  propagate(&g, &c);
  for (uint32_t v = 0; v < n; v++)
    inc->inclusive[v] = c.inclusive[c.of[v]];
  number_cycles(inc, m, &c);
  nodes_release(&c);
  graph_release(&g);
}

/* The arcs into each function (indices into m->arcs), CSR. */
static void in_arcs(const struct ss_model *m, size_t **start_out,
                    size_t **arcs_out) {
  size_t n = m->num_functions;
  size_t *start = ss_xcalloc(n + 1, sizeof *start);
  size_t *arcs = ss_xcalloc(m->num_arcs ? m->num_arcs : 1, sizeof *arcs);
  size_t *fill = ss_xcalloc(n + 1, sizeof *fill);
  for (size_t i = 0; i < m->num_arcs; i++)
    if (m->arcs[i].callee != SS_MODEL_NONE)
      start[m->arcs[i].callee + 1]++;
  for (size_t f = 0; f < n; f++)
    start[f + 1] += start[f];
  for (size_t i = 0; i < m->num_arcs; i++) {
    uint32_t f = m->arcs[i].callee;
    if (f != SS_MODEL_NONE)
      arcs[start[f] + fill[f]++] = i;
  }
  free(fill);
  *start_out = start;
  *arcs_out = arcs;
}

/* The copy of f whose code ran for arc `a`'s calls alone (the rules in
 * ideal.h); SS_MODEL_NONE when there is none. */
static uint32_t own_copy_of_arc(const struct ss_model *m,
                                const struct ss_model_arc *a) {
  const struct ss_model_function *f = &m->functions[a->callee];
  uint32_t inlined_in;
  if (a->kind == SS_ARC_INLINED)
    inlined_in = a->caller;
  else if (a->kind == SS_ARC_CALL && f->entry_calls_known &&
           f->entry_calls == a->count)
    inlined_in = SS_MODEL_NONE;
  else
    return SS_MODEL_NONE;
  for (uint32_t i = 0; i < f->num_copies; i++) {
    const struct ss_model_copy *c = &m->copies[f->first_copy + i];
    if (c->inlined_in == inlined_in)
      return c->calls_known && c->calls == a->count ? f->first_copy + i
                                                    : SS_MODEL_NONE;
  }
  return SS_MODEL_NONE;
}

/* The arcs into f (not in a cycle, inclusive cycles `incl`, exact when
 * `whole`; `leaf`: no arc out of f carries time): exact ones first, then
 * the others' shares of what those leave. */
static void split_among_callers(struct ss_ideal_inclusive *inc,
                                const struct ss_model *m,
                                const struct ss_ideal_copy *copies,
                                const size_t *arcs, size_t n, double incl,
                                int whole, int leaf) {
  double left = incl;
  int64_t calls_left = inc->external_calls[m->arcs[arcs[0]].callee];
  for (size_t k = 0; k < n; k++) {
    size_t i = arcs[k];
    const struct ss_model_arc *a = &m->arcs[i];
    if (!ss_ideal_arc_propagates(inc, a))
      continue;
    uint32_t copy = leaf && copies && a->caller != SS_MODEL_NONE
                        ? own_copy_of_arc(m, a)
                        : SS_MODEL_NONE;
    if (a->count == inc->external_calls[a->callee]) {
      inc->arc_cycles[i] = incl;
      inc->arc_exact[i] = (unsigned char)whole;
    } else if (copy != SS_MODEL_NONE && copies[copy].has_code) {
      inc->arc_cycles[i] = copies[copy].cycles;
      inc->arc_exact[i] = 1;
    } else {
      continue;
    }
    left -= inc->arc_cycles[i];
    calls_left -= a->count;
  }
  for (size_t k = 0; k < n; k++) {
    size_t i = arcs[k];
    const struct ss_model_arc *a = &m->arcs[i];
    if (!ss_ideal_arc_propagates(inc, a) || inc->arc_exact[i] ||
        inc->arc_cycles[i] > 0 || calls_left <= 0)
      continue;
    double share = left > 0 ? left : 0;
    inc->arc_cycles[i] = share * ((double)a->count / (double)calls_left);
  }
}

void ss_ideal_inclusive_exact(struct ss_ideal_inclusive *inc,
                              const struct ss_model *m,
                              const double *exclusive,
                              const struct ss_ideal *ideal) {
  const struct ss_ideal_copy *copies = ideal->copies;
  uint32_t n = m->num_functions;
  size_t alloc = n ? n : 1;
  inc->arc_cycles = ss_xcalloc(m->num_arcs ? m->num_arcs : 1,
                               sizeof *inc->arc_cycles);
  inc->arc_exact = ss_xcalloc(m->num_arcs ? m->num_arcs : 1, 1);
  inc->exact_inclusive = ss_xcalloc(alloc, sizeof *inc->exact_inclusive);
  inc->exact_whole = ss_xcalloc(alloc, 1);
  inc->cycle_exact_inclusive = ss_xcalloc((size_t)inc->num_cycles + 1,
                                          sizeof *inc->cycle_exact_inclusive);
  struct graph g;
  graph_build(&g, m);
  uint32_t *comp = ss_xcalloc(alloc, sizeof *comp);
  uint32_t num = components(&g, comp);
  /* functions by component, in Tarjan's order (callees first) */
  uint32_t *start = ss_xcalloc((size_t)num + 1, sizeof *start);
  uint32_t *fill = ss_xcalloc((size_t)num + 1, sizeof *fill);
  uint32_t *members = ss_xcalloc(alloc, sizeof *members);
  for (uint32_t v = 0; v < n; v++)
    start[comp[v] + 1]++;
  for (uint32_t k = 0; k < num; k++)
    start[k + 1] += start[k];
  for (uint32_t v = 0; v < n; v++)
    members[start[comp[v]] + fill[comp[v]]++] = v;
  size_t *in_start, *in;
  in_arcs(m, &in_start, &in);
  for (uint32_t k = 0; k < num; k++) {
    /* The node's cycles: its members' own and what its arcs out carry
     * (already known: their callees' nodes came first). */
    double total = 0;
    int whole = 1, leaf = 1;
    for (uint32_t i = start[k]; i < start[k + 1]; i++) {
      uint32_t u = members[i];
      total += exclusive[u];
      whole &= ideal->functions[u].has_code;
      for (size_t e = g.start[u]; e < g.start[u + 1]; e++) {
        const struct ss_model_arc *a = g.arcs[e];
        size_t ai = (size_t)(a - m->arcs);
        if (!ss_ideal_arc_propagates(inc, a))
          continue;
        total += inc->arc_cycles[ai];
        if (inc->arc_cycles[ai] > 0) {
          leaf = 0;
          whole &= inc->arc_exact[ai];
        }
      }
    }
    uint32_t size = start[k + 1] - start[k];
    for (uint32_t i = start[k]; i < start[k + 1]; i++) {
      inc->exact_inclusive[members[i]] = total;
      inc->exact_whole[members[i]] = (unsigned char)(whole && size == 1);
    }
    if (size == 1) {
      uint32_t f = members[start[k]];
      size_t na = in_start[f + 1] - in_start[f];
      if (na)
        split_among_callers(inc, m, copies, &in[in_start[f]], na, total,
                            whole, leaf);
      continue;
    }
    /* A cycle: its calls from outside share it by calls, as gprof's. */
    uint32_t c = inc->cycle[members[start[k]]];
    int64_t external = inc->cycle_external_calls[c];
    inc->cycle_exact_inclusive[c] = total;
    for (uint32_t i = start[k]; i < start[k + 1]; i++) {
      uint32_t f = members[i];
      for (size_t e = in_start[f]; e < in_start[f + 1]; e++) {
        const struct ss_model_arc *a = &m->arcs[in[e]];
        if (ss_ideal_arc_propagates(inc, a) && external > 0)
          inc->arc_cycles[in[e]] =
              total * ((double)a->count / (double)external);
      }
    }
  }
  free(in_start);
  free(in);
  free(start);
  free(fill);
  free(members);
  free(comp);
  graph_release(&g);
}

void ss_ideal_inclusive_release(struct ss_ideal_inclusive *inc) {
  free(inc->arc_cycles);
  free(inc->arc_exact);
  free(inc->exact_inclusive);
  free(inc->exact_whole);
  free(inc->cycle_exact_inclusive);
  free(inc->inclusive);
  free(inc->cycle);
  free(inc->external_calls);
  free(inc->recursive_calls);
  free(inc->cycle_inclusive);
  free(inc->cycle_self);
  free(inc->cycle_external_calls);
  free(inc->cycle_internal_calls);
  free(inc->cycle_members);
}

int ss_ideal_arc_propagates(const struct ss_ideal_inclusive *inc,
                            const struct ss_model_arc *a) {
  if (a->callee == SS_MODEL_NONE)
    return 0;
  if (a->caller == SS_MODEL_NONE)
    return 1;
  if (a->caller == a->callee)
    return 0;
  return inc->cycle[a->callee] == 0 ||
         inc->cycle[a->callee] != inc->cycle[a->caller];
}

double ss_ideal_arc_cycles(const struct ss_ideal_inclusive *inc,
                           const struct ss_model_arc *a) {
  if (!ss_ideal_arc_propagates(inc, a))
    return 0;
  uint32_t c = inc->cycle[a->callee];
  double incl = c ? inc->cycle_inclusive[c] : inc->inclusive[a->callee];
  int64_t calls = c ? inc->cycle_external_calls[c]
                    : inc->external_calls[a->callee];
  if (calls <= 0)
    return 0;
  return incl * ((double)a->count / (double)calls);
}
