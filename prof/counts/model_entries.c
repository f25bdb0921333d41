/*
 * model_entries.c -- calls as the source makes them, from the entries of
 * the descriptors (struct ss_desc_entry: where the marker the pass put at
 * each function's start ended up after the optimizer).
 *
 *  - A function's calls are the sum of the counts of the blocks holding its
 *    markers: its own (the start of its code; after tail-recursion
 *    elimination the header of the loop the recursion became, which runs
 *    once per source call) and those of every inlined copy, in any
 *    function.  A marker the optimizer duplicated with its block has one
 *    entry per copy, whose counts add up.  (A thread's first call run again from the start after the
 *    runtime gave it counters leaves the blocks' counts alone: the first
 *    run counts nothing.)
 *  - A function whose descriptor has no own marker keeps its FUNC_ENTRY
 *    edge for its own part (files of older passes have no entries at all).
 *  - An inlined copy whose code is there without its marker (a block
 *    holding only the marker merged away, a vectorized loop), or a
 *    function whose own marker is gone (the optimizer computed away the
 *    loop that held it), makes the function's calls unknown, with a
 *    warning.  A copy that left no code at all on some path (its marker
 *    dropped with a block that held nothing else) is not seen: its calls
 *    on that path are missing (docs/counting.md, "Known limits").
 *  - A function only inlined (no code of its own) joins the model without
 *    blocks; copies of one source function (same linkage name, file and
 *    line) inlined in several modules are one function.
 *  - Copies (ss_model_copy, for -inlinesplit): a function with an inlined
 *    entry has one copy per source caller it was inlined into, with the
 *    counts of those entries, and one for its own code (its own entries,
 *    else its FUNC_ENTRY edge) when it has code of its own.
 *  - Arcs: caller -> callee for every inlined copy (SS_ARC_INLINED; the
 *    caller is the innermost function it was inlined into), and f -> f
 *    for the calls of f to itself turned into a jump: its own entries
 *    minus the entries into its code (SS_ARC_LOOP).
 */
#include "counts.h"

#include "base.h"
#include "model_steps.h"

#include <stdlib.h>
#include <string.h>

struct entries_builder {
  struct ss_model *m;
  size_t functions_cap;
  uint32_t first_inlined_only; /* model ids from here: only inlined */
  /* The functions only inlined, found without a scan of them all per
   * entry (SQLite has thousands): by symbol (the first with it), and by
   * symbol, file and line; each hash's key index to the model id. */
  struct ss_hash symbols, identities;
  uint32_t *symbol_id, *identity_id;
  size_t symbol_cap, identity_cap;
  char *key; /* identity_key's buffer */
  size_t key_cap;
};

/* The key of an inlined-only function: its symbol, file and line. */
static size_t identity_key(char **key, size_t *cap, const char *symbol,
                           const char *file, uint32_t line) {
  size_t ls = strlen(symbol), lf = strlen(file);
  size_t n = ls + 1 + lf + 1 + sizeof line;
  if (*cap < n) {
    *key = ss_xrealloc_array(*key, n, 1);
    *cap = n;
  }
  memcpy(*key, symbol, ls + 1);
  memcpy(*key + ls + 1, file, lf + 1);
  memcpy(*key + ls + 1 + lf + 1, &line, sizeof line);
  return n;
}

