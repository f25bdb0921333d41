/*
 * listing_butterfly.c -- for each function that ran, in the default order:
 * its callers with the exact number of calls each made and their share of
 * the function's calls (largest next to the function, as in the seeds),
 * the function line (calls and its own block executions), then its
 * callees, one line per callee and source line of the call (indirect
 * calls: per target).
 */
#include "listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct callee_line {
  int64_t count;
  const char *name;
  uint32_t function; /* SS_MODEL_NONE if not instrumented */
  const char *file;
  uint32_t line;
};

static const struct ss_model *sort_model;

static int callers_ascending(const void *x, const void *y) {
  const struct ss_model_arc *a = *(const struct ss_model_arc *const *)x;
  const struct ss_model_arc *b = *(const struct ss_model_arc *const *)y;
  if (a->count != b->count)
    return a->count < b->count ? -1 : 1;
  uint32_t ra = a->caller == SS_MODEL_NONE ? 0 : sort_model->functions[a->caller].rank;
  uint32_t rb = b->caller == SS_MODEL_NONE ? 0 : sort_model->functions[b->caller].rank;
  return ra > rb ? -1 : ra < rb;
}

static int callees_descending(const void *x, const void *y) {
  const struct callee_line *a = x, *b = y;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  return strcmp(a->name, b->name);
}

/* Several call sites of one callee on one source line (an unrolled loop,
 * a call duplicated by the optimizer) make one line. */
