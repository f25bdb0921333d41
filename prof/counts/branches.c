/* branches.c -- the conditional branches of a counting model (counts.h). */
#include "counts.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

static int is_successor(const struct ss_model_edge *e) {
  return e->kind == SS_EDGE_BRANCH && !(e->flags & SS_EDGEF_EH);
}

void ss_branches_build(struct ss_branches *b, const struct ss_model *m) {
  uint32_t nb = m->num_blocks;
  memset(b, 0, sizeof *b);
  /* Successor edges per block, in edge order (the descriptor's). */
  uint32_t *start = ss_xcalloc((size_t)nb + 1, sizeof *start);
  for (size_t i = 0; i < m->num_edges; i++)
    if (is_successor(&m->edges[i]))
      start[m->edges[i].from + 1]++;
  for (uint32_t k = 0; k < nb; k++)
    start[k + 1] += start[k];
  b->edge_ids = ss_xcalloc(start[nb] ? start[nb] : 1, sizeof *b->edge_ids);
  uint32_t *fill = ss_xcalloc((size_t)nb + 1, sizeof *fill);
  memcpy(fill, start, ((size_t)nb + 1) * sizeof *fill);
  for (size_t i = 0; i < m->num_edges; i++)
    if (is_successor(&m->edges[i]))
      b->edge_ids[fill[m->edges[i].from]++] = (uint32_t)i;
  free(fill);

  size_t count = 0;
  for (uint32_t k = 0; k < nb; k++)
    count += start[k + 1] - start[k] >= 2;
  b->v = ss_xcalloc(count ? count : 1, sizeof *b->v);
  for (uint32_t k = 0; k < nb; k++) {
    uint32_t ne = start[k + 1] - start[k];
    if (ne < 2)
      continue;
    struct ss_branch *br = &b->v[b->n++];
    const struct ss_model_block *blk = &m->blocks[k];
    br->block = k;
    br->edges = b->edge_ids + start[k];
    br->num_edges = ne;
    br->successors_known = 1;
    int64_t sum = 0;
    for (uint32_t i = 0; i < ne; i++) {
      const struct ss_model_edge *e = &m->edges[br->edges[i]];
      if (!e->known || __builtin_add_overflow(sum, e->count, &sum)) {
        br->successors_known = 0;
        continue;
      }
      if (i == 0 || e->count > br->top)
        br->top = e->count;
    }
    br->known = blk->known || br->successors_known;
    br->executions = blk->known ? blk->count
                     : br->successors_known ? sum : 0;
    if (!br->successors_known)
      br->top = 0;
    if (!br->known) {
      b->unknown++;
      continue;
    }
    if (__builtin_add_overflow(b->total_executions, br->executions,
                               &b->total_executions))
      b->total_executions = INT64_MAX;
    if (br->executions > 0) {
      b->executed++;
      if (ss_branch_bias(br) > SS_BRANCH_BIASED)
        b->biased++;
    }
  }
  free(start);
}

void ss_branches_release(struct ss_branches *b) {
  free(b->v);
  free(b->edge_ids);
  memset(b, 0, sizeof *b);
}

double ss_branch_bias(const struct ss_branch *b) {
  if (!b->known || !b->successors_known || b->executions <= 0)
    return -1;
  return (double)b->top / (double)b->executions;
}