/* The function only inlined that `e` enters, added on first sight. */
static uint32_t inlined_only(struct entries_builder *b,
                             const struct ss_merged_module *mm,
                             const struct ss_desc_entry *e) {
  struct ss_model *m = b->m;
  const struct ss_descriptor *d = mm->desc;
  const char *symbol = ss_desc_str(d, e->callee);
  const char *file = ss_desc_str(d, e->file);
  size_t len = identity_key(&b->key, &b->key_cap, symbol, file, e->line);
  int inserted;
  uint32_t k = ss_hash_intern(&b->identities, b->key, len, &inserted);
  if (!inserted)
    return b->identity_id[k];
  SS_GROW(m->functions, b->functions_cap, m->num_functions);
  uint32_t id = m->num_functions++;
  SS_GROW(b->identity_id, b->identity_cap, k);
  b->identity_id[k] = id;
  uint32_t ks = ss_hash_intern(&b->symbols, symbol, strlen(symbol), &inserted);
  if (inserted) {
    SS_GROW(b->symbol_id, b->symbol_cap, ks);
    b->symbol_id[ks] = id;
  }
  struct ss_model_function *f = &m->functions[id];
  memset(f, 0, sizeof *f);
  f->symbol = symbol;
  f->name = ss_desc_str(d, e->demangled)[0] ? ss_desc_str(d, e->demangled)
                                             : symbol;
  f->file = file;
  f->line = e->line;
  f->dso = ss_module_dso_name(m->profile, mm);
  f->module = mm;
  f->desc_index = SS_MODEL_NONE;
  f->local = 1; /* found by symbol only from its own module's entries */
  f->calls_known = 1;
  return id;
}

/* The function named `symbol` for an entry of module `mm`. */
static uint32_t by_symbol(struct entries_builder *b,
                          const struct ss_model_lookup *l, const char *symbol,
                          const struct ss_merged_module *mm) {
  uint32_t id = ss_model_find_symbol(b->m, l, symbol, mm);
  if (id != SS_MODEL_NONE)
    return id;
  uint32_t k = ss_hash_find(&b->symbols, symbol, strlen(symbol));
  return k == UINT32_MAX ? SS_MODEL_NONE : b->symbol_id[k];
}

/* Entries into `e->callee`'s own code (not inlined, in itself). */
static int own_entry(const struct ss_model_entry *e) {
  return !e->inlined && e->callee == e->holder;
}


static void resolve(struct entries_builder *b) {
  struct ss_model *m = b->m;
  const struct ss_profile *p = m->profile;
  size_t total = 0;
  for (size_t i = 0; i < p->num_modules; i++)
    total += p->modules[i].desc->header.num_entries;
  if (total == 0)
    return;
  m->entries = ss_xcalloc(total, sizeof *m->entries);
  struct ss_model_lookup *l = ss_model_lookup_new(m);
  /* Callees first (functions only inlined join the model), then callers
   * (which may be such functions). */
  for (int pass = 0; pass < 2; pass++) {
    uint32_t base = 0;
    size_t k = 0;
    for (size_t i = 0; i < p->num_modules; i++) {
      const struct ss_merged_module *mm = &p->modules[i];
      const struct ss_descriptor *d = mm->desc;
      for (uint32_t j = 0; j < d->header.num_entries; j++, k++) {
        const struct ss_desc_entry *de = &d->entries[j];
        struct ss_model_entry *e = &m->entries[k];
        uint32_t holder = base + de->function;
        const char *symbol = ss_desc_str(d, de->callee);
        if (pass == 0) {
          e->holder = holder;
          e->inlined = (de->flags & SS_ENTRY_INLINED) != 0;
          e->call_file = ss_desc_str(d, de->call_file);
          e->call_line = de->call_line;
          if (!e->inlined && strcmp(symbol, m->functions[holder].symbol) == 0)
            e->callee = holder;
          else if ((e->callee = by_symbol(b, l, symbol, mm)) == SS_MODEL_NONE)
            e->callee = inlined_only(b, mm, de);
          e->block = SS_MODEL_NONE;
          if (de->block != SS_NONE) {
            e->block = m->functions[holder].first_block + de->block;
            e->known = m->blocks[e->block].known;
            e->count = m->blocks[e->block].count;
          }
          continue;
        }
        e->caller = holder;
        const char *caller = ss_desc_str(d, de->caller);
        if (e->inlined && caller[0]) {
          uint32_t c = by_symbol(b, l, caller, mm);
          if (c != SS_MODEL_NONE)
            e->caller = c;
        }
      }
      base += d->header.num_functions;
    }
  }
  m->num_entries = total;
  ss_model_lookup_free(l);
}

