/*
 * model_steps.h -- the steps of ss_model_build (model_build.c) done in
 * other files of the layer.  Private to counts/.
 */
#ifndef SSPROF_MODEL_STEPS_H
#define SSPROF_MODEL_STEPS_H

#include "counts.h"

/* The call sites, indirect-call targets and call graph (model_calls.c). */
void ss_model_build_calls(struct ss_model *m);

/* Instrumented functions by symbol and by address (model_calls.c). */
struct ss_model_lookup;
struct ss_model_lookup *ss_model_lookup_new(const struct ss_model *m);
void ss_model_lookup_free(struct ss_model_lookup *l);
/* A function by linkage name: `module`'s own first (a static function
 * shadows others), then a non-static one of any module; SS_MODEL_NONE. */
uint32_t ss_model_find_symbol(const struct ss_model *m,
                              const struct ss_model_lookup *l,
                              const char *symbol,
                              const struct ss_merged_module *module);

/* Source-level calls from the descriptors' entries: functions only
 * inlined join the model, every function's calls become the source's,
 * m->entries is filled (model_entries.c).  Before ranks and lines. */
void ss_model_build_entries(struct ss_model *m);

/* The arcs of inlined calls and of recursion turned into loops, from
 * m->entries (model_entries.c), pushed with `push`. */
void ss_model_entry_arcs(struct ss_model *m,
                         void (*push)(struct ss_model *, size_t *, uint32_t,
                                      uint32_t, const char *, int64_t, int),
                         size_t *cap);

/* A line for ssprof to print before the listing (owned). */
void ss_model_warn(struct ss_model *m, char *line);

/* Keep `owned` (malloc'd) until the model is released; returns it. */
const char *ss_model_keep(struct ss_model *m, char *owned);

#endif
