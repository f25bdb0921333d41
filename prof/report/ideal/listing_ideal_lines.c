/*
 * listing_ideal_lines.c -- -h and -l for ideal time: the cycles of each
 * (function, source line) (ideal.h: a machine block's cycles are shared
 * among the lines of its instructions in proportion to their number).
 *   -h: lines that ran, most cycles first;
 *   -l: the lines of the functions that ran, functions in the order of the
 *       function list, lines in source order.
 * Percentages are of all the cycles of the run.
 */
#include "listing.h"

#include "base.h"
#include "listing_ideal.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct ss_ideal_view *sort_view; /* qsort has no context */

static int source_order(const void *x, const void *y) {
  const struct ss_ideal_line *a = *(const struct ss_ideal_line *const *)x;
  const struct ss_ideal_line *b = *(const struct ss_ideal_line *const *)y;
  uint32_t ra = sort_view->rank[a->function];
  uint32_t rb = sort_view->rank[b->function];
  if (ra != rb)
    return ra < rb ? -1 : 1;
  int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

static int heavy_order(const void *x, const void *y) {
  const struct ss_ideal_line *a = *(const struct ss_ideal_line *const *)x;
  const struct ss_ideal_line *b = *(const struct ss_ideal_line *const *)y;
  if (a->cycles != b->cycles)
    return a->cycles > b->cycles ? -1 : 1;
  return source_order(x, y);
}

static void print_lines(const struct ss_listing *l,
                        const struct ss_ideal_view *v, const char *title,
                        const struct ss_ideal_line **lines, size_t n) {
  FILE *out = l->out;
  double cum = 0;
  ss_print_title(out, title);
  fprintf(out, "%10s %6s %6s %14s %14s  %s\n", "secs", "%", "cum.%", "cycles",
          "instructions", "function (dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  for (size_t i = 0; i < n && ss_quit_allow(&q); i++) {
    const struct ss_ideal_line *ln = lines[i];
    double pct = ss_ideal_percent(v, ln->cycles);
    cum += ln->cycles;
    fprintf(out, "%10.3f %6.1f %6.1f %14.0f %14" PRIu64 "  ",
            ss_ideal_seconds(l->ideal, ln->cycles), pct,
            ss_ideal_percent(v, cum), ln->cycles, ln->instructions);
    ss_print_function_place(out, &l->model->functions[ln->function],
                            ln->file, ln->line);
    fputc('\n', out);
    ss_quit_account(&q, pct);
  }
}

/* The program's lines (never the instrumentation's): for -h those that
 * ran, for -l those of the functions that ran. */
static void list(const struct ss_listing *l, const char *title, int heavy) {
  const struct ss_ideal *ideal = l->ideal;
  struct ss_ideal_view v;
  ss_ideal_view_build(&v, l);
  const struct ss_ideal_line **lines =
      ss_xcalloc(ideal->num_lines ? ideal->num_lines : 1, sizeof *lines);
  size_t n = 0;
  for (size_t i = 0; i < ideal->num_lines; i++) {
    const struct ss_ideal_line *ln = &ideal->lines[i];
    if (ln->file && strcmp(ln->file, SS_INSTRUMENTATION_FILE) == 0)
      continue;
    if (heavy ? ln->cycles > 0 || ln->instructions > 0
              : ss_model_function_ran(&l->model->functions[ln->function]))
      lines[n++] = ln;
  }
  sort_view = &v;
  ss_sort(lines, n, sizeof *lines, heavy ? heavy_order : source_order);
  sort_view = NULL;
  print_lines(l, &v, title, lines, n);
  free(lines);
  ss_ideal_view_release(&v);
}

void ss_list_ideal_heavy_lines(const struct ss_listing *l) {
  list(l, "Line list, in descending order by ideal time", 1);
}

void ss_list_ideal_lines_by_function(const struct ss_listing *l) {
  list(l, "Line list, in descending order by function-time and then line "
          "number", 0);
}
