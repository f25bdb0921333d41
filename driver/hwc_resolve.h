/* hwc_resolve.h -- an event as ssrun and ssperfex take it (a seed counter
 * number 0-31, or any perf/libpfm4 event name such as "task-clock",
 * "L1-dcache-load-misses", "skl::L1D:REPLACEMENT") turned into the
 * perf_event_attr encoding by libpfm4 (pfm_get_os_event_encoding), and
 * whether this machine can count it, with the reason when it cannot. */
#ifndef SS_DRIVER_HWC_RESOLVE_H
#define SS_DRIVER_HWC_RESOLVE_H

#include <stddef.h>
#include <stdint.h>

struct ss_hwc_resolved {
  uint32_t type;
  uint64_t config, config1, config2;
  int exclude_kernel;
  char name[160];       /* libpfm4's name without its modifiers */
  const char *seed_name; /* the seeds' words for a counter number, or NULL */
};

/* Resolves `spec`; `kernel` counts kernel mode too.  0 on success; else
 * -1 with `why` saying what is wrong in words. */
int ss_hwc_resolve(const char *spec, int kernel, struct ss_hwc_resolved *r,
                   char *why, size_t why_size);

/* Opens the event on this process (with `overflow` as sample period if
 * nonzero) and closes it: 0 if the kernel can count it, else -1 with the
 * reason in `why` (no PMU, perf_event_paranoid, an event the CPU lacks). */
int ss_hwc_probe(const struct ss_hwc_resolved *r, uint64_t overflow, char *why,
                 size_t why_size);
/* The same with the samples' fields and precise_ip (ldlatency). */
int ss_hwc_probe_sampling(const struct ss_hwc_resolved *r, uint64_t overflow,
                          uint64_t sample_type, unsigned precise, char *why,
                          size_t why_size);

/* perf_event_open(attr of `r`, pid, cpu -1, group_fd, flags): the fd or -1
 * with errno set; `inherit` and `disabled_until_exec` for counting a
 * whole program from a forked child (ssperfex). */
int ss_hwc_open_counting(const struct ss_hwc_resolved *r, int pid, int group_fd,
                         int inherit, int enable_on_exec);

#endif
