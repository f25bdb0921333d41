/*
 * remarks.h -- the loop remarks of the descriptors (sscc -fss-remarks,
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
#ifndef SSPROF_REMARKS_H
#define SSPROF_REMARKS_H

#include "loops.h"
#include "model.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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
