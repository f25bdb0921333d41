/*
 * model_build.c -- functions, blocks, edges, lines and loops of the model,
 * and the default function order.  Call sites and the call graph are in
 * model_calls.c.
 */
#include "counts.h"

#include "base.h"
#include "flow_solver.h"
#include "model_steps.h"

#include <stdlib.h>
#include <string.h>

const char *ss_model_keep(struct ss_model *m, char *owned) {
  SS_GROW(m->strings, m->strings_cap, m->num_strings);
  m->strings[m->num_strings++] = owned;
  return owned;
}

void ss_model_warn(struct ss_model *m, char *line) {
  m->warnings = ss_xrealloc_array(m->warnings, m->num_warnings + 1,
                                  sizeof *m->warnings);
  m->warnings[m->num_warnings++] = line;
}

/* The functions, and the blocks they take in the model: each function's
 * own, summed (the descriptor's ranges need not be disjoint, so the
 * module's block count is not the sum). */
static uint32_t count_functions(const struct ss_profile *p, uint32_t *blocks) {
  uint64_t nf = 0, nb = 0;
  for (size_t i = 0; i < p->num_modules; i++) {
    const struct ss_descriptor *d = p->modules[i].desc;
    nf += d->header.num_functions;
    for (uint32_t fi = 0; fi < d->header.num_functions; fi++)
      nb += d->functions[fi].num_blocks;
  }
  if (nf >= SS_MODEL_NONE || nb >= SS_MODEL_NONE) {
    /* Cannot happen with files that fit in memory; refuse rather than wrap. */
    nf = nb = 0;
  }
  *blocks = (uint32_t)nb;
  return (uint32_t)nf;
}

/* Solve one function's flow and fill its blocks and edges. */
static void add_function(struct ss_model *m, const struct ss_merged_module *mm,
                         uint32_t fi, uint32_t *next_block, size_t *edge_cap) {
  const struct ss_descriptor *d = mm->desc;
  const struct ss_desc_function *df = &d->functions[fi];
  uint32_t id = m->num_functions++;
  struct ss_model_function *f = &m->functions[id];
  f->name = ss_desc_str(d, df->demangled);
  f->symbol = ss_desc_str(d, df->name);
  if (!f->name[0])
    f->name = f->symbol;
  f->file = ss_desc_str(d, df->file);
  f->line = df->line;
  f->dso = ss_module_dso_name(m->profile, mm);
  f->module = mm;
  f->desc_index = fi;
  f->local = df->flags & SS_FUNC_LOCAL;
  f->first_block = *next_block;
  f->num_blocks = df->num_blocks;
  *next_block += df->num_blocks;

  struct ss_flow_result r;
  const struct ss_desc_edge *edges = &d->edges[df->first_edge];
  ss_flow_solve(df->num_blocks, edges, df->num_edges, mm->counters,
                d->header.num_counters, &r);
  f->calls_known = r.calls_known;
  f->calls = r.calls;
  if (df->restart_counter > 0 && df->restart_counter <= d->header.num_counters)
    f->restarts = (int64_t)mm->counters[df->restart_counter - 1];
  f->unknown_blocks = r.unknown_blocks;
  f->inconsistent = r.inconsistent;
  m->unknown_blocks += r.unknown_blocks;
  m->unknown_edges += r.unknown_edges;
  for (uint32_t b = 0; b < df->num_blocks; b++) {
    const struct ss_desc_block *db = &d->blocks[df->first_block + b];
    struct ss_model_block *mb = &m->blocks[f->first_block + b];
    mb->function = id;
    mb->index = b;
    mb->file = ss_desc_str(d, db->file);
    mb->line = db->line;
    mb->known = r.block_known[b];
    mb->count = r.block_count[b];
    if (mb->known && !__builtin_add_overflow(f->blocks, mb->count, &f->blocks))
      continue;
    if (mb->known)
      f->inconsistent = 1;
  }
  for (uint32_t e = 0; e < df->num_edges; e++) {
    const struct ss_desc_edge *de = &edges[e];
    if (de->kind != SS_EDGE_BRANCH && de->kind != SS_EDGE_FALLTHROUGH)
      continue;
    if (de->from >= df->num_blocks || de->to >= df->num_blocks)
      continue; /* a branch from or to a pseudo node: nothing to show */
    SS_GROW(m->edges, *edge_cap, m->num_edges);
    struct ss_model_edge *me = &m->edges[m->num_edges++];
    me->function = id;
    me->from = f->first_block + de->from;
    me->to = f->first_block + de->to;
    me->kind = de->kind;
    me->flags = de->flags;
    me->known = r.edge_known[e];
    me->count = r.edge_value[e];
  }
  ss_flow_result_release(&r);
  if (f->inconsistent)
    ss_model_warn(m, ss_xasprintf("%s: inconsistent counts in %s", mm->origin->name,
                         f->name));
}

