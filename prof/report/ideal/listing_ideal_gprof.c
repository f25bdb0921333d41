/*
 * listing_ideal_gprof.c -- -gprof: the functions that ran by inclusive
 * ideal time (each function's cycles shared among its callers in
 * proportion to their calls, ideal.h).  As in gprof's call
 * graph, a cycle of the call graph has a line of its own, "<cycle N as a
 * whole>", right before its members, which are marked "<cycle N>"; calls
 * are "external+recursive" when the function or its cycle calls itself.
 * Inclusive figures are exact where the counts say what each caller's
 * calls cost (ideal.h: ss_ideal_inclusive_exact).  With -inlinesplit, a
 * function inlined somewhere has a row per copy, as in the function list.
 */
#include "listing.h"

#include "base.h"
#include "listing_ideal.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct entry {
  double inclusive;  /* -1: unknown (a copy's, listing_ideal.h) */
  uint32_t cycle;    /* a cycle's entry or a member's: its number; else 0 */
  uint32_t function; /* SS_MODEL_NONE: the cycle as a whole */
  uint32_t rank;
  uint32_t copy;     /* -inlinesplit: the function's copy; else SS_MODEL_NONE */
};

/* Inclusive time descending; a cycle, then its members; then [index]. */
static int entry_order(const void *x, const void *y) {
  const struct entry *a = x, *b = y;
  if (a->inclusive != b->inclusive)
    return a->inclusive > b->inclusive ? -1 : 1;
  uint32_t ga = a->cycle ? a->cycle : UINT32_MAX;
  uint32_t gb = b->cycle ? b->cycle : UINT32_MAX;
  if (ga != gb)
    return ga < gb ? -1 : 1;
  int wa = a->function != SS_MODEL_NONE, wb = b->function != SS_MODEL_NONE;
  if (wa != wb)
    return wa < wb ? -1 : 1;
  if (a->rank != b->rank)
    return a->rank < b->rank ? -1 : 1;
  return a->copy < b->copy ? -1 : a->copy > b->copy;
}

static void calls_text(char *buf, size_t size, int64_t external,
                       int64_t recursive, int known, int64_t calls) {
  if (recursive > 0)
    snprintf(buf, size, "%" PRId64 "+%" PRId64, external, recursive);
  else
    ss_count_text(buf, size, known, calls);
}

static void print_cycle(FILE *out, const struct ss_ideal_view *v,
                        uint32_t c) {
  double incl = v->inc.cycle_exact_inclusive[c], self = v->inc.cycle_self[c];
  char calls[48];
  calls_text(calls, sizeof calls, v->inc.cycle_external_calls[c],
             v->inc.cycle_internal_calls[c], 1,
             v->inc.cycle_external_calls[c]);
  fprintf(out, "%7s ", "");
  ss_ideal_print_secs(out, v, 9, 1, incl);
  fprintf(out, " %6.1f%% %14.0f ", ss_ideal_percent(v, incl), incl);
  ss_ideal_print_secs(out, v, 9, 1, self);
  fprintf(out, " %6.1f%% %14s  <cycle %u as a whole>\n",
          ss_ideal_percent(v, self), calls, c);
}

static void print_function(FILE *out, const struct ss_ideal_view *v,
                           uint32_t id) {
  const struct ss_model_function *f = &v->model->functions[id];
  int code = ss_ideal_has_code(v, id);
  double incl = v->inc.exact_inclusive[id], self = v->exclusive[id];
  char index[16], calls[48], pct[16];
  snprintf(index, sizeof index, "[%u]", v->rank[id]);
  calls_text(calls, sizeof calls, v->inc.external_calls[id],
             v->inc.recursive_calls[id], f->calls_known, f->calls);
  if (code)
    snprintf(pct, sizeof pct, "%.1f%%", ss_ideal_percent(v, self));
  else
    snprintf(pct, sizeof pct, "?");
  fprintf(out, "%7s ", index);
  ss_ideal_print_secs(out, v, 9, 1, incl);
  fprintf(out, " %6.1f%% %14.0f ", ss_ideal_percent(v, incl), incl);
  ss_ideal_print_secs(out, v, 9, code, self);
  fprintf(out, " %7s %14s  ", pct, calls);
  ss_ideal_print_name(out, v, id);
  fprintf(out, " (");
  ss_print_dso_place(out, f->dso, f->file, f->line);
  fputs(")\n", out);
}

