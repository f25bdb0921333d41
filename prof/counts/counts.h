/*
 * counts.h -- the counting-model layer of ssprof: the program of a merged
 * counting experiment as the listings see it -- functions, blocks, edges,
 * source lines, call sites, the call graph -- with every count derived by
 * flow conservation, and what is computed from those counts alone: loops
 * with their entries and trip counts, conditional branches and their bias,
 * the compiler's loop remarks joined to the loops.  Depends on profile,
 * expfile and base (no symbolizer: see struct ss_namer).
 */
#ifndef SSPROF_COUNTS_H
#define SSPROF_COUNTS_H

#include "profile.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * model_build.c, model_calls.c -- the program as the listings see it,
 * built from a merged profile: functions, blocks, source lines, call sites,
 * the call graph and loops, every count derived by the flow solver
 * (flow_solver.c).
 *
 * Rules (docs/ssprof-json.md repeats them for users):
 *  - a function's block executions are the sum of its known block counts;
 *    its calls are the source's (model_entries.c): the counts of the
 *    blocks that hold its entry markers, in its own code and in every
 *    inlined copy; without entries in the descriptor, its FUNC_ENTRY edge;
 *  - a function that was only inlined is a function of the model without
 *    blocks of its own;
 *  - a source line's count is the MAX of the counts of the blocks whose
 *    line list contains it (a line split over several blocks ran as often
 *    as its most executed part; summing would count `for (...)` headers
 *    three times), in each function whose code holds it; the copies of a
 *    line in several functions' code (an inlined function's) add up.  A
 *    line is the function's whose source it is, not the one whose code
 *    holds it: in a function f's blocks, a line of file F at line L is
 *    the function's, among f and the functions inlined into f (its
 *    entries), defined in F at the last line <= L (C functions do not
 *    nest, so this is the function whose text holds the line; one
 *    defined inside another, a C++ lambda, ends by the first line after
 *    its start from which another function calls it), else f's.
 *    `function_lines` are per (function, file, line); `lines` take the
 *    max over functions of one (file, line);
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

#define SS_MODEL_NONE 0xFFFFFFFFu

/* Names for what the descriptors leave as linkage names or addresses:
 * the callees of direct calls into code that was not instrumented, and
 * indirect-call targets outside the instrumented functions.  The model
 * depends on no symbolizer: ssprof passes one backed by the ELF symbol
 * tables and the C++ demangler (symbols.h), the tests their own.
 *  - readable: a malloc'd readable form of linkage name `symbol` (a C++
 *    name demangled), or NULL to show the symbol as it is;
 *  - at: a malloc'd readable name of the function holding link-time
 *    address `addr` of the object at `path`, or NULL when nothing is known
 *    there (the model then shows the address).
 * Either may be NULL. */
struct ss_namer {
  char *(*readable)(void *self, const char *symbol);
  char *(*at)(void *self, const char *path, uint64_t addr);
  void *self;
};