static void add_loops(struct ss_model *m, size_t *cap) {
  for (uint32_t id = 0; id < m->num_functions; id++) {
    const struct ss_model_function *f = &m->functions[id];
    if (f->desc_index == SS_MODEL_NONE)
      continue; /* only inlined: its loops are in its callers' code */
    const struct ss_descriptor *d = f->module->desc;
    const struct ss_desc_function *df = &d->functions[f->desc_index];
    uint32_t first = (uint32_t)m->num_loops; /* the function's loop 0 */
    for (uint32_t i = 0; i < df->num_loops; i++) {
      const struct ss_desc_loop *dl = &d->loops[df->first_loop + i];
      SS_GROW(m->loops, *cap, m->num_loops);
      struct ss_model_loop *l = &m->loops[m->num_loops++];
      l->function = id;
      l->file = ss_desc_str(d, dl->file);
      l->line = dl->line;
      l->depth = dl->depth;
      l->header_block = f->first_block + dl->header;
      /* The descriptor check keeps parent < num_loops. */
      l->parent = dl->parent == SS_NONE ? SS_MODEL_NONE : first + dl->parent;
    }
  }
}

/* ---- lines ---- */

/* A line's file points into its module's descriptor strings, where one
 * file is one string: equal pointers are equal names, without a strcmp
 * (the sorts of SQLite's lines compare the same file's name millions of
 * times). */
static int same_name(const char *a, const char *b) {
  return a == b || strcmp(a, b) == 0;
}

