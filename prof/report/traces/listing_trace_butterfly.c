/*
 * listing_trace_butterfly.c -- -b for trace experiments: for each function,
 * in [index] order (inclusive events), its callers, itself, its callees,
 * with the exact attribution the stacks give:
 *
 *   attrib.% attrib.N incl.N caller (@callsite; dso: file, line) [index]
 *   [index] incl.% incl.N self% self-N procedure [index]
 *   attrib.% attrib.N incl.N callee (@callsite; dso: file, line) [index]
 *
 * N is the trace's events (FPEs, I/O calls).  attrib.N of a caller line
 * counts the events whose stacks hold that caller calling the function
 * from that call site (once per event, callstacks.h); of a callee line,
 * the same for the function calling that callee.  incl.N is the caller's
 * or callee's own inclusive count.  Percentages are of all the events.
 * The call site is as in the sampling butterfly: the return address of
 * the call in the caller's module, or the inlined instance's first
 * address ("inlined"), with its source line.  Heaviest callers are listed
 * next to the function, heaviest callees first.
 */
#include "trace_listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>

/* The edges into and out of each function, as lists of edge indices. */
struct adjacency {
  size_t *start; /* [function + 1] */
  size_t *edge;  /* [edges] */
};

static const struct ss_callstacks *sort_cs;

static int heavier_first(const void *x, const void *y) {
  const struct ss_cs_edge *a = &sort_cs->edges[*(const size_t *)x];
  const struct ss_cs_edge *b = &sort_cs->edges[*(const size_t *)y];
  if (a->w[0] != b->w[0])
    return a->w[0] > b->w[0] ? -1 : 1;
  return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

static void adjacency_of(const struct ss_callstacks *cs, int by_callee,
                         struct adjacency *a) {
  uint32_t n = cs->num_functions;
  a->start = ss_xcalloc((size_t)n + 1, sizeof *a->start);
  a->edge = ss_xcalloc(cs->num_edges ? cs->num_edges : 1, sizeof *a->edge);
  for (size_t i = 0; i < cs->num_edges; i++)
    a->start[(by_callee ? cs->edges[i].callee : cs->edges[i].caller) + 1]++;
  for (uint32_t f = 0; f < n; f++)
    a->start[f + 1] += a->start[f];
  size_t *fill = ss_xcalloc((size_t)n + 1, sizeof *fill);
  for (size_t i = 0; i < cs->num_edges; i++) {
    uint32_t f = by_callee ? cs->edges[i].callee : cs->edges[i].caller;
    a->edge[a->start[f] + fill[f]++] = i;
  }
  free(fill);
  sort_cs = cs;
  for (uint32_t f = 0; f < n; f++)
    ss_sort(a->edge + a->start[f], a->start[f + 1] - a->start[f],
          sizeof *a->edge, heavier_first);
  sort_cs = NULL;
}

static void print_edge(const struct ss_listing *l, const struct ss_cs_edge *e,
                       uint32_t other) {
  const struct ss_callstacks *cs = &l->traces->stacks;
  const struct ss_cs_function *o = &cs->functions[other];
  const struct ss_cs_function *caller = &cs->functions[e->caller];
  FILE *out = l->out;
  fprintf(out, "%7s %7.1f%% %11" PRIu64 " %11" PRIu64 "  %s (@0x%08" PRIx64
          "%s; ", "",
          ss_percent((int64_t)e->w[0], (int64_t)l->traces->totals[0]),
          e->w[0], o->incl[0], o->name, e->callsite,
          e->inlined ? " inlined" : "");
  ss_print_dso_place(out, caller->dso, e->file, e->line);
  fprintf(out, ") [%u]\n", o->rank);
}

void ss_list_trace_butterfly(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  const struct ss_callstacks *cs = &m->stacks;
  FILE *out = l->out;
  struct adjacency in, from;
  adjacency_of(cs, 1, &in);
  adjacency_of(cs, 0, &from);
  const char *noun = ss_trace_of_calls(m) ? "calls" : "FPEs";
  char title[96], attrib[24], incl[24], self[24];
  snprintf(title, sizeof title,
           "Butterfly function list, in descending order by inclusive %s",
           m->kind->what);
  snprintf(attrib, sizeof attrib, "attrib.%s", noun);
  snprintf(incl, sizeof incl, "incl.%s", noun);
  snprintf(self, sizeof self, "self-%s", noun);
  ss_print_title(out, title);
  fprintf(out, "%7s %8s %11s %11s  %s\n", "", "attrib.%", attrib, incl,
          "caller (callsite) [index]");
  fprintf(out, "%7s %8s %11s %8s %11s  %s\n", "[index]", "incl.%", incl,
          "self%", self, "procedure [index]");
  fprintf(out, "%7s %8s %11s %11s  %s\n", "", "attrib.%", attrib, incl,
          "callee (callsite) [index]");
  ss_print_rule(out);
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 1);
  int64_t total = (int64_t)m->totals[0];
  for (uint32_t r = 0; r < cs->num_functions && ss_quit_allow(&q); r++) {
    uint32_t id = cs->by_rank[r];
    const struct ss_cs_function *f = &cs->functions[id];
    if (f->incl[0] == 0)
      continue;
    for (size_t k = in.start[id + 1]; k-- > in.start[id];) {
      const struct ss_cs_edge *e = &cs->edges[in.edge[k]];
      print_edge(l, e, e->caller);
    }
    char index[16];
    snprintf(index, sizeof index, "[%u]", f->rank);
    double pct = ss_percent((int64_t)f->incl[0], total);
    fprintf(out, "%7s %7.1f%% %11" PRIu64 " %7.1f%% %11" PRIu64 "  %s [%u]\n",
            index, pct, f->incl[0], ss_percent((int64_t)f->excl[0], total),
            f->excl[0], f->name, f->rank);
    for (size_t k = from.start[id]; k < from.start[id + 1]; k++) {
      const struct ss_cs_edge *e = &cs->edges[from.edge[k]];
      print_edge(l, e, e->callee);
    }
    ss_print_rule(out);
    ss_quit_account(&q, pct);
  }
  free(in.start);
  free(in.edge);
  free(from.start);
  free(from.edge);
}
