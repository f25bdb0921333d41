/*
 * calibrate.c -- the clock this machine really runs at, measured: a long
 * chain of dependent integer adds, one cycle each on every x86-64 core.
 *
 * The virtual machines the benchmarks run on have no hardware counters, and
 * /proc/cpuinfo gives a nominal clock that turbo (or a host's power
 * management) may not keep.  Each add of the chain needs the result of the
 * one before, so the chain runs at exactly one add per cycle whatever the
 * core's width; the loop's own counter and branch are a second, independent
 * chain that overlaps with it.  Adds over the loop's CPU time
 * (CLOCK_THREAD_CPUTIME_ID, so nothing but this thread's running counts)
 * is the clock in MHz.  bench/ideal.sh passes it to ssprof -clock.
 *
 * Built with sscc -fss-ideal, the same loop is also a check of the ideal
 * time: 100 dependent adds a block, so about 100 ideal cycles an iteration.
 *
 *   usage: calibrate [millions-of-iterations]  (default 10: 1e9 adds)
 *
 * Prints the adds, the loop's CPU time and the clock, and a checksum of the
 * chain's result (the line without "time" that every build must print alike).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "wl.h"
#include <time.h>

#if !defined(__x86_64__)
#error "calibrate.c times x86-64 adds"
#endif

#define ADD10 "addq %1, %0\n\t" "addq %1, %0\n\t" "addq %1, %0\n\t" "addq %1, %0\n\t" \
              "addq %1, %0\n\t" "addq %1, %0\n\t" "addq %1, %0\n\t" "addq %1, %0\n\t" \
              "addq %1, %0\n\t" "addq %1, %0\n\t"
#define ADDS_PER_ITERATION 100

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  long iterations = wl_arg(argc, argv, 1, 10) * 1000000L;
  uint64_t x = 1, step = 3;
  double t0 = cpu_seconds();
  for (long i = 0; i < iterations; i++)
    __asm__ volatile(ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10
                     : "+r"(x)
                     : "r"(step));
  double t1 = cpu_seconds();
  double adds = (double)iterations * ADDS_PER_ITERATION;
  printf("calibrate: %.0f dependent adds, result %llu\n", adds, (unsigned long long)x);
  printf("calibrate: loop cpu time %.6f s, clock %.1f MHz\n", t1 - t0,
         t1 > t0 ? adds / (t1 - t0) * 1e-6 : 0.0);
  return 0;
}
