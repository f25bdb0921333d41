/*
 * listing_trace_functions.c -- the function list of a trace experiment, in
 * the seeds' layout: exclusive events (those whose innermost frame is in
 * the function: for io, calls the function's own code made, the C
 * library's calls for its stdio calls included), their share and running
 * share, inclusive events (the function anywhere in the stack, once each)
 * and their share; then what each trace adds: fpe the exclusive
 * exceptions by type, io the exclusive bytes and time.  In descending
 * order of exclusive events, ties in [index] order.  Functions with no
 * exclusive events come after, as in the seeds' listing (main, _start).
 */
#include "trace_listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>

static const struct ss_trace_model *sort_model;

static int by_exclusive(const void *x, const void *y) {
  const struct ss_cs_function *a =
      &sort_model->stacks.functions[*(const uint32_t *)x];
  const struct ss_cs_function *b =
      &sort_model->stacks.functions[*(const uint32_t *)y];
  if (a->excl[0] != b->excl[0])
    return a->excl[0] > b->excl[0] ? -1 : 1;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

uint32_t *ss_trace_functions_by_exclusive(const struct ss_trace_model *m) {
  uint32_t n = m->stacks.num_functions;
  uint32_t *order = ss_xcalloc(n ? n : 1, sizeof *order);
  for (uint32_t i = 0; i < n; i++)
    order[i] = i;
  sort_model = m;
  ss_sort(order, n, sizeof *order, by_exclusive);
  sort_model = NULL;
  return order;
}

static int inexact_traced(const struct ss_trace_model *m) {
  return (m->flags & SS_TRACE_FPE_INEXACT) != 0;
}

static void print_heading(FILE *out, const struct ss_trace_model *m) {
  if (ss_trace_is_heap(m)) {
    fprintf(out, "%7s %10s %7s %7s %10s %7s %12s %10s %12s %12s  %s\n",
            "[index]", "excl.allocs", "excl.%", "cum.%", "incl.allocs",
            "incl.%", "excl.bytes", "excl.frees", "leaked.bytes",
            "peak.bytes", "function (dso: file, line)");
    return;
  }
  if (ss_trace_of_calls(m)) {
    fprintf(out, "%7s %10s %7s %7s %10s %7s %12s %10s  %s\n", "[index]",
            "excl.calls", "excl.%", "cum.%", "incl.calls", "incl.%",
            "excl.bytes", "excl.secs", "function (dso: file, line)");
    return;
  }
  fprintf(out, "%7s %10s %7s %7s %10s %7s %8s %8s %8s %8s", "[index]",
          "excl.FPEs", "excl.%", "cum.%", "incl.FPEs", "incl.%", "invalid",
          "div0", "overflow", "undrflow");
  if (inexact_traced(m))
    fprintf(out, " %8s", "inexact");
  fprintf(out, "  %s\n", "function (dso: file, line)");
}

static void print_extra(FILE *out, const struct ss_trace_model *m,
                        const struct ss_cs_function *f) {
  if (ss_trace_is_heap(m)) {
    fprintf(out, " %12" PRIu64 " %10" PRIu64 " %12" PRIu64 " %12" PRIu64,
            f->excl[SS_HEAP_W_BYTES], f->excl[SS_HEAP_W_FREES],
            f->excl[SS_HEAP_W_LEAKED_BYTES], f->excl[SS_HEAP_W_PEAK_BYTES]);
    return;
  }
  if (ss_trace_of_calls(m)) {
    fprintf(out, " %12" PRIu64 " %10.6f", f->excl[SS_IO_W_BYTES],
            ss_secs(f->excl[SS_IO_W_NS]));
    return;
  }
  int last = inexact_traced(m) ? SS_FPE_W_INEXACT : SS_FPE_W_UNDERFLOW;
  for (int i = SS_FPE_W_INVALID; i <= last; i++)
    fprintf(out, " %8" PRIu64, f->excl[i]);
}

void ss_list_trace_functions(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  FILE *out = l->out;
  uint32_t *order = ss_trace_functions_by_exclusive(m);
  char title[96];
  snprintf(title, sizeof title,
           "Function list, in descending order by exclusive %s",
           m->kind->what);
  ss_print_title(out, title);
  print_heading(out, m);
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  int64_t total = (int64_t)m->totals[0];
  uint64_t cum = 0;
  for (uint32_t i = 0; i < m->stacks.num_functions && ss_quit_allow(&q); i++) {
    const struct ss_cs_function *f = &m->stacks.functions[order[i]];
    char index[16];
    double pct = ss_percent((int64_t)f->excl[0], total);
    cum += f->excl[0];
    snprintf(index, sizeof index, "[%u]", f->rank);
    fprintf(out, "%7s %10" PRIu64 " %6.1f%% %6.1f%% %10" PRIu64 " %6.1f%%",
            index, f->excl[0], pct, ss_percent((int64_t)cum, total),
            f->incl[0], ss_percent((int64_t)f->incl[0], total));
    print_extra(out, m, f);
    fprintf(out, "  %s (", f->name);
    ss_print_dso_place(out, f->dso, f->file, f->line);
    fputs(")\n", out);
    ss_quit_account(&q, pct);
  }
  free(order);
}
