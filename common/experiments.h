/* experiments.h -- the experiments ssrun can select and libssrt runs: name,
 * SpeedShop marching orders, sampling kind, interval and bin width.  Shared
 * by libssrt (which reads the choice from the environment) and ssrun (which
 * puts it there), so the two never disagree.  Async-signal-safe lookups. */
#ifndef SS_COMMON_EXPERIMENTS_H
#define SS_COMMON_EXPERIMENTS_H

#include <stdint.h>

/* Set by ssrun: the experiment name ("usertime", "fpcsamp", ...).  It stays
 * in the environment, so every process the program starts (fork, exec,
 * system) runs the same experiment, as under SpeedShop. */
#define SS_ENV_EXPERIMENT "_SPEEDSHOP_EXPERIMENT_TYPE"
/* Signal (number or name, e.g. "SIGUSR2" or "12") whose arrival records a
 * caliper point; ssrun -calsig sets it. */
#define SS_ENV_CALIPER_SIGNAL "_SPEEDSHOP_CALIPER_SIGNAL"
/* The seeds' variable: set to a false value, a forked child is not
 * measured (no `f` file) unless and until it execs (its new image then
 * writes an `fe` file). */
#define SS_ENV_TRACE_FORK_TO_EXEC "_SPEEDSHOP_TRACE_FORK_TO_EXEC"

/* Set by ssrun -interval: the sampling interval of usertime, totaltime
 * and the pcsamp family in nanoseconds, instead of the experiment's own
 * (30 ms, 10 ms, 1 ms).  It stays in the environment, as the experiment's
 * name does. */
#define SS_ENV_SAMPLING_INTERVAL "_SPEEDSHOP_SAMPLING_INTERVAL_NS"

/* Set (to a true value) by ssrun -fpe_inexact: the fpe experiment traps
 * inexact results too. */
#define SS_ENV_FPE_INEXACT "_SPEEDSHOP_FPE_INEXACT"

struct ss_experiment {
  const char *name;            /* as in -name and the file name */
  const char *marching_orders; /* PROCESS record string, as in the seeds */
  uint32_t sampling_kind;      /* enum ss_sampling_kind, 0 otherwise */
  uint32_t bin_bytes;          /* pcsamp bin width: 2 or 4; 0 otherwise */
  uint64_t interval_ns;        /* sampling interval; 0 otherwise */
  uint32_t trace_kind;         /* enum ss_trace_kind, 0 otherwise */
  /* It also runs in a static program built by sscc (no preload needed:
   * libssrt.a has its part). */
  uint32_t runs_static;
  /* The hwc experiments (sampling_kind SS_SAMPLING_HWC[TIME]): the seeds'
   * counter number (hwc_events.h), or -1 for prof_hwc[time], whose
   * counter and overflow come from the seeds' variables.  interval_ns is
   * then the overflow value in events. */
  int32_t hwc_counter;
};

/* The experiment called `name`, or NULL. */
const struct ss_experiment *ss_experiment_find(const char *name);
/* The i-th experiment (NULL past the end), for help texts. */
const struct ss_experiment *ss_experiment_at(unsigned i);

/* The i-th hwc experiment ([f|s]<x>_hwc, <x>_hwctime, prof_hwc[time]),
 * NULL past the end; ss_experiment_at lists the others. */
const struct ss_experiment *ss_hwc_experiment_at(unsigned i);

/* SpeedShop experiments that exist but are not implemented yet (numa,
 * bbcounts): 1 if `name` is one of them. */
int ss_experiment_is_planned(const char *name);

#endif
