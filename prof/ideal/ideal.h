/*
 * ideal.h -- the ideal-time layer of ssprof: the exact counts of a
 * counting experiment turned into instructions and cycles of the machine
 * code that ran (a CPU model, llvm-mca's, applied to every machine block),
 * and the inclusive cycles of each function over the call graph.  Depends
 * on counts, mcode, symbols (functions' sizes) and the layers below them.
 */
#ifndef SSPROF_IDEAL_H
#define SSPROF_IDEAL_H

#include "base.h"
#include "counts.h"
#include "mcode.h"

#include <stddef.h>
#include <stdint.h>

/*
 * ideal_time.c -- ideal time: the exact counts of a counting experiment
 * turned into instructions and cycles of the machine code that really ran.
 *
 * The pass leaves a marker in every counted block: an entry of the
 * non-allocated section .ss_blockmap giving the address where the block's
 * code landed in the linked binary (a block duplicated by the code
 * generator has one entry per copy).  Instructions the pass added (counter
 * updates, the per-thread counter lookup) carry line-table rows of the file
 * SS_INSTRUMENTATION_FILE and are never counted as the program's.
 *
 * ss_ideal_build() disassembles every instrumented function, cuts it into
 * machine blocks (straight-line code: split at branch targets, after
 * branches and at markers), gives each machine block the count of the
 * counted block whose marker it holds (or, for code the code generator
 * added, a count derived from the flow around it), and asks LLVM's
 * scheduling model of a CPU (llvm-mca, all blocks in one invocation as code
 * regions) for the cycles of one execution of each machine block.  As
 * SpeedShop's ideal time: interlocks inside a block are modelled, memory
 * latency is not (every load hits L1), so ideal time is a lower bound.
 */

/* Executed-instruction mix: every count is weighted by executions. */
struct ss_ideal_register_use {
  const char *name;  /* "rax", "xmm0", ...: the 64-bit or full-width name */
  uint64_t uses;     /* executed instructions naming it */
};

struct ss_ideal_mix {
  uint64_t by_class[SS_IC_COUNT];
  uint64_t by_isa[SS_ISA_COUNT];
  uint64_t by_width[SS_WIDTH_COUNT];
  struct ss_ideal_register_use *registers; /* by uses, descending */
  size_t num_registers;
};

/* Which limit gave a block its ideal cycles (core_bounds.h). */
enum ss_ideal_bound {
  SS_BOUND_MODEL,  /* llvm-mca: dependencies, the model's ports */
  SS_BOUND_RENAME, /* the core's rename width, fused micro-ops */
  SS_BOUND_LOADS,  /* its load ports */
  SS_BOUND_STORES, /* its store ports */
  SS_BOUND_MEMORY, /* loads and stores together (address generation) */
  SS_BOUND_COUNT
};

/* The limits of the real core that bound ideal time, per cycle, and where
 * the numbers come from (core_bounds.c). */
struct ss_ideal_core {
  const char *name;    /* "Skylake"; NULL: ssprof's table has no entry */
  const char *cpus;    /* the LLVM CPU names it covers */
  double rename_width; /* fused micro-ops; without an entry, the dispatch
                          width of llvm-mca's model (0 if unknown) */
  double loads, stores, memory; /* 0: not bounded */
  const char *source;
};

/* A machine basic block of the linked binary. */
struct ss_ideal_block {
  uint32_t function;     /* model function id */
  uint32_t model_block;  /* counted block it belongs to; SS_MODEL_NONE when
                            the code generator added it (split edge, ...) */
  uint64_t address;      /* link-time address in its DSO */
  uint32_t size;         /* bytes, instrumentation included */
  uint32_t instructions; /* the program's instructions */
  uint32_t instrumentation; /* instrumentation instructions in it */
  double cycles;         /* ideal cycles of one execution */
  int bound;             /* SS_BOUND_*: the limit that gave them */
  int simulated;         /* by llvm-mca; 0: the core's bounds alone (the
                            least-run blocks, ideal_time.c) */
  int64_t count;         /* executions */
  int exact;             /* 0: the count is an estimate (see ideal.c) */
  const char *file;      /* line of its first program instruction */
  uint32_t line;
  /* per execution: its program instructions that read or write memory */
  uint32_t loads, stores;
  /* The share of its executions that left by the rarer way of the
   * conditional branch that ends it, -1 without one (or when a count is
   * unknown): a branch that often goes its rarer way may be
   * mispredicted. */
  double minority;
  uint32_t first_insn, num_insns; /* its instructions in ideal->insns */
};

