/*
 * listing_sample_butterfly.c -- -b for call-stack sampling: for each
 * function, in [index] order (inclusive time), its callers, itself, its
 * callees, with the precise attribution the stacks give:
 *
 *   attrib.% attrib.time incl.time caller (@callsite; dso: file, line) [index]
 *   [index] incl.% incl.time self% self-time procedure [index]
 *   attrib.% attrib.time incl.time callee (@callsite; dso: file, line) [index]
 *
 * attrib.time of a caller line is the time of the samples whose stacks
 * hold that caller calling the function from that call site (once per
 * sample, samples.h); of a callee line, the same for the function
 * calling that callee.  incl.time is the caller's or callee's own
 * inclusive time.  Percentages are of the whole experiment's time.  The
 * call site is in the caller: its dso, the return address of the call
 * (link-time address, as objdump shows it) and its source line; for code
 * inlined into the caller, the inlined instance's first address, marked
 * "inlined".  Callers are listed with the largest next to the function.
 */
#include "listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int heavier_first(const void *x, const void *y) {
  const struct ss_sedge *a = *(const struct ss_sedge *const *)x;
  const struct ss_sedge *b = *(const struct ss_sedge *const *)y;
  if (a->ns != b->ns)
    return a->ns > b->ns ? -1 : 1;
  if (a->callsite != b->callsite)
    return a->callsite < b->callsite ? -1 : 1;
  if (a->caller != b->caller)
    return a->caller < b->caller ? -1 : 1;
  return a->callee < b->callee ? -1 : a->callee > b->callee;
}

static void print_edge(const struct ss_listing *l, const struct ss_sedge *e,
                       uint32_t other) {
  const struct ss_sample_model *m = l->samples;
  const struct ss_sfunction *o = &m->functions[other];
  const struct ss_sfunction *caller = &m->functions[e->caller];
  FILE *out = l->out;
  fprintf(out, "%7s %7.1f%% %11.3f %11.3f  %s (@0x%08" PRIx64 "%s; ", "",
          ss_percent((int64_t)e->ns, (int64_t)m->ns), ss_secs(e->ns),
          ss_secs(o->incl_ns), o->name, e->callsite,
          e->inlined ? " inlined" : "");
  ss_print_dso_place(out, caller->dso, e->file, e->line);
  fprintf(out, ") [%u]\n", o->rank);
}

void ss_list_sample_butterfly(const struct ss_listing *l) {
  const struct ss_sample_model *m = l->samples;
  FILE *out = l->out;
  /* Edges by callee and by caller. */
  const struct ss_sedge **in = ss_xcalloc(m->num_edges, sizeof *in);
  const struct ss_sedge **outv = ss_xcalloc(m->num_edges, sizeof *outv);
  size_t *in_start = ss_xcalloc((size_t)m->num_functions + 1, sizeof *in_start);
  size_t *out_start =
      ss_xcalloc((size_t)m->num_functions + 1, sizeof *out_start);
  for (size_t i = 0; i < m->num_edges; i++) {
    in_start[m->edges[i].callee + 1]++;
    out_start[m->edges[i].caller + 1]++;
  }
  for (uint32_t i = 0; i < m->num_functions; i++) {
    in_start[i + 1] += in_start[i];
    out_start[i + 1] += out_start[i];
  }
  size_t *in_fill = ss_xcalloc(m->num_functions + (size_t)1, sizeof *in_fill);
  size_t *out_fill =
      ss_xcalloc(m->num_functions + (size_t)1, sizeof *out_fill);
  for (size_t i = 0; i < m->num_edges; i++) {
    const struct ss_sedge *e = &m->edges[i];
    in[in_start[e->callee] + in_fill[e->callee]++] = e;
    outv[out_start[e->caller] + out_fill[e->caller]++] = e;
  }
  for (uint32_t i = 0; i < m->num_functions; i++) {
    ss_sort(in + in_start[i], in_start[i + 1] - in_start[i], sizeof *in,
          heavier_first);
    ss_sort(outv + out_start[i], out_start[i + 1] - out_start[i],
          sizeof *outv, heavier_first);
  }

  ss_print_title(out, "Butterfly function list, in descending order by "
                      "inclusive time");
  fprintf(out, "%7s %8s %11s %11s  %s\n", "", "attrib.%", "attrib.time",
          "incl.time", "caller (callsite) [index]");
  fprintf(out, "%7s %8s %11s %8s %11s  %s\n", "[index]", "incl.%",
          "incl.time", "self%", "self-time", "procedure [index]");
  fprintf(out, "%7s %8s %11s %11s  %s\n", "", "attrib.%", "attrib.time",
          "incl.time", "callee (callsite) [index]");
  ss_print_rule(out);
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 1);
  int64_t total = (int64_t)m->ns;
  for (uint32_t r = 0; r < m->num_functions && ss_quit_allow(&q); r++) {
    uint32_t id = m->by_rank[r];
    const struct ss_sfunction *f = &m->functions[id];
    if (f->incl_samples == 0)
      continue;
    for (size_t k = in_start[id + 1]; k-- > in_start[id];)
      print_edge(l, in[k], in[k]->caller);
    char index[16];
    snprintf(index, sizeof index, "[%u]", f->rank);
    double pct = ss_percent((int64_t)f->incl_ns, total);
    fprintf(out, "%7s %7.1f%% %11.3f %7.1f%% %11.3f  %s [%u]\n", index, pct,
            ss_secs(f->incl_ns), ss_percent((int64_t)f->excl_ns, total),
            ss_secs(f->excl_ns), f->name, f->rank);
    for (size_t k = out_start[id]; k < out_start[id + 1]; k++)
      print_edge(l, outv[k], outv[k]->callee);
    ss_print_rule(out);
    ss_quit_account(&q, pct);
  }
  free(in);
  free(outv);
  free(in_start);
  free(out_start);
  free(in_fill);
  free(out_fill);
}