/* -inlinesplit: one copy of a function (listing_ideal.h: its own cycles,
 * exact; its inclusive ones "?" where unknown). */
static void print_copy(FILE *out, const struct ss_ideal_view *v,
                       uint32_t copy) {
  const struct ss_model_copy *c = &v->model->copies[copy];
  struct ss_ideal_copy_row r;
  ss_ideal_copy_row(v, copy, &r);
  char index[16], calls[48], pct[16], incl_pct[16], incl_cycles[32];
  snprintf(index, sizeof index, "[%u]", v->rank[c->function]);
  ss_count_text(calls, sizeof calls, c->calls_known, c->calls);
  if (r.has_code)
    snprintf(pct, sizeof pct, "%.1f%%", ss_ideal_percent(v, r.cycles));
  else
    snprintf(pct, sizeof pct, "?");
  if (r.inclusive_known) {
    snprintf(incl_pct, sizeof incl_pct, "%.1f%%",
             ss_ideal_percent(v, r.inclusive));
    snprintf(incl_cycles, sizeof incl_cycles, "%.0f", r.inclusive);
  } else {
    strcpy(incl_pct, "?");
    strcpy(incl_cycles, "?");
  }
  fprintf(out, "%7s ", index);
  ss_ideal_print_secs(out, v, 9, r.inclusive_known, r.inclusive);
  fprintf(out, " %7s %14s ", incl_pct, incl_cycles);
  ss_ideal_print_secs(out, v, 9, r.has_code, r.cycles);
  fprintf(out, " %7s %14s  ", pct, calls);
  ss_print_copy_place(out, v->model, copy);
  fputc('\n', out);
}

void ss_list_ideal_gprof(const struct ss_listing *l) {
  FILE *out = l->out;
  struct ss_ideal_view v;
  ss_ideal_view_build(&v, l);
  size_t n = 0;
  struct entry *e = ss_xcalloc((size_t)v.num_ran + v.inc.num_cycles +
                                   l->model->num_copies + 1,
                               sizeof *e);
  for (uint32_t c = 1; c <= v.inc.num_cycles; c++)
    e[n++] = (struct entry){v.inc.cycle_exact_inclusive[c], c, SS_MODEL_NONE,
                            0, SS_MODEL_NONE};
  for (uint32_t r = 0; r < v.num_ran; r++) {
    uint32_t id = v.by_rank[r];
    const struct ss_model_function *f = &l->model->functions[id];
    if (!ss_split_rows(l->options, l->model, id)) {
      e[n++] = (struct entry){v.inc.exact_inclusive[id], v.inc.cycle[id], id,
                              v.rank[id], SS_MODEL_NONE};
      continue;
    }
    for (uint32_t k = 0; k < f->num_copies; k++) {
      struct ss_ideal_copy_row row;
      ss_ideal_copy_row(&v, f->first_copy + k, &row);
      e[n++] = (struct entry){row.inclusive_known ? row.inclusive : -1,
                              v.inc.cycle[id], id, v.rank[id],
                              f->first_copy + k};
    }
  }
  ss_sort(e, n, sizeof *e, entry_order);
  ss_print_title(out, "Function list, in descending order by inclusive "
                      "ideal time");
  fprintf(out, "%7s %9s %7s %14s %9s %7s %14s  %s\n", "[index]", "incl.secs",
          "incl.%", "incl.cycles", "self.secs", "self.%", "calls",
          "function (dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 1);
  for (size_t i = 0; i < n && ss_quit_allow(&q); i++) {
    if (e[i].function == SS_MODEL_NONE)
      print_cycle(out, &v, e[i].cycle);
    else if (e[i].copy != SS_MODEL_NONE)
      print_copy(out, &v, e[i].copy);
    else
      print_function(out, &v, e[i].function);
    ss_quit_account(&q, ss_ideal_percent(&v, e[i].inclusive > 0
                                                 ? e[i].inclusive
                                                 : 0));
  }
  free(e);
  ss_ideal_view_release(&v);
}
