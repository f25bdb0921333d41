/*
 * loops.c -- natural loops of the model's flow graph, checked against the
 * descriptor's loop nest, with entry and iteration counts (counts.h).
 */
#include "counts.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

/* Edges in and out of every block, as lists of model edge ids. */
struct graph {
  uint32_t *succ_start, *succ; /* succ_start[b] .. succ_start[b + 1] */
  uint32_t *pred_start, *pred;
};

static void graph_build(struct graph *g, const struct ss_model *m) {
  uint32_t nb = m->num_blocks;
  g->succ_start = ss_xcalloc((size_t)nb + 1, sizeof *g->succ_start);
  g->pred_start = ss_xcalloc((size_t)nb + 1, sizeof *g->pred_start);
  g->succ = ss_xcalloc(m->num_edges ? m->num_edges : 1, sizeof *g->succ);
  g->pred = ss_xcalloc(m->num_edges ? m->num_edges : 1, sizeof *g->pred);
  for (size_t i = 0; i < m->num_edges; i++) {
    g->succ_start[m->edges[i].from + 1]++;
    g->pred_start[m->edges[i].to + 1]++;
  }
  for (uint32_t b = 0; b < nb; b++) {
    g->succ_start[b + 1] += g->succ_start[b];
    g->pred_start[b + 1] += g->pred_start[b];
  }
  uint32_t *fill_s = ss_xcalloc((size_t)nb + 1, sizeof *fill_s);
  uint32_t *fill_p = ss_xcalloc((size_t)nb + 1, sizeof *fill_p);
  memcpy(fill_s, g->succ_start, ((size_t)nb + 1) * sizeof *fill_s);
  memcpy(fill_p, g->pred_start, ((size_t)nb + 1) * sizeof *fill_p);
  for (size_t i = 0; i < m->num_edges; i++) {
    g->succ[fill_s[m->edges[i].from]++] = (uint32_t)i;
    g->pred[fill_p[m->edges[i].to]++] = (uint32_t)i;
  }
  free(fill_s);
  free(fill_p);
}

static void graph_release(struct graph *g) {
  free(g->succ_start);
  free(g->succ);
  free(g->pred_start);
  free(g->pred);
}

/* Dominator tree of one function's reachable blocks (global block ids). */
struct dominators {
  uint32_t *po;   /* [num_blocks] postorder number, SS_MODEL_NONE: unreachable */
  uint32_t *idom; /* [num_blocks] immediate dominator; the entry's is itself */
  uint32_t *rpo;  /* reachable blocks of the function, reverse postorder */
  uint32_t num_rpo;
  uint32_t *stack, *stack_pos; /* DFS scratch, [largest function] */
};

static uint32_t intersect(const struct dominators *d, uint32_t a, uint32_t b) {
  while (a != b) {
    while (d->po[a] < d->po[b])
      a = d->idom[a];
    while (d->po[b] < d->po[a])
      b = d->idom[b];
  }
  return a;
}

static void dominators_of(struct dominators *d, const struct ss_model *m,
                          const struct graph *g,
                          const struct ss_model_function *f) {
  uint32_t entry = f->first_block, post = 0, top = 0;
  d->num_rpo = 0;
  if (f->num_blocks == 0)
    return;
  /* Iterative DFS: postorder numbers, then reverse postorder. */
  d->po[entry] = SS_MODEL_NONE - 1; /* visited, not yet finished */
  d->stack[top] = entry;
  d->stack_pos[top++] = g->succ_start[entry];
  while (top > 0) {
    uint32_t b = d->stack[top - 1];
    if (d->stack_pos[top - 1] < g->succ_start[b + 1]) {
      uint32_t to = m->edges[g->succ[d->stack_pos[top - 1]++]].to;
      if (d->po[to] == SS_MODEL_NONE) {
        d->po[to] = SS_MODEL_NONE - 1;
        d->stack[top] = to;
        d->stack_pos[top++] = g->succ_start[to];
      }
      continue;
    }
    top--;
    d->po[b] = post++;
    d->rpo[d->num_rpo++] = b;
  }
  for (uint32_t i = 0, j = d->num_rpo - 1; i < j; i++, j--) {
    uint32_t t = d->rpo[i];
    d->rpo[i] = d->rpo[j];
    d->rpo[j] = t;
  }
  d->idom[entry] = entry;
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint32_t i = 1; i < d->num_rpo; i++) {
      uint32_t b = d->rpo[i], best = SS_MODEL_NONE;
      for (uint32_t k = g->pred_start[b]; k < g->pred_start[b + 1]; k++) {
        uint32_t p = m->edges[g->pred[k]].from;
        if (d->po[p] == SS_MODEL_NONE || d->idom[p] == SS_MODEL_NONE)
          continue; /* unreachable, or not processed yet */
        best = best == SS_MODEL_NONE ? p : intersect(d, p, best);
      }
      if (best != d->idom[b]) {
        d->idom[b] = best;
        changed = 1;
      }
    }
  }
}

