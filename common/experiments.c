/* experiments.c -- the experiment table (see experiments.h). */
#include "experiments.h"

#include "ss/format.h"

#include <stddef.h>

#define MS 1000000ull

/* Marching orders follow the seeds' listings: "ut:cu" for usertime,
 * "pc,<bin bytes>,<interval in microseconds>,0:cu" for the PC-sampling
 * family and "fpe:cu" for fpe.  The seeds show none for totaltime, io,
 * heap and mpi; "tt:cu", "io:cu", "heap:cu" and "mpi:cu" are ours. */
static const struct ss_experiment table[] = {
    {"usertime", "ut:cu", SS_SAMPLING_USERTIME, 0, 30 * MS, 0, 0, -1},
    {"totaltime", "tt:cu", SS_SAMPLING_TOTALTIME, 0, 30 * MS, 0, 0, -1},
    {"pcsamp", "pc,2,10000,0:cu", SS_SAMPLING_PCSAMP, 2, 10 * MS, 0, 0, -1},
    {"fpcsamp", "pc,2,1000,0:cu", SS_SAMPLING_PCSAMP, 2, 1 * MS, 0, 0, -1},
    {"pcsampx", "pc,4,10000,0:cu", SS_SAMPLING_PCSAMP, 4, 10 * MS, 0, 0, -1},
    {"fpcsampx", "pc,4,1000,0:cu", SS_SAMPLING_PCSAMP, 4, 1 * MS, 0, 0, -1},
    {"ideal", "it:cu", 0, 0, 0, 0, 0, -1},
    {"fpe", "fpe:cu", 0, 0, 0, SS_TRACE_FPE, 0, -1},
    {"io", "io:cu", 0, 0, 0, SS_TRACE_IO, 1, -1},
    {"heap", "heap:cu", 0, 0, 0, SS_TRACE_HEAP, 0, -1},
    {"mpi", "mpi:cu", 0, 0, 0, SS_TRACE_MPI, 0, -1},
};

/* The hardware-counter experiments of the seeds (003: "Hardware Counter
 * Experiments"): counter number, then the _hwc overflow values (plain,
 * f, s) and the _hwctime one, all the seeds' primes.  The seeds give no
 * plain value for gfp_hwc and fsc_hwc: ours are gi_hwc's 32771 (the same
 * kind of counter) and 2003 (a prime between fsc's f and s values).
 * Marching orders: the seeds' "hwct,<counter>,<overflow>,0,SIGPROF:cu"
 * for _hwctime, and ours in the same form, "hwc,...", for _hwc. */
#define HWC(x, n, plain, f, s, t)                                              \
  {#x "_hwc", "hwc," #n "," #plain ",0:cu", SS_SAMPLING_HWC, 0, plain, 0, 0, n}, \
  {"f" #x "_hwc", "hwc," #n "," #f ",0:cu", SS_SAMPLING_HWC, 0, f, 0, 0, n},     \
  {"s" #x "_hwc", "hwc," #n "," #s ",0:cu", SS_SAMPLING_HWC, 0, s, 0, 0, n},     \
  {#x "_hwctime", "hwct," #n "," #t ",0,SIGPROF:cu", SS_SAMPLING_HWCTIME, 0, t, \
   0, 0, n}
static const struct ss_experiment hwc_table[] = {
    HWC(gi, 17, 32771, 6553, 3999971, 1000003),
    HWC(cy, 0, 16411, 3779, 1999993, 10000019),
    HWC(ic, 9, 2053, 419, 524309, 8009),
    HWC(isc, 10, 131, 29, 65537, 2003),
    HWC(dc, 25, 2053, 419, 524309, 8009),
    HWC(dsc, 26, 131, 29, 65537, 2003),
    HWC(tlb, 23, 257, 53, 19997, 2521),
    HWC(gfp, 21, 32771, 6553, 3999971, 10007),
    HWC(fsc, 5, 2003, 401, 19997, 5003),
    /* The seeds' defaults: primary I-cache misses every 2053 (prof_hwc),
     * cycles every 10000019 (prof_hwctime); the variables override them. */
    {"prof_hwc", "hwc,9,2053,0:cu", SS_SAMPLING_HWC, 0, 2053, 0, 0, -1},
    {"prof_hwctime", "hwct,0,10000019,0,SIGPROF:cu", SS_SAMPLING_HWCTIME, 0,
     10000019, 0, 0, -1},
};

/* DCPI's load-latency profiler (seed 004), outside the table: ssrun takes
 * it as -ldlatency [-bins FILE] and lists it apart; "ldlat:cu" is ours. */
static const struct ss_experiment ldlatency = {
    "ldlatency", "ldlat:cu", 0, 0, 0, SS_TRACE_LDLATENCY, 0, -1};

/* The rest of the seeds' list; ssrun names them as "not available yet". */
static const char *const planned[] = {"bbcounts", "numa"};

static int same(const char *a, const char *b) {
  while (*a && *a == *b)
    a++, b++;
  return *a == *b;
}

const struct ss_experiment *ss_experiment_find(const char *name) {
  if (!name)
    return NULL;
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (same(table[i].name, name))
      return &table[i];
  for (size_t i = 0; i < sizeof hwc_table / sizeof hwc_table[0]; i++)
    if (same(hwc_table[i].name, name))
      return &hwc_table[i];
  if (same(ldlatency.name, name))
    return &ldlatency;
  return NULL;
}

const struct ss_experiment *ss_hwc_experiment_at(unsigned i) {
  return i < sizeof hwc_table / sizeof hwc_table[0] ? &hwc_table[i] : NULL;
}

const struct ss_experiment *ss_experiment_at(unsigned i) {
  return i < sizeof table / sizeof table[0] ? &table[i] : NULL;
}

int ss_experiment_is_planned(const char *name) {
  for (size_t i = 0; i < sizeof planned / sizeof planned[0]; i++)
    if (same(planned[i], name))
      return 1;
  return 0;
}
