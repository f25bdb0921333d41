/*
 * model_calls.c -- call sites, indirect-call targets and the call graph.
 */
#include "counts.h"

#include "base.h"
#include "model_steps.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- instrumented functions by symbol and by address ---- */

struct symbol_entry {
  const char *symbol;
  uint32_t function;
};

struct address_entry {
  struct ss_loc loc;
  uint32_t function;
};

struct lookup {
  struct symbol_entry *by_symbol;
  struct address_entry *by_address;
  uint32_t n;
};

static int symbol_cmp(const void *x, const void *y) {
  const struct symbol_entry *a = x, *b = y;
  int c = strcmp(a->symbol, b->symbol);
  if (c)
    return c;
  return a->function < b->function ? -1 : a->function > b->function;
}

static int address_cmp(const void *x, const void *y) {
  const struct address_entry *a = x, *b = y;
  int c = ss_loc_cmp(&a->loc, &b->loc);
  if (c)
    return c;
  return a->function < b->function ? -1 : a->function > b->function;
}

static void build_lookup(const struct ss_model *m, struct lookup *l) {
  l->n = m->num_functions;
  l->by_symbol = ss_xcalloc(l->n, sizeof *l->by_symbol);
  l->by_address = ss_xcalloc(l->n, sizeof *l->by_address);
  for (uint32_t i = 0; i < l->n; i++) {
    const struct ss_model_function *f = &m->functions[i];
    l->by_symbol[i].symbol = f->symbol;
    l->by_symbol[i].function = i;
    l->by_address[i].loc = f->module->function_locs[f->desc_index];
    l->by_address[i].function = i;
  }
  ss_sort(l->by_symbol, l->n, sizeof *l->by_symbol, symbol_cmp);
  ss_sort(l->by_address, l->n, sizeof *l->by_address, address_cmp);
}

static void free_lookup(struct lookup *l) {
  free(l->by_symbol);
  free(l->by_address);
}

/* Direct callee by symbol: the caller's own module first (a static
 * function shadows others), then a non-static function of any module. */
static uint32_t find_by_symbol(const struct ss_model *m, const struct lookup *l,
                               const char *symbol,
                               const struct ss_merged_module *caller_module) {
  size_t lo = 0, hi = l->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (strcmp(l->by_symbol[mid].symbol, symbol) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  uint32_t global = SS_MODEL_NONE;
  for (size_t i = lo; i < l->n && strcmp(l->by_symbol[i].symbol, symbol) == 0;
       i++) {
    const struct ss_model_function *f = &m->functions[l->by_symbol[i].function];
    if (f->module == caller_module)
      return l->by_symbol[i].function;
    if (!f->local && global == SS_MODEL_NONE)
      global = l->by_symbol[i].function;
  }
  return global;
}

static uint32_t find_by_address(const struct lookup *l, const struct ss_loc *loc) {
  size_t lo = 0, hi = l->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (ss_loc_cmp(&l->by_address[mid].loc, loc) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < l->n && ss_loc_cmp(&l->by_address[lo].loc, loc) == 0)
    return l->by_address[lo].function;
  return SS_MODEL_NONE;
}

/* A callee that was not instrumented, by its linkage name. */
static char *readable_name(const struct ss_model *m, const char *symbol) {
  char *name =
      m->namer.readable ? m->namer.readable(m->namer.self, symbol) : NULL;
  return name ? name : ss_xstrdup(symbol);
}

/* ---- indirect targets ---- */

static void name_target(struct ss_model *m, const struct lookup *l,
                        const struct ss_loc *loc, struct ss_model_target *t) {
  t->function = find_by_address(l, loc);
  if (t->function != SS_MODEL_NONE) {
    t->name = m->functions[t->function].name;
    return;
  }
  if (loc->path) {
    char *name = m->namer.at
                     ? m->namer.at(m->namer.self, loc->path, loc->addr)
                     : NULL;
    if (name) {
      t->name = ss_model_keep(m, name);
      return;
    }
    const char *dso = loc->path[0] ? ss_basename(loc->path)
                                   : ss_basename(m->profile->target);
    t->name = ss_model_keep(m, ss_xasprintf("%s+0x%" PRIx64, dso, loc->addr));
    return;
  }
  t->name = ss_model_keep(m, ss_xasprintf("0x%" PRIx64, loc->addr));
}

static int by_target_count(const void *x, const void *y) {
  const struct ss_model_target *a = x, *b = y;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return strcmp(a->name, b->name);
}

static void add_targets(struct ss_model *m, const struct lookup *l,
                        const struct ss_site_targets *site,
                        struct ss_model_call *c) {
  c->targets = ss_xcalloc(site->num, sizeof *c->targets);
  for (size_t i = 0; i < site->num; i++) {
    struct ss_model_target t;
    name_target(m, l, &site->targets[i].loc, &t);
    uint64_t n = site->targets[i].count;
    t.count = n > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)n;
    /* Two addresses may name one target (an unnamed address twice). */
    size_t j = 0;
    while (j < c->num_targets && !(c->targets[j].function == t.function &&
                                   strcmp(c->targets[j].name, t.name) == 0))
      j++;
    if (j < c->num_targets) {
      if (__builtin_add_overflow(c->targets[j].count, t.count,
                                 &c->targets[j].count))
        c->targets[j].count = INT64_MAX;
    } else {
      c->targets[c->num_targets++] = t;
    }
  }
  ss_sort(c->targets, c->num_targets, sizeof *c->targets, by_target_count);
  c->other_targets =
      site->other > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)site->other;
}

