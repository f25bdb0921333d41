/* ldlatency_check.h -- what ssrun checks before the ldlatency experiment
 * (DCPI's load-latency profiler, seed 004; docs/ldlatency.md): that the
 * CPU samples load latency, and that the latency-bins file, when one is
 * given, is well formed (common/latency_bins.h). */
#ifndef SS_DRIVER_LDLATENCY_CHECK_H
#define SS_DRIVER_LDLATENCY_CHECK_H

#include "hwc_resolve.h"
#include "latency_bins.h"

#include <stddef.h>
#include <stdint.h>

enum ss_ldlat_pmu {
  SS_LDLAT_NONE,
  SS_LDLAT_PEBS, /* Intel: the cpu PMU's mem-loads event with ldlat */
  SS_LDLAT_IBS   /* AMD: the ibs_op PMU */
};

/* Which way this machine samples load latency, read from the kernel's
 * PMU list under `sysfs` (/sys/bus/event_source/devices); `why` says
 * what is missing when none is there. */
enum ss_ldlat_pmu ss_ldlat_pmu(const char *sysfs, char *why, size_t why_size);

/* Reads and checks the bins file at `path` into `bins`: 0, or -1 with a
 * one-line reason in `why` ("line 3: MAX \"x\" is not a number of
 * cycles"). */
int ss_ldlat_check_bins(const char *path, struct ss_latency_bins *bins,
                        char *why, size_t why_size);

/* The event that samples loads on this machine, read from `sysfs` for
 * `pmu` (PEBS: cpu/type, cpu/events/mem-loads and the cpu/format/ fields
 * it names, the ldlat threshold 3 unless it gives one; IBS: ibs_op/type),
 * sampling every `period`th (IBS: rounded up to a multiple of 16) in
 * user mode; `precise` the precise_ip it needs.  0, or -1 with `why`. */
int ss_ldlat_event(const char *sysfs, enum ss_ldlat_pmu pmu, uint64_t period,
                   struct ss_hwc_resolved *r, unsigned *precise,
                   uint64_t *period_used, char *why, size_t why_size);

#endif
