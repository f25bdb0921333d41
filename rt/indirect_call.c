/*
 * indirect_call.c -- __ssrt_indirect_call: which targets an indirect call
 * site reached, and how often.
 *
 * Called before every indirect call, from any thread and from signal
 * handlers, so it takes no lock: each of the site's slots is claimed once
 * by compare-exchange (0 -> target) and then only counted.  A target that
 * finds all slots held by others is counted in `other`.
 */
#include "ss/format.h"

#include <stdint.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

SSRT_EXPORT void __ssrt_indirect_call(struct ss_indirect_site *site,
                                      void *target) {
  uint64_t t = (uint64_t)(uintptr_t)target;
  if (t != 0) { /* 0 marks a free slot; a call through NULL goes to other */
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
        __atomic_fetch_add(&site->count[i], 1, __ATOMIC_RELAXED);
        return;
      }
    }
  }
  __atomic_fetch_add(&site->other, 1, __ATOMIC_RELAXED);
}
