/* perfex_math.h -- ssperfex's arithmetic, apart from any counter so that
 * it is tested on synthetic data (driver/tests/test_perfex_math.c):
 * scaling a multiplexed count, the time an event costs, and the seeds'
 * -y statistics (002_: "The following statistics can be obtained by using
 * the perfex -y option"). */
#ifndef SS_DRIVER_PERFEX_MATH_H
#define SS_DRIVER_PERFEX_MATH_H

#include <stdint.h>

/* The count the event would have had counted all the time: when the
 * kernel multiplexes counters, an event counts only while it is on a
 * register (`running` of the `enabled` nanoseconds), so its count is
 * projected by enabled / running, as perf stat does and the seeds' -a
 * ("normalized by multiplying by 16").  0 when it never ran. */
uint64_t perfex_scaled(uint64_t count, uint64_t enabled_ns, uint64_t running_ns);
/* Whether the count was projected (ran less than it was enabled). */
int perfex_multiplexed(uint64_t enabled_ns, uint64_t running_ns);

/* Seconds that `count` events cost at `cycles` each on a `mhz` clock. */
double perfex_seconds(uint64_t count, double cycles, double mhz);

/* The counts the statistics read; has_* says which were counted. */
struct perfex_counts {
  double cycles, instructions, loads, stores, fp, branches, mispredicts,
      l1d_misses, l2d_misses, tlb_misses;
  int has_cycles, has_instructions, has_loads, has_stores, has_fp,
      has_branches, has_mispredicts, has_l1d_misses, has_l2d_misses,
      has_tlb_misses;
  double seconds;    /* run time: cycles / clock, or task-clock */
  double l1_line, l2_line; /* cache line bytes (64 on x86) */
  /* Typical cost in cycles of loads, stores, L1 and L2 misses, TLB
   * misses: "time accessing memory". */
  double cost_load, cost_store, cost_l1d, cost_l2d, cost_tlb;
  double mhz;
  /* Which counts are exact (PERFEX_IN_* bits): from the ideal experiment
   * rather than a sampled or multiplexed counter. */
  unsigned exact;
};

/* A statistic's inputs. */
enum {
  PERFEX_IN_CYCLES = 1u << 0, PERFEX_IN_INSTRUCTIONS = 1u << 1,
  PERFEX_IN_LOADS = 1u << 2, PERFEX_IN_STORES = 1u << 3,
  PERFEX_IN_FP = 1u << 4, PERFEX_IN_BRANCHES = 1u << 5,
  PERFEX_IN_MISPREDICTS = 1u << 6, PERFEX_IN_L1D = 1u << 7,
  PERFEX_IN_L2D = 1u << 8, PERFEX_IN_TLB = 1u << 9,
  PERFEX_IN_TIME = 1u << 10 /* the run time, or costs: never exact */
};

enum { PERFEX_MAX_STATS = 16 };

struct perfex_stat {
  const char *name;  /* the seeds' words */
  double value;
  int terrible;      /* the seeds' "This is terrible !!" (reuse, hit rate) */
  int exact;         /* every input exact (perfex_counts.exact), no time */
};

/* The statistics the counts allow, in the seeds' order; returns how many
 * were written to `out` (at most PERFEX_MAX_STATS).  `missing` gets the
 * names of those left out, comma-separated (for one line saying so). */
int perfex_statistics(const struct perfex_counts *c, struct perfex_stat *out,
                      char *missing, unsigned missing_size);

#endif
