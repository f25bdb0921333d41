/*
 * sampling.h -- the sampling experiments: usertime, totaltime and
 * [f]pcsamp[x], selected at start-up by $_SPEEDSHOP_EXPERIMENT_TYPE (ssrun
 * sets it and preloads libssrt.so, so any dynamically linked program can
 * be sampled, built with sscc or not).
 *
 * The sampling part (part.h) starts them, pauses them while the file is
 * written and looks after them across exec and fork.  Every thread has its
 * own POSIX timer, delivered to that thread alone (SIGEV_THREAD_ID) as a
 * real-time signal the runtime picks at start-up among those the program
 * left at their default:
 *   usertime, pcsamp   CLOCK_THREAD_CPUTIME_ID: the thread's CPU time,
 *                      user and system, as SpeedShop's usertime;
 *   totaltime          CLOCK_MONOTONIC: wall-clock time, so a thread is
 *                      sampled while it waits too.
 * Threads created later are armed before the program's start routine runs
 * (the part's thread_begin, which the runtime's pthread_create and
 * thrd_create call: thread_hook.c); their timer is deleted when they end.
 * The handler records the PC (pcsamp) or the call stack (callstack.h) into
 * the thread's buffer (sample_buffer.h).  When the kernel could not signal
 * every expiry separately -- CPU-time timers are checked at the scheduler
 * tick (4 ms at HZ=250), and a thread blocked in one of the calls
 * blocking_calls.c shields is signalled when the call returns -- the
 * sample is recorded once per expiry (si_overrun + 1 copies), so samples x
 * interval stays the time measured.
 *
 * The hwc experiments ([f|s]<x>_hwc, <x>_hwctime, prof_hwc[time]) sample
 * the same way on the overflows of a perf_event counter each thread opens
 * for itself (hwc/perf_counter.h): the counter replaces the timer, and an
 * overflow (si_code POLL_IN, si_fd the counter) the expiry; one sample
 * per overflow signal.
 *
 * Nothing here runs unless the variable names a sampling experiment.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_SAMPLING_H
#define SSRT_SAMPLING_H

#include "module_map.h"
#include "record_writer.h"
#include "ss/format.h"

#include <stdint.h>

/* The sampling signal while sampling runs in this image, else 0. */
int ssrt_sampling_signal(void);

/* Around a blocking call (blocking_calls.c): blocks the sampling signal
 * and notes that the thread waits in `fn` (the C library's function), so
 * that the samples delivered when it returns show `fn` as the leaf rather
 * than the wrapper.  begin returns what end needs (0: nothing done). */
int ssrt_sampling_block_begin(void *fn);
void ssrt_sampling_block_end(int token);

/* The SAMPLING record and each thread's SAMPLES records, if this image
 * samples (sample_records.c).  Call with sampling paused. */
void ssrt_sampling_write_records(struct ssrt_writer *w,
                                 const struct ssrt_map_snapshot *map);
/* For the records: the clock description, "" when not sampling (hwc: the
 * event's name). */
const char *ssrt_sampling_clock(void);
/* For the records: the interval (hwc: the overflow value, in events). */
uint64_t ssrt_sampling_interval(void);
/* For the records: whether this image samples on perf_event counters
 * (the hwc experiments, usertime and pcsamp on the task clock), and the
 * names of the sampled counter and of the one profiled at its overflows
 * (NULL when none). */
int ssrt_sampling_on_counters(const char **sampled, const char **profiled);
/* A sampler's counter totals: read now if its thread still runs, else as
 * read when it ended.  Call with sampling paused. */
struct ssrt_sampler;
void ssrt_sampling_counter_total(const struct ssrt_sampler *s,
                                 struct ss_counter_total *t);

#endif
