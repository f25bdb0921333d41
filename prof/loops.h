/*
 * loops.h -- the blocks of every loop of a counting model, and how often
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
#ifndef SSPROF_LOOPS_H
#define SSPROF_LOOPS_H

#include "model.h"

#include <stddef.h>
#include <stdint.h>

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

#endif
