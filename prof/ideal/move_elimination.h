/*
 * move_elimination.h -- what the llvm-mca input of a block says in place of
 * a register-to-register vector move followed by a destructive SSE
 * operation on the moved-to register.
 *
 * Intel cores since Ivy Bridge and AMD cores since Zen eliminate such moves
 * when they rename registers: no execution port, no latency.  LLVM 14's
 * Intel scheduling models do not, so a loop of SSE code (every
 * non-destructive operation needs a move first) looks port-bound on moves
 * that never execute.  The pair
 *     movdqa %xmm1, %xmm7          paddq %xmm5, %xmm7
 * computes what the VEX form  vpaddq %xmm5, %xmm1, %xmm7  does, with the
 * same dependencies and without the move, so the block is given to the
 * model that way.  Only operations whose VEX form is that 3-operand one
 * are rewritten.
 */
#ifndef SSPROF_MOVE_ELIMINATION_H
#define SSPROF_MOVE_ELIMINATION_H

#include <stddef.h>

/* If `move` (AT&T text) is a vector register move and `next` the
 * destructive operation on its destination, the fused form in `out` and
 * 1; else 0. */
int ss_fold_vector_move(const char *move, const char *next, char *out,
                        size_t size);

#endif
