/*
 * perf_counter.h -- one thread's perf_event counter: the event ssrun
 * chose (its encoding comes through $_SPEEDSHOP_HWC_EVENT, hwc_events.h,
 * so the runtime needs no libpfm4), opened on that thread alone (not
 * inherited: each thread opens its own, a forked child reopens), its
 * overflows signalled to that thread only (F_SETOWN_EX, F_SETSIG: the
 * sampling signal, si_code POLL_IN, si_fd the counter), and its total
 * read back with the times it was enabled and running (the kernel
 * multiplexes counters when there are more events than registers).
 *
 * Signal delivery rather than a ring buffer: the sample is taken by the
 * same handler, stack walk and buffers as timer sampling (sampling.h).
 * Measured on task-clock here: 1173 signals for 1183 overflows of a 1.18 s
 * loop (docs/hwc.md), the kernel's wakeups landing a little late; samples
 * x overflow therefore runs ~1% under the exact count, which the file
 * keeps too.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_HWC_PERF_COUNTER_H
#define SSRT_HWC_PERF_COUNTER_H

#include <stdint.h>
#include <sys/types.h>

struct ssrt_hwc_event {
  uint32_t type;
  uint64_t config, config1, config2;
  uint64_t overflow;  /* sample period, events */
  int exclude_kernel; /* 1 unless ssperfex -x or the event needs the kernel */
  char name[160];     /* libpfm4's name, for the file */
};

/* Reads the event in `variable` ($_SPEEDSHOP_HWC_EVENT, which ssrun always
 * sets for an hwc experiment, or $_SPEEDSHOP_HWC_PROF_EVENT, the counter
 * profiled at its overflows); 0 when it is there and well formed, else -1.
 * Start-up only. */
int ssrt_hwc_event_from_env(const char *variable, struct ssrt_hwc_event *e);

/* The thread's task clock (CPU time in nanoseconds) with an overflow
 * every `period_ns`, for usertime and pcsamp: fills `e` and returns 0 if
 * the kernel lets this process open it -- with kernel time (the time
 * CLOCK_THREAD_CPUTIME_ID measures) where perf_event_paranoid allows,
 * else user mode only (e->name says which) -- or -1, and the caller keeps
 * its timers.  Start-up only. */
int ssrt_hwc_task_clock(struct ssrt_hwc_event *e, uint64_t period_ns);

/* Opens `e` counting thread `tid`, overflows (overflow > 0) signalled to
 * it as `sig`; disabled until ssrt_hwc_enable, so that the caller can
 * note the fd first.  Returns the fd, or -errno. */
int ssrt_hwc_open(const struct ssrt_hwc_event *e, pid_t tid, int sig);

/* Opens `e` counting thread `tid` in the group of the counter `leader`
 * (an fd of ssrt_hwc_open on the same thread): it counts exactly when the
 * leader counts (the kernel schedules a group whole), never overflows,
 * and is read like any counter.  Returns the fd, or -errno. */
int ssrt_hwc_open_member(const struct ssrt_hwc_event *e, pid_t tid,
                         int leader);

struct perf_event_attr;
/* The attributes of `e` (type, config, sample_period = overflow,
 * exclude_kernel; disabled), for a caller that adds its own (sample_ring.h). */
void ssrt_hwc_attr(const struct ssrt_hwc_event *e, struct perf_event_attr *a);
/* Opens `a` on thread `tid` (in `group_fd`'s group, or -1) as
 * ssrt_hwc_open does: close-on-exec, moved out of the program's way, its
 * overflows signalled to `tid` as `sig` (0: not signalled).  The fd, or
 * -errno. */
int ssrt_hwc_open_attr(struct perf_event_attr *a, pid_t tid, int sig,
                       int group_fd);

struct ssrt_hwc_total {
  uint64_t count, enabled_ns, running_ns;
};

/* The counter's total so far (zeros when it cannot be read).
 * Async-signal-safe. */
void ssrt_hwc_read(int fd, struct ssrt_hwc_total *t);

/* Stops or restarts counting (exec, a failed exec).  Async-signal-safe. */
void ssrt_hwc_enable(int fd, int on);

#endif
