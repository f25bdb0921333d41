/*
 * indirect_overflow.h -- the targets of indirect call sites beyond the
 * SS_INDIRECT_SLOTS a site keeps itself.
 *
 * A site's slots go to its first SS_INDIRECT_SLOTS targets (indirect_call.c);
 * an interpreter's dispatch or a callback table reaches hundreds.  Every
 * call to a target without a slot is counted here too, per (site, target),
 * exactly: one table of the whole process, in runtime pages, found by a
 * hash of the pair, with open addressing and no lock.  An entry is claimed
 * once by compare-exchange of its site and never moves or goes away; its
 * count is an atomic add, since any thread may call any target (these
 * calls also take the slow path's loop over the slots, so the add is not
 * what they cost).  When the newest table is three-quarters full a table
 * twice its size is appended; lookups go through all of them.  A thread
 * that finds an entry of its site still being claimed (its target not yet
 * stored) goes on probing rather than wait -- it may be the signal handler
 * interrupting the claimer -- and may claim a second entry for the same
 * pair; the file then has both, and readers add them up.
 *
 * The site's own `other` count (in the thread's counter set) still counts
 * every such call, so a reader knows how many were left out if pages ran
 * out.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_INDIRECT_OVERFLOW_H
#define SSRT_INDIRECT_OVERFLOW_H

#include "record_writer.h"
#include "ss/format.h"

#include <stdint.h>

/* One more call from `site` to `target` (not 0). */
void ssrt_overflow_count(const struct ss_indirect_targets *site,
                         uint64_t target);

/* Whether any of the `num_sites` sites from `sites` on has counts here. */
int ssrt_overflow_has(const struct ss_indirect_targets *sites,
                      uint32_t num_sites);

/* The INDIRECT_TARGETS record of a module whose sites start at `sites`
 * (docs/experiment-file.md); async-signal-safe. */
void ssrt_overflow_write(struct ssrt_writer *w,
                         const struct ss_indirect_targets *sites,
                         uint32_t num_sites);

/* A module's sites moved (their copy when its object is unloaded): the
 * entries of the `num_sites` sites from `from` on now belong to `to`.
 * Called with the runtime lock held, once the module's code is gone. */
void ssrt_overflow_move(const struct ss_indirect_targets *from,
                        uint32_t num_sites,
                        const struct ss_indirect_targets *to);

/* In a forked child: every count back to zero. */
void ssrt_overflow_after_fork(void);

#endif
