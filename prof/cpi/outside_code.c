/*
 * outside_code.c -- time the ideal experiment cannot see, named: the
 * samples in code that was not instrumented (the C library, libm, code
 * built without -fss-ideal), grouped by the ELF symbol that holds them,
 * joined with the calls the counts have from instrumented code into such
 * code.
 *
 * A call names its callee as the program wrote it ("logf"); the samples
 * name the symbol the code is in, which for the C library's functions
 * chosen by the CPU (IFUNC) is the implementation glibc chose: "__logf_fma"
 * for logf, "__memcpy_avx_unaligned_erms" for memcpy.  A sampled symbol
 * "__NAME" or "__NAME_..." of a callee NAME that was called is counted for
 * NAME and shown beside it; any other sampled symbol has a line of its
 * own, without calls.
 */
#include "cpi_steps.h"

#include <stdlib.h>
#include <string.h>

/* The name of sampled code that no symbol names (a stripped library's
 * internal functions); "?" is code outside every object. */
#define NO_SYMBOL "(no symbol)"

void ss_cpi_names_init(struct ss_cpi_names *n, struct ss_cpi *c,
                       struct ss_elf_cache *symbols) {
  memset(n, 0, sizeof *n);
  n->cpi = c;
  n->symbols = symbols;
  ss_hash_init(&n->keys);
}

void ss_cpi_names_release(struct ss_cpi_names *n) {
  ss_hash_release(&n->keys);
  free(n->entries);
  free(n->paths);
  memset(n, 0, sizeof *n);
}

void ss_cpi_name_samples(struct ss_cpi_names *n, const char *path,
                         uint64_t addr, uint64_t samples) {
  const char *symbol =
      path && n->symbols ? ss_elf_symbol_at(n->symbols, path, addr) : NULL;
  const char *dso = path ? ss_basename(path) : "";
  size_t dlen = strlen(dso), slen = symbol ? strlen(symbol) : 0;
  char *key = ss_xmalloc(dlen + slen + 2);
  memcpy(key, dso, dlen + 1);
  if (symbol)
    memcpy(key + dlen + 1, symbol, slen + 1);
  else
    key[dlen + 1] = 0;
  int inserted;
  uint32_t i = ss_hash_intern(&n->keys, key, dlen + slen + 2, &inserted);
  free(key);
  if (inserted) {
    SS_GROW(n->entries, n->cap, i);
    SS_GROW(n->paths, n->paths_cap, i);
    n->num = i + 1;
    n->entries[i] = (struct ss_cpi_outside){
        symbol ? ss_cpi_keep(n->cpi, ss_demangle(symbol))
               : path ? NO_SYMBOL : "?",
        NULL,
        ss_cpi_keep(n->cpi, ss_xstrdup(dso)), -1, 0};
    n->paths[i] = path ? ss_cpi_keep(n->cpi, ss_xstrdup(path)) : NULL;
  }
  n->entries[i].samples += samples;
}

/* Is the sampled symbol `sym` the implementation of callee `name`:
 * "__name" or "__name_..."? */
static int implements(const char *sym, const char *name) {
  size_t n = strlen(name);
  return strncmp(sym, "__", 2) == 0 && strncmp(sym + 2, name, n) == 0 &&
         (sym[2 + n] == 0 || sym[2 + n] == '_');
}

static int by_samples_then_calls(const void *x, const void *y) {
  const struct ss_cpi_outside *a = x, *b = y;
  if (a->samples != b->samples)
    return a->samples > b->samples ? -1 : 1;
  if (a->calls != b->calls)
    return a->calls > b->calls ? -1 : 1;
  return strcmp(a->name, b->name);
}

/* The uninstrumented callees of the counts, with their calls: direct
 * calls by the callee's name, indirect ones by their targets' names. */
static void add_calls(struct ss_cpi *c, struct ss_hash *names,
                      struct ss_cpi_outside **out, size_t *num, size_t *cap) {
  const struct ss_model *m = c->model;
  for (size_t i = 0; i < m->num_calls; i++) {
    const struct ss_model_call *call = &m->calls[i];
    size_t targets = call->indirect ? call->num_targets : 1;
    for (size_t t = 0; t < targets; t++) {
      const char *name = call->indirect ? call->targets[t].name : call->callee;
      uint32_t fn = call->indirect ? call->targets[t].function
                                   : call->callee_function;
      int64_t count = call->indirect ? call->targets[t].count : call->count;
      if (!name || fn != SS_MODEL_NONE || (!call->indirect && !call->known))
        continue;
      int inserted;
      uint32_t k = ss_hash_intern(names, name, strlen(name), &inserted);
      if (inserted) {
        SS_GROW(*out, *cap, k);
        (*out)[k] = (struct ss_cpi_outside){name, NULL, "", 0, 0};
        *num = k + 1;
      }
      (*out)[k].calls += count;
    }
  }
}

/* The callee (index < called) whose code sampled entry `e` is: by name
 * ("logf"), by the implementation's name ("__logf_fma"), or, for code
 * without a symbol (a stripped library's internal functions), the one
 * callee its object defines when it defines just one of them.  `called`
 * when none. */
static size_t callee_of(const struct ss_cpi_names *n, size_t e,
                        const struct ss_cpi_outside *out, size_t called) {
  const struct ss_cpi_outside *s = &n->entries[e];
  if (strcmp(s->name, NO_SYMBOL) != 0) {
    for (size_t j = 0; j < called; j++)
      if (strcmp(out[j].name, s->name) == 0 || implements(s->name, out[j].name))
        return j;
    return called;
  }
  size_t found = called;
  for (size_t j = 0; n->paths[e] && n->symbols && j < called; j++)
    if (ss_elf_defines(n->symbols, n->paths[e], out[j].name)) {
      if (found != called)
        return called; /* two of them: which is not known */
      found = j;
    }
  return found;
}

void ss_cpi_outside_build(struct ss_cpi *c, const struct ss_cpi_names *n) {
  struct ss_hash names;
  ss_hash_init(&names);
  struct ss_cpi_outside *out = NULL;
  size_t num = 0, cap = 0;
  add_calls(c, &names, &out, &num, &cap);
  size_t called = num;
  for (size_t i = 0; i < n->num; i++) {
    const struct ss_cpi_outside *e = &n->entries[i];
    size_t k = callee_of(n, i, out, called);
    if (k < called) { /* a callee's code */
      if (strcmp(out[k].name, e->name) != 0 && !out[k].symbol)
        out[k].symbol = e->name;
      if (!out[k].dso[0])
        out[k].dso = e->dso;
      out[k].samples += e->samples;
      continue;
    }
    SS_GROW(out, cap, num);
    out[num++] = *e;
  }
  ss_sort(out, num, sizeof *out, by_samples_then_calls);
  c->outside = out;
  c->num_outside = num;
  ss_hash_release(&names);
}
