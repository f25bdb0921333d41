/*
 * ideal_inclusive.h -- inclusive ideal time, as SpeedShop's -gprof computes
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
#ifndef SSPROF_IDEAL_INCLUSIVE_H
#define SSPROF_IDEAL_INCLUSIVE_H

#include "model.h"

#include <stdint.h>

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
};

/* `exclusive` has model->num_functions entries (cycles; 0 for functions
 * without machine code). */
void ss_ideal_inclusive_build(struct ss_ideal_inclusive *inc,
                              const struct ss_model *m,
                              const double *exclusive);
void ss_ideal_inclusive_release(struct ss_ideal_inclusive *inc);

/* Does the arc carry time (caller and callee instrumented, not in the
 * same node)?  <spontaneous> -> f carries time (to nobody). */
int ss_ideal_arc_propagates(const struct ss_ideal_inclusive *inc,
                            const struct ss_model_arc *a);

/* The callee's inclusive cycles attributed to the caller through the arc;
 * 0 when it does not propagate. */
double ss_ideal_arc_cycles(const struct ss_ideal_inclusive *inc,
                           const struct ss_model_arc *a);

#endif
