/*
 * model.h -- the program as the listings see it, built from a merged
 * profile: functions, blocks, source lines, call sites, the call graph and
 * loops, every count derived by the flow solver.
 *
 * Rules (docs/ssprof-json.md repeats them for users):
 *  - a function's block executions are the sum of its known block counts;
 *    its calls are its FUNC_ENTRY edge;
 *  - a source line's count is the MAX of the counts of the blocks whose
 *    line list contains it (a line split over several blocks ran as often
 *    as its most executed part; summing would count `for (...)` headers
 *    three times).  `lines` takes the max over the blocks of all
 *    functions; `function_lines` over the blocks of one function;
 *  - a call site's count is the count of the block holding the call;
 *  - call graph arcs sum call sites per (caller, callee); a direct callee is
 *    matched by symbol to an instrumented function (the caller's module
 *    first, then any non-static one), indirect targets by address (exact
 *    function addresses of instrumented modules, else the ELF symbol
 *    containing the address in the mapped module, else the address);
 *  - calls of an instrumented function not explained by arcs from
 *    instrumented callers come from <spontaneous> (as gprof names them).
 *  - function ranks ("[index]") follow the default order: block executions
 *    descending, then calls descending, then name, then module order.
 */
#ifndef SSPROF_MODEL_H
#define SSPROF_MODEL_H

#include "elf_symbols.h"
#include "merge.h"

#include <stddef.h>
#include <stdint.h>

#define SS_MODEL_NONE 0xFFFFFFFFu

struct ss_model_function {
  const char *name;   /* demangled */
  const char *symbol; /* linkage name */
  const char *file;
  uint32_t line;
  const char *dso;
  const struct ss_merged_module *module;
  uint32_t desc_index; /* function index in the module's descriptor */
  uint32_t local;      /* SS_FUNC_LOCAL */
  int calls_known;
  int64_t calls;
  int64_t restarts; /* entries run again after a thread's first call */
  int64_t blocks; /* sum of known block counts */
  uint32_t unknown_blocks;
  uint32_t first_block, num_blocks; /* model block ids */
  uint32_t rank;                    /* 1-based [index] */
  int inconsistent;
};

struct ss_model_block {
  uint32_t function; /* model function id */
  uint32_t index;    /* block number inside the function */
  const char *file;
  uint32_t line;
  int known;
  int64_t count;
};

struct ss_model_edge { /* BRANCH and FALLTHROUGH edges only */
  uint32_t function;
  uint32_t from, to; /* model block ids */
  uint16_t kind;
  uint16_t flags;
  int known;
  int64_t count;
};

struct ss_model_line {
  uint32_t function; /* for function_lines; SS_MODEL_NONE in lines */
  const char *file;
  uint32_t line;
  int64_t count; /* max over the blocks holding it (known ones) */
  int known;     /* at least one of those blocks is known */
};

struct ss_model_target {
  const char *name;
  uint32_t function; /* model function id, or SS_MODEL_NONE */
  int64_t count;
};

struct ss_model_call {
  uint32_t caller;     /* model function id */
  uint32_t block;      /* model block id holding the call */
  const char *callee;  /* display name; NULL for an indirect call */
  uint32_t callee_function; /* direct callee if instrumented */
  const char *file;
  uint32_t line;
  int known;
  int64_t count;
  int indirect;
  struct ss_model_target *targets; /* indirect: sorted by count */
  size_t num_targets;
  int64_t other_targets; /* calls the runtime could not attribute */
};

struct ss_model_arc {
  uint32_t caller;        /* model function id, SS_MODEL_NONE = <spontaneous> */
  uint32_t callee;        /* model function id, SS_MODEL_NONE = not instrumented */
  const char *callee_name;
  int64_t count;
};

struct ss_model_loop {
  uint32_t function;
  const char *file;
  uint32_t line, depth;
  uint32_t header_block; /* model block id */
  uint32_t parent;       /* model loop id, SS_MODEL_NONE for an outermost loop */
};

struct ss_model {
  const struct ss_profile *profile;
  struct ss_model_function *functions;
  uint32_t num_functions;
  uint32_t *by_rank; /* function ids in default order */
  struct ss_model_block *blocks;
  uint32_t num_blocks;
  struct ss_model_edge *edges;
  size_t num_edges;
  struct ss_model_line *lines;          /* per (file, line) */
  size_t num_lines;
  struct ss_model_line *function_lines; /* per (function, file, line) */
  size_t num_function_lines;
  struct ss_model_call *calls;
  size_t num_calls;
  struct ss_model_arc *arcs; /* sorted by callee, caller */
  size_t num_arcs;
  struct ss_model_loop *loops;
  size_t num_loops;
  /* totals */
  int64_t total_block_executions;
  int64_t total_calls;
  uint32_t functions_executed;
  uint32_t unknown_blocks, unknown_edges;
  /* "inconsistent counts in <function>" lines, for ssprof to print */
  char **warnings;
  size_t num_warnings;
  /* owned strings and the symbol cache */
  char **strings;
  size_t num_strings, strings_cap;
  struct ss_elf_cache *elf;
};

/* Build the model of a merged profile (which must outlive it). */
void ss_model_build(struct ss_model *m, const struct ss_profile *p);
void ss_model_release(struct ss_model *m);

/* Internal steps, in model_*.c. */
void ss_model_build_calls(struct ss_model *m);
const char *ss_model_keep(struct ss_model *m, char *owned);

/* Has the function run at all (or might it have, with unknown blocks)? */
static inline int ss_model_function_ran(const struct ss_model_function *f) {
  return f->blocks > 0 || (f->calls_known && f->calls > 0) ||
         f->unknown_blocks > 0;
}

#endif
