/* experiments.c -- the experiment table (see experiments.h). */
#include "experiments.h"

#include "ss/format.h"

#include <stddef.h>

#define MS 1000000ull

/* Marching orders follow the seeds' listings: "ut:cu" for usertime,
 * "pc,<bin bytes>,<interval in microseconds>,0:cu" for the PC-sampling
 * family and "fpe:cu" for fpe.  The seeds show none for totaltime, io and
 * mpi; "tt:cu", "io:cu" and "mpi:cu" are ours. */
static const struct ss_experiment table[] = {
    {"usertime", "ut:cu", SS_SAMPLING_USERTIME, 0, 30 * MS, 0, 0},
    {"totaltime", "tt:cu", SS_SAMPLING_TOTALTIME, 0, 30 * MS, 0, 0},
    {"pcsamp", "pc,2,10000,0:cu", SS_SAMPLING_PCSAMP, 2, 10 * MS, 0, 0},
    {"fpcsamp", "pc,2,1000,0:cu", SS_SAMPLING_PCSAMP, 2, 1 * MS, 0, 0},
    {"pcsampx", "pc,4,10000,0:cu", SS_SAMPLING_PCSAMP, 4, 10 * MS, 0, 0},
    {"fpcsampx", "pc,4,1000,0:cu", SS_SAMPLING_PCSAMP, 4, 1 * MS, 0, 0},
    {"ideal", "it:cu", 0, 0, 0, 0, 0},
    {"fpe", "fpe:cu", 0, 0, 0, SS_TRACE_FPE, 0},
    {"io", "io:cu", 0, 0, 0, SS_TRACE_IO, 1},
    {"mpi", "mpi:cu", 0, 0, 0, SS_TRACE_MPI, 0},
};

/* The rest of the seeds' list; ssrun names them as "not available yet". */
static const char *const planned[] = {
    "bbcounts", "heap", "numa", "prof_hwc", "prof_hwctime",
    "gi_hwc", "cy_hwc", "ic_hwc", "isc_hwc", "dc_hwc", "dsc_hwc", "tlb_hwc",
    "gfp_hwc", "fsc_hwc", "gi_hwctime", "cy_hwctime", "ic_hwctime",
    "isc_hwctime", "dc_hwctime", "dsc_hwctime", "tlb_hwctime", "gfp_hwctime",
    "fsc_hwctime"};

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
  return NULL;
}

const struct ss_experiment *ss_experiment_at(unsigned i) {
  return i < sizeof table / sizeof table[0] ? &table[i] : NULL;
}

int ss_experiment_is_planned(const char *name) {
  /* The _hwc experiments also come with f and s prefixes. */
  const char *base = name;
  if ((name[0] == 'f' || name[0] == 's') && name[1] && !same(name, "fpe"))
    for (size_t i = 0; i < sizeof planned / sizeof planned[0]; i++)
      if (same(planned[i], name + 1))
        base = name + 1;
  for (size_t i = 0; i < sizeof planned / sizeof planned[0]; i++)
    if (same(planned[i], base))
      return 1;
  return 0;
}
