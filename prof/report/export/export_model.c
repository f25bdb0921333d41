/*
 * export_model.c -- the neutral model of the exports (export.h), from
 * ideal time (the counting family: instructions and cycles, the stacks of
 * ideal.h's call tree) or from samples (samples and time, the sampled
 * stacks and each thread's samples in order).
 */
#include "export.h"

#include "base.h"
#include "listing_ideal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int64_t ss_xround_next(struct ss_xround *r, double value) {
  r->sum += value;
  int64_t now = (int64_t)llround(r->sum);
  int64_t v = now - r->emitted;
  r->emitted = now;
  return v;
}

const char *ss_xframe_plain_name(const char *name, char *buf, size_t size) {
  size_t n = 0;
  for (const char *p = name; *p && n + 1 < size; p++)
    buf[n++] = *p == ';' ? ':' : (unsigned char)*p < 0x20 ? ' ' : *p;
  buf[n] = 0;
  return buf;
}

static const char *keep(struct ss_xprofile *x, char *s) {
  x->strings = ss_xrealloc_array(x->strings, x->num_strings + 1,
                                 sizeof *x->strings);
  return x->strings[x->num_strings++] = s;
}

static void add_stack(struct ss_xprofile *x, size_t *cap, size_t *locs_cap,
                      const struct ss_xloc *root_first, uint32_t depth,
                      double v0, double v1) {
  SS_GROW(x->stacks, *cap, x->num_stacks);
  x->stacks[x->num_stacks++] =
      (struct ss_xstack){(uint32_t)x->num_locs, depth, {v0, v1}};
  for (uint32_t k = 0; k < depth; k++) {
    SS_GROW(x->locs, *locs_cap, x->num_locs);
    x->locs[x->num_locs++] = root_first[k];
  }
}

/* ---- ideal time ---- */

static void ideal_frames(struct ss_xprofile *x, const struct ss_listing *l,
                         const struct ss_ideal_view *v) {
  const struct ss_model *m = l->model;
  x->num_frames = m->num_functions;
  x->frames = ss_xcalloc(m->num_functions + 1, sizeof *x->frames);
  for (uint32_t f = 0; f < m->num_functions; f++) {
    const struct ss_model_function *fn = &m->functions[f];
    const char *name = fn->name;
    if (v->inc.cycle[f])
      name = keep(x, ss_xasprintf("%s <cycle %u>", fn->name, v->inc.cycle[f]));
    const char *path = fn->module && fn->module->map && fn->module->map->path
                           ? fn->module->map->path : "";
    x->frames[f] = (struct ss_xframe){name, fn->file ? fn->file : "",
                                      fn->line, fn->dso ? fn->dso : "", path};
  }
}

static void ideal_stacks(struct ss_xprofile *x, const struct ss_listing *l,
                         const struct ss_ideal_tree *t) {
  size_t cap = 0, locs_cap = 0;
  struct ss_xloc *path = ss_xcalloc(130, sizeof *path);
  for (size_t i = 0; i < t->num_nodes; i++) {
    const struct ss_ideal_tree_node *n = &t->nodes[i];
    if (!(n->self_cycles > 0) && !(n->self_instructions > 0))
      continue;
    uint32_t depth = n->depth + 1;
    for (uint32_t k = (uint32_t)i, d = depth; d > 0; k = t->nodes[k].parent) {
      uint32_t f = t->nodes[k].function;
      path[--d] = (struct ss_xloc){f, l->model->functions[f].line};
    }
    add_stack(x, &cap, &locs_cap, path, depth, n->self_instructions,
              n->self_cycles);
  }
  free(path);
}

static void ideal_lines(struct ss_xprofile *x, const struct ss_ideal *ideal) {
  x->lines = ss_xcalloc(ideal->num_lines + 1, sizeof *x->lines);
  for (size_t i = 0; i < ideal->num_lines; i++) {
    const struct ss_ideal_line *ln = &ideal->lines[i];
    if (ln->file && strcmp(ln->file, SS_INSTRUMENTATION_FILE) == 0)
      continue;
    if (!(ln->cycles > 0) && ln->instructions == 0)
      continue;
    x->lines[x->num_lines++] = (struct ss_xline){
        ln->function, ln->file ? ln->file : "", ln->line,
        {(double)ln->instructions, ln->cycles}};
  }
}

/* What a call site of `callee` spends in it: the callee's inclusive
 * values times this site's share of its calls (the -gprof heuristic). */
static void add_call(struct ss_xprofile *x, size_t *cap,
                     const struct ss_ideal_view *v,
                     const struct ss_ideal_inclusive *inc_insns,
                     const struct ss_model_call *c, uint32_t callee,
                     int64_t count) {
  if (callee == SS_MODEL_NONE || count <= 0)
    return;
  struct ss_model_arc arc = {c->source_caller, callee, NULL, count,
                             SS_ARC_CALL};
  SS_GROW(x->calls, *cap, x->num_calls);
  x->calls[x->num_calls++] = (struct ss_xcall){
      c->source_caller, callee, c->file ? c->file : "", c->line,
      (uint64_t)count,
      {ss_ideal_arc_cycles(inc_insns, &arc), ss_ideal_arc_cycles(&v->inc,
                                                                  &arc)}};
}

static void ideal_calls(struct ss_xprofile *x, const struct ss_model *m,
                        const struct ss_ideal_view *v,
                        const struct ss_ideal_inclusive *inc_insns) {
  size_t cap = 0;
  for (size_t i = 0; i < m->num_calls; i++) {
    const struct ss_model_call *c = &m->calls[i];
    if (!c->known)
      continue;
    if (!c->indirect) {
      add_call(x, &cap, v, inc_insns, c, c->callee_function, c->count);
      continue;
    }
    for (size_t k = 0; k < c->num_targets; k++)
      add_call(x, &cap, v, inc_insns, c, c->targets[k].function,
               c->targets[k].count);
  }
}

