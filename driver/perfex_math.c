/* perfex_math.c -- scaling, costs and the -y statistics (see
 * perfex_math.h; the formulas are the seeds', 002_). */
#include "perfex_math.h"

#include <stdio.h>
#include <string.h>

uint64_t perfex_scaled(uint64_t count, uint64_t enabled_ns, uint64_t running_ns) {
  if (running_ns == 0)
    return 0;
  if (running_ns >= enabled_ns)
    return count;
  /* count * enabled / running without overflowing 64 bits. */
  return (uint64_t)((long double)count * (long double)enabled_ns /
                        (long double)running_ns +
                    0.5L);
}

int perfex_multiplexed(uint64_t enabled_ns, uint64_t running_ns) {
  return running_ns < enabled_ns;
}

double perfex_seconds(uint64_t count, double cycles, double mhz) {
  return mhz > 0 ? (double)count * cycles / (mhz * 1e6) : 0.0;
}

struct adder {
  const struct perfex_counts *c;
  struct perfex_stat *out;
  int n;
  char *missing;
  unsigned size;
};

static void add(struct adder *a, const char *name, unsigned inputs, int ok,
                double value, int terrible) {
  if (ok && a->n < PERFEX_MAX_STATS) {
    int exact = (inputs & ~a->c->exact) == 0;
    a->out[a->n++] = (struct perfex_stat){name, value, terrible, exact};
    return;
  }
  size_t used = strlen(a->missing);
  if (used + 4 < a->size)
    snprintf(a->missing + used, a->size - used, "%s%s", used ? ", " : "", name);
}

/* The seeds flag a reuse below 1 and a hit rate below a half. */
int perfex_statistics(const struct perfex_counts *c, struct perfex_stat *out,
                      char *missing, unsigned missing_size) {
  struct adder a = {c, out, 0, missing, missing_size};
  enum {
    CY = PERFEX_IN_CYCLES, IN = PERFEX_IN_INSTRUCTIONS, LD = PERFEX_IN_LOADS,
    ST = PERFEX_IN_STORES, FP = PERFEX_IN_FP, BR = PERFEX_IN_BRANCHES,
    MP = PERFEX_IN_MISPREDICTS, L1 = PERFEX_IN_L1D, L2 = PERFEX_IN_L2D,
    TLB = PERFEX_IN_TLB, T = PERFEX_IN_TIME
  };
  missing[0] = '\0';
  double ls = c->loads + c->stores;
  int has_ls = c->has_loads && c->has_stores;
  add(&a, "Graduated instructions/cycle", IN | CY, c->has_instructions && c->has_cycles &&
      c->cycles > 0, c->cycles > 0 ? c->instructions / c->cycles : 0, 0);
  add(&a, "Graduated floating point instructions/cycle", FP | CY,
      c->has_fp && c->has_cycles && c->cycles > 0,
      c->cycles > 0 ? c->fp / c->cycles : 0, 0);
  add(&a, "Graduated loads & stores/cycle", LD | ST | CY, has_ls && c->has_cycles &&
      c->cycles > 0, c->cycles > 0 ? ls / c->cycles : 0, 0);
  add(&a, "Graduated loads & stores/floating point instruction",
      LD | ST | FP,
      has_ls && c->has_fp && c->fp > 0, c->fp > 0 ? ls / c->fp : 0, 0);
  add(&a, "Mispredicted branches/Decoded branches", MP | BR,
      c->has_mispredicts && c->has_branches && c->branches > 0,
      c->branches > 0 ? c->mispredicts / c->branches : 0, 0);
  double l1_reuse = c->l1d_misses > 0 ? (ls - c->l1d_misses) / c->l1d_misses : 0;
  add(&a, "L1 Cache Line Reuse", LD | ST | L1, has_ls && c->has_l1d_misses && c->l1d_misses > 0,
      l1_reuse, l1_reuse < 1.0);
  double l2_reuse = c->l2d_misses > 0
                        ? (c->l1d_misses - c->l2d_misses) / c->l2d_misses
                        : 0;
  add(&a, "L2 Cache Line Reuse", L1 | L2, c->has_l1d_misses && c->has_l2d_misses &&
      c->l2d_misses > 0, l2_reuse, l2_reuse < 1.0);
  double l1_hit = ls > 0 ? 1.0 - c->l1d_misses / ls : 0;
  add(&a, "L1 Data Cache Hit Rate", LD | ST | L1, has_ls && c->has_l1d_misses && ls > 0,
      l1_hit, l1_hit < 0.5);
  double l2_hit = c->l1d_misses > 0 ? 1.0 - c->l2d_misses / c->l1d_misses : 0;
  add(&a, "L2 Data Cache Hit Rate", L1 | L2, c->has_l1d_misses && c->has_l2d_misses &&
      c->l1d_misses > 0, l2_hit, l2_hit < 0.5);
  double mem_cycles = c->loads * c->cost_load + c->stores * c->cost_store +
                      c->l1d_misses * c->cost_l1d + c->l2d_misses * c->cost_l2d +
                      c->tlb_misses * c->cost_tlb;
  double total_cycles = c->seconds * c->mhz * 1e6;
  add(&a, "Time accessing memory/Total time", T,
      has_ls && c->has_l1d_misses && c->has_l2d_misses && c->has_tlb_misses &&
          total_cycles > 0,
      total_cycles > 0 ? mem_cycles / total_cycles : 0, 0);
  add(&a, "L1--L2 bandwidth used (MB/s, average per process)", T,
      c->has_l1d_misses && c->seconds > 0,
      c->seconds > 0 ? c->l1d_misses * c->l1_line / c->seconds / 1e6 : 0, 0);
  add(&a, "Memory bandwidth used (MB/s, average per process)", T,
      c->has_l2d_misses && c->seconds > 0,
      c->seconds > 0 ? c->l2d_misses * c->l2_line / c->seconds / 1e6 : 0, 0);
  add(&a, "MFLOPS (average per process)", T, c->has_fp && c->seconds > 0,
      c->seconds > 0 ? c->fp / c->seconds / 1e6 : 0, 0);
  return a.n;
}
