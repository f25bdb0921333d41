/*
 * listing_lines.c -- the source line lists.  A line's count is the max
 * over the function's blocks whose line list holds it (counts.h).
 *   -h: lines that ran (and unknown ones, last), most executed first;
 *   -l: every line of the functions that ran, functions in function-list
 *       order, lines in source order.
 * Percentages are of the sum of all line counts.
 */
#include "listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct ss_model *sort_model;

/* Function order (the function list's ranks), then file and line. */
static int source_order(const void *x, const void *y) {
  const struct ss_model_line *a = *(const struct ss_model_line *const *)x;
  const struct ss_model_line *b = *(const struct ss_model_line *const *)y;
  uint32_t ra = sort_model->functions[a->function].rank;
  uint32_t rb = sort_model->functions[b->function].rank;
  if (ra != rb)
    return ra < rb ? -1 : 1;
  int c = strcmp(a->file, b->file);
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

/* Known counts first, heaviest first; ties in source order. */
static int heavy_order(const void *x, const void *y) {
  const struct ss_model_line *a = *(const struct ss_model_line *const *)x;
  const struct ss_model_line *b = *(const struct ss_model_line *const *)y;
  if (a->known != b->known)
    return a->known ? -1 : 1;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return source_order(x, y);
}

static int64_t lines_total(const struct ss_model *m) {
  int64_t total = 0;
  for (size_t i = 0; i < m->num_function_lines; i++)
    if (m->function_lines[i].known && m->function_lines[i].count > 0 &&
        __builtin_add_overflow(total, m->function_lines[i].count, &total))
      return INT64_MAX;
  return total;
}

static void print_lines(const struct ss_listing *l, const char *title,
                        const struct ss_model_line **v, size_t n) {
  const struct ss_model *m = l->model;
  FILE *out = l->out;
  int64_t total = lines_total(m), cum = 0;
  ss_print_title(out, title);
  fprintf(out, "%14s %6s %6s  %s\n", "count", "%", "cum.%",
          "function (dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  for (size_t i = 0; i < n && ss_quit_allow(&q); i++) {
    const struct ss_model_line *ln = v[i];
    const struct ss_model_function *f = &m->functions[ln->function];
    char count[32];
    double pct = ln->known ? ss_percent(ln->count, total) : 0.0;
    if (ln->known && __builtin_add_overflow(cum, ln->count, &cum))
      cum = INT64_MAX; /* as the total */
    ss_count_text(count, sizeof count, ln->known, ln->count);
    if (ln->known)
      fprintf(out, "%14s %6.1f %6.1f  ", count, pct, ss_percent(cum, total));
    else
      fprintf(out, "%14s %6s %6s  ", count, "?", "?");
    ss_print_function_place(out, f, ln->file, ln->line);
    fputc('\n', out);
    ss_quit_account(&q, pct);
  }
}

void ss_list_heavy_lines(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  const struct ss_model_line **v =
      ss_xcalloc(m->num_function_lines, sizeof *v);
  size_t n = 0;
  for (size_t i = 0; i < m->num_function_lines; i++) {
    const struct ss_model_line *ln = &m->function_lines[i];
    if (!ln->known || ln->count > 0)
      v[n++] = ln;
  }
  sort_model = m;
  ss_sort(v, n, sizeof *v, heavy_order);
  sort_model = NULL;
  print_lines(l, "Line list, in descending order by execution count", v, n);
  free(v);
}

void ss_list_lines_by_function(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  const struct ss_model_line **v =
      ss_xcalloc(m->num_function_lines, sizeof *v);
  size_t n = 0;
  for (size_t i = 0; i < m->num_function_lines; i++) {
    const struct ss_model_line *ln = &m->function_lines[i];
    if (ss_model_function_ran(&m->functions[ln->function]))
      v[n++] = ln;
  }
  sort_model = m;
  ss_sort(v, n, sizeof *v, source_order);
  sort_model = NULL;
  print_lines(l, "Line list, in descending order by function and then line "
                 "number", v, n);
  free(v);
}
