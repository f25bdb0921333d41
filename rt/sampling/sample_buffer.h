/*
 * sample_buffer.h -- where samples are kept until the file is written.
 *
 * Every sampled thread has a `struct ssrt_sampler` in one fixed table
 * (threads that ended keep theirs: their samples go to the file).  Samples
 * are appended, from the thread's own signal handler, to a chain of its
 * own (record_chain.h): async-signal-safe, no locks, no malloc.
 *
 * The arena is address space reserved up front (MAP_NORESERVE, pages are
 * only touched as samples arrive): 1 GiB where the system allows, less
 * where it does not.  A sample of depth d takes 8 + 8d bytes, so 1 ms PC
 * sampling for ten minutes takes under 10 MB, and 30 ms call-stack
 * sampling of a deep (128-frame) stack for ten minutes about 21 MB per
 * busy thread.  When the arena is used up, further samples are counted as
 * lost, never waited for.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_SAMPLE_BUFFER_H
#define SSRT_SAMPLE_BUFFER_H

#include "callstack.h"
#include "perf_counter.h"
#include "record_chain.h"
#include "ss/format.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#define SSRT_MAX_DEPTH 128 /* frames kept per sample; deeper is TRUNCATED */
#define SSRT_MAX_SAMPLERS 16384

enum ssrt_sampler_state {
  SSRT_SAMPLER_LIVE = 1,   /* its thread runs and is sampled */
  SSRT_SAMPLER_ENDED = 2,  /* its thread ended; samples kept */
  SSRT_SAMPLER_DROPPED = 3 /* a thread of the parent, in a forked child */
};

struct ssrt_sampler {
  int state;
  pid_t tid;
  uint32_t index; /* order of first sampling; 0 is the main thread */
  int has_timer;      /* a timer, or an hwc experiment's counter */
  timer_t timer;
  int counter_fd;     /* the hwc counter (perf_counter.h) when has_timer */
  int profiled_fd;    /* the counter profiled in its group, or -1 */
  /* The weighed counter's (the profiled one's, else the sampled one's)
   * count at the thread's previous sample: a sample weighs the
   * difference. */
  uint64_t last_count;
  /* hwc: the counters' totals, read when the thread ended. */
  struct ssrt_hwc_total final_total;
  uint64_t final_profiled;
  struct ssrt_walk_state walk; /* its stack walks (callstack.h) */
  int busy;                     /* its handler is running (see sampling.c) */
  /* The C library function the thread waits in behind a blocking-call
   * wrapper (blocking_calls.c), 0 if none: samples show it as the leaf. */
  uint64_t blocked_in;
  struct ssrt_chain samples; /* record_chain.h */
  uint64_t taken;      /* samples taken (kept + lost) */
  uint64_t lost;       /* dropped: no room left */
  uint64_t incomplete; /* kept samples whose stack walk stopped early */
  uint64_t kept;
};

/* Maps the arena (up to `reserve` bytes) and the sampler table.  Not
 * async-signal-safe; once.  Returns 0 on success. */
int ssrt_samples_init(size_t reserve);

/* A new sampler (zeroed, state LIVE, next index), or NULL when the table is
 * full.  Not called from signal handlers. */
struct ssrt_sampler *ssrt_sampler_new(pid_t tid);
/* The sampler a timer's cookie points to, or NULL if `p` is not one of
 * ours (a signal the program sent itself, say). */
struct ssrt_sampler *ssrt_sampler_from_cookie(const void *p);
/* The sampler of thread `tid`, or NULL (a linear search: fatal paths only). */
struct ssrt_sampler *ssrt_sampler_of_tid(pid_t tid);

uint32_t ssrt_sampler_count(void);
struct ssrt_sampler *ssrt_sampler_at(uint32_t i);

/* Appends one sample (its header, then its weight if the header has
 * SS_SAMPLE_WEIGHT, then header->depth addresses: all in `pcs`) `copies`
 * times; returns how many copies were kept (the rest count as lost).
 * Only the sampler's own thread appends. */
uint64_t ssrt_sampler_append(struct ssrt_sampler *s, const struct ss_sample *h,
                             const uint64_t *pcs, uint64_t copies);

/* In a forked child: every sampler but `keep` is DROPPED, the arena starts
 * over, and `keep` (if any) becomes thread 0 with no samples. */
void ssrt_samples_after_fork(struct ssrt_sampler *keep, pid_t tid);

/* Bytes of arena reserved and used (for tests and docs). */
size_t ssrt_samples_arena_size(void);

/* The size of the sample at `entry` (record_chain.h). */
size_t ssrt_sample_size(const void *entry);

#endif