static void build_ideal(struct ss_xprofile *x, const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  const struct ss_ideal *ideal = l->ideal;
  struct ss_ideal_view v;
  ss_ideal_view_build(&v, l);
  double *insns = ss_xcalloc(m->num_functions + 1, sizeof *insns);
  for (uint32_t f = 0; f < m->num_functions; f++)
    insns[f] = (double)ideal->functions[f].instructions;
  struct ss_ideal_inclusive inc_insns;
  ss_ideal_inclusive_build(&inc_insns, m, insns);
  struct ss_ideal_tree tree;
  ss_ideal_tree_build(&tree, m, ideal, &v.inc);
  x->value_type[0] = "instructions";
  x->value_unit[0] = "count";
  x->value_type[1] = "cycles";
  x->value_unit[1] = "count";
  x->total[0] = (double)ideal->total_instructions;
  x->total[1] = ideal->total_cycles;
  x->clock_mhz = ideal->clock_mhz;
  ideal_frames(x, l, &v);
  ideal_stacks(x, l, &tree);
  ideal_lines(x, ideal);
  ideal_calls(x, m, &v, &inc_insns);
  ss_ideal_tree_release(&tree);
  ss_ideal_inclusive_release(&inc_insns);
  free(insns);
  ss_ideal_view_release(&v);
}

/* ---- samples ---- */

static void build_samples(struct ss_xprofile *x, const struct ss_listing *l) {
  const struct ss_sample_model *s = l->samples;
  const struct ss_profile *p = l->profile;
  x->sampling = 1;
  x->interval_ns = s->interval_ns;
  x->value_type[0] = "samples";
  x->value_unit[0] = "count";
  x->value_type[1] = s->kind == SS_SAMPLING_TOTALTIME ? "wall" : "cpu";
  x->value_unit[1] = "nanoseconds";
  x->total[0] = (double)s->samples;
  x->total[1] = (double)s->ns;
  x->num_frames = s->num_functions;
  x->frames = ss_xcalloc(s->num_functions + 1, sizeof *x->frames);
  for (uint32_t f = 0; f < s->num_functions; f++) {
    const struct ss_sfunction *fn = &s->functions[f];
    x->frames[f] = (struct ss_xframe){fn->name, fn->file, fn->line,
                                      strcmp(fn->dso, "?") ? fn->dso : "",
                                      fn->path};
  }
  size_t cap = 0, locs_cap = 0;
  struct ss_xloc *path = NULL;
  size_t path_cap = 0;
  for (size_t i = 0; i < s->num_stacks; i++) {
    const struct ss_sstack *st = &s->stacks[i];
    SS_GROW(path, path_cap, st->depth);
    for (uint32_t k = 0; k < st->depth; k++) {
      const struct ss_sframe *fr = &s->stack_frames[st->first_frame + k];
      path[st->depth - 1 - k] = (struct ss_xloc){fr->function, fr->line};
    }
    add_stack(x, &cap, &locs_cap, path, st->depth, (double)st->samples,
              (double)st->ns);
  }
  free(path);
  x->lines = ss_xcalloc(s->num_lines + 1, sizeof *x->lines);
  for (size_t i = 0; i < s->num_lines; i++) {
    const struct ss_sline *ln = &s->lines[i];
    x->lines[x->num_lines++] = (struct ss_xline){
        ln->function, ln->file, ln->line,
        {(double)ln->samples, (double)ln->ns}};
  }
  x->calls = ss_xcalloc(s->num_edges + 1, sizeof *x->calls);
  for (size_t i = 0; i < s->num_edges; i++) {
    const struct ss_sedge *e = &s->edges[i];
    x->calls[x->num_calls++] = (struct ss_xcall){
        e->caller, e->callee, e->file, e->line, e->samples,
        {(double)e->samples, (double)e->ns}};
  }
  x->threads = ss_xcalloc(s->num_sampled_threads + 1, sizeof *x->threads);
  for (size_t i = 0; i < s->num_sampled_threads; i++) {
    const struct ss_sthread *t = &s->sampled_threads[i];
    if (t->num == 0)
      continue;
    x->threads[x->num_threads++] = (struct ss_xthread){
        p->files[t->file]->process.pid, t->tid, t->interval_ns, t->first,
        t->num};
  }
  x->sequence = s->sequence;
  x->sequence_ns = s->sequence_ns;
  x->num_sequence = s->num_sequence;
}

int ss_xprofile_build(struct ss_xprofile *x, const struct ss_listing *l,
                      char *why, size_t why_size) {
  memset(x, 0, sizeof *x);
  x->target = l->profile->target;
  x->experiment = l->profile->experiment;
  x->command = l->options->command_line;
  if (l->samples) {
    build_samples(x, l);
    return 0;
  }
  if (l->traces) {
    snprintf(why, why_size, "-html and the exports show counting and "
             "sampling experiments, not %s traces: see the listing or "
             "-json", l->profile->experiment);
    return -1;
  }
  if (!ss_ideal_listing(l)) {
    snprintf(why, why_size, "the exports of a counting experiment are of "
             "ideal time, which needs the machine code of the run (see the "
             "warning above)");
    return -1;
  }
  build_ideal(x, l);
  return 0;
}

void ss_xprofile_release(struct ss_xprofile *x) {
  free(x->frames);
  free(x->locs);
  free(x->stacks);
  free(x->lines);
  free(x->calls);
  free(x->threads);
  for (size_t i = 0; i < x->num_strings; i++)
    free(x->strings[i]);
  free(x->strings);
  memset(x, 0, sizeof *x); /* `sequence` is the sample model's */
}