static int reachable(const struct dominators *d, uint32_t b) {
  return d->po[b] != SS_MODEL_NONE;
}

static int dominates(const struct dominators *d, uint32_t h, uint32_t b) {
  if (!reachable(d, h) || !reachable(d, b))
    return 0;
  for (;;) {
    if (b == h)
      return 1;
    if (d->idom[b] == b)
      return 0;
    b = d->idom[b];
  }
}

static int is_back_edge(const struct dominators *d,
                        const struct ss_model_edge *e) {
  return dominates(d, e->to, e->from);
}

static int cmp_u32(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return a < b ? -1 : a > b;
}

int ss_loop_contains(const struct ss_loop_nest *n, uint32_t loop,
                     uint32_t block) {
  const struct ss_loop_facts *l = &n->loops[loop];
  return l->num_blocks &&
         ss_search(&block, l->blocks, l->num_blocks, sizeof block, cmp_u32);
}

double ss_loop_sum(const struct ss_loop_nest *n, uint32_t loop,
                   const double *per_block) {
  const struct ss_loop_facts *l = &n->loops[loop];
  double sum = 0;
  for (uint32_t i = 0; i < l->num_blocks; i++)
    sum += per_block[l->blocks[i]];
  return sum;
}

double ss_loop_average_trip(const struct ss_loop_facts *l) {
  if (!l->entries_known || !l->iterations_known || l->entries <= 0)
    return -1;
  return (double)l->iterations / (double)l->entries;
}

/* Scratch shared by the loops of every function. */
struct work {
  struct graph g;
  struct dominators d;
  uint32_t *mark;     /* [num_blocks]: loop id + 1 of the last loop marked */
  uint32_t *worklist; /* [largest function] */
  size_t *offset;     /* [num_loops]: start of the loop's blocks in storage */
  size_t used, cap;
};

/* The natural loop of model loop `id`: its blocks into storage. */
static void natural_loop(struct ss_loop_nest *n, struct work *w,
                         const struct ss_model *m, uint32_t id) {
  struct ss_loop_facts *l = &n->loops[id];
  uint32_t h = m->loops[id].header_block, top = 0;
  w->offset[id] = w->used;
  if (!reachable(&w->d, h))
    return;
  uint32_t stamp = id + 1;
  w->mark[h] = stamp;
  SS_GROW(n->storage, w->cap, w->used);
  n->storage[w->used++] = h;
  for (uint32_t k = w->g.pred_start[h]; k < w->g.pred_start[h + 1]; k++) {
    const struct ss_model_edge *e = &m->edges[w->g.pred[k]];
    if (!is_back_edge(&w->d, e))
      continue;
    l->back_edges++;
    if (w->mark[e->from] != stamp) {
      w->mark[e->from] = stamp;
      w->worklist[top++] = e->from;
    }
  }
  while (top > 0) {
    uint32_t b = w->worklist[--top];
    SS_GROW(n->storage, w->cap, w->used);
    n->storage[w->used++] = b;
    for (uint32_t k = w->g.pred_start[b]; k < w->g.pred_start[b + 1]; k++) {
      uint32_t p = m->edges[w->g.pred[k]].from;
      if (w->mark[p] == stamp || !reachable(&w->d, p))
        continue;
      w->mark[p] = stamp;
      w->worklist[top++] = p;
    }
  }
  if (l->back_edges == 0) {
    w->used--; /* the header alone is no loop */
    return;
  }
  l->num_blocks = (uint32_t)(w->used - w->offset[id]);
  ss_sort(n->storage + w->offset[id], l->num_blocks, sizeof *n->storage,
        cmp_u32);
}

