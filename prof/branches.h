/*
 * branches.h -- the conditional branches of a counting model: every block
 * that ends in two or more BRANCH edges to distinct blocks (a conditional
 * branch, a switch with its cases, an indirect branch), with how often it
 * ran and how often it went each way.  An invoke's normal and unwind
 * destinations are not a branch (the unwind edge is left out), nor is a
 * conditional branch whose two destinations are the same block (one edge).
 */
#ifndef SSPROF_BRANCHES_H
#define SSPROF_BRANCHES_H

#include "model.h"

#include <stddef.h>
#include <stdint.h>

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

#endif
