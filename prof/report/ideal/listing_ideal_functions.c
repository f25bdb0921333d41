/*
 * listing_ideal_functions.c -- the function list of ideal time: by
 * exclusive ideal time (or by calls with -calls), with each function's
 * cycles, instructions and inclusive time (ideal.h).  [index]
 * is the rank in the default order (listing_ideal.h).  With -inlinesplit,
 * a function inlined somewhere has a row per copy (its own code's, then
 * one per caller it was inlined into) with the copy's own figures
 * (listing_ideal.h: struct ss_ideal_copy_row).
 */
#include "listing.h"

#include "base.h"
#include "listing_ideal.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct ss_ideal_view *sort_view; /* qsort has no context */

static int by_calls(const void *x, const void *y) {
  uint32_t ia = *(const uint32_t *)x, ib = *(const uint32_t *)y;
  const struct ss_model_function *a = &sort_view->model->functions[ia];
  const struct ss_model_function *b = &sort_view->model->functions[ib];
  int64_t ca = a->calls_known ? a->calls : -1;
  int64_t cb = b->calls_known ? b->calls : -1;
  if (ca != cb)
    return ca > cb ? -1 : 1;
  uint32_t ra = sort_view->rank[ia], rb = sort_view->rank[ib];
  return ra < rb ? -1 : ra > rb;
}

/* The columns before the name, of a function or of one of its copies. */
static void print_figures(FILE *out, const struct ss_ideal_view *v,
                          uint32_t rank, int code, double exclusive,
                          uint64_t instructions, int incl_known, double incl,
                          double cum, int calls_known, int64_t calls) {
  char index[16], text[32], pct[16], cycles[32], insns[32];
  snprintf(index, sizeof index, "[%u]", rank);
  if (code) {
    snprintf(pct, sizeof pct, "%.1f%%", ss_ideal_percent(v, exclusive));
    snprintf(cycles, sizeof cycles, "%.0f", exclusive);
    snprintf(insns, sizeof insns, "%" PRIu64, instructions);
  } else {
    strcpy(pct, "?");
    strcpy(cycles, "?");
    strcpy(insns, "?");
  }
  fprintf(out, "%7s ", index);
  ss_ideal_print_secs(out, v, 9, code, exclusive);
  fprintf(out, " %7s %6.1f%% %14s %14s ", pct, ss_ideal_percent(v, cum),
          cycles, insns);
  ss_ideal_print_secs(out, v, 9, incl_known, incl);
  if (incl_known)
    fprintf(out, " %6.1f%% ", ss_ideal_percent(v, incl));
  else
    fprintf(out, " %7s ", "?");
  fprintf(out, "%12s  ", ss_count_text(text, sizeof text, calls_known, calls));
}

static void print_row(FILE *out, const struct ss_ideal_view *v, uint32_t id,
                      double cum) {
  const struct ss_model_function *f = &v->model->functions[id];
  print_figures(out, v, v->rank[id], ss_ideal_has_code(v, id),
                v->exclusive[id], v->ideal->functions[id].instructions, 1,
                v->inc.exact_inclusive[id], cum, f->calls_known, f->calls);
  ss_print_function_place(out, f, f->file, f->line);
  fputc('\n', out);
}

/* -inlinesplit: the function's rows, one per copy; `cum` before it. */
static void print_copies(FILE *out, const struct ss_ideal_view *v,
                         uint32_t id, double cum) {
  const struct ss_model *m = v->model;
  const struct ss_model_function *f = &m->functions[id];
  for (uint32_t k = 0; k < f->num_copies; k++) {
    struct ss_ideal_copy_row r;
    ss_ideal_copy_row(v, f->first_copy + k, &r);
    cum += r.cycles;
    print_figures(out, v, v->rank[id], r.has_code, r.cycles, r.instructions,
                  r.inclusive_known, r.inclusive, cum,
                  m->copies[f->first_copy + k].calls_known,
                  m->copies[f->first_copy + k].calls);
    ss_print_copy_place(out, m, f->first_copy + k);
    fputc('\n', out);
  }
}

void ss_list_ideal_functions(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  FILE *out = l->out;
  struct ss_ideal_view v;
  ss_ideal_view_build(&v, l);
  uint32_t *order = ss_xcalloc(v.num_ran ? v.num_ran : 1, sizeof *order);
  memcpy(order, v.by_rank, v.num_ran * sizeof *order);
  if (l->options->by_calls) {
    sort_view = &v;
    ss_sort(order, v.num_ran, sizeof *order, by_calls);
    sort_view = NULL;
  }
  ss_print_title(out, l->options->by_calls
                          ? "Function list, in descending order by calls"
                          : "Function list, in descending order by "
                            "exclusive ideal time");
  fprintf(out, "%7s %9s %7s %7s %14s %14s %9s %7s %12s  %s\n", "[index]",
          "excl.secs", "excl.%", "cum.%", "cycles", "instructions",
          "incl.secs", "incl.%", "calls", "function (dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  double cum = 0;
  for (uint32_t i = 0; i < v.num_ran && ss_quit_allow(&q); i++) {
    if (ss_split_rows(l->options, m, order[i]))
      print_copies(out, &v, order[i], cum);
    cum += v.exclusive[order[i]];
    if (!ss_split_rows(l->options, m, order[i]))
      print_row(out, &v, order[i], cum);
    ss_quit_account(&q, ss_ideal_percent(&v, v.exclusive[order[i]]));
  }
  double total = l->ideal->total_cycles;
  fprintf(out, "%7s %9.3f %6.1f%% %6.1f%% %14.0f %14" PRIu64 " %9s %7s %12"
          PRId64 "  TOTAL\n", "", ss_ideal_seconds(l->ideal, total),
          total > 0 ? 100.0 : 0.0, total > 0 ? 100.0 : 0.0, total,
          l->ideal->total_instructions, "", "", m->total_calls);
  free(order);
  ss_ideal_view_release(&v);
}
