/*
 * thread_counters.h -- per-thread counter sets.
 *
 * Instrumented code never writes a counter another thread writes: each
 * thread counts into a set of its own, reached through a thread-local
 * pointer in the module (see __ssrt_thread_counters in ss/format.h), with
 * plain loads and stores.  A module's sets form a push-only list:
 *
 *   - the first set is the module's own static `counters` array;
 *   - a thread takes a free set if there is one, else maps a new one;
 *   - a thread that ends gives its sets back, counts and all, and the next
 *     thread to start counting in that module adopts one and adds on.
 *
 * So the list only grows to the largest number of threads that counted at
 * once, no count is ever moved between sets (nothing to race with), and a
 * module's totals are the sums over its list.  In a forked child every set
 * is zeroed and every set but the forking thread's is freed.
 *
 * An executable's modules count in static TLS instead (the counters are
 * thread-local themselves; __ssrt_thread_counters_tls in ss/format.h): a
 * thread's set is then a header pointing to its own copy, and when the
 * thread ends the copy's counts are added to the module's static array
 * (no thread counts there in such a module) and the header, its pointer
 * NULL, waits for the next thread.  The same list, sums and fork rules
 * hold; only the counts of ended threads move, under the runtime lock.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_THREAD_COUNTERS_H
#define SSRT_THREAD_COUNTERS_H

#include "ss/format.h"

#include <stdint.h>

/* Words in a set of m's counters: edge counters, then indirect-call counts. */
static inline uint32_t ssrt_counter_words(const struct ss_module *m) {
  return m->num_counters + m->num_indirect_sites * SS_INDIRECT_COUNTS;
}

/* Called with the runtime lock held when a module registers: makes its
 * static array the first set.  Returns 0 if out of memory (the module then
 * counts nowhere and reports zeros). */
int ssrt_counter_sets_attach(struct ss_module *m);

/* Totals of counter words [first, first + n) of m, summed over its sets (or its
 * own array when it has none, as retired copies do).  Async-signal-safe. */
void ssrt_counter_totals(const struct ss_module *m, uint32_t first, uint32_t n,
                         uint64_t *out);

/* In a forked child (its only thread): zero every set of m and
 * free those of threads the child does not have. */
void ssrt_counter_sets_after_fork(struct ss_module *m);

/* Set up the thread-exit hook; called once at start-up. */
void ssrt_counter_sets_init(void);

#endif
