/* hwc_events.h -- the seeds' hardware counters (R10000 numbers 0-31, as
 * _SPEEDSHOP_HWC_COUNTER_NUMBER takes them) mapped to the closest event of
 * an x86 CPU, and the variables of the hwc experiments.  Shared by ssrun
 * and ssperfex (which turn the names into perf_event_attr encodings with
 * libpfm4) and by the runtime (which only reads the encoding ssrun put in
 * the environment).  docs/hwc.md has the table with the reasons. */
#ifndef SS_COMMON_HWC_EVENTS_H
#define SS_COMMON_HWC_EVENTS_H

#include <stdint.h>

/* The seeds' variables (prof_hwc, prof_hwctime only). */
#define SS_ENV_HWC_COUNTER_NUMBER "_SPEEDSHOP_HWC_COUNTER_NUMBER"
#define SS_ENV_HWC_COUNTER_OVERFLOW "_SPEEDSHOP_HWC_COUNTER_OVERFLOW"
#define SS_ENV_HWC_PROF_NUMBER "_SPEEDSHOP_HWC_COUNTER_PROF_NUMBER"
/* Set by ssrun for every hwc experiment, read by the runtime of every
 * process of the run: the event encoding libpfm4 gave ssrun,
 * "type,config,config1,config2,overflow,exclude_kernel,name" (numbers in
 * decimal, name last: libpfm4's fully qualified name).  It stays in the
 * environment, like the experiment's name, so exec'd programs count the
 * same event. */
#define SS_ENV_HWC_EVENT "_SPEEDSHOP_HWC_EVENT"
/* Set by ssrun for prof_hwc[time] with $_SPEEDSHOP_HWC_COUNTER_PROF_NUMBER:
 * the counter profiled (same format), read at each overflow of the
 * sampled one and counted in its group; each sample then weighs the
 * profiled counter's count since the thread's previous sample. */
#define SS_ENV_HWC_PROF_EVENT "_SPEEDSHOP_HWC_PROF_EVENT"
/* ssperfex -mp: the directory (ssperfex's own, private) where each process
 * of the program leaves its threads' counts, and the events, each
 * "type,config,config1,config2,exclude_kernel", separated by ';'
 * (rt/hwc/thread_counts.c; docs/ssperfex.md). */
#define SS_ENV_PERFEX_MP_DIR "_SPEEDSHOP_PERFEX_MP_DIR"
#define SS_ENV_PERFEX_MP_EVENTS "_SPEEDSHOP_PERFEX_MP_EVENTS"
/* The most events ssperfex counts at a time. */
#define SS_PERFEX_MAX_EVENTS 64

#define SS_HWC_NUM_COUNTERS 32

struct ss_hwc_counter {
  const char *seed_name;  /* the seeds' words, "Primary data cache misses" */
  /* libpfm4 names to try in order, the first the host encodes wins: a
   * perf generic event (the kernel maps it to the CPU's own) or native
   * Intel and AMD names.  NULL-terminated; empty: no x86 counterpart. */
  const char *const *candidates;
  const char *why_none; /* when there is no counterpart: why */
};

/* Counter `n` (0-31) of the seeds' table; NULL past the end. */
const struct ss_hwc_counter *ss_hwc_counter(unsigned n);

/* Is `name` a time event counted in nanoseconds (task-clock, cpu-clock)?
 * Their default overflow is a millisecond's worth, not the seed's 2053. */
int ss_hwc_is_clock_event(const char *name);

#endif
