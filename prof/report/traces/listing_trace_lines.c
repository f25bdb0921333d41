/*
 * listing_trace_lines.c -- -h and -l for trace experiments: the events
 * whose innermost frame is at each source line (fpe: the line of the
 * instruction that raised the exception; io: the line of the call; for
 * code inlined from g, g's line).
 *   -h: lines by events, heaviest first;
 *   -l: functions in function-list order, each one's lines in source
 *       order.
 * Percentages are of all the experiment's events.
 */
#include "trace_listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct ss_trace_model *sort_model;
static uint32_t *position; /* [function]: its place in the function list */

static int source_order(const void *x, const void *y) {
  const struct ss_cs_line *a = *(const struct ss_cs_line *const *)x;
  const struct ss_cs_line *b = *(const struct ss_cs_line *const *)y;
  if (a->function != b->function)
    return position[a->function] < position[b->function] ? -1 : 1;
  int c = strcmp(a->file, b->file);
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

static int heavy_order(const void *x, const void *y) {
  const struct ss_cs_line *a = *(const struct ss_cs_line *const *)x;
  const struct ss_cs_line *b = *(const struct ss_cs_line *const *)y;
  if (a->w[0] != b->w[0])
    return a->w[0] > b->w[0] ? -1 : 1;
  return source_order(x, y);
}

static void print_lines(const struct ss_listing *l, const char *order_text,
                        int (*order)(const void *, const void *)) {
  const struct ss_trace_model *m = l->traces;
  const struct ss_callstacks *cs = &m->stacks;
  FILE *out = l->out;
  uint32_t *by_excl = ss_trace_functions_by_exclusive(m);
  position = ss_xcalloc(cs->num_functions ? cs->num_functions : 1,
                        sizeof *position);
  for (uint32_t i = 0; i < cs->num_functions; i++)
    position[by_excl[i]] = i;
  const struct ss_cs_line **v = ss_xcalloc(cs->num_lines ? cs->num_lines : 1,
                                           sizeof *v);
  for (size_t i = 0; i < cs->num_lines; i++)
    v[i] = &cs->lines[i];
  sort_model = m;
  ss_sort(v, cs->num_lines, sizeof *v, order);
  sort_model = NULL;
  char title[128];
  snprintf(title, sizeof title, "Line list, in descending order by %s",
           order_text);
  ss_print_title(out, title);
  int io = ss_trace_of_calls(m), heap = ss_trace_is_heap(m);
  fprintf(out, "%10s %6s %6s", m->kind->noun, "%", "cum.%");
  if (io)
    fprintf(out, " %12s %10s", "bytes", "secs");
  if (heap)
    fprintf(out, " %12s %10s", "bytes", "releases");
  fprintf(out, "  %s\n", "function (dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  int64_t total = (int64_t)m->totals[0];
  uint64_t cum = 0;
  for (size_t i = 0; i < cs->num_lines && ss_quit_allow(&q); i++) {
    const struct ss_cs_line *ln = v[i];
    const struct ss_cs_function *f = &cs->functions[ln->function];
    double pct = ss_percent((int64_t)ln->w[0], total);
    cum += ln->w[0];
    fprintf(out, "%10" PRIu64 " %6.1f %6.1f", ln->w[0], pct,
            ss_percent((int64_t)cum, total));
    if (io)
      fprintf(out, " %12" PRIu64 " %10.6f", ln->w[SS_IO_W_BYTES],
              ss_secs(ln->w[SS_IO_W_NS]));
    if (heap)
      fprintf(out, " %12" PRIu64 " %10" PRIu64, ln->w[SS_HEAP_W_BYTES],
              ln->w[SS_HEAP_W_FREES]);
    fprintf(out, "  %s (", f->name);
    ss_print_dso_place(out, f->dso, ln->file, ln->line);
    fputs(")\n", out);
    ss_quit_account(&q, pct);
  }
  free(v);
  free(position);
  position = NULL;
  free(by_excl);
}

void ss_list_trace_heavy_lines(const struct ss_listing *l) {
  char what[64];
  snprintf(what, sizeof what, "%s", l->traces->kind->what);
  print_lines(l, what, heavy_order);
}

void ss_list_trace_lines_by_function(const struct ss_listing *l) {
  char what[96];
  snprintf(what, sizeof what, "function-%s and then line number",
           l->traces->kind->what);
  print_lines(l, what, source_order);
}