struct ss_model_function {
  const char *name;   /* demangled */
  const char *symbol; /* linkage name */
  const char *file;
  uint32_t line;
  const char *dso;
  const struct ss_merged_module *module;
  uint32_t desc_index; /* function index in the module's descriptor;
                          SS_MODEL_NONE for a function only inlined */
  uint32_t local;      /* SS_FUNC_LOCAL */
  int calls_known;
  int64_t calls;       /* as the source makes them (model_entries.c) */
  /* Entries into its own machine code (its FUNC_ENTRY edge): calls made
   * as calls.  calls == entry_calls where nothing was inlined or turned
   * into a loop, or where the descriptor has no entries (older files). */
  int entry_calls_known;
  int64_t entry_calls;
  int inlined;         /* some or all of its entries were inlined copies' */
  int calls_lost;      /* an inlined copy lost its marker: calls unknown */
  int64_t restarts; /* entries run again after a thread's first call */
  /* Its copies (model_entries.c): m->copies[first_copy .. + num_copies];
   * none when no entry of it was inlined. */
  uint32_t first_copy, num_copies;
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
  uint32_t function; /* for function_lines (whose source the line is:
                        model_build.c); SS_MODEL_NONE in lines */
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
  uint32_t caller;     /* model function id whose code holds the call */
  uint32_t source_caller; /* the function whose source makes the call:
                             the innermost one its code was inlined from,
                             else `caller` */
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

/* How a source call was made. */
enum ss_arc_kind {
  SS_ARC_CALL = 0,    /* a call (or a tail call made as a jump to the callee) */
  SS_ARC_INLINED = 1, /* the callee's code was inlined into the caller */
  SS_ARC_LOOP = 2     /* a self-recursive call the optimizer turned into a
                         jump back to the function's start */
};

struct ss_model_arc {
  uint32_t caller;        /* model function id, SS_MODEL_NONE = <spontaneous> */
  uint32_t callee;        /* model function id, SS_MODEL_NONE = not instrumented */
  const char *callee_name;
  int64_t count;
  int kind;               /* enum ss_arc_kind */
};

/* An entry of a source function (descriptor entries, model_entries.c):
 * `count` entries into `callee` made in `caller`'s code (the innermost
 * function it was inlined into; the callee itself for a function's own
 * entries) and counted in block `block` of `holder`. */
struct ss_model_entry {
  uint32_t callee, caller, holder; /* model function ids */
  uint32_t block;                  /* model block id; SS_MODEL_NONE: lost */
  int inlined;
  const char *call_file;
  uint32_t call_line;
  int known;
  int64_t count;
};

/* The code of a function that was inlined somewhere, by the caller it
 * runs for (ssprof -inlinesplit): its own machine code (inlined_in is
 * SS_MODEL_NONE; only for a function with code of its own) and one copy
 * per source caller it was inlined into (the innermost function, as the
 * entries name it; several inlined call sites of one caller are one copy).
 * A copy's calls are the counts of its entries; the copies' calls add up
 * to the function's. */
struct ss_model_copy {
  uint32_t function;   /* model function id */
  uint32_t inlined_in; /* model function id; SS_MODEL_NONE: its own code */
  int calls_known;
  int64_t calls;
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
  struct ss_model_arc *arcs; /* sorted by callee, caller, kind */
  size_t num_arcs;
  struct ss_model_entry *entries; /* descriptor order, module by module */
  size_t num_entries;
  struct ss_model_copy *copies; /* by function id; its own code first, then
                                   by inlined_in id */
  size_t num_copies;
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
  /* owned strings */
  char **strings;
  size_t num_strings, strings_cap;
  struct ss_namer namer;
};

/* Build the model of a merged profile (which must outlive it), naming
 * what the descriptors do not name through `namer`. */
void ss_model_build(struct ss_model *m, const struct ss_profile *p,
                    struct ss_namer namer);
void ss_model_release(struct ss_model *m);

/* Has the function run at all (or might it have, with unknown blocks)? */
static inline int ss_model_function_ran(const struct ss_model_function *f) {
  return f->blocks > 0 || (f->calls_known && f->calls > 0) ||
         f->unknown_blocks > 0;
}

/*
 * loops.c -- the blocks of every loop of a counting model, and how often
 * each loop was entered and iterated.
 *
 * The descriptor names only each loop's header block, its parent and its
 * depth (LLVM's LoopInfo of the optimized code).  The blocks are computed
 * here as natural loops on the model's own flow graph: per function, the
 * graph of its blocks and its BRANCH and FALLTHROUGH edges from block 0;
 * dominators by the iterative algorithm of Cooper, Harvey and Kennedy ("A
 * Simple, Fast Dominance Algorithm"); a back edge is an edge into the
 * header from a block the header dominates; the loop is the header and
 * every block that reaches a back edge's source without passing through
 * the header.  This is LoopInfo's own definition, so on the descriptor of
 * a real compilation the two agree; each loop records whether it does
 * (matches_descriptor).
 *
 * Counts (all exact, from the flow solver):
 *   entries    = sum of the counts of the edges into the header from
 *                blocks outside the loop (plus the function's calls when
 *                the header is the entry block);
 *   iterations = executions of the header block (= entries + back edges
 *                taken);
 *   average trip count = iterations / entries.
 * At -O0 the header of a `for` loop is its test, which runs once more per
 * entry than the body; optimized loops are rotated (tested at the bottom)
 * and their header is the body's first block.
 */

struct ss_loop_facts {
  const uint32_t *blocks; /* model block ids, ascending; header included;
                             empty when the header heads no natural loop */
  uint32_t num_blocks;
  uint32_t back_edges;    /* edges into the header from blocks it dominates */
  int entries_known;
  int64_t entries;
  int iterations_known;
  int64_t iterations;
  /* 1 when the natural loop agrees with the descriptor: the header has a
   * back edge, the edges the descriptor flags as back edges into it are
   * exactly those, the depth is the parent's + 1 (1 without a parent), the
   * parent's blocks hold all of this loop's, and no other loop of the
   * function has the same header. */
  int matches_descriptor;
};

struct ss_loop_nest {
  struct ss_loop_facts *loops; /* [num_loops]: model loop ids */
  size_t num_loops;
  /* [model num_blocks]: the innermost loop (model loop id) whose blocks
   * hold the block, SS_MODEL_NONE outside every loop. */
  uint32_t *innermost;
  uint32_t mismatches;     /* loops with matches_descriptor == 0 */
  uint32_t unlisted_loops; /* natural loops (headers with a back edge) that
                              no descriptor loop names */
  uint32_t *storage;       /* owned: the block lists */
};

/* Compute the loops of `m`, which must outlive `n`.  Never fails. */
void ss_loop_nest_build(struct ss_loop_nest *n, const struct ss_model *m);
void ss_loop_nest_release(struct ss_loop_nest *n);

/* Does loop `loop` hold model block `block`? */
int ss_loop_contains(const struct ss_loop_nest *n, uint32_t loop,
                     uint32_t block);

/* Sum of per-block values (ideal->block_cycles, ...) over the loop's
 * blocks; `per_block` is indexed by model block id. */
double ss_loop_sum(const struct ss_loop_nest *n, uint32_t loop,
                   const double *per_block);

/* iterations / entries, or -1 when either is unknown or entries is 0. */
double ss_loop_average_trip(const struct ss_loop_facts *l);

/*
 * branches.c -- the conditional branches of a counting model: every block
 * that ends in two or more BRANCH edges to distinct blocks (a conditional
 * branch, a switch with its cases, an indirect branch), with how often it
 * ran and how often it went each way.  An invoke's normal and unwind
 * destinations are not a branch (the unwind edge is left out), nor is a
 * conditional branch whose two destinations are the same block (one edge).
 */

/* A branch is "biased" when its most taken successor took more than this
 * share of its executions. */
#define SS_BRANCH_BIASED 0.9

struct ss_branch {
  uint32_t block;        /* model block id ending in the branch */
  const uint32_t *edges; /* its successors: model edge ids, descriptor order */
  uint32_t num_edges;    /* >= 2 */
  int known;             /* executions known */
  int64_t executions;    /* the block's count (= the sum of its successors') */
  int successors_known;  /* every successor's count is known */
  int64_t top;           /* count of the most taken successor */
};

struct ss_branches {
  struct ss_branch *v; /* by block id */
  size_t n;
  uint32_t executed;   /* known executions > 0 */
  uint32_t biased;     /* executed and bias > SS_BRANCH_BIASED */
  uint32_t unknown;    /* executions unknown */
  int64_t total_executions; /* sum of the known executions */
  uint32_t *edge_ids;  /* owned */
};

void ss_branches_build(struct ss_branches *b, const struct ss_model *m);
void ss_branches_release(struct ss_branches *b);

/* Share of the executions that went the most taken way, in [0, 1], or -1
 * when the branch never ran or a count is unknown. */
double ss_branch_bias(const struct ss_branch *b);

/*
 * remarks.c -- the loop remarks of the descriptors (sscc -fss-remarks,
 * struct ss_desc_remark) joined to the loops of a counting model.
 *
 * A remark is the compiler's one-line summary of what LLVM's loop passes
 * did to one source loop, placed at the loop's start (file, line).  The
 * descriptor's loops carry the same start when the source had debug
 * information (Loop::getStartLoc(), the location clang's loop metadata
 * gives), so the join is:
 *
 *  1. a remark joins every loop of its own module with the same file and
 *     line: all the copies of the source loop in the optimized code (the
 *     vector body and its scalar remainder, copies inlined into several
 *     functions);
 *  2. a remark that joins none that way (its loop was completely unrolled
 *     or deleted, or the descriptor could name only the header's line)
 *     joins the innermost loops of its module whose blocks span its line:
 *     same file, first line of the loop's blocks <= line <= last line;
 *  3. any other remark joins no loop (its code is not in the optimized
 *     program, or is in no loop of it).
 */

struct ss_remark_ref {
  const struct ss_merged_module *module;
  const char *file; /* as the descriptor names it */
  uint32_t line, column;
  uint32_t kind;    /* SS_REMARK_* */
  uint32_t flags;   /* SS_REMARKF_* */
  const char *text;
  int by_range;     /* joined by rule 2 */
  uint32_t num_loops;
};

struct ss_loop_remarks {
  struct ss_remark_ref *remarks; /* every module's, module then descriptor
                                    order */
  size_t num_remarks;
  /* per model loop: loop_start[l] .. loop_start[l + 1] in loop_remark[],
   * indices of its remarks, exact joins first */
  uint32_t *loop_start;
  uint32_t *loop_remark;
  /* per remark: the model loops it joins, remark_start[r] ..
   * remark_start[r + 1] in remark_loop[] */
  uint32_t *remark_start;
  uint32_t *remark_loop;
  size_t unjoined; /* remarks that join no loop */
};

/* Join the remarks of every module of `m` to its loops (`n` from
 * ss_loop_nest_build).  Never fails. */
void ss_loop_remarks_build(struct ss_loop_remarks *r, const struct ss_model *m,
                           const struct ss_loop_nest *n);
void ss_loop_remarks_release(struct ss_loop_remarks *r);

/* "#<swps>" or "#<swpf>". */
const char *ss_remark_tag(uint32_t kind);

/* The line the compiler printed: "#<swps> Loop line 14 (kernel.c): text"
 * (the file as its basename). */
void ss_print_remark(FILE *out, const struct ss_remark_ref *r);

/* Names of the SS_REMARKF_* bits, for -json: calls `fn` for each set bit
 * in bit order. */
void ss_remark_flag_names(uint32_t flags, void (*fn)(const char *, void *),
                          void *arg);

#endif
