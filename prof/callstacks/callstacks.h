/*
 * callstacks.h -- the call-stack layer of ssprof: the call stacks a run
 * recorded (sampling's samples, the traces' events), each with a vector of
 * weights, symbolized (inlined frames included) and summed per function,
 * source line and caller -> callee edge.  Depends on profile, symbols and
 * the layers below them.
 */
#ifndef SSPROF_CALLSTACKS_H
#define SSPROF_CALLSTACKS_H

#include "profile.h"
#include "symbols.h"

#include <stddef.h>
#include <stdint.h>

/*
 * callstacks.c -- stacks symbolized and summed.  Work is done per distinct
 * thing, never per stack: identical stacks of a file are grouped first
 * (their weights added), then the distinct (module, address) pairs are
 * symbolized once each, then each distinct stack is attributed.
 *
 * Rules (docs/ssprof.md repeats them for users):
 *  - A stack is a list of addresses, innermost first: the first is where
 *    it happened (unless `leaf_is_return`), the rest return addresses,
 *    looked up at address-1 (inside the call instruction).  An address in
 *    code inlined into f from g gives the frames g, f; a stack becomes the
 *    list of these "logical" frames, innermost first.
 *  - Exclusive: a stack's weights count for the function of its innermost
 *    logical frame, and for that frame's source line (the line lists).
 *  - Inclusive: once for every function anywhere in its logical stack,
 *    however often it appears (recursion).
 *  - Caller -> callee edges: consecutive logical frames, once per (caller,
 *    callee) pair however often it appears in the stack, at the call site
 *    of the innermost occurrence: the return address (and the caller's
 *    line there) for a real call, the inlined instance's entry address
 *    and the line where it was inlined for an inlined "call" (`inlined`).
 *  - SS_CS_LEAF_ONLY: the innermost frame only (PC sampling): exclusive
 *    weights and lines, no edges.
 *  - Functions are identified by (module, name, definition file and
 *    line).  Code whose module cannot be read, has changed since the run
 *    (build-id), or has no symbol there is named by address,
 *    "<dso>+0x<address>" (link-time address), "0x<address>" outside every
 *    module.
 *  - [index] ranks: by the inclusive then the exclusive weight `rank_by`
 *    (exclusive only with SS_CS_LEAF_ONLY), then callers before callees (the
 *    smallest distance from the outermost frame of the stacks a function
 *    is in: _start, __libc_start_main, main, ...), then name.  Lines come
 *    sorted by function rank, file, line; edges by caller and callee rank,
 *    then call site.
 *
 * What else a result keeps, when ss_callstacks_begin's flags ask for it
 * (callstacks_kept.c):
 *  - SS_CS_STACKS: every distinct logical stack (its frames innermost
 *    first: function and source line; the weights of all its stacks), in
 *    the order of the distinct stacks first added that make it; and the
 *    stacks in the order they were added, per group (a thread's samples
 *    or events: each ss_callstacks_begin_group starts one), as logical
 *    stack ids.  What flame graphs, timelines and the exports read.
 *  - SS_CS_LEAVES: every distinct innermost address (module, link-time
 *    address, return address or not) with the function and source line of
 *    its innermost logical frame and its weights, sorted by function id,
 *    module path and address.  What machine-code annotation reads.
 */

/* ss_callstacks_begin's flags. */
enum {
  SS_CS_LEAF_ONLY = 1u << 0, /* the innermost frame only */
  SS_CS_STACKS = 1u << 1,    /* whole stacks, and each group's in order */
  SS_CS_LEAVES = 1u << 2     /* innermost addresses with their weights */
};

struct ss_cs_function {
  const char *name;
  const char *dso;  /* basename of the module path, "?" outside modules */
  const char *path; /* module path, "" outside modules */
  const char *file; /* definition file, "" if unknown */
  uint32_t line;    /* definition line, 0 if unknown */
  int by_address;   /* named by its address: nothing known about it */
  uint32_t rank;    /* [index], from 1 */
  uint32_t depth;   /* smallest distance from the outermost frame */
  uint64_t *excl, *incl; /* [num_weights] each */
};

