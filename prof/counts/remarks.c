/*
 * remarks.c -- loop remarks joined to the model's loops (counts.h).
 */
#include "counts.h"

#include "base.h"
#include "expfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct span {
  int known;
  uint32_t first, last; /* lines of the loop's blocks in the loop's file */
};

/* The first lines of a loop's blocks, in the loop's own file. */
static struct span loop_span(const struct ss_model *m,
                             const struct ss_loop_nest *n, uint32_t loop) {
  const struct ss_model_loop *ml = &m->loops[loop];
  const struct ss_loop_facts *lf = &n->loops[loop];
  struct span s = {0, 0, 0};
  for (uint32_t k = 0; k < lf->num_blocks; k++) {
    const struct ss_model_block *b = &m->blocks[lf->blocks[k]];
    if (!b->line || !b->file || strcmp(b->file, ml->file) != 0)
      continue;
    if (!s.known || b->line < s.first)
      s.first = b->line;
    if (!s.known || b->line > s.last)
      s.last = b->line;
    s.known = 1;
  }
  if (ml->line) { /* the loop's start belongs to it */
    if (!s.known || ml->line < s.first)
      s.first = ml->line;
    if (!s.known || ml->line > s.last)
      s.last = ml->line;
    s.known = 1;
  }
  return s;
}

static const struct ss_merged_module *module_of(const struct ss_model *m,
                                                uint32_t loop) {
  return m->functions[m->loops[loop].function].module;
}

static int same_file(const char *a, const char *b) {
  return a && b && strcmp(a, b) == 0;
}

