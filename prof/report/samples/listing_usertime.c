/*
 * listing_usertime.c -- the function list of call-stack sampling
 * (usertime, totaltime): exclusive time (samples whose innermost frame is
 * in the function), inclusive time (samples with the function anywhere in
 * their stack, once each) and the inclusive sample count, in descending
 * order of exclusive time, ties in [index] order.
 */
#include "listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>

static const struct ss_sample_model *sort_model;

static int by_exclusive(const void *x, const void *y) {
  const struct ss_sfunction *a = &sort_model->functions[*(const uint32_t *)x];
  const struct ss_sfunction *b = &sort_model->functions[*(const uint32_t *)y];
  if (a->excl_ns != b->excl_ns)
    return a->excl_ns > b->excl_ns ? -1 : 1;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

void ss_list_usertime_functions(const struct ss_listing *l) {
  const struct ss_sample_model *m = l->samples;
  FILE *out = l->out;
  uint32_t *order = ss_xcalloc(m->num_functions, sizeof *order);
  for (uint32_t i = 0; i < m->num_functions; i++)
    order[i] = i;
  sort_model = m;
  ss_sort(order, m->num_functions, sizeof *order, by_exclusive);
  sort_model = NULL;
  ss_print_title(out, !m->hwc ? "Function list, in descending order by "
                                "exclusive time"
                     : m->profiled ? "Function list, in descending order by "
                                     "exclusive counts of the profiled counter"
                                   : "Function list, in descending order by "
                                     "exclusive counts");
  char excl[16], incl[16];
  snprintf(excl, sizeof excl, "excl.%s", ss_sample_unit(m));
  snprintf(incl, sizeof incl, "incl.%s", ss_sample_unit(m));
  fprintf(out, "%7s %10s %7s %7s %10s %7s %10s  %s\n", "[index]",
          excl, "excl.%", "cum.%", incl, "incl.%", "samples",
          "procedure (dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  uint64_t cum = 0;
  for (uint32_t i = 0; i < m->num_functions && ss_quit_allow(&q); i++) {
    const struct ss_sfunction *f = &m->functions[order[i]];
    char index[16];
    int64_t total = (int64_t)m->ns;
    double pct = ss_percent((int64_t)f->excl_ns, total);
    cum += f->excl_ns;
    snprintf(index, sizeof index, "[%u]", f->rank);
    fprintf(out, "%7s ", index);
    ss_print_sample_value(out, m, 10, f->excl_ns);
    fprintf(out, " %6.1f%% %6.1f%% ", pct, ss_percent((int64_t)cum, total));
    ss_print_sample_value(out, m, 10, f->incl_ns);
    fprintf(out, " %6.1f%% %10" PRIu64 "  %s (",
            ss_percent((int64_t)f->incl_ns, total), f->incl_samples, f->name);
    ss_print_dso_place(out, f->dso, f->file, f->line);
    fputs(")\n", out);
    ss_quit_account(&q, pct);
  }
  free(order);
}