static int copy_order(const void *x, const void *y) {
  const struct ss_model_copy *a = x, *b = y;
  if (a->function != b->function)
    return a->function < b->function ? -1 : 1;
  /* its own code (SS_MODEL_NONE) first */
  uint32_t ia = a->inlined_in + 1, ib = b->inlined_in + 1;
  return ia < ib ? -1 : ia > ib;
}

/* One copy per (function, source caller) of the inlined entries, and the
 * function's own code; `own_calls` and `own_known` per function. */
static void build_copies(struct ss_model *m, const int64_t *own_calls,
                         const char *own_known) {
  size_t n = 0, cap = 0;
  struct ss_model_copy *v = NULL;
  char *listed = ss_xcalloc(m->num_functions + 1, 1);
  for (size_t k = 0; k < m->num_entries; k++) {
    const struct ss_model_entry *e = &m->entries[k];
    if (!e->inlined)
      continue;
    const struct ss_model_function *f = &m->functions[e->callee];
    if (!listed[e->callee] && f->desc_index != SS_MODEL_NONE) {
      SS_GROW(v, cap, n);
      v[n++] = (struct ss_model_copy){e->callee, SS_MODEL_NONE,
                                      own_known[e->callee],
                                      own_calls[e->callee]};
    }
    listed[e->callee] = 1;
    SS_GROW(v, cap, n);
    v[n++] = (struct ss_model_copy){e->callee, e->caller,
                                    e->block != SS_MODEL_NONE && e->known,
                                    e->block != SS_MODEL_NONE ? e->count : 0};
  }
  free(listed);
  if (n)
    ss_sort(v, n, sizeof *v, copy_order);
  /* Fold the entries of one caller (several call sites, duplicated
   * markers) into one copy. */
  size_t out = 0;
  for (size_t i = 0; i < n; i++) {
    if (out && copy_order(&v[out - 1], &v[i]) == 0) {
      struct ss_model_copy *c = &v[out - 1];
      c->calls_known = c->calls_known && v[i].calls_known;
      if (__builtin_add_overflow(c->calls, v[i].calls, &c->calls))
        c->calls = INT64_MAX;
      continue;
    }
    v[out++] = v[i];
  }
  for (size_t i = 0; i < out; i++) {
    struct ss_model_function *f = &m->functions[v[i].function];
    if (!f->num_copies)
      f->first_copy = (uint32_t)i;
    f->num_copies++;
  }
  m->copies = v;
  m->num_copies = out;
}