/* An instruction of a listed block (the instrumentation's too): what
 * -disasm and the HTML report show, and what is measured per address
 * (samples, ssprof -cpi). */
#define SS_IDEAL_INSN_LOAD 0x1u
#define SS_IDEAL_INSN_STORE 0x2u
#define SS_IDEAL_INSN_BRANCH 0x4u   /* conditional */
#define SS_IDEAL_INSN_COUNTING 0x8u /* the instrumentation's */
struct ss_ideal_insn {
  uint64_t address;    /* link-time address in its DSO */
  const char *text;    /* "mnemonic operands" (AT&T) */
  const char *file;    /* its line-table row; NULL when it has none */
  uint32_t line;
  int instrumentation; /* the pass's own instruction, not the program's */
  uint32_t block;      /* index in ideal->blocks */
  uint32_t line_index; /* index in ideal->lines: its line's (the block's
                          first for the instrumentation's) */
  uint32_t flags;      /* SS_IDEAL_INSN_* */
};

/* Per (function, file, line): a block's cycles are shared among the lines
 * of its program instructions in proportion to their instructions. */
struct ss_ideal_line {
  uint32_t function; /* model function id */
  const char *file;
  uint32_t line;
  double cycles;          /* all executions */
  uint64_t instructions;  /* executed */
};

struct ss_ideal_function {
  int has_code;           /* its machine code was found */
  const char *path;       /* then: the object that holds it, */
  uint64_t low, high;     /* and where (link-time addresses) */
  uint64_t instructions;  /* executed, exclusive */
  double cycles;          /* exclusive */
};

/* A function's code by the caller it runs for (struct ss_model_copy):
 * its instructions and cycles, by the DWARF inline chain (the frame after
 * the function's names the caller its copy was inlined into). */
struct ss_ideal_copy {
  int has_code;
  uint64_t instructions; /* executed, exclusive */
  double cycles;         /* exclusive */
};

struct ss_ideal {
  int available;       /* 0: no machine code; the listings show counts */
  const char *cpu;     /* the LLVM CPU name of the model */
  struct ss_ideal_core core; /* what bounds the model's cycles */
  double bound_cycles[SS_BOUND_COUNT]; /* all executions' cycles, by the
                                          limit that gave them */
  double clock_mhz;    /* for seconds */
  struct ss_ideal_function *functions; /* [model->num_functions] */
  struct ss_ideal_copy *copies;        /* [model->num_copies] */
  double *block_cycles;                /* [model->num_blocks], all executions */
  uint64_t *block_instructions;        /* [model->num_blocks], executed */
  struct ss_ideal_block *blocks;       /* executed machine blocks and
                                          estimated ones, by total cycles
                                          descending, then address */
  size_t num_blocks;
  struct ss_ideal_line *lines; /* by function id, file, line */
  size_t num_lines;
  struct ss_ideal_insn *insns; /* of `blocks`, each block's in order */
  size_t num_insns;
  struct ss_ideal_mix mix;
  uint64_t total_instructions;
  double total_cycles;
  uint32_t unsimulated_blocks;       /* listed blocks not simulated */
  uint64_t unsimulated_instructions; /* the instructions they ran */
  uint32_t estimated_blocks; /* machine blocks of the program's code whose
                                count is an estimate (listed in `blocks`
                                even when the estimate is 0) */
  char **warnings;
  size_t num_warnings;
  char **strings; /* owned */
  size_t num_strings;
};

