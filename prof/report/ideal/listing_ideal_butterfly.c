/*
 * listing_ideal_butterfly.c -- -b for ideal time, in the seeds' layout:
 * for each function that ran, by inclusive ideal time, its callers (the
 * largest share next to it), the function with its inclusive and self
 * time, then its callees (the largest first).  One line per arc of the
 * call graph:
 *   attrib.time  the time the caller spends in the callee through the
 *                arc: exact where the line starts with "exact" (the
 *                callee's cycles that ran for these calls,
 *                ss_ideal_inclusive_exact in ideal.h), else the callee's
 *                inclusive time (less its exact arcs') times the arc's
 *                share of the callee's (other) calls, gprof's heuristic;
 *                "-" for calls inside a cycle and self calls (they carry
 *                no time), "?" for callees that were not instrumented;
 *   (#calls)     calls along the arc;
 *   incl.time    the caller's (callee's) inclusive time.
 */
#include "listing.h"

#include "base.h"
#include "listing_ideal.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct arc_line {
  const struct ss_model_arc *arc;
  uint32_t other; /* the caller (for a caller line) or the callee */
  double key;     /* attributed cycles; -1: carries none */
};

static const struct ss_ideal_view *sort_view;

static uint32_t rank_of(uint32_t function) {
  return function == SS_MODEL_NONE ? 0 : sort_view->rank[function];
}

/* Largest last (next to the function): callers. */
static int ascending(const void *x, const void *y) {
  const struct arc_line *a = x, *b = y;
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  if (a->arc->count != b->arc->count)
    return a->arc->count < b->arc->count ? -1 : 1;
  uint32_t ra = rank_of(a->other), rb = rank_of(b->other);
  return ra > rb ? -1 : ra < rb;
}

/* Largest first: callees. */
static int descending(const void *x, const void *y) {
  const struct arc_line *a = x, *b = y;
  if (a->key != b->key)
    return a->key > b->key ? -1 : 1;
  if (a->arc->count != b->arc->count)
    return a->arc->count > b->arc->count ? -1 : 1;
  if (a->other != b->other)
    return rank_of(a->other) < rank_of(b->other) ? -1 : 1;
  return strcmp(a->arc->callee_name, b->arc->callee_name);
}

static double node_inclusive(const struct ss_ideal_view *v, uint32_t id) {
  return v->inc.exact_inclusive[id]; /* a cycle member's is its cycle's */
}

static void print_arc(FILE *out, const struct ss_ideal_view *v,
                      const struct arc_line *al) {
  const struct ss_model_arc *a = al->arc;
  char pct[16], secs[32], incl[32];
  if (a->callee == SS_MODEL_NONE) {
    strcpy(pct, "?");
    strcpy(secs, "?");
  } else if (al->key < 0) {
    strcpy(pct, "-");
    strcpy(secs, "-");
  } else {
    snprintf(pct, sizeof pct, "%.1f%%", ss_ideal_percent(v, al->key));
    snprintf(secs, sizeof secs, "%.3f", ss_ideal_seconds(v->ideal, al->key));
  }
  if (al->other == SS_MODEL_NONE)
    strcpy(incl, a->callee == SS_MODEL_NONE ? "?" : "-");
  else
    snprintf(incl, sizeof incl, "%.3f",
             ss_ideal_seconds(v->ideal, node_inclusive(v, al->other)));
  int exact = al->key >= 0 && v->inc.arc_exact[a - v->model->arcs];
  fprintf(out, "%7s %8s %11s(%07" PRId64 ") %10s  ", exact ? "exact" : "",
          pct, secs, a->count, incl);
  if (al->other == SS_MODEL_NONE) {
    fputs(a->caller == SS_MODEL_NONE ? "<spontaneous>" : a->callee_name, out);
    fputc('\n', out);
    return;
  }
  ss_ideal_print_name(out, v, al->other);
  fprintf(out, " [%u]%s\n", v->rank[al->other], ss_arc_note(a->kind));
}

static void print_arcs(FILE *out, const struct ss_ideal_view *v,
                       const struct ss_model_arc *const *arcs, size_t n,
                       int callers) {
  struct arc_line *lines = ss_xcalloc(n ? n : 1, sizeof *lines);
  for (size_t i = 0; i < n; i++) {
    lines[i].arc = arcs[i];
    lines[i].other = callers ? arcs[i]->caller : arcs[i]->callee;
    lines[i].key = ss_ideal_arc_propagates(&v->inc, arcs[i])
                       ? v->inc.arc_cycles[arcs[i] - v->model->arcs]
                       : -1.0;
  }
  sort_view = v;
  ss_sort(lines, n, sizeof *lines, callers ? ascending : descending);
  sort_view = NULL;
  for (size_t i = 0; i < n; i++)
    print_arc(out, v, &lines[i]);
  free(lines);
}

