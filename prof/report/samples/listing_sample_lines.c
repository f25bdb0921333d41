/*
 * listing_sample_lines.c -- -h and -l for sampling experiments: the time
 * of the samples whose innermost frame is at each source line (for code
 * inlined from g, g's line).
 *   -h: lines by time, heaviest first;
 *   -l: functions in function-list order (exclusive time), each one's
 *       lines in source order.
 * Percentages are of the whole experiment's time.
 */
#include "listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct ss_sample_model *sort_model;

static int function_order(uint32_t fa, uint32_t fb) {
  const struct ss_sfunction *a = &sort_model->functions[fa];
  const struct ss_sfunction *b = &sort_model->functions[fb];
  if (a->excl_ns != b->excl_ns)
    return a->excl_ns > b->excl_ns ? -1 : 1;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

static int source_order(const void *x, const void *y) {
  const struct ss_sline *a = *(const struct ss_sline *const *)x;
  const struct ss_sline *b = *(const struct ss_sline *const *)y;
  int c = function_order(a->function, b->function);
  if (c)
    return c;
  c = strcmp(a->file, b->file);
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

static int heavy_order(const void *x, const void *y) {
  const struct ss_sline *a = *(const struct ss_sline *const *)x;
  const struct ss_sline *b = *(const struct ss_sline *const *)y;
  if (a->ns != b->ns)
    return a->ns > b->ns ? -1 : 1;
  return source_order(x, y);
}

static void print_lines(const struct ss_listing *l, const char *title,
                        int (*order)(const void *, const void *)) {
  const struct ss_sample_model *m = l->samples;
  FILE *out = l->out;
  const struct ss_sline **v = ss_xcalloc(m->num_lines, sizeof *v);
  for (size_t i = 0; i < m->num_lines; i++)
    v[i] = &m->lines[i];
  sort_model = m;
  ss_sort(v, m->num_lines, sizeof *v, order);
  sort_model = NULL;
  ss_print_title(out, title);
  fprintf(out, "%10s %6s %6s %10s  %s\n", "secs", "%", "cum.%", "samples",
          "function (dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  int64_t total = (int64_t)m->ns;
  uint64_t cum = 0;
  for (size_t i = 0; i < m->num_lines && ss_quit_allow(&q); i++) {
    const struct ss_sline *ln = v[i];
    const struct ss_sfunction *f = &m->functions[ln->function];
    double pct = ss_percent((int64_t)ln->ns, total);
    cum += ln->ns;
    fprintf(out, "%10.3f %6.1f %6.1f %10" PRIu64 "  %s (", ss_secs(ln->ns),
            pct, ss_percent((int64_t)cum, total), ln->samples, f->name);
    ss_print_dso_place(out, f->dso, ln->file, ln->line);
    fputs(")\n", out);
    ss_quit_account(&q, pct);
  }
  free(v);
}

void ss_list_sample_heavy_lines(const struct ss_listing *l) {
  print_lines(l, "Line list, in descending order by time", heavy_order);
}

void ss_list_sample_lines_by_function(const struct ss_listing *l) {
  print_lines(l, "Line list, in descending order by function-time and then "
                 "line number", source_order);
}