static void count_loop(struct ss_loop_nest *n, const struct work *w,
                       const struct ss_model *m, uint32_t id) {
  struct ss_loop_facts *l = &n->loops[id];
  const struct ss_model_loop *ml = &m->loops[id];
  const struct ss_model_block *hb = &m->blocks[ml->header_block];
  const struct ss_model_function *f = &m->functions[ml->function];
  l->iterations_known = hb->known;
  l->iterations = hb->known ? hb->count : 0;
  l->entries_known = 1;
  l->entries = 0;
  if (ml->header_block == f->first_block) {
    l->entries_known = f->calls_known;
    l->entries = f->calls_known ? f->calls : 0;
  }
  uint32_t h = ml->header_block;
  for (uint32_t k = w->g.pred_start[h]; k < w->g.pred_start[h + 1]; k++) {
    const struct ss_model_edge *e = &m->edges[w->g.pred[k]];
    if (ss_loop_contains(n, id, e->from))
      continue;
    if (!e->known ||
        __builtin_add_overflow(l->entries, e->count, &l->entries))
      l->entries_known = 0;
  }
  if (!l->entries_known)
    l->entries = 0;
}

/* The checks of matches_descriptor (counts.h), for the loops of one
 * function, lo .. hi - 1. */
static void check_nest(struct ss_loop_nest *n, const struct work *w,
                       const struct ss_model *m, uint32_t lo, uint32_t hi) {
  for (uint32_t id = lo; id < hi; id++) {
    struct ss_loop_facts *l = &n->loops[id];
    const struct ss_model_loop *ml = &m->loops[id];
    uint32_t h = ml->header_block;
    int ok = l->back_edges > 0;
    for (uint32_t k = w->g.pred_start[h]; k < w->g.pred_start[h + 1]; k++) {
      const struct ss_model_edge *e = &m->edges[w->g.pred[k]];
      if (!!(e->flags & SS_EDGEF_BACKEDGE) != is_back_edge(&w->d, e))
        ok = 0;
    }
    if (ml->parent == SS_MODEL_NONE) {
      ok = ok && ml->depth == 1;
    } else if (ml->parent < lo || ml->parent >= hi || ml->parent == id) {
      ok = 0;
    } else {
      const struct ss_model_loop *pl = &m->loops[ml->parent];
      ok = ok && ml->depth == pl->depth + 1 && pl->header_block != h;
      for (uint32_t i = 0; ok && i < l->num_blocks; i++)
        ok = ss_loop_contains(n, ml->parent, l->blocks[i]);
    }
    for (uint32_t other = lo; other < hi; other++)
      if (other != id && m->loops[other].header_block == h)
        ok = 0;
    l->matches_descriptor = ok;
    if (!ok)
      n->mismatches++;
  }
}

/* Natural loops whose header no descriptor loop of the function names. */
static uint32_t unlisted(const struct work *w, const struct ss_model *m,
                         uint32_t lo, uint32_t hi) {
  uint32_t count = 0;
  for (uint32_t i = 0; i < w->d.num_rpo; i++) {
    uint32_t b = w->d.rpo[i];
    int back = 0, listed = 0;
    for (uint32_t k = w->g.pred_start[b]; k < w->g.pred_start[b + 1]; k++)
      back = back || is_back_edge(&w->d, &m->edges[w->g.pred[k]]);
    for (uint32_t id = lo; back && id < hi; id++)
      listed = listed || m->loops[id].header_block == b;
    count += back && !listed;
  }
  return count;
}

