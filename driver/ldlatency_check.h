/* ldlatency_check.h -- what ssrun checks before the ldlatency experiment
 * (DCPI's load-latency profiler, seed 004; docs/ldlatency.md): that the
 * CPU samples load latency, and that the latency-bins file, when one is
 * given, is well formed (common/latency_bins.h). */
#ifndef SS_DRIVER_LDLATENCY_CHECK_H
#define SS_DRIVER_LDLATENCY_CHECK_H

#include <stddef.h>

enum ss_ldlat_pmu {
  SS_LDLAT_NONE,
  SS_LDLAT_PEBS, /* Intel: the cpu PMU's mem-loads event with ldlat */
  SS_LDLAT_IBS   /* AMD: the ibs_op PMU */
};

/* Which way this machine samples load latency, read from the kernel's
 * PMU list under `sysfs` (/sys/bus/event_source/devices); `why` says
 * what is missing when none is there. */
enum ss_ldlat_pmu ss_ldlat_pmu(const char *sysfs, char *why, size_t why_size);

/* Reads and checks the bins file at `path`: 0, or -1 with a one-line
 * reason in `why` ("line 3: MAX \"x\" is not a number of cycles"). */
int ss_ldlat_check_bins(const char *path, char *why, size_t why_size);

#endif
