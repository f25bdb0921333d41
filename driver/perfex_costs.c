/* perfex_costs.c -- the cost table of ssperfex (see perfex_costs.h).
 *
 * Where each figure comes from (docs/ssperfex.md repeats it):
 *  - Intel: "Intel 64 and IA-32 Architectures Optimization Reference
 *    Manual", Skylake microarchitecture, cache latencies (L2 hit 12-14
 *    cycles from an L1 miss, L3 hit ~42), branch misprediction (~15-20
 *    cycles), STLB hit after a DTLB miss (9 cycles) and page walks;
 *    divide and square-root latencies (up to ~20 cycles) for FP.
 *  - AMD: "Software Optimization Guide for AMD Family 17h/19h
 *    Processors": L2 hit 12 cycles (up to 14), L3 ~46, misprediction 13
 *    cycles typical (up to ~20), L2 DTLB hit 7 cycles.
 *  - Locked (store-conditional-like) loads: Agner Fog's instruction
 *    tables, LOCK-prefixed read-modify-write ~18 cycles (Skylake), ~8
 *    (Zen).
 *  - Memory (a last-level miss, an L2 code miss served from DRAM): 80 ns
 *    typical, 60 to 120 ns, the loaded-latency range both vendors'
 *    guides give for DDR4 servers; turned into cycles at the host clock.
 *  - As the seeds' table: 1 cycle for cycles, loads, stores and branches
 *    (one issue slot), 0 (at most 1) for instructions, 0 for counters
 *    with no x86 counterpart.
 */
#include "perfex_costs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double nominal_mhz(const char *model) {
  const char *at = strstr(model, "@ ");
  if (at) {
    double ghz = strtod(at + 2, NULL);
    if (ghz > 0)
      return ghz * 1000.0;
  }
  return 0;
}

void perfex_host(struct perfex_host *h) {
  memset(h, 0, sizeof *h);
  h->vendor = PERFEX_INTEL;
  snprintf(h->model, sizeof h->model, "unknown CPU (costed as Intel)");
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (!f)
    return;
  char line[512];
  double cpu_mhz = 0;
  int have_model = 0;
  while (fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (!colon)
      continue;
    char *value = colon[1] == ' ' ? colon + 2 : colon + 1;
    value[strcspn(value, "\n")] = '\0';
    if (strncmp(line, "vendor_id", 9) == 0)
      h->vendor = strstr(value, "AMD") ? PERFEX_AMD : PERFEX_INTEL;
    else if (strncmp(line, "model name", 10) == 0 && !have_model) {
      snprintf(h->model, sizeof h->model, "%s", value);
      have_model = 1;
    }
    else if (strncmp(line, "cpu MHz", 7) == 0 && cpu_mhz == 0)
      cpu_mhz = strtod(value, NULL);
    if (strncmp(line, "processor", 9) == 0 && cpu_mhz > 0)
      break; /* the second CPU: the first one said it all */
  }
  fclose(f);
  h->mhz = nominal_mhz(h->model);
  if (h->mhz == 0)
    h->mhz = cpu_mhz;
}

#define C(t, lo, hi) {t, lo, hi}
static const struct perfex_cost intel[32] = {
    C(1, 1, 1),    C(0, 0, 1),    C(1, 1, 1),   C(1, 1, 1),  C(18, 18, 25),
    C(0, 0, 0),    C(1, 1, 1),    C(0, 0, 0),   C(0, 0, 0),  C(14, 12, 14),
    C(-1, 42, -1), C(0, 0, 0),    C(0, 0, 0),   C(0, 0, 0),  C(0, 0, 0),
    C(0, 0, 1),    C(1, 1, 1),    C(0, 0, 1),   C(1, 1, 1),  C(1, 1, 1),
    C(18, 18, 25), C(1, 0.5, 20), C(0, 0, 0),   C(25, 9, 100), C(16, 15, 20),
    C(14, 12, 14), C(-1, -1, -1), C(0, 0, 0),   C(0, 0, 0),  C(0, 0, 0),
    C(0, 0, 0),    C(0, 0, 0)};
static const struct perfex_cost amd[32] = {
    C(1, 1, 1),    C(0, 0, 1),    C(1, 1, 1),   C(1, 1, 1),  C(8, 8, 20),
    C(0, 0, 0),    C(1, 1, 1),    C(0, 0, 0),   C(0, 0, 0),  C(12, 12, 14),
    C(-1, 46, -1), C(0, 0, 0),    C(0, 0, 0),   C(0, 0, 0),  C(0, 0, 0),
    C(0, 0, 1),    C(1, 1, 1),    C(0, 0, 1),   C(1, 1, 1),  C(1, 1, 1),
    C(8, 8, 20),   C(1, 0.5, 20), C(0, 0, 0),   C(25, 7, 100), C(13, 13, 20),
    C(12, 12, 14), C(-1, -1, -1), C(0, 0, 0),   C(0, 0, 0),  C(0, 0, 0),
    C(0, 0, 0),    C(0, 0, 0)};

/* -1 in the tables: DRAM, 80 ns typical, 60 to 120 ns. */
static double dram(double cycles, double ns, double mhz) {
  return cycles >= 0 ? cycles : ns * mhz / 1000.0;
}

struct perfex_cost perfex_cost_of(const struct perfex_host *h, unsigned n) {
  struct perfex_cost c = {0, 0, 0};
  if (n >= 32)
    return c;
  c = (h->vendor == PERFEX_AMD ? amd : intel)[n];
  c.typical = dram(c.typical, 80, h->mhz);
  c.minimum = dram(c.minimum, 60, h->mhz);
  c.maximum = dram(c.maximum, 120, h->mhz);
  return c;
}