void ss_loop_nest_build(struct ss_loop_nest *n, const struct ss_model *m) {
  struct work w;
  uint32_t nb = m->num_blocks, largest = 1;
  memset(n, 0, sizeof *n);
  memset(&w, 0, sizeof w);
  n->num_loops = m->num_loops;
  n->loops = ss_xcalloc(m->num_loops ? m->num_loops : 1, sizeof *n->loops);
  n->innermost = ss_xcalloc(nb ? nb : 1, sizeof *n->innermost);
  for (uint32_t b = 0; b < nb; b++)
    n->innermost[b] = SS_MODEL_NONE;
  for (uint32_t fi = 0; fi < m->num_functions; fi++)
    if (m->functions[fi].num_blocks > largest)
      largest = m->functions[fi].num_blocks;
  graph_build(&w.g, m);
  w.d.po = ss_xcalloc(nb ? nb : 1, sizeof *w.d.po);
  w.d.idom = ss_xcalloc(nb ? nb : 1, sizeof *w.d.idom);
  for (uint32_t b = 0; b < nb; b++)
    w.d.po[b] = w.d.idom[b] = SS_MODEL_NONE;
  w.d.rpo = ss_xcalloc(largest, sizeof *w.d.rpo);
  w.d.stack = ss_xcalloc(largest, sizeof *w.d.stack);
  w.d.stack_pos = ss_xcalloc(largest, sizeof *w.d.stack_pos);
  w.mark = ss_xcalloc(nb ? nb : 1, sizeof *w.mark);
  w.worklist = ss_xcalloc(largest, sizeof *w.worklist);
  w.offset = ss_xcalloc(m->num_loops ? m->num_loops : 1, sizeof *w.offset);

  /* Loops are grouped by function, in model function order.  Functions
   * without loops are looked at too, for loops the descriptor leaves out. */
  size_t lo = 0;
  for (uint32_t fid = 0; fid < m->num_functions; fid++) {
    size_t hi = lo;
    while (hi < m->num_loops && m->loops[hi].function == fid)
      hi++;
    dominators_of(&w.d, m, &w.g, &m->functions[fid]);
    for (size_t id = lo; id < hi; id++)
      natural_loop(n, &w, m, (uint32_t)id);
    /* Storage is complete for this function: point into it. */
    for (size_t id = lo; id < hi; id++)
      n->loops[id].blocks = n->storage ? n->storage + w.offset[id] : NULL;
    for (size_t id = lo; id < hi; id++)
      count_loop(n, &w, m, (uint32_t)id);
    check_nest(n, &w, m, (uint32_t)lo, (uint32_t)hi);
    n->unlisted_loops += unlisted(&w, m, (uint32_t)lo, (uint32_t)hi);
    for (uint32_t i = 0; i < w.d.num_rpo; i++)
      w.d.po[w.d.rpo[i]] = w.d.idom[w.d.rpo[i]] = SS_MODEL_NONE;
    lo = hi;
  }
  /* Loops out of function order (not built by model_build.c) get no
   * blocks; count them as not matching rather than read them wrongly. */
  for (size_t id = lo; id < m->num_loops; id++)
    n->mismatches++;
  /* Storage may have moved while it grew: set the pointers again. */
  for (size_t id = 0; id < m->num_loops; id++) {
    struct ss_loop_facts *l = &n->loops[id];
    l->blocks = n->storage ? n->storage + w.offset[id] : NULL;
    for (uint32_t i = 0; i < l->num_blocks; i++) {
      uint32_t b = l->blocks[i], cur = n->innermost[b];
      if (cur == SS_MODEL_NONE || n->loops[cur].num_blocks > l->num_blocks)
        n->innermost[b] = (uint32_t)id;
    }
  }
  graph_release(&w.g);
  free(w.d.po);
  free(w.d.idom);
  free(w.d.rpo);
  free(w.d.stack);
  free(w.d.stack_pos);
  free(w.mark);
  free(w.worklist);
  free(w.offset);
}

void ss_loop_nest_release(struct ss_loop_nest *n) {
  free(n->loops);
  free(n->innermost);
  free(n->storage);
  memset(n, 0, sizeof *n);
}
