/*
 * indirect_overflow.h -- the targets of indirect call sites beyond the
 * SS_INDIRECT_SLOTS a site keeps itself.
 *
 * A site's slots go to its first SS_INDIRECT_SLOTS targets (indirect_call.c);
 * an interpreter's dispatch or a callback table reaches hundreds.  Every
 * call to a target without a slot is counted here too, per (site, target),
 * exactly, in the calling thread's own tables (runtime pages): a count is
 * written by its thread only, with one plain increment (no lock prefix).
 * A site whose slots are all taken looks its pair up here first, before
 * its slots (indirect_call.c), so an interpreter's dispatch, which makes
 * such calls all the time, pays a hash and one probe, not a slot scan and
 * a contended atomic.
 *
 *  - A thread's tables: a table of 1024 entries found by a hash of the
 *    pair, open addressing; when it is three-quarters full a table twice
 *    its size is appended, and lookups go through the chain.  An entry is
 *    claimed once by compare-exchange of its site (a signal handler of the
 *    same thread may be claiming too: it then may claim a second entry for
 *    the same pair, and the counts are summed) and never moves.
 *  - Every thread's tables are on one push-only list.  A thread that ends
 *    gives its tables back, counts and all (ssrt_overflow_thread_end, from
 *    the counter sets' thread-exit hook), and the next thread to overflow
 *    adopts them and adds on: as with the counter sets (thread_counters.h),
 *    the list grows only to the most threads that counted at once, and no
 *    count ever moves between tables.
 *  - The writer reads every table without a lock and writes one entry per
 *    (site, target), the threads' counts summed in a table of pages taken
 *    for the write.
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

/* An entry of a thread's table; `count` is written by that thread only. */
struct ssrt_overflow_entry {
  uint64_t site;   /* address of the site's ss_indirect_targets; 0: free */
  uint64_t target; /* 0 while the claimer has not stored it yet */
  uint64_t count;
};

/* A thread's first table: 1 << SSRT_OVERFLOW_FIRST_BITS entries, a pair's
 * first probe at the top bits of ssrt_overflow_hash.  NULL until the
 * thread's first call past a site's slots (initial-exec, as libssrt's
 * other thread-locals: one %fs load). */
#define SSRT_OVERFLOW_FIRST_BITS 10
extern __thread struct ssrt_overflow_entry *ssrt_overflow_first
    __attribute__((tls_model("initial-exec"), visibility("hidden")));

/* Multiplicative hash of the pair; a table takes its top bits.  Sites are
 * 64 bytes apart and targets 16, so the site goes above the target's bits
 * before the multiplication carries both to the top. */
static inline uint64_t ssrt_overflow_hash(uint64_t site, uint64_t target) {
  return (target ^ (site << 16)) * 0x9E3779B97F4A7C15ull;
}

/* One more call, in one instruction where there is one: a signal handler
 * of this thread that counts the same pair cannot fall between a load and
 * a store, and no other thread writes the count (readers load it whole). */
static inline void ssrt_overflow_add_one(uint64_t *count) {
#if defined(__x86_64__)
  __asm__ volatile("incq %0" : "+m"(*count));
#else
  __atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
#endif
}

/* One more call from `site` to `target` (not 0), if the calling thread
 * met the pair before and finds it at the first probe of its first table:
 * then 1, else 0 and nothing counted.  A pair is here only if the target
 * found every slot of its site taken by others, which then never change,
 * so a caller whose site has all its slots taken may ask this first. */
static inline int
ssrt_overflow_count_known(const struct ss_indirect_targets *site,
                          uint64_t target) {
  uint64_t key = (uint64_t)(uintptr_t)site;
  struct ssrt_overflow_entry *first = ssrt_overflow_first;
  if (__builtin_expect(first == NULL, 0))
    return 0;
  uint64_t probe =
      ssrt_overflow_hash(key, target) >> (64 - SSRT_OVERFLOW_FIRST_BITS);
  struct ssrt_overflow_entry *e = &first[probe];
  if (__atomic_load_n(&e->site, __ATOMIC_RELAXED) != key ||
      __atomic_load_n(&e->target, __ATOMIC_RELAXED) != target)
    return 0;
  ssrt_overflow_add_one(&e->count);
  return 1;
}

/* One more call from `site` to `target` (not 0), the pair found or
 * claimed in the calling thread's tables. */
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

/* The calling thread ends: its tables wait for the next thread. */
void ssrt_overflow_thread_end(void);

/* In a forked child (its sites' slots free again): every table empty;
 * the tables of the threads the child does not have wait for its next
 * threads. */
void ssrt_overflow_after_fork(void);

#endif