struct ss_cs_line {
  uint32_t function;
  const char *file;
  uint32_t line;
  uint64_t *w; /* [num_weights] */
};

struct ss_cs_edge {
  uint32_t caller, callee;
  uint64_t callsite; /* link-time address in the caller's module */
  int inlined;       /* an inlined instance, not a real call */
  const char *file;  /* position of the call in the caller */
  uint32_t line;
  uint64_t *w; /* [num_weights] */
};

/* A frame of a kept stack: a function and the source line in it. */
struct ss_cs_frame {
  uint32_t function;
  uint32_t line; /* 0: unknown */
};

/* A distinct logical stack (SS_CS_STACKS): its frames, innermost first,
 * are stack_frames[first_frame, first_frame + depth). */
struct ss_cs_stack {
  uint32_t first_frame, depth;
  uint64_t *w; /* [num_weights] */
};

/* Stacks added in order (SS_CS_STACKS): sequence[first, first + num). */
struct ss_cs_group {
  uint32_t file; /* profile file index */
  uint32_t tag;  /* the caller's: a thread id, say */
  size_t first, num;
};

/* A distinct innermost address (SS_CS_LEAVES). */
struct ss_cs_leaf {
  uint32_t function; /* of its innermost logical frame */
  const char *path;  /* module path, "" outside every module */
  uint64_t vaddr;    /* link-time address (absolute outside modules) */
  int is_return;     /* a return address (leaf_is_return) */
  const char *file;  /* source position, "" and 0 when unknown */
  uint32_t line;
  uint64_t *w; /* [num_weights] */
};

struct ss_callstacks {
  uint32_t num_weights;
  struct ss_cs_function *functions;
  uint32_t num_functions;
  uint32_t *by_rank; /* function ids in [index] order */
  struct ss_cs_line *lines;
  size_t num_lines;
  struct ss_cs_edge *edges;
  size_t num_edges;
  /* SS_CS_STACKS */
  struct ss_cs_stack *stacks;
  size_t num_stacks;
  struct ss_cs_frame *stack_frames;
  size_t num_stack_frames;
  struct ss_cs_group *groups; /* in the order they were begun */
  size_t num_groups;
  uint32_t *sequence; /* stack ids, each group's in the order added */
  size_t num_sequence;
  /* SS_CS_LEAVES */
  struct ss_cs_leaf *leaves;
  size_t num_leaves;
  char **warnings; /* whole lines after "ssprof: " */
  size_t num_warnings;
  char **strings; /* owned */
  size_t num_strings, strings_cap;
  uint64_t *weights; /* owned: every excl, incl and w array */
};

struct ss_cs_builder;

/* A builder for stacks of the merged profile `p`, each with `num_weights`
 * weights; `flags` are SS_CS_*.  `symbolizer` must outlive the result (its
 * strings are used).  `what` names the stacks in warnings ("samples",
 * "events"). */
struct ss_cs_builder *ss_callstacks_begin(const struct ss_profile *p,
                                          struct ss_symbolizer *symbolizer,
                                          uint32_t num_weights, uint32_t flags,
                                          const char *what);

/* SS_CS_STACKS: the stacks added from now on are a new group's, of file
 * `file`, with the caller's `tag` (a thread id, say); a group may stay
 * empty.  A stack added before any group begins one, of its file, with
 * tag 0.  Without SS_CS_STACKS, nothing. */
void ss_callstacks_begin_group(struct ss_cs_builder *b, uint32_t file,
                               uint32_t tag);

/* One stack of file `file` of the profile: `depth` little-endian u64
 * addresses at `addrs` (depth >= 1), its weights added. */
void ss_callstacks_add(struct ss_cs_builder *b, uint32_t file,
                       const uint8_t *addrs, uint32_t depth,
                       int leaf_is_return, const uint64_t *weights);

/* Symbolizes, attributes and ranks by weight `rank_by`; frees the
 * builder. */
void ss_callstacks_finish(struct ss_cs_builder *b, struct ss_callstacks *out,
                          uint32_t rank_by);

void ss_callstacks_release(struct ss_callstacks *cs);

#endif
