/*
 * indirect_call.c -- __ssrt_indirect_call: which targets an indirect call
 * site reached, and how often.
 *
 * Instrumented code counts a call to the target in slot 0 by itself and
 * calls this for any other.  The targets are shared by all threads and
 * taken without a lock: each slot is claimed once by compare-exchange
 * (0 -> target) and never changes after, and always the first free one,
 * so a site whose last slot is taken has all its slots taken: its calls
 * then look in the thread's overflow table first (an interpreter's
 * dispatch site makes most of its calls to targets past the slots), and
 * then only compare.  The counts are the calling
 * thread's own (see thread_counters.h), so they are plain increments.  A
 * target that finds every slot taken by others is counted in `other`, and
 * per target in the overflow table (indirect_overflow.h).
 *
 * The runtime's rules: rt/README.md.
 */
#include "indirect_call.h"
#include "indirect_overflow.h"
#include "ss/format.h"

#include <stdint.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

void ssrt_indirect_call_c(struct ss_indirect_targets *site, void *target,
                          uint64_t *counts) {
  uint64_t t = (uint64_t)(uintptr_t)target;
  if (__atomic_load_n(&site->target[SS_INDIRECT_SLOTS - 1], __ATOMIC_RELAXED)) {
    /* Every slot taken: a target met before past them is in the thread's
     * table (never in a slot, since the slots no longer change). */
    if (t != 0 && ssrt_overflow_count_known(site, t)) {
      counts[SS_INDIRECT_SLOTS]++;
      return;
    }
    for (int i = 0; i < SS_INDIRECT_SLOTS; i++)
      if (__atomic_load_n(&site->target[i], __ATOMIC_RELAXED) == t) {
        counts[i]++;
        return;
      }
    if (t != 0)
      ssrt_overflow_count(site, t);
  } else if (t != 0) { /* 0: a free slot; a call through NULL goes to other */
    for (int i = 0; i < SS_INDIRECT_SLOTS; i++) {
      uint64_t seen = __atomic_load_n(&site->target[i], __ATOMIC_RELAXED);
      if (seen == 0) {
        uint64_t expected = 0;
        if (__atomic_compare_exchange_n(&site->target[i], &expected, t, 0,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
          seen = t;
        else
          seen = expected; /* another thread claimed it just now */
      }
      if (seen == t) {
        counts[i]++;
        return;
      }
    }
    ssrt_overflow_count(site, t);
  }
  counts[SS_INDIRECT_SLOTS]++;
}

SSRT_EXPORT void __ssrt_indirect_call(struct ss_indirect_targets *site,
                                      void *target, uint64_t *counts)
    __attribute__((alias("ssrt_indirect_call_c")));
