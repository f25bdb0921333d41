/*
 * perfex_threads.h -- ssperfex -mp's counts per thread: the files the
 * runtime left in ssperfex's private directory, one per process of the
 * program (rt/hwc/thread_counts.c has their layout), read back.
 */
#ifndef SS_PERFEX_THREADS_H
#define SS_PERFEX_THREADS_H

#include <stddef.h>
#include <stdint.h>

struct perfex_thread {
  long pid, ppid, tid;
  uint64_t *count, *enabled, *running; /* one per event */
};

struct perfex_threads {
  struct perfex_thread *threads; /* by process (pid), then start order */
  size_t num_threads;
  unsigned processes; /* files read */
  unsigned long lost; /* threads the runtime had no room for */
};

/* Reads every file in `dir` written for `num_events` events, then removes
 * them and `dir`.  0, or -1 with `why` naming the file and what is wrong
 * with it. */
int perfex_threads_read(const char *dir, int num_events,
                        struct perfex_threads *t, char *why, size_t why_size);

#endif