/* Seconds of `cycles` at the experiment's clock. */
static inline double ss_ideal_seconds(const struct ss_ideal *ideal,
                                      double cycles) {
  return ideal->clock_mhz > 0 ? cycles / (ideal->clock_mhz * 1e6) : 0;
}

/* What ideal time is asked for. */
struct ss_ideal_request {
  const char *cpu;    /* the LLVM CPU of the model; NULL: the host's */
  double clock_mhz;   /* for seconds; 0: the clock the run recorded */
  /* Where what depends only on an object's code and the CPU is kept
   * between runs (ideal_cache.h); NULL: nowhere. */
  const char *cache_dir;
  const struct ss_progress *progress; /* llvm-mca's batches; may be NULL */
};

/* Build the ideal time of a counting model.  Never fails: when no machine
 * code can be read (binary missing or rebuilt, no .ss_blockmap, llvm-mca
 * missing), `available` is 0 and `warnings` says why; an unknown CPU is an
 * error instead (returns -1 with `err` set). */
int ss_ideal_build(struct ss_ideal *ideal, const struct ss_model *m,
                   const struct ss_ideal_request *req, struct ss_err *err);
void ss_ideal_release(struct ss_ideal *ideal);

/*
 * ideal_inclusive.c -- inclusive ideal time, as SpeedShop's -gprof computes
 * it: a function's cycles are shared among its callers in proportion to
 * the calls each made.
 *
 *   incl(f) = excl(f) + sum over callees g of incl(g) * calls(f->g) / calls(g)
 *
 * on the model's call graph (model->arcs), with recursion handled as
 * gprof does: the strongly connected components of the graph (Tarjan) are
 * its cycles; a cycle is one node whose exclusive cycles are its members'
 * and whose calls are those from outside it; every member's inclusive
 * time is the cycle's; self arcs and arcs inside a cycle propagate
 * nothing.  calls(g) counts the calls of g's node from outside it, those
 * of <spontaneous> included, so the shares of g's callers add up to 1.
 * The propagation runs over the components in reverse topological order
 * (callees first), which is the order Tarjan's algorithm finds them in.
 */

struct ss_ideal_inclusive {
  uint32_t num_functions;
  double *inclusive; /* [num_functions] cycles; a cycle member's: the
                        cycle's */
  uint32_t *cycle;   /* [num_functions] cycle number from 1; 0: none */
  /* [num_functions] calls from outside the function's node (callers not
   * in its cycle, <spontaneous>), and from inside it (self arcs, arcs
   * from the other members of its cycle) */
  int64_t *external_calls;
  int64_t *recursive_calls;
  uint32_t num_cycles;
  /* [num_cycles + 1], by cycle number (0 unused): the cycle's inclusive
   * cycles, its members' exclusive cycles, its calls from outside it and
   * between its members, and how many members it has.  Cycles are
   * numbered by inclusive cycles descending, then by the smallest model
   * rank of their members. */
  double *cycle_inclusive;
  double *cycle_self;
  int64_t *cycle_external_calls;
  int64_t *cycle_internal_calls;
  uint32_t *cycle_members;
  /* ss_ideal_inclusive_exact(); NULL until then.  [model->num_arcs]: the
   * callee's inclusive cycles spent through each arc, exact where
   * arc_exact is 1, else the proportional share of what the exact arcs
   * into the callee leave; 0 where the arc carries none.
   * [num_functions]: inclusive cycles from those (exact_inclusive; a
   * cycle member's: its cycle's, as above), and whether all of them are
   * exact (exact_whole). */
  double *arc_cycles;
  unsigned char *arc_exact;
  double *exact_inclusive;
  unsigned char *exact_whole;
  double *cycle_exact_inclusive; /* [num_cycles + 1] by cycle number */
};

/* `exclusive` has model->num_functions entries (cycles; 0 for functions
 * without machine code). */