static int same_site_key(const void *x, const void *y) {
  const struct callee_line *a = x, *b = y;
  int c = strcmp(a->name, b->name);
  if (c)
    return c;
  if (a->function != b->function)
    return a->function < b->function ? -1 : 1;
  c = strcmp(a->file, b->file);
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

static size_t fold_same_sites(struct callee_line *v, size_t n) {
  size_t out = 0;
  if (n == 0)
    return 0;
  ss_sort(v, n, sizeof *v, same_site_key);
  for (size_t i = 0; i < n; i++) {
    if (out > 0 && same_site_key(&v[out - 1], &v[i]) == 0) {
      if (__builtin_add_overflow(v[out - 1].count, v[i].count,
                                 &v[out - 1].count))
        v[out - 1].count = INT64_MAX;
      continue;
    }
    v[out++] = v[i];
  }
  return out;
}

static void print_index_suffix(FILE *out, const struct ss_model *m,
                               uint32_t function) {
  if (function != SS_MODEL_NONE)
    fprintf(out, " [%u]", m->functions[function].rank);
  fputc('\n', out);
}

static void print_callers(FILE *out, const struct ss_model *m,
                          const struct ss_model_function *f,
                          const struct ss_model_arc *arcs, size_t n) {
  const struct ss_model_arc **sorted = ss_xcalloc(n, sizeof *sorted);
  for (size_t i = 0; i < n; i++)
    sorted[i] = &arcs[i];
  sort_model = m;
  ss_sort(sorted, n, sizeof *sorted, callers_ascending);
  sort_model = NULL;
  for (size_t i = 0; i < n; i++) {
    const struct ss_model_arc *a = sorted[i];
    char pct[16];
    if (f->calls_known && f->calls > 0)
      snprintf(pct, sizeof pct, "(%5.1f%%)", ss_percent(a->count, f->calls));
    else
      snprintf(pct, sizeof pct, "(    ?%%)");
    fprintf(out, "%7s %14" PRId64 "%s  %s", "", a->count, pct,
            a->caller == SS_MODEL_NONE ? "<spontaneous>"
                                       : m->functions[a->caller].name);
    print_index_suffix(out, m, a->caller);
  }
  free(sorted);
}

static void push_callee(struct callee_line **v, size_t *n, size_t *cap,
                        int64_t count, const char *name, uint32_t function,
                        const struct ss_model_call *c) {
  if (count <= 0)
    return;
  SS_GROW(*v, *cap, *n);
  struct callee_line *cl = &(*v)[(*n)++];
  cl->count = count;
  cl->name = name;
  cl->function = function;
  cl->file = c->file;
  cl->line = c->line;
}

static void print_callees(FILE *out, const struct ss_model *m,
                          const struct ss_model_call *calls, size_t n) {
  struct callee_line *v = NULL;
  size_t nv = 0, cap = 0;
  for (size_t i = 0; i < n; i++) {
    const struct ss_model_call *c = &calls[i];
    if (!c->known)
      continue;
    if (!c->indirect) {
      push_callee(&v, &nv, &cap, c->count, c->callee, c->callee_function, c);
      continue;
    }
    for (size_t t = 0; t < c->num_targets; t++)
      push_callee(&v, &nv, &cap, c->targets[t].count, c->targets[t].name,
                  c->targets[t].function, c);
    push_callee(&v, &nv, &cap, c->other_targets, "<other targets>",
                SS_MODEL_NONE, c);
    if (c->num_targets == 0 && c->other_targets == 0)
      push_callee(&v, &nv, &cap, c->count, "<indirect call>", SS_MODEL_NONE,
                  c);
  }
  nv = fold_same_sites(v, nv);
  if (nv)
    ss_sort(v, nv, sizeof *v, callees_descending);
  for (size_t i = 0; i < nv; i++) {
    fprintf(out, "%7s %14" PRId64 "  %s (", "", v[i].count, v[i].name);
    ss_print_file_line(out, v[i].file, v[i].line);
    fputc(')', out);
    print_index_suffix(out, m, v[i].function);
  }
  free(v);
}

void ss_list_butterfly(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  FILE *out = l->out;
  /* Call sites are grouped by caller and arcs sorted by callee: index both. */
  size_t *call_start = ss_xcalloc((size_t)m->num_functions + 1, sizeof *call_start);
  size_t *arc_start = ss_xcalloc((size_t)m->num_functions + 1, sizeof *arc_start);
  for (size_t i = 0; i < m->num_calls; i++)
    call_start[m->calls[i].caller + 1]++;
  for (size_t i = 0; i < m->num_arcs; i++)
    if (m->arcs[i].callee != SS_MODEL_NONE)
      arc_start[m->arcs[i].callee + 1]++;
  for (uint32_t i = 0; i < m->num_functions; i++) {
    call_start[i + 1] += call_start[i];
    arc_start[i + 1] += arc_start[i];
  }
  ss_print_title(out, "Butterfly function list, in descending order by "
                      "block executions");
  fprintf(out, "%7s %14s%-8s  %s\n", "", "calls", "(%)", "caller [index]");
  fprintf(out, "%7s %14s %14s  %s\n", "[index]", "calls", "self-blocks",
          "function [index]");
  fprintf(out, "%7s %14s  %s\n", "", "calls", "callee (call site) [index]");
  ss_print_rule(out);
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 1);
  for (uint32_t r = 0; r < m->num_functions && ss_quit_allow(&q); r++) {
    uint32_t id = m->by_rank[r];
    const struct ss_model_function *f = &m->functions[id];
    if (!ss_model_function_ran(f))
      continue;
    char index[16], calls[32];
    snprintf(index, sizeof index, "[%u]", f->rank);
    print_callers(out, m, f, &m->arcs[arc_start[id]],
                  arc_start[id + 1] - arc_start[id]);
    fprintf(out, "%7s %14s %14" PRId64 "  %s [%u]\n", index,
            ss_count_text(calls, sizeof calls, f->calls_known, f->calls),
            f->blocks, f->name, f->rank);
    print_callees(out, m, &m->calls[call_start[id]],
                  call_start[id + 1] - call_start[id]);
    ss_print_rule(out);
    ss_quit_account(&q, ss_percent(f->blocks, m->total_block_executions));
  }
  free(call_start);
  free(arc_start);
}
