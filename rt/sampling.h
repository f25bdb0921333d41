/*
 * sampling.h -- the sampling experiments: usertime, totaltime and
 * [f]pcsamp[x], selected at start-up by $_SPEEDSHOP_EXPERIMENT_TYPE (ssrun
 * sets it and preloads libssrt.so, so any dynamically linked program can
 * be sampled, built with sscc or not).
 *
 * Every thread has its own POSIX timer, delivered to that thread alone
 * (SIGEV_THREAD_ID) as a real-time signal the runtime picks at start-up
 * among those the program left at their default:
 *   usertime, pcsamp   CLOCK_THREAD_CPUTIME_ID: the thread's CPU time,
 *                      user and system, as SpeedShop's usertime;
 *   totaltime          CLOCK_MONOTONIC: wall-clock time, so a thread is
 *                      sampled while it waits too.
 * Threads created later are armed by the runtime's pthread_create (and
 * thrd_create) before the program's start routine runs (thread_hook.c);
 * their timer is deleted when they end.  The handler records the PC
 * (pcsamp) or the call stack (callstack.h) into the thread's buffer
 * (sample_buffer.h).  When the kernel could not signal every expiry
 * separately -- CPU-time timers are checked at the scheduler tick (4 ms at
 * HZ=250), and a thread blocked in one of the calls blocking_calls.c
 * shields is signalled when the call returns -- the sample is recorded
 * once per expiry (si_overrun + 1 copies), so samples x interval stays the
 * time measured.
 *
 * Nothing here runs unless the variable names a sampling experiment.
 */
#ifndef SSRT_SAMPLING_H
#define SSRT_SAMPLING_H

#include "record_writer.h"

#include <stdint.h>

/* From the runtime's constructor: reads the experiment from the
 * environment and, for a sampling experiment, activates the runtime and
 * starts sampling the calling (main) thread. */
void ssrt_sampling_start_from_env(void);

/* system() under a sampling experiment: the shell that system() starts is
 * not itself measured; it leaves the `s` marker in place for the command
 * it runs, as an uninstrumented shell does for the ideal experiment.
 * The system() wrapper marks the environment around the call; the
 * runtime's constructor asks whether this image is that shell. */
void ssrt_sampling_mark_system_shell(int on);
int ssrt_sampling_is_system_shell(void);

/* The sampling signal while sampling runs in this image, else 0. */
int ssrt_sampling_signal(void);

/* Around a blocking call (blocking_calls.c): blocks the sampling signal
 * and notes that the thread waits in `fn` (the C library's function), so
 * that the samples delivered when it returns show `fn` as the leaf rather
 * than the wrapper.  begin returns what end needs (0: nothing done). */
int ssrt_sampling_block_begin(void *fn);
void ssrt_sampling_block_end(int token);

/* In a new thread, before the program's start routine: `stack_hi` is an
 * address near the top of its stack, `stack_size` the stack's size. */
void ssrt_sampling_thread_begin(uint64_t stack_hi, uint64_t stack_size);

/* Around the file write: the handler records nothing while paused, and
 * pausing waits (briefly) for handlers already running. */
void ssrt_sampling_pause(void);
void ssrt_sampling_resume(void);

/* Before exec: this thread's timer is disarmed and any sample signal
 * already pending for it discarded (pending signals survive exec, and the
 * new image's default action for a real-time signal is to die).  After a
 * failed exec, sampling resumes. */
void ssrt_sampling_stop_for_exec(void);
void ssrt_sampling_resume_after_exec(void);

/* In a forked child (fork handler): only the forking thread survives; its
 * samples so far are the parent's and are dropped; it is re-armed (timers
 * are not inherited) unless `traced` is 0. */
void ssrt_sampling_after_fork_in_child(int traced);

/* The SAMPLING record and each thread's SAMPLES records, if this image
 * samples (sample_records.c).  Call with sampling paused. */
void ssrt_sampling_write_records(struct ssrt_writer *w);
/* For the records: the clock description, "" when not sampling. */
const char *ssrt_sampling_clock(void);

/* From the SIGSEGV/SIGBUS handler: see ssrt_callstack_recover. */
void ssrt_sampling_recover_fault(void);

#endif