static int line_cmp(const struct ss_model_line *a,
                    const struct ss_model_line *b) {
  int c = a->file == b->file ? 0 : strcmp(a->file, b->file);
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

static int by_file_line(const void *x, const void *y) {
  return line_cmp(x, y);
}

static int by_function_file_line(const void *x, const void *y) {
  const struct ss_model_line *a = x, *b = y;
  if (a->function != b->function)
    return a->function < b->function ? -1 : 1;
  return line_cmp(a, b);
}

/* Sort and fold equal keys: keeping the max of the known counts (the
 * blocks of one function's code holding a line), or with `add`, adding
 * them up (the copies of a line in several functions' code). */
static size_t fold_lines(struct ss_model_line *v, size_t n,
                         int (*cmp)(const void *, const void *), int add) {
  size_t out = 0;
  if (n == 0)
    return 0;
  ss_sort(v, n, sizeof *v, cmp);
  for (size_t i = 0; i < n; i++) {
    if (out > 0 && cmp(&v[out - 1], &v[i]) == 0) {
      struct ss_model_line *k = &v[out - 1];
      if (add) {
        k->known = k->known && v[i].known;
        if (__builtin_add_overflow(k->count, v[i].count, &k->count))
          k->count = INT64_MAX;
      } else if (v[i].known && (!k->known || v[i].count > k->count)) {
        k->count = v[i].count;
        k->known = 1;
      }
      continue;
    }
    v[out++] = v[i];
  }
  return out;
}

/* Does the descriptor name the same file twice?  (A function's file and
 * a line's come from different debug records: one may carry the
 * directory the other leaves out.) */
static int same_source_file(const char *a, const char *b) {
  return same_name(a, b) || strcmp(ss_basename(a), ss_basename(b)) == 0;
}

/* A function whose source may be in a host's code, and the first line
 * of its file where its text surely ended: a call of it made from another
 * function's text after its start (a C++ lambda is defined inside the
 * function that calls it); UINT32_MAX when none is known. */
struct line_source {
  uint32_t function;
  uint32_t ends_by;
};

/* The model's entries grouped by the function holding them (a counting
 * sort): function h's are entries[held[first[h]] .. held[first[h + 1]]).
 * host_sources reads one function's alone: scanning every entry for every
 * function was quadratic (SQLite: 3,500 functions x 27,000 entries). */
struct entries_by_holder {
  uint32_t *held;
  size_t *first; /* num_functions + 1 */
};

static struct entries_by_holder group_entries(const struct ss_model *m) {
  struct entries_by_holder g;
  g.first = ss_xcalloc((size_t)m->num_functions + 1, sizeof *g.first);
  g.held = ss_xcalloc(m->num_entries ? m->num_entries : 1, sizeof *g.held);
  for (size_t k = 0; k < m->num_entries; k++)
    if (m->entries[k].holder < m->num_functions)
      g.first[m->entries[k].holder + 1]++;
  for (uint32_t h = 0; h < m->num_functions; h++)
    g.first[h + 1] += g.first[h];
  size_t *next = ss_xcalloc((size_t)m->num_functions + 1, sizeof *next);
  memcpy(next, g.first, ((size_t)m->num_functions + 1) * sizeof *next);
  for (size_t k = 0; k < m->num_entries; k++)
    if (m->entries[k].holder < m->num_functions)
      g.held[next[m->entries[k].holder]++] = (uint32_t)k;
  free(next);
  return g;
}

/* The functions whose source may be in function `host`'s code: itself and
 * those inlined into it (its entries, lost ones too), without repeats. */
static size_t host_sources(const struct ss_model *m,
                           const struct entries_by_holder *g, uint32_t host,
                           struct line_source **out, size_t *cap) {
  size_t n = 0;
  SS_GROW(*out, *cap, n);
  (*out)[n++] = (struct line_source){host, UINT32_MAX};
  for (size_t j = g->first[host]; j < g->first[host + 1]; j++) {
    const struct ss_model_entry *e = &m->entries[g->held[j]];
    if (e->callee == host)
      continue;
    const struct ss_model_function *g = &m->functions[e->callee];
    size_t i = 0;
    while (i < n && (*out)[i].function != e->callee)
      i++;
    if (i == n) {
      SS_GROW(*out, *cap, n);
      (*out)[n++] = (struct line_source){e->callee, UINT32_MAX};
    }
    if (e->caller != e->callee && e->call_line > g->line &&
        e->call_line < (*out)[i].ends_by &&
        same_source_file(e->call_file, g->file))
      (*out)[i].ends_by = e->call_line;
  }
  return n;
}

/* Whose source line (file, line) of the host's code is (counts.h):
 * sources[0] is the host. */
static uint32_t line_owner(const struct ss_model *m,
                           const struct line_source *sources, size_t n,
                           const char *file, uint32_t line) {
  uint32_t owner = sources[0].function, best = 0;
  int found = 0;
  for (size_t i = 0; i < n; i++) {
    const struct ss_model_function *f = &m->functions[sources[i].function];
    if (f->line == 0 || f->line > line || line >= sources[i].ends_by ||
        !same_source_file(f->file, file))
      continue;
    if (!found || f->line > best) {
      owner = sources[i].function;
      best = f->line;
      found = 1;
    }
  }
  return owner;
}

static void build_lines(struct ss_model *m) {
  size_t n = 0, cap = 0, sources_cap = 0;
  struct ss_model_line *raw = NULL;
  struct line_source *sources = NULL;
  struct entries_by_holder held = group_entries(m);
  for (uint32_t id = 0; id < m->num_functions; id++) {
    const struct ss_model_function *f = &m->functions[id];
    if (f->desc_index == SS_MODEL_NONE)
      continue; /* only inlined: no blocks of its own */
    const struct ss_descriptor *d = f->module->desc;
    const struct ss_desc_function *df = &d->functions[f->desc_index];
    size_t num_sources = host_sources(m, &held, id, &sources, &sources_cap);
    size_t first = n;
    for (uint32_t b = 0; b < df->num_blocks; b++) {
      const struct ss_desc_block *db = &d->blocks[df->first_block + b];
      const struct ss_model_block *mb = &m->blocks[f->first_block + b];
      for (uint32_t i = 0; i < db->num_lines; i++) {
        const struct ss_desc_line *dl = &d->lines[db->first_line + i];
        if (dl->line == 0)
          continue;
        SS_GROW(raw, cap, n);
        raw[n].file = ss_desc_str(d, dl->file);
        raw[n].line = dl->line;
        raw[n].function = line_owner(m, sources, num_sources, raw[n].file,
                                     dl->line);
        raw[n].count = mb->known ? mb->count : 0;
        raw[n].known = mb->known;
        n++;
      }
    }
    /* The max over this function's blocks, per line. */
    if (n > first) /* (raw is NULL before the first line) */
      n = first + fold_lines(raw + first, n - first, by_function_file_line, 0);
  }
  free(sources);
  free(held.held);
  free(held.first);
  m->function_lines = raw;
  m->num_function_lines = fold_lines(raw, n, by_function_file_line, 1);
  m->lines = ss_xcalloc(m->num_function_lines, sizeof *m->lines);
  if (m->num_function_lines) /* else function_lines is NULL (no lines) */
    memcpy(m->lines, m->function_lines,
           m->num_function_lines * sizeof *m->lines);
  for (size_t i = 0; i < m->num_function_lines; i++)
    m->lines[i].function = SS_MODEL_NONE;
  m->num_lines = fold_lines(m->lines, m->num_function_lines, by_file_line, 0);
}

/* ---- order ---- */

static const struct ss_model *rank_model; /* qsort has no context argument */

static int by_default_order(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  const struct ss_model_function *fa = &rank_model->functions[a];
  const struct ss_model_function *fb = &rank_model->functions[b];
  if (fa->blocks != fb->blocks)
    return fa->blocks > fb->blocks ? -1 : 1;
  int64_t ca = fa->calls_known ? fa->calls : -1;
  int64_t cb = fb->calls_known ? fb->calls : -1;
  if (ca != cb)
    return ca > cb ? -1 : 1;
  int c = strcmp(fa->name, fb->name);
  if (c)
    return c;
  return a < b ? -1 : a > b;
}

static void rank_functions(struct ss_model *m) {
  m->by_rank = ss_xcalloc(m->num_functions, sizeof *m->by_rank);
  for (uint32_t i = 0; i < m->num_functions; i++)
    m->by_rank[i] = i;
  rank_model = m;
  ss_sort(m->by_rank, m->num_functions, sizeof *m->by_rank, by_default_order);
  rank_model = NULL;
  for (uint32_t r = 0; r < m->num_functions; r++)
    m->functions[m->by_rank[r]].rank = r + 1;
}

void ss_model_build(struct ss_model *m, const struct ss_profile *p,
                    struct ss_namer namer) {
  uint32_t num_blocks = 0, next_block = 0;
  size_t edge_cap = 0, loop_cap = 0;
  memset(m, 0, sizeof *m);
  m->profile = p;
  m->namer = namer;
  uint32_t nf = count_functions(p, &num_blocks);
  m->functions = ss_xcalloc(nf, sizeof *m->functions);
  m->blocks = ss_xcalloc(num_blocks, sizeof *m->blocks);
  m->num_blocks = num_blocks;
  for (size_t i = 0; i < p->num_modules && nf; i++)
    for (uint32_t fi = 0; fi < p->modules[i].desc->header.num_functions; fi++)
      add_function(m, &p->modules[i], fi, &next_block, &edge_cap);
  ss_model_build_entries(m);
  for (uint32_t id = 0; id < m->num_functions; id++) {
    const struct ss_model_function *f = &m->functions[id];
    if (__builtin_add_overflow(m->total_block_executions, f->blocks,
                               &m->total_block_executions))
      m->total_block_executions = INT64_MAX;
    if (f->calls_known && f->calls > 0 &&
        __builtin_add_overflow(m->total_calls, f->calls, &m->total_calls))
      m->total_calls = INT64_MAX;
    if (f->blocks > 0 || (f->calls_known && f->calls > 0))
      m->functions_executed++;
  }
  add_loops(m, &loop_cap);
  build_lines(m);
  rank_functions(m);
  ss_model_build_calls(m);
}

void ss_model_release(struct ss_model *m) {
  for (size_t i = 0; i < m->num_calls; i++)
    free(m->calls[i].targets);
  for (size_t i = 0; i < m->num_warnings; i++)
    free(m->warnings[i]);
  for (size_t i = 0; i < m->num_strings; i++)
    free(m->strings[i]);
  free(m->functions);
  free(m->by_rank);
  free(m->blocks);
  free(m->edges);
  free(m->lines);
  free(m->function_lines);
  free(m->calls);
  free(m->arcs);
  free(m->entries);
  free(m->copies);
  free(m->loops);
  free(m->warnings);
  free(m->strings);
  memset(m, 0, sizeof *m);
}
