/* test_perfex_math.c -- ssperfex's arithmetic on synthetic data, every
 * expectation worked out by hand: the projection of multiplexed counts
 * (count x enabled / running: an event on a register a quarter of the
 * time counts a quarter of its events), the time an event costs, and the
 * seeds' -y statistics with their formulas (002_) on round numbers. */
#include "perfex_math.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int checks, failures;

static void check(int ok, const char *what) {
  checks++;
  if (!ok) {
    failures++;
    fprintf(stderr, "FAIL: %s\n", what);
  }
}

static int near(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(1, fabs(b)); }

static const struct perfex_stat *find(const struct perfex_stat *s, int n,
                                      const char *name) {
  for (int i = 0; i < n; i++)
    if (strcmp(s[i].name, name) == 0)
      return &s[i];
  return NULL;
}

int main(void) {
  /* Multiplexing: 4 events shared one register round robin, each on it a
   * quarter of the 8 s: 1000 counted -> 4000 projected. */
  check(perfex_scaled(1000, 8000000000u, 2000000000u) == 4000, "quarter time x4");
  check(perfex_multiplexed(8000000000u, 2000000000u), "quarter time is multiplexed");
  /* Always on: unchanged, and not multiplexed. */
  check(perfex_scaled(12345, 500, 500) == 12345, "always on unchanged");
  check(!perfex_multiplexed(500, 500), "always on is not multiplexed");
  /* Never scheduled: nothing to project from. */
  check(perfex_scaled(0, 500, 0) == 0, "never ran is 0");
  /* 3 of 7 ns: 300 -> 700 exactly; rounding to nearest: 1 of 3 -> 3. */
  check(perfex_scaled(300, 7, 3) == 700, "3/7 of the time");
  check(perfex_scaled(1, 3, 1) == 3, "1/3 of the time");
  /* No 64-bit overflow: 2^62 counted over half the time -> 2^63. */
  check(perfex_scaled(1ull << 62, 2000000000ull, 1000000000ull) == 1ull << 63,
        "large counts");

  /* Costs: 2.5e9 events of 2 cycles at 1000 MHz = 5 s. */
  check(near(perfex_seconds(2500000000u, 2.0, 1000.0), 5.0), "seconds");
  check(perfex_seconds(10, 1.0, 0) == 0, "unknown clock");

  /* The statistics on round numbers: 1e9 cycles at 1000 MHz (1 s), 2e9
   * instructions, 3e8 loads, 1e8 stores, 1e8 FP, 1e8 branches of which
   * 1e6 mispredicted, 2e7 L1 misses, 1e7 L2 misses, 1e5 TLB misses. */
  struct perfex_counts c;
  memset(&c, 0, sizeof c);
  c.cycles = 1e9, c.instructions = 2e9, c.loads = 3e8, c.stores = 1e8;
  c.fp = 1e8, c.branches = 1e8, c.mispredicts = 1e6;
  c.l1d_misses = 2e7, c.l2d_misses = 1e7, c.tlb_misses = 1e5;
  c.has_cycles = c.has_instructions = c.has_loads = c.has_stores = c.has_fp = 1;
  c.has_branches = c.has_mispredicts = c.has_l1d_misses = 1;
  c.has_l2d_misses = c.has_tlb_misses = 1;
  c.seconds = 1.0, c.mhz = 1000, c.l1_line = c.l2_line = 64;
  c.cost_load = 1, c.cost_store = 1, c.cost_l1d = 10, c.cost_l2d = 50,
  c.cost_tlb = 20;
  struct perfex_stat s[PERFEX_MAX_STATS];
  char missing[512];
  int n = perfex_statistics(&c, s, missing, sizeof missing);
  check(n == 13 && missing[0] == '\0', "all 13 statistics");
  const struct perfex_stat *p;
  p = find(s, n, "Graduated instructions/cycle");
  check(p && near(p->value, 2.0), "IPC 2");
  p = find(s, n, "Graduated loads & stores/floating point instruction");
  check(p && near(p->value, 4.0), "4e8 memory ops / 1e8 FP = 4");
  p = find(s, n, "Mispredicted branches/Decoded branches");
  check(p && near(p->value, 0.01), "1 % mispredicted");
  /* (4e8 - 2e7) / 2e7 = 19 */
  p = find(s, n, "L1 Cache Line Reuse");
  check(p && near(p->value, 19.0) && !p->terrible, "L1 reuse 19");
  /* (2e7 - 1e7) / 1e7 = 1: not below 1, not terrible */
  p = find(s, n, "L2 Cache Line Reuse");
  check(p && near(p->value, 1.0) && !p->terrible, "L2 reuse 1");
  p = find(s, n, "L1 Data Cache Hit Rate");
  check(p && near(p->value, 0.95), "L1 hit rate 1 - 2e7/4e8");
  /* 1 - 1e7/2e7 = 0.5: the seeds' terrible is below a half */
  p = find(s, n, "L2 Data Cache Hit Rate");
  check(p && near(p->value, 0.5) && !p->terrible, "L2 hit rate 0.5");
  /* (3e8 + 1e8 + 2e7*10 + 1e7*50 + 1e5*20) / 1e9 = 1.102e9 / 1e9 */
  p = find(s, n, "Time accessing memory/Total time");
  check(p && near(p->value, 1.102), "time accessing memory");
  /* 2e7 lines x 64 B / 1 s = 1280 MB/s; 1e7 x 64 = 640 MB/s; 100 MFLOPS */
  p = find(s, n, "L1--L2 bandwidth used (MB/s, average per process)");
  check(p && near(p->value, 1280.0), "L1-L2 bandwidth");
  p = find(s, n, "Memory bandwidth used (MB/s, average per process)");
  check(p && near(p->value, 640.0), "memory bandwidth");
  p = find(s, n, "MFLOPS (average per process)");
  check(p && near(p->value, 100.0), "MFLOPS");

  /* The seeds' terrible L2: reuse (1e7 - 9.6e6) / 9.6e6 < 1 and hit rate
   * 1 - 9.6e6 / 1e7 = 0.04 < 0.5. */
  c.l1d_misses = 1e7, c.l2d_misses = 9.6e6;
  n = perfex_statistics(&c, s, missing, sizeof missing);
  p = find(s, n, "L2 Cache Line Reuse");
  check(p && p->terrible && near(p->value, 0.4e6 / 9.6e6), "terrible L2 reuse");
  p = find(s, n, "L2 Data Cache Hit Rate");
  check(p && p->terrible && near(p->value, 0.04), "terrible L2 hit rate");

  /* Exactness: loads, stores and FP exact (ideal counts), the rest
   * counted: loads & stores per FP is exact, IPC is not (cycles are
   * counted), MFLOPS never (it needs the run time). */
  c.exact = PERFEX_IN_LOADS | PERFEX_IN_STORES | PERFEX_IN_FP;
  n = perfex_statistics(&c, s, missing, sizeof missing);
  p = find(s, n, "Graduated loads & stores/floating point instruction");
  check(p && p->exact, "exact from exact inputs");
  p = find(s, n, "Graduated instructions/cycle");
  check(p && !p->exact, "not exact with a counted input");
  c.exact = ~0u & ~(unsigned)PERFEX_IN_TIME;
  n = perfex_statistics(&c, s, missing, sizeof missing);
  p = find(s, n, "MFLOPS (average per process)");
  check(p && !p->exact, "a rate is never exact");

  /* Only cycles and instructions: IPC, and the rest named as missing. */
  memset(&c, 0, sizeof c);
  c.cycles = 4, c.instructions = 6, c.has_cycles = c.has_instructions = 1;
  n = perfex_statistics(&c, s, missing, sizeof missing);
  check(n == 1 && near(s[0].value, 1.5), "IPC alone");
  check(strstr(missing, "L2 Cache Line Reuse") != NULL &&
            strstr(missing, "MFLOPS") != NULL,
        "the others listed as not computed");

  printf("%d checks, %d failed\n", checks, failures);
  return failures != 0;
}
