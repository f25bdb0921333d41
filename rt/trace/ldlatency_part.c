/* ldlatency_part.c -- the ldlatency trace as a part of the runtime:
 * start-up (the event ssrun chose, the signal, the run's bins), each
 * thread's ring, and draining them before the tracer pauses (see
 * ldlatency.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "ldlatency.h"

#include "ldlatency_env.h"
#include "part.h"
#include "privileges.h"
#include "safe_string.h"
#include "signal_guard.h"
#include "trace_names.h"
#include "tracer.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

static int running;

static void write_names(struct ssrt_writer *w) { ssrt_names_write(w); }

static struct ssrt_trace_info info = {
    SS_TRACE_LDLATENCY, 0, "", write_names};

static int runs_ldlatency(const struct ss_experiment *x) {
  return x->trace_kind == SS_TRACE_LDLATENCY;
}

/* The run's bins (ssrun checked them), one name each, in file order. */
static void keep_bins(void) {
  const char *p = ssrt_steering_env(SS_ENV_LDLATENCY_BINS);
  while (p && *p) {
    const char *end = strchr(p, '\n');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n)
      ssrt_names_intern(p, n, SS_NAME_LATENCY_BIN);
    p = end ? end + 1 : NULL;
  }
}

static int start_ldlatency(const struct ss_experiment *x) {
  static struct ssrt_hwc_event e; /* its name is the TRACE record's string */
  const char *precise = ssrt_steering_env(SS_ENV_LDLATENCY_PRECISE);
  if (!ssrt_steering_env(SS_ENV_LDLATENCY_EVENT) ||
      ssrt_hwc_event_from_env(SS_ENV_LDLATENCY_EVENT, &e) != 0 || !e.overflow) {
    ssrt_log("ssrt: the ", x->name, " experiment needs its event from ssrun "
             "(ssrun -ldlatency program); it records nothing", (const char *)0);
    return 0;
  }
  ssrt_signal_guard_init();
  int sig = ssrt_signal_guard_free_rt();
  if (!sig) {
    ssrt_log("ssrt: every real-time signal is in use by the program; the ",
             x->name, " experiment records no loads", (const char *)0);
    return 0;
  }
  info.how = e.name;
  if (ssrt_ldlat_rings_init(&e, precise ? (unsigned)atoi(precise) : 0, sig) != 0 ||
      ssrt_names_init() != 0)
    return 0;
  /* The rings' key before the tracer's: a thread's last records are
   * drained before its tracer closes (keys' destructors run in order). */
  if (ssrt_tracer_start(&info) != 0)
    return 0;
  keep_bins();
  if (ssrt_signal_guard_take_async(sig, ssrt_ldlat_on_record) != 0)
    return 0;
  __atomic_store_n(&running, 1, __ATOMIC_RELEASE);
  ssrt_ldlat_open_self();
  return 1;
}

static int on(void) { return __atomic_load_n(&running, __ATOMIC_ACQUIRE); }

static void thread_begin(uint64_t stack_hi, uint64_t stack_size) {
  (void)stack_hi, (void)stack_size;
  if (on())
    ssrt_ldlat_open_self();
}

static void before_write(void) {
  if (on())
    ssrt_ldlat_drain_all();
}

static void after_failed_exec(void) {
  if (on())
    ssrt_ldlat_restart_all();
}

static void after_fork_in_child(int traced) {
  if (!on())
    return;
  ssrt_ldlat_forget_all();
  if (traced)
    ssrt_ldlat_open_self();
}

/* Before the trace part (tracer.c), whose before_write pauses the tracers
 * the rings drain into; the records are the trace part's. */
SSRT_PART(ldlatency_part) = {
    .name = "ldlatency",
    .order = SSRT_ORDER_TRACE_FEED,
    .runs = runs_ldlatency,
    .start = start_ldlatency,
    .thread_begin = thread_begin,
    .before_write = before_write,
    .after_failed_exec = after_failed_exec,
    .after_fork_in_child = after_fork_in_child,
};
