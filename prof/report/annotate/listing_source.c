/*
 * listing_source.c -- -source: the source of the hottest functions, each
 * line with its costs beside it (as gcov, callgrind_annotate and perf
 * annotate show them).
 *
 * For each function (the hottest by exclusive cost; -q n|n%|ncum% as
 * for the function list, else the first five), the lines of its own file
 * from its definition to its last line with a cost, then the lines of
 * other files whose code landed in it (inlined functions, macros in
 * headers), each with a line of context and "..." over gaps.  Ideal
 * time: executions of the line, cycles and their share of the run;
 * sampling: samples, seconds and their share.  A file that cannot be
 * found is named once with a hint at -srcdir, its lines still listed.
 */
#include "annotate.h"

#include "base.h"
#include "listing_ideal.h"
#include "text_format.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SPAN 150 /* a function's own lines shown whole up to this */
#define CONTEXT 1

static void print_costs(FILE *out, const struct ss_listing *l,
                        const struct ss_annot_line *a, double total) {
  char buf[32];
  if (!a) {
    fprintf(out, "%12s %14s %7s", ".", ".", ".");
    return;
  }
  double pct = total > 0 ? 100.0 * a->cost / total : 0;
  if (l->samples)
    fprintf(out, "%12.0f %14.3f %6.1f%%", a->cost, a->cost2 / 1e9, pct);
  else if (a->count_known < 0)
    fprintf(out, "%12s %14.0f %6.1f%%", ".", a->cost, pct);
  else
    fprintf(out, "%12s %14.0f %6.1f%%",
            ss_count_text(buf, sizeof buf, a->count_known, a->count),
            a->cost, pct);
}

static const struct ss_annot_line *find(const struct ss_annot_line *v,
                                        size_t n, const char *file,
                                        uint32_t line) {
  for (size_t i = 0; i < n; i++)
    if (v[i].line == line && strcmp(v[i].file, file) == 0)
      return &v[i];
  return NULL;
}

static void print_line(FILE *out, const struct ss_listing *l,
                       const struct ss_source_file *src,
                       const struct ss_annot_line *a, uint32_t line,
                       double total) {
  print_costs(out, l, a, total);
  int len = 0;
  const char *text = ss_source_line(src, line, &len);
  fprintf(out, " %6u  %.*s\n", line, text ? len : 0, text ? text : "");
}

/* The lines of one file: [from, to] whole, or each costed line with
 * CONTEXT lines around it. */
static void print_file(FILE *out, const struct ss_listing *l,
                       struct ss_sources *sources,
                       const struct ss_annot_line *v, size_t n,
                       const char *file, uint32_t from, uint32_t to,
                       double total) {
  struct ss_source_file *src = ss_source_get(sources, file);
  if (!src->found && !src->noted) {
    fprintf(stderr, "ssprof: warning: source file %s not found; its lines "
            "are shown without their text (give its directory with "
            "-srcdir)\n", file);
    src->noted = 1;
  }
  fprintf(out, "%s%s\n", src->found ? src->found : file,
          src->found ? "" : " (not found)");
  uint32_t last = 0;
  for (size_t i = 0; i < n; i++) {
    if (strcmp(v[i].file, file) != 0)
      continue;
    uint32_t lo = v[i].line > CONTEXT ? v[i].line - CONTEXT : 1;
    uint32_t hi = v[i].line + CONTEXT;
    if (from && to && to - from <= MAX_SPAN) {
      lo = from;
      hi = to;
    }
    if (lo <= last)
      lo = last + 1;
    if (last && lo > last + 1)
      fputs("         ...\n", out);
    for (uint32_t k = lo; k <= hi; k++)
      if (!src->found || k <= src->num_lines || find(v, n, file, k))
        print_line(out, l, src, find(v, n, file, k), k, total);
    if (hi > last)
      last = hi;
  }
}

static void print_function(FILE *out, const struct ss_listing *l,
                           struct ss_sources *sources, uint32_t f,
                           uint32_t rank, double total) {
  struct ss_annot_function a;
  ss_annot_function(l, f, &a);
  struct ss_annot_line *v;
  size_t n = ss_annot_lines(l, f, &v);
  fprintf(out, "[%u] %s (", rank, a.name);
  ss_print_dso_place(out, a.dso, a.file, a.line);
  if (l->samples)
    fprintf(out, "): %.0f samples, %.3f secs, %.1f%% of the run\n", a.cost,
            a.cost2 / 1e9, total > 0 ? 100.0 * a.cost / total : 0);
  else
    fprintf(out, "): %.0f cycles, %.0f instructions, %.1f%% of the run\n",
            a.cost, a.cost2, total > 0 ? 100.0 * a.cost / total : 0);
  if (l->samples)
    fprintf(out, "%12s %14s %7s %6s  %s\n", "samples", "secs", "%", "line",
            "source");
  else
    fprintf(out, "%12s %14s %7s %6s  %s\n", "executions", "cycles", "%",
            "line", "source");
  /* The function's own file: its definition is the file with its line. */
  const char *own = NULL;
  uint32_t first = a.line, last = 0;
  for (size_t i = 0; i < n; i++)
    if (ss_basename(v[i].file)[0] && a.file &&
        strcmp(ss_basename(v[i].file), ss_basename(a.file)) == 0) {
      own = v[i].file;
      if (v[i].line > last)
        last = v[i].line;
      if (!first || v[i].line < first)
        first = v[i].line;
    }
  if (own)
    print_file(out, l, sources, v, n, own, first, last, total);
  for (size_t i = 0; i < n; i++) {
    if (own && strcmp(v[i].file, own) == 0)
      continue;
    if (i > 0 && strcmp(v[i].file, v[i - 1].file) == 0)
      continue;
    fprintf(out, "-- inlined into %s from ", a.name);
    print_file(out, l, sources, v, n, v[i].file, 0, 0, total);
  }
  free(v);
}

void ss_list_source(const struct ss_listing *l) {
  FILE *out = l->out;
  uint32_t top[1024];
  size_t n = ss_annotated_functions(l, top, 1024);
  double total = ss_annot_total(l);
  ss_print_title(out, l->samples ? "Annotated source of the hottest "
                                   "functions, by exclusive time"
                                 : "Annotated source of the hottest "
                                   "functions, by exclusive ideal time");
  struct ss_sources sources;
  ss_sources_init(&sources, l);
  struct ss_ideal_view v;
  if (!l->samples)
    ss_ideal_view_build(&v, l);
  for (size_t i = 0; i < n; i++) {
    if (i)
      fputc('\n', out);
    uint32_t rank = l->samples ? l->samples->functions[top[i]].rank
                               : v.rank[top[i]];
    print_function(out, l, &sources, top[i], rank, total);
  }
  if (!l->samples)
    ss_ideal_view_release(&v);
  ss_sources_release(&sources);
}
