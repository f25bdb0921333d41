/*
 * listing_pcsamp.c -- the function list of PC sampling ([f]pcsamp[x]):
 * the time of the samples whose PC is in each function (the innermost
 * inlined function when the PC is in inlined code), in [index] order,
 * then the TOTAL line.
 */
#include "listing.h"

#include "quit_limit.h"

#include <inttypes.h>

void ss_list_pcsamp_functions(const struct ss_listing *l) {
  const struct ss_sample_model *m = l->samples;
  FILE *out = l->out;
  int64_t total = (int64_t)m->ns;
  ss_print_title(out, !m->hwc ? "Function list, in descending order by time"
                     : m->profiled ? "Function list, in descending order by "
                                     "counts of the profiled counter"
                                   : "Function list, in descending order by counts");
  fprintf(out, "%7s %10s %7s %7s %10s  %s\n", "[index]", ss_sample_unit(m), "%",
          "cum.%", "samples", "function (dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  uint64_t cum = 0;
  for (uint32_t r = 0; r < m->num_functions && ss_quit_allow(&q); r++) {
    const struct ss_sfunction *f = &m->functions[m->by_rank[r]];
    if (f->excl_samples == 0)
      continue;
    char index[16];
    double pct = ss_percent((int64_t)f->excl_ns, total);
    cum += f->excl_ns;
    snprintf(index, sizeof index, "[%u]", f->rank);
    fprintf(out, "%7s ", index);
    ss_print_sample_value(out, m, 10, f->excl_ns);
    fprintf(out, " %6.1f%% %6.1f%% %10" PRIu64 "  %s (", pct,
            ss_percent((int64_t)cum, total), f->excl_samples, f->name);
    ss_print_dso_place(out, f->dso, f->file, f->line);
    fputs(")\n", out);
    ss_quit_account(&q, pct);
  }
  fprintf(out, "%7s ", "");
  ss_print_sample_value(out, m, 10, m->ns);
  fprintf(out, " %6.1f%% %6.1f%% %10" PRIu64 "  TOTAL\n",
          total > 0 ? 100.0 : 0.0, total > 0 ? 100.0 : 0.0, m->samples);
}