void ss_model_build_entries(struct ss_model *m) {
  struct entries_builder b = {.m = m,
                              .functions_cap = m->num_functions,
                              .first_inlined_only = m->num_functions};
  ss_hash_init(&b.symbols);
  ss_hash_init(&b.identities);
  for (uint32_t i = 0; i < m->num_functions; i++) {
    m->functions[i].entry_calls_known = m->functions[i].calls_known;
    m->functions[i].entry_calls = m->functions[i].calls;
  }
  resolve(&b);
  ss_hash_release(&b.symbols);
  ss_hash_release(&b.identities);
  free(b.symbol_id);
  free(b.identity_id);
  free(b.key);
  if (!m->num_entries)
    return;
  uint32_t n = m->num_functions;
  int64_t *own = ss_xcalloc(n, sizeof *own), *other = ss_xcalloc(n, sizeof *other);
  char *has_entries = ss_xcalloc(n, 1), *has_own = ss_xcalloc(n, 1);
  char *unknown = ss_xcalloc(n, 1), *own_unknown = ss_xcalloc(n, 1);
  char *own_ok = ss_xcalloc(n, 1);
  int64_t *own_calls = ss_xcalloc(n, sizeof *own_calls);
  for (size_t k = 0; k < m->num_entries; k++) {
    const struct ss_model_entry *e = &m->entries[k];
    struct ss_model_function *f = &m->functions[e->callee];
    has_entries[e->callee] = 1;
    if (e->inlined)
      f->inlined = 1;
    if (e->block == SS_MODEL_NONE) {
      if (!f->calls_lost && e->inlined)
        ss_model_warn(m, ss_xasprintf(
            "%s: calls of %s unknown: the optimizer dropped the entry "
            "marker of its copy inlined into %s (%s, %u) and kept code of "
            "that copy: jump threading or SimplifyCFG removed a block that "
            "held only the marker, or the vectorizer widened a loop holding "
            "it",
            f->module->origin->name, f->name,
            m->functions[e->caller].name, e->call_file, e->call_line));
      else if (!f->calls_lost)
        ss_model_warn(m, ss_xasprintf(
            "%s: calls of %s unknown: the optimizer removed its entry "
            "marker (a loop its recursion became, computed away?)",
            f->module->origin->name, f->name));
      f->calls_lost = 1;
      if (!e->inlined)
        own_unknown[e->callee] = 1;
      continue;
    }
    if (!e->known)
      unknown[e->callee] = 1;
    if (!e->known && own_entry(e))
      own_unknown[e->callee] = 1;
    int64_t c = e->count, *sum = own_entry(e) ? &own[e->callee]
                                                        : &other[e->callee];
    if (own_entry(e))
      has_own[e->callee] = 1;
    if (__builtin_add_overflow(*sum, c, sum))
      *sum = INT64_MAX;
  }
  for (uint32_t i = 0; i < n; i++) {
    struct ss_model_function *f = &m->functions[i];
    if (!has_entries[i])
      continue;
    int own_known = has_own[i] || f->desc_index == SS_MODEL_NONE ||
                    f->entry_calls_known;
    int64_t mine = has_own[i] ? own[i]
                   : f->desc_index == SS_MODEL_NONE ? 0 : f->entry_calls;
    f->calls_known = own_known && !unknown[i] && !f->calls_lost;
    if (__builtin_add_overflow(mine, other[i], &f->calls))
      f->calls = INT64_MAX;
    own_calls[i] = mine;
    own_ok[i] = (char)(own_known && !own_unknown[i]);
  }
  build_copies(m, own_calls, own_ok);
  free(own_calls);
  free(own_ok);
  free(own_unknown);
  free(own);
  free(other);
  free(has_entries);
  free(has_own);
  free(unknown);
}

void ss_model_entry_arcs(struct ss_model *m,
                         void (*push)(struct ss_model *, size_t *, uint32_t,
                                      uint32_t, const char *, int64_t, int),
                         size_t *cap) {
  if (!m->num_entries)
    return;
  int64_t *own = ss_xcalloc(m->num_functions, sizeof *own);
  char *has_own = ss_xcalloc(m->num_functions, 1);
  for (size_t k = 0; k < m->num_entries; k++) {
    const struct ss_model_entry *e = &m->entries[k];
    if (e->block == SS_MODEL_NONE || !e->known)
      continue;
    if (own_entry(e)) {
      if (__builtin_add_overflow(own[e->callee], e->count, &own[e->callee]))
        own[e->callee] = INT64_MAX;
      has_own[e->callee] = 1;
    } else if (e->inlined) {
      push(m, cap, e->caller, e->callee, m->functions[e->callee].name,
           e->count, SS_ARC_INLINED);
    }
  }
  for (uint32_t i = 0; i < m->num_functions; i++) {
    const struct ss_model_function *f = &m->functions[i];
    if (has_own[i] && f->entry_calls_known && own[i] > f->entry_calls)
      push(m, cap, i, i, f->name, own[i] - f->entry_calls, SS_ARC_LOOP);
  }
  free(own);
  free(has_own);
}
