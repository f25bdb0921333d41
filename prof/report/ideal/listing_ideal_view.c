/*
 * listing_ideal_view.c -- exclusive and inclusive cycles of every
 * function and the [index] of the ideal listings (listing_ideal.h).
 */
#include "listing_ideal.h"

#include "base.h"

#include <stdlib.h>

static const struct ss_ideal_view *sort_view; /* qsort has no context */

static int default_order(const void *x, const void *y) {
  uint32_t ia = *(const uint32_t *)x, ib = *(const uint32_t *)y;
  const struct ss_model_function *a = &sort_view->model->functions[ia];
  const struct ss_model_function *b = &sort_view->model->functions[ib];
  int ran_a = ss_model_function_ran(a), ran_b = ss_model_function_ran(b);
  if (ran_a != ran_b)
    return ran_a ? -1 : 1;
  int code_a = ss_ideal_has_code(sort_view, ia);
  int code_b = ss_ideal_has_code(sort_view, ib);
  if (code_a != code_b)
    return code_a ? -1 : 1;
  double ca = sort_view->exclusive[ia], cb = sort_view->exclusive[ib];
  if (ca != cb)
    return ca > cb ? -1 : 1;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

void ss_ideal_view_build(struct ss_ideal_view *v, const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  uint32_t n = m->num_functions;
  size_t alloc = n ? n : 1;
  v->model = m;
  v->ideal = l->ideal;
  v->cpi = l->cpi;
  v->exclusive = ss_xcalloc(alloc, sizeof *v->exclusive);
  v->rank = ss_xcalloc(alloc, sizeof *v->rank);
  v->by_rank = ss_xcalloc(alloc, sizeof *v->by_rank);
  v->num_ran = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (ss_ideal_has_code(v, i))
      v->exclusive[i] = l->ideal->functions[i].cycles;
    v->by_rank[i] = i;
    if (ss_model_function_ran(&m->functions[i]))
      v->num_ran++;
  }
  sort_view = v;
  ss_sort(v->by_rank, n, sizeof *v->by_rank, default_order);
  sort_view = NULL;
  for (uint32_t r = 0; r < n; r++)
    v->rank[v->by_rank[r]] = r + 1;
  ss_ideal_inclusive_build(&v->inc, m, v->exclusive);
  ss_ideal_inclusive_exact(&v->inc, m, v->exclusive, l->ideal);
}

void ss_ideal_view_release(struct ss_ideal_view *v) {
  ss_ideal_inclusive_release(&v->inc);
  free(v->exclusive);
  free(v->rank);
  free(v->by_rank);
}

void ss_ideal_copy_row(const struct ss_ideal_view *v, uint32_t copy,
                       struct ss_ideal_copy_row *r) {
  const struct ss_model_copy *c = &v->model->copies[copy];
  const struct ss_model_function *f = &v->model->functions[c->function];
  const struct ss_ideal_copy *ic = &v->ideal->copies[copy];
  r->has_code = ic->has_code;
  r->instructions = ic->instructions;
  r->cycles = ic->cycles;
  double callees = v->inc.inclusive[c->function] - v->exclusive[c->function];
  r->inclusive_known = 0;
  r->inclusive_exact = 0;
  r->inclusive = 0;
  if (v->inc.cycle[c->function])
    return;
  if (!(callees > 0)) {
    r->inclusive_known = 1;
    r->inclusive_exact = r->has_code;
    r->inclusive = r->cycles;
  } else if (c->calls_known && f->calls_known && f->calls > 0) {
    r->inclusive_known = 1;
    r->inclusive = r->cycles + callees * (double)c->calls / (double)f->calls;
  }
}

double ss_ideal_percent(const struct ss_ideal_view *v, double cycles) {
  double total = v->ideal->total_cycles;
  return total > 0 ? 100.0 * cycles / total : 0.0;
}

int ss_ideal_has_code(const struct ss_ideal_view *v, uint32_t function) {
  return v->ideal->functions && v->ideal->functions[function].has_code;
}

void ss_ideal_print_name(FILE *out, const struct ss_ideal_view *v,
                         uint32_t function) {
  fputs(v->model->functions[function].name, out);
  if (v->inc.cycle[function])
    fprintf(out, " <cycle %u>", v->inc.cycle[function]);
}

void ss_ideal_print_secs(FILE *out, const struct ss_ideal_view *v, int width,
                         int known, double cycles) {
  if (known)
    fprintf(out, "%*.3f", width, ss_ideal_seconds(v->ideal, cycles));
  else
    fprintf(out, "%*s", width, "?");
}