static void print_function(FILE *out, const struct ss_ideal_view *v,
                           uint32_t id) {
  int code = ss_ideal_has_code(v, id);
  double incl = node_inclusive(v, id), self = v->exclusive[id];
  char index[16], pct[16];
  snprintf(index, sizeof index, "[%u]", v->rank[id]);
  if (code)
    snprintf(pct, sizeof pct, "%.1f%%", ss_ideal_percent(v, self));
  else
    strcpy(pct, "?");
  fprintf(out, "%7s %7.1f%% ", index, ss_ideal_percent(v, incl));
  ss_ideal_print_secs(out, v, 11, 1, incl);
  fprintf(out, " %8s ", pct);
  ss_ideal_print_secs(out, v, 10, code, self);
  fputs("  ", out);
  ss_ideal_print_name(out, v, id);
  fprintf(out, " [%u]\n", v->rank[id]);
}

static int by_inclusive(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  double ia = sort_view->inc.exact_inclusive[a],
         ib = sort_view->inc.exact_inclusive[b];
  if (ia != ib)
    return ia > ib ? -1 : 1;
  uint32_t ra = sort_view->rank[a], rb = sort_view->rank[b];
  return ra < rb ? -1 : ra > rb;
}

/* The arcs into each function and out of each, grouped (CSR). */
struct arc_index {
  size_t *in_start, *out_start;
  const struct ss_model_arc **in, **out;
};

static void index_arcs(struct arc_index *x, const struct ss_model *m) {
  size_t n = m->num_functions;
  x->in_start = ss_xcalloc(n + 1, sizeof *x->in_start);
  x->out_start = ss_xcalloc(n + 1, sizeof *x->out_start);
  x->in = ss_xcalloc(m->num_arcs ? m->num_arcs : 1, sizeof *x->in);
  x->out = ss_xcalloc(m->num_arcs ? m->num_arcs : 1, sizeof *x->out);
  for (size_t i = 0; i < m->num_arcs; i++) {
    if (m->arcs[i].callee != SS_MODEL_NONE)
      x->in_start[m->arcs[i].callee + 1]++;
    if (m->arcs[i].caller != SS_MODEL_NONE)
      x->out_start[m->arcs[i].caller + 1]++;
  }
  for (size_t f = 0; f < n; f++) {
    x->in_start[f + 1] += x->in_start[f];
    x->out_start[f + 1] += x->out_start[f];
  }
  size_t *in_fill = ss_xcalloc(n + 1, sizeof *in_fill);
  size_t *out_fill = ss_xcalloc(n + 1, sizeof *out_fill);
  for (size_t i = 0; i < m->num_arcs; i++) {
    const struct ss_model_arc *a = &m->arcs[i];
    if (a->callee != SS_MODEL_NONE)
      x->in[x->in_start[a->callee] + in_fill[a->callee]++] = a;
    if (a->caller != SS_MODEL_NONE)
      x->out[x->out_start[a->caller] + out_fill[a->caller]++] = a;
  }
  free(in_fill);
  free(out_fill);
}

static void release_arc_index(struct arc_index *x) {
  free(x->in_start);
  free(x->out_start);
  free(x->in);
  free(x->out);
}

void ss_list_ideal_butterfly(const struct ss_listing *l) {
  FILE *out = l->out;
  struct ss_ideal_view v;
  struct arc_index x;
  ss_ideal_view_build(&v, l);
  index_arcs(&x, l->model);
  uint32_t *order = ss_xcalloc(v.num_ran ? v.num_ran : 1, sizeof *order);
  memcpy(order, v.by_rank, v.num_ran * sizeof *order);
  sort_view = &v;
  ss_sort(order, v.num_ran, sizeof *order, by_inclusive);
  sort_view = NULL;
  ss_print_title(out, "Butterfly function list, in descending order by "
                      "inclusive ideal time");
  fprintf(out, "%7s %8s %11s%-9s %10s  %s\n", "", "attrib.%", "attrib.time",
          "(#calls)", "incl.time", "caller [index]");
  fprintf(out, "%7s %8s %11s %8s %10s  %s\n", "[index]", "incl.%",
          "incl.time", "self%", "self-time", "function [index]");
  fprintf(out, "%7s %8s %11s%-9s %10s  %s\n", "", "attrib.%", "attrib.time",
          "(#calls)", "incl.time", "callee [index]");
  ss_print_rule(out);
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 1);
  for (uint32_t i = 0; i < v.num_ran && ss_quit_allow(&q); i++) {
    uint32_t id = order[i];
    print_arcs(out, &v, &x.in[x.in_start[id]],
               x.in_start[id + 1] - x.in_start[id], 1);
    print_function(out, &v, id);
    print_arcs(out, &v, &x.out[x.out_start[id]],
               x.out_start[id + 1] - x.out_start[id], 0);
    ss_print_rule(out);
    ss_quit_account(&q, ss_ideal_percent(&v, v.inc.exact_inclusive[id]));
  }
  free(order);
  release_arc_index(&x);
  ss_ideal_view_release(&v);
}
