/* spin.h -- CPU-bound work measured in the thread's own CPU time, so a
 * test runs as long (and gets about as many samples) on any machine. */
#ifndef SPIN_H
#define SPIN_H

#include <time.h>

#define NOINLINE __attribute__((noinline))

static double thread_cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static volatile double spin_sink;

/* Burns `seconds` of this thread's CPU time. */
NOINLINE static void spin(double seconds) {
  double end = thread_cpu_seconds() + seconds;
  double x = 0;
  do {
    for (int i = 0; i < 20000; i++)
      x += i * 0.5 / (i + 1);
  } while (thread_cpu_seconds() < end);
  spin_sink = x;
}

#endif
