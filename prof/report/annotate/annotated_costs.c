/*
 * annotated_costs.c -- what the annotations show of each family, in one
 * form: the hottest functions by exclusive cost and the costs of their
 * source lines (ideal time: executions, instructions and cycles;
 * sampling: samples and seconds).
 */
#include "annotate.h"

#include "base.h"
#include "listing_ideal.h"
#include "quit_limit.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_FUNCTIONS 5

static const struct ss_sample_model *sort_samples;

static int by_exclusive_samples(const void *x, const void *y) {
  const struct ss_sfunction *a = &sort_samples->functions[*(const uint32_t *)x];
  const struct ss_sfunction *b = &sort_samples->functions[*(const uint32_t *)y];
  if (a->excl_samples != b->excl_samples)
    return a->excl_samples > b->excl_samples ? -1 : 1;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

double ss_annot_total(const struct ss_listing *l) {
  return l->samples ? (double)l->samples->samples : l->ideal->total_cycles;
}

void ss_annot_quit_begin(struct ss_quit_state *state,
                         const struct ss_listing *l, size_t lines) {
  struct ss_quit q = l->options->quit;
  if (q.kind == SS_QUIT_NONE) {
    q.kind = SS_QUIT_LINES;
    q.value = (double)lines;
  }
  ss_quit_begin(state, &q, 0);
}

size_t ss_annotated_functions(const struct ss_listing *l, uint32_t *out,
                              size_t cap) {
  struct ss_quit_state state;
  ss_annot_quit_begin(&state, l, DEFAULT_FUNCTIONS);
  double total = ss_annot_total(l);
  size_t n = 0;
  if (l->samples) {
    const struct ss_sample_model *m = l->samples;
    uint32_t *order = ss_xcalloc(m->num_functions + 1, sizeof *order);
    for (uint32_t i = 0; i < m->num_functions; i++)
      order[i] = i;
    sort_samples = m;
    ss_sort(order, m->num_functions, sizeof *order, by_exclusive_samples);
    sort_samples = NULL;
    for (uint32_t i = 0; i < m->num_functions && n < cap &&
                         ss_quit_allow(&state); i++) {
      const struct ss_sfunction *f = &m->functions[order[i]];
      if (f->excl_samples == 0 || f->by_address)
        continue;
      out[n++] = order[i];
      ss_quit_account(&state, total > 0 ? 100.0 * (double)f->excl_samples /
                                              total : 0);
    }
    free(order);
    return n;
  }
  struct ss_ideal_view v;
  ss_ideal_view_build(&v, l);
  for (uint32_t i = 0; i < v.num_ran && n < cap && ss_quit_allow(&state);
       i++) {
    uint32_t f = v.by_rank[i];
    if (!(v.exclusive[f] > 0))
      continue;
    out[n++] = f;
    ss_quit_account(&state, ss_ideal_percent(&v, v.exclusive[f]));
  }
  ss_ideal_view_release(&v);
  return n;
}

/* Lines of the descriptor and of the line table are matched by the
 * file's name and the line (one names a file as the compiler was given
 * it, the other with its directory). */
static int same_file(const char *a, const char *b) {
  return strcmp(ss_basename(a ? a : ""), ss_basename(b ? b : "")) == 0;
}

static int by_file_line(const void *x, const void *y) {
  const struct ss_annot_line *a = x, *b = y;
  int c = strcmp(a->file, b->file);
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

size_t ss_annot_lines(const struct ss_listing *l, uint32_t function,
                      struct ss_annot_line **out) {
  size_t n = 0, cap = 0;
  struct ss_annot_line *v = NULL;
  if (l->samples) {
    const struct ss_sample_model *m = l->samples;
    for (size_t i = 0; i < m->num_lines; i++) {
      const struct ss_sline *ln = &m->lines[i];
      if (ln->function != function || ln->line == 0)
        continue;
      SS_GROW(v, cap, n);
      v[n++] = (struct ss_annot_line){ln->file, ln->line, 0, 0,
                                      (double)ln->samples, (double)ln->ns};
    }
  } else {
    const struct ss_ideal *ideal = l->ideal;
    const struct ss_model *m = l->model;
    for (size_t i = 0; i < ideal->num_lines; i++) {
      const struct ss_ideal_line *ln = &ideal->lines[i];
      if (ln->function != function || ln->line == 0 || !ln->file ||
          strcmp(ln->file, SS_INSTRUMENTATION_FILE) == 0)
        continue;
      SS_GROW(v, cap, n);
      struct ss_annot_line a = {ln->file, ln->line, -1, 0, ln->cycles,
                                (double)ln->instructions};
      /* The counting model files a line under the function whose source
       * it is, its inlined copies' executions added up (counts.h). */
      for (size_t k = 0; k < m->num_function_lines; k++) {
        const struct ss_model_line *ml = &m->function_lines[k];
        if (ml->function != function || ml->line != ln->line ||
            !same_file(ml->file, ln->file))
          continue;
        a.count_known = ml->known;
        a.count = ml->count;
        break;
      }
      /* The opening line of a function no counted block lists (the
       * prologue's): it ran once per call. */
      const struct ss_model_function *fn = &m->functions[function];
      if (a.count_known < 0 && ln->line == fn->line &&
          same_file(fn->file, ln->file)) {
        a.count_known = fn->calls_known;
        a.count = fn->calls;
      }
      v[n++] = a;
    }
  }
  ss_sort(v, n, sizeof *v, by_file_line);
  *out = v;
  return n;
}

void ss_annot_function(const struct ss_listing *l, uint32_t f,
                       struct ss_annot_function *a) {
  if (l->samples) {
    const struct ss_sfunction *fn = &l->samples->functions[f];
    *a = (struct ss_annot_function){fn->name, fn->dso, fn->file, fn->line,
                                    fn->rank, (double)fn->excl_samples,
                                    (double)fn->excl_ns};
    return;
  }
  const struct ss_model_function *fn = &l->model->functions[f];
  *a = (struct ss_annot_function){fn->name, fn->dso, fn->file, fn->line,
                                  fn->rank, l->ideal->functions[f].cycles,
                                  (double)l->ideal->functions[f].instructions};
}