void ss_loop_remarks_build(struct ss_loop_remarks *r, const struct ss_model *m,
                           const struct ss_loop_nest *n) {
  memset(r, 0, sizeof *r);
  const struct ss_profile *p = m->profile;
  for (size_t i = 0; i < p->num_modules; i++)
    r->num_remarks += p->modules[i].desc->header.num_remarks;
  r->remarks = ss_xcalloc(r->num_remarks ? r->num_remarks : 1,
                          sizeof *r->remarks);
  size_t k = 0;
  for (size_t i = 0; i < p->num_modules; i++) {
    const struct ss_descriptor *d = p->modules[i].desc;
    for (uint32_t j = 0; j < d->header.num_remarks; j++, k++) {
      const struct ss_desc_remark *dr = &d->remarks[j];
      struct ss_remark_ref *rr = &r->remarks[k];
      rr->module = &p->modules[i];
      rr->file = ss_desc_str(d, dr->file);
      rr->line = dr->line;
      rr->column = dr->column;
      rr->kind = dr->kind;
      rr->flags = dr->flags;
      rr->text = ss_desc_str(d, dr->text);
    }
  }

  size_t nl = m->num_loops;
  struct span *spans = ss_xcalloc(nl ? nl : 1, sizeof *spans);
  for (size_t l = 0; l < nl; l++)
    spans[l] = loop_span(m, n, (uint32_t)l);

  /* Pairs (remark, loop), in remark order. */
  size_t cap = 16, num = 0;
  uint32_t(*pairs)[2] = ss_xcalloc(cap, sizeof *pairs);
#define ADD_PAIR(R, L)                                                     \
  do {                                                                     \
    if (num == cap) {                                                      \
      cap *= 2;                                                            \
      pairs = ss_xrealloc_array(pairs, cap, sizeof *pairs);                \
    }                                                                      \
    pairs[num][0] = (uint32_t)(R);                                         \
    pairs[num][1] = (uint32_t)(L);                                         \
    num++;                                                                 \
  } while (0)
  for (size_t ri = 0; ri < r->num_remarks; ri++) {
    struct ss_remark_ref *rr = &r->remarks[ri];
    for (size_t l = 0; l < nl; l++) /* rule 1: the loop's own start */
      if (module_of(m, (uint32_t)l) == rr->module &&
          m->loops[l].line == rr->line && same_file(m->loops[l].file, rr->file)) {
        ADD_PAIR(ri, l);
        rr->num_loops++;
      }
    if (rr->num_loops || !rr->line)
      continue;
    uint32_t deepest = 0; /* rule 2: the innermost loops spanning it */
    for (size_t l = 0; l < nl; l++)
      if (module_of(m, (uint32_t)l) == rr->module && spans[l].known &&
          same_file(m->loops[l].file, rr->file) &&
          spans[l].first <= rr->line && rr->line <= spans[l].last &&
          m->loops[l].depth > deepest)
        deepest = m->loops[l].depth;
    for (size_t l = 0; deepest && l < nl; l++)
      if (module_of(m, (uint32_t)l) == rr->module && spans[l].known &&
          same_file(m->loops[l].file, rr->file) &&
          spans[l].first <= rr->line && rr->line <= spans[l].last &&
          m->loops[l].depth == deepest) {
        ADD_PAIR(ri, l);
        rr->num_loops++;
        rr->by_range = 1;
      }
  }
#undef ADD_PAIR
  free(spans);

  /* Both directions as compressed lists. */
  r->remark_start = ss_xcalloc(r->num_remarks + 1, sizeof *r->remark_start);
  r->remark_loop = ss_xcalloc(num ? num : 1, sizeof *r->remark_loop);
  r->loop_start = ss_xcalloc(nl + 1, sizeof *r->loop_start);
  r->loop_remark = ss_xcalloc(num ? num : 1, sizeof *r->loop_remark);
  for (size_t i = 0; i < num; i++) {
    r->remark_start[pairs[i][0] + 1]++;
    r->loop_start[pairs[i][1] + 1]++;
  }
  for (size_t i = 0; i < r->num_remarks; i++)
    r->remark_start[i + 1] += r->remark_start[i];
  for (size_t i = 0; i < nl; i++)
    r->loop_start[i + 1] += r->loop_start[i];
  uint32_t *fill = ss_xcalloc(nl + 1, sizeof *fill);
  memcpy(fill, r->loop_start, (nl + 1) * sizeof *fill);
  /* Exact joins before those by range, each in remark order. */
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < num; i++)
      if (r->remarks[pairs[i][0]].by_range == pass)
        r->loop_remark[fill[pairs[i][1]]++] = pairs[i][0];
  for (size_t i = 0; i < num; i++) /* pairs are in remark order */
    r->remark_loop[i] = pairs[i][1];
  for (size_t i = 0; i < r->num_remarks; i++)
    if (!r->remarks[i].num_loops)
      r->unjoined++;
  free(fill);
  free(pairs);
}

void ss_loop_remarks_release(struct ss_loop_remarks *r) {
  free(r->remarks);
  free(r->loop_start);
  free(r->loop_remark);
  free(r->remark_start);
  free(r->remark_loop);
  memset(r, 0, sizeof *r);
}

const char *ss_remark_tag(uint32_t kind) {
  return kind == SS_REMARK_FAILED ? "#<swpf>" : "#<swps>";
}

void ss_print_remark(FILE *out, const struct ss_remark_ref *r) {
  const char *base = r->file ? strrchr(r->file, '/') : NULL;
  base = base ? base + 1 : r->file;
  fprintf(out, "%s Loop line %u", ss_remark_tag(r->kind), r->line);
  if (base && base[0])
    fprintf(out, " (%s)", base);
  fprintf(out, "%s%s\n", r->kind == SS_REMARK_FAILED ? " " : ": ", r->text);
}

void ss_remark_flag_names(uint32_t flags, void (*fn)(const char *, void *),
                          void *arg) {
  static const char *const names[] = {
      "vectorized", "interleaved", "unrolled",  "interchanged",
      "distributed", "fused",      "licm",      "slp_vectorized",
      "idiom",       "deleted",    "flattened", "not_vectorized"};
  for (unsigned b = 0; b < sizeof names / sizeof names[0]; b++)
    if (flags & (1u << b))
      fn(names[b], arg);
}