/* ---- call sites ---- */

static void build_call_sites(struct ss_model *m, const struct lookup *l) {
  size_t cap = 0;
  for (uint32_t id = 0; id < m->num_functions; id++) {
    const struct ss_model_function *f = &m->functions[id];
    const struct ss_merged_module *mm = f->module;
    const struct ss_descriptor *d = mm->desc;
    const struct ss_desc_function *df = &d->functions[f->desc_index];
    for (uint32_t i = 0; i < df->num_calls; i++) {
      const struct ss_desc_call *dc = &d->calls[df->first_call + i];
      SS_GROW(m->calls, cap, m->num_calls);
      struct ss_model_call *c = &m->calls[m->num_calls++];
      memset(c, 0, sizeof *c);
      c->caller = id;
      c->block = f->first_block + dc->block;
      c->file = ss_desc_str(d, dc->file);
      c->line = dc->line;
      c->known = m->blocks[c->block].known;
      c->count = m->blocks[c->block].count;
      c->callee_function = SS_MODEL_NONE;
      if (dc->callee != SS_NONE) {
        const char *symbol = ss_desc_str(d, dc->callee);
        c->callee_function = find_by_symbol(m, l, symbol, mm);
        c->callee = c->callee_function != SS_MODEL_NONE
                        ? m->functions[c->callee_function].name
                        : ss_model_keep(m, readable_name(m, symbol));
      } else {
        c->indirect = 1;
        if (dc->indirect_site != SS_NONE)
          add_targets(m, l, &mm->sites[dc->indirect_site], c);
      }
    }
  }
}

/* ---- call graph ---- */

static int arc_cmp(const void *x, const void *y) {
  const struct ss_model_arc *a = x, *b = y;
  if (a->callee != b->callee)
    return a->callee < b->callee ? -1 : 1;
  if (a->callee == SS_MODEL_NONE) {
    int c = strcmp(a->callee_name, b->callee_name);
    if (c)
      return c;
  }
  if (a->caller != b->caller)
    return a->caller < b->caller ? -1 : 1;
  return 0;
}

static void push_arc(struct ss_model *m, size_t *cap, uint32_t caller,
                     uint32_t callee, const char *name, int64_t count) {
  if (count <= 0)
    return;
  SS_GROW(m->arcs, *cap, m->num_arcs);
  struct ss_model_arc *a = &m->arcs[m->num_arcs++];
  a->caller = caller;
  a->callee = callee;
  a->callee_name = name;
  a->count = count;
}

static void sort_and_fold_arcs(struct ss_model *m) {
  size_t out = 0;
  if (m->num_arcs == 0)
    return;
  ss_sort(m->arcs, m->num_arcs, sizeof *m->arcs, arc_cmp);
  for (size_t i = 0; i < m->num_arcs; i++) {
    if (out > 0 && arc_cmp(&m->arcs[out - 1], &m->arcs[i]) == 0) {
      if (__builtin_add_overflow(m->arcs[out - 1].count, m->arcs[i].count,
                                 &m->arcs[out - 1].count))
        m->arcs[out - 1].count = INT64_MAX;
      continue;
    }
    m->arcs[out++] = m->arcs[i];
  }
  m->num_arcs = out;
}

static void build_arcs(struct ss_model *m) {
  size_t cap = 0;
  for (size_t i = 0; i < m->num_calls; i++) {
    const struct ss_model_call *c = &m->calls[i];
    if (!c->indirect) {
      if (c->known)
        push_arc(m, &cap, c->caller, c->callee_function, c->callee, c->count);
      continue;
    }
    for (size_t t = 0; t < c->num_targets; t++)
      push_arc(m, &cap, c->caller, c->targets[t].function,
               c->targets[t].name, c->targets[t].count);
  }
  sort_and_fold_arcs(m);
  /* What the arcs from instrumented callers do not explain came from
   * outside: uninstrumented code, the C runtime, signal handlers. */
  size_t a = 0, n = m->num_arcs;
  for (uint32_t id = 0; id < m->num_functions; id++) {
    const struct ss_model_function *f = &m->functions[id];
    int64_t explained = 0;
    while (a < n && m->arcs[a].callee < id)
      a++;
    for (size_t k = a; k < n && m->arcs[k].callee == id; k++)
      if (__builtin_add_overflow(explained, m->arcs[k].count, &explained))
        explained = INT64_MAX;
    if (f->calls_known && f->calls > explained)
      push_arc(m, &cap, SS_MODEL_NONE, id, f->name, f->calls - explained);
  }
  sort_and_fold_arcs(m);
}

void ss_model_build_calls(struct ss_model *m) {
  struct lookup l;
  build_lookup(m, &l);
  build_call_sites(m, &l);
  free_lookup(&l);
  build_arcs(m);
}