void ss_ideal_inclusive_build(struct ss_ideal_inclusive *inc,
                              const struct ss_model *m,
                              const double *exclusive);
void ss_ideal_inclusive_release(struct ss_ideal_inclusive *inc);

/*
 * Exact inclusive time per caller (ideal_inclusive.c), beyond gprof's
 * assumption: where the callee's cycles that ran for one arc are known,
 * the arc carries exactly those instead of a share by calls.  They are
 * known, for an arc into f (callees first, so f's own figure is known):
 *   - when the arc makes all of f's calls from outside its node (f's only
 *     caller): f's inclusive cycles, exact when all of f's outgoing arcs
 *     that carry time are (exact_whole);
 *   - when f's own time goes nowhere else (no outgoing arc of f carries
 *     any) and the arc's calls ran a code of f of their own: an inlined
 *     arc, whose copy (struct ss_ideal_copy: f's code inlined into the
 *     caller, by the DWARF inline chain) has as many calls as the arc;
 *     or a real call that makes all the calls of f's own machine code
 *     (entry_calls) while f's other calls ran inlined copies.  The arc
 *     then carries that copy's cycles.  sscc -fss-callers makes such a
 *     copy for every direct call it can (pass/CallerCopies.h).
 * The other arcs into f share what the exact ones leave, in proportion to
 * their calls.  Members of a cycle of the call graph keep gprof's
 * figures (never exact), and so is a function whose machine code was
 * not found (ideal->functions[f].has_code 0), and its callers'.
 */
void ss_ideal_inclusive_exact(struct ss_ideal_inclusive *inc,
                              const struct ss_model *m,
                              const double *exclusive,
                              const struct ss_ideal *ideal);

/* Does the arc carry time (caller and callee instrumented, not in the
 * same node)?  <spontaneous> -> f carries time (to nobody). */
int ss_ideal_arc_propagates(const struct ss_ideal_inclusive *inc,
                            const struct ss_model_arc *a);

/* The callee's inclusive cycles attributed to the caller through the arc;
 * 0 when it does not propagate. */
double ss_ideal_arc_cycles(const struct ss_ideal_inclusive *inc,
                           const struct ss_model_arc *a);

/*
 * ideal_tree.c -- the call tree of ideal time (flame graphs, icicles, the
 * exports that want stacks).  Counts do not record stacks, so the tree is
 * the inclusive-time heuristic above unrolled from the roots: a root for
 * each function <spontaneous> calls, with its share of the callee's
 * inclusive cycles; under a node of inclusive cycles v for function f,
 * a child for every callee g that f's arcs carry time to, with
 * v * (cycles attributed to f through the arc) / incl(f); a node's own
 * time is v * excl(f) / incl(f).  A cycle of the call graph is one node,
 * entered through the member its caller called, with its other members'
 * own time as children and the arcs out of the cycle of every member.
 * Subtrees under 0.01% of the run's cycles, and deeper than 128, are
 * cut; what was not placed in the tree (cut subtrees, functions no arc
 * explains) becomes a root of its own, so that every function's own
 * cycles and instructions are in the tree exactly once and the roots add
 * up to the run's cycles.  Nodes are in depth-first order, children
 * heaviest first.
 */

struct ss_ideal_tree_node {
  uint32_t function; /* model function id */
  uint32_t cycle;    /* its cycle of the call graph (inclusive.cycle), 0 */
  uint32_t parent;   /* node index; SS_MODEL_NONE for a root */
  uint32_t depth;    /* 0 for a root */
  double cycles;     /* inclusive: the node's own and its subtree's */
  double self_cycles, self_instructions;
};

struct ss_ideal_tree {
  struct ss_ideal_tree_node *nodes; /* parents before their children */
  size_t num_nodes;
};

void ss_ideal_tree_build(struct ss_ideal_tree *t, const struct ss_model *m,
                         const struct ss_ideal *ideal,
                         const struct ss_ideal_inclusive *inc);
void ss_ideal_tree_release(struct ss_ideal_tree *t);

#endif
