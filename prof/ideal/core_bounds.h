/*
 * core_bounds.h -- what no code can beat on a real core: the rate at
 * which it renames (allocates) fused micro-ops, and at which its ports
 * load and store.  llvm-mca models the ports of LLVM's model of the CPU
 * and dispatches without limit (cpu_model.h); LLVM's models are not
 * always the core (LLVM 14 gives Cascade Lake a dispatch width of 6 where
 * the core renames 4 fused micro-ops a cycle, Zen 2 one of 4 where it
 * dispatches 6), so ideal time takes, for each region, the larger of
 * llvm-mca's cycles and these bounds, from the vendors' manuals
 * (core_bounds.c names them per core).
 *
 * A region's counts, per execution:
 *  - fused micro-ops: its instructions, a compare or test and the
 *    conditional jump that fuses with it (macro_fusion.h) counting one; a
 *    move that renaming eliminates (move_elimination.h) still takes its
 *    slot, as it does on the core;
 *  - loads and stores: instructions that read or write memory
 *    (ss_insn_classify: a read-modify-write both, push and call a store,
 *    pop and ret a load).
 * Every instruction is at least one fused micro-op and every memory
 * access at least one load or store, so the counts never exceed the
 * core's and the bounds stay lower bounds.
 */
#ifndef SSPROF_CORE_BOUNDS_H
#define SSPROF_CORE_BOUNDS_H

#include "ideal.h"

#include <stddef.h>

/* The core of an LLVM CPU name, or NULL when the table has none. */
const struct ss_ideal_core *ss_core_of(const char *cpu);

struct ss_region_uops {
  double fused, loads, stores;
};

void ss_region_uops(const char *const *insns, size_t n,
                    struct ss_region_uops *u);

/* The least cycles of one execution of a region with counts `u` on
 * `core`, and (in *limit) which limit gives them (SS_BOUND_*). */
double ss_core_bound(const struct ss_ideal_core *core,
                     const struct ss_region_uops *u, int *limit);

#endif
