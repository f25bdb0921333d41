/*
 * listing_functions.c -- the function list, by block executions (or by
 * calls with -calls).  [index] is the function's rank in the default
 * order, the same in every part of the listing.  With -inlinesplit, a
 * function inlined somewhere has a row per copy (its own code's, then one
 * per caller it was inlined into), each with its own calls and block
 * executions (an inlined copy's blocks are its caller's).
 */
#include "listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>

static const struct ss_model *sort_model; /* qsort has no context */

static int by_calls(const void *x, const void *y) {
  const struct ss_model_function *a = &sort_model->functions[*(const uint32_t *)x];
  const struct ss_model_function *b = &sort_model->functions[*(const uint32_t *)y];
  int64_t ca = a->calls_known ? a->calls : -1;
  int64_t cb = b->calls_known ? b->calls : -1;
  if (ca != cb)
    return ca > cb ? -1 : 1;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

static void print_row(FILE *out, uint32_t rank, int64_t blocks, double pct,
                      double cum_pct, int calls_known, int64_t calls) {
  char index[16], text[32];
  snprintf(index, sizeof index, "[%u]", rank);
  fprintf(out, "%7s %14" PRId64 " %6.1f%% %6.1f%% %12s  ", index, blocks, pct,
          cum_pct, ss_count_text(text, sizeof text, calls_known, calls));
}

void ss_list_functions(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  FILE *out = l->out;
  uint32_t *order = ss_xcalloc(m->num_functions, sizeof *order);
  uint32_t n = 0;
  for (uint32_t r = 0; r < m->num_functions; r++)
    if (ss_model_function_ran(&m->functions[m->by_rank[r]]))
      order[n++] = m->by_rank[r];
  if (l->options->by_calls) {
    sort_model = m;
    ss_sort(order, n, sizeof *order, by_calls);
    sort_model = NULL;
  }
  ss_print_title(out, l->options->by_calls
                          ? "Function list, in descending order by calls"
                          : "Function list, in descending order by "
                            "basic-block executions");
  fprintf(out, "%7s %14s %7s %7s %12s  %s\n", "[index]", "blocks", "%",
          "cum.%", "calls", "function (dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  int64_t total = m->total_block_executions, cum = 0;
  for (uint32_t i = 0; i < n && ss_quit_allow(&q); i++) {
    const struct ss_model_function *f = &m->functions[order[i]];
    double pct = ss_percent(f->blocks, total);
    if (__builtin_add_overflow(cum, f->blocks, &cum)) /* as the total */
      cum = INT64_MAX;
    if (!ss_split_rows(l->options, m, order[i])) {
      print_row(out, f->rank, f->blocks, pct, ss_percent(cum, total),
                f->calls_known, f->calls);
      ss_print_function_place(out, f, f->file, f->line);
      fputc('\n', out);
    }
    for (uint32_t k = 0; ss_split_rows(l->options, m, order[i]) &&
                         k < f->num_copies; k++) {
      const struct ss_model_copy *c = &m->copies[f->first_copy + k];
      int own = c->inlined_in == SS_MODEL_NONE;
      int64_t blocks = own ? f->blocks : 0;
      print_row(out, f->rank, blocks, ss_percent(blocks, total),
                ss_percent(cum, total), c->calls_known,
                c->calls);
      ss_print_copy_place(out, m, f->first_copy + k);
      fputc('\n', out);
    }
    ss_quit_account(&q, pct);
  }
  fprintf(out, "%7s %14" PRId64 " %6.1f%% %6.1f%% %12" PRId64 "  TOTAL\n", "",
          total, total > 0 ? 100.0 : 0.0, total > 0 ? 100.0 : 0.0,
          m->total_calls);
  free(order);
}
