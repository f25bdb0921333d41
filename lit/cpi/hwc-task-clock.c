// ssprof -cpi with a hwc experiment instead of fpcsamp: prof_hwc on the
// task-clock software event (every machine has it), whose events are
// nanoseconds of the thread's CPU time.  Every row then also has events
// per execution (the samples' weights / executions), named by the
// event, and the measured cycles come from those nanoseconds.
//
// The program: two loops of known trip counts (N iterations a call,
// CALLS calls each: the same work in the counted and the sampled run, as
// the join wants), each iteration a chain of dependent 64-bit
// multiplies in registers, 24 in `heavy`'s and 8 in `light`'s: a 3:1
// split of the work per iteration (a multiply's latency is the same for
// both, the loop's own instructions run beside the chain).  It also times
// each loop with its own thread CPU clock and writes the nanoseconds an
// iteration took to own.txt.
//
// Statistics: ~0.65 s of CPU at 3 GHz (1.9e9 cycles of multiplies)
// sampled every 100003 ns gives ~6500 samples, ~4800 in heavy's loop and
// ~1600 in light's (at 4 GHz: 3600 and 1200, still 6.5 standard
// deviations from either bound).  The log of the ratio of
// their events per iteration then has a standard deviation of
// sqrt(1/4500 + 1/1500) = 0.030; the check allows 2.4 to 3.75 around the
// 3 of the work split (log -0.22 .. +0.22, over 7 standard deviations:
// a correct build fails it far less than once in a million runs).  Each
// loop's events per iteration against the program's own nanoseconds per
// iteration: heavy's within 20% either way.  Each sample weighs what the
// task clock counted since the thread's previous sample (a late timer
// that stands for several periods weighs them all), so heavy's events
// are an unbiased estimate of its CPU time whose only error is where the
// samples land: with its 4500 samples a relative standard deviation of
// 1.5% (a little more for the weights' spread, which a late timer
// widens: a sample weighing k periods counts as k), so 20% is over 10 of
// them.
// Iterations are exact: CALLS times N.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fss-ideal -fss-sampling %s -o prog
// RUN: ./prog > ideal.out
// RUN: env _SPEEDSHOP_HWC_COUNTER_NUMBER=task-clock _SPEEDSHOP_HWC_COUNTER_OVERFLOW=100003 %ssrun -prof_hwc ./prog own.txt > sampled.out
// RUN: %ssprof -cpi -json prog.ideal.m* prog.prof_hwc.m* > cpi.json
// RUN: %python %S/../tools/json_expect.py cpi.json %s "d['cpi']['event'] == 'perf::PERF_COUNT_SW_TASK_CLOCK' and d['cpi']['overflow'] == 100003 and d['cpi']['timed']" "loop('heavy')['iterations'] == 200 * 100000 == loop('light')['iterations']" "loop('heavy')['events'] + loop('light')['events'] <= d['cpi']['events']" "loop('heavy')['samples'] >= 1000 and loop('light')['samples'] >= 300" "2.4 <= loop('heavy')['events_per_execution'] / loop('light')['events_per_execution'] <= 3.75" "0.8 <= loop('heavy')['events_per_execution'] / number('own.txt') <= 1.2" "abs(loop('heavy')['events_error'] - 1.96 / loop('heavy')['samples'] ** 0.5) < 1e-9" | FileCheck %s
// CHECK: json_expect: 7 checks passed
//
// Measured cycles are the nanoseconds at the clock: sampled_seconds is
// the events' seconds.
// RUN: %python %S/../tools/json_expect.py cpi.json %s "abs(loop('light')['sampled_seconds'] - loop('light')['events'] * 1e-9) < 1e-9 * loop('light')['events'] * 1e-9 + 1e-12" | FileCheck %s --check-prefix=SECS
// SECS: json_expect: 1 checks passed
//
// The listing names the counter and has its column.
// RUN: %ssprof -cpi prog.ideal.m* prog.prof_hwc.m* | FileCheck %s --check-prefix=TEXT
// TEXT: Summary of measured against ideal time (ideal joined with prof_hwc)--
// TEXT: 100003: Counter overflow value
// TEXT-NEXT: perf::PERF_COUNT_SW_TASK_CLOCK: Counter
// TEXT-NEXT: Sampled time (secs.), from the counter's nanoseconds
// TEXT: Loop list, in descending order by cycles lost
// TEXT-NEXT: ---
// TEXT-NEXT: lost.secs {{.*}} meas/exec TASK_CLOCK/exec loop (dso)
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define MUL8 "imulq %0, %0\n\t" "imulq %0, %0\n\t" "imulq %0, %0\n\t" \
             "imulq %0, %0\n\t" "imulq %0, %0\n\t" "imulq %0, %0\n\t" \
             "imulq %0, %0\n\t" "imulq %0, %0\n\t"

enum { N = 100000, CALLS = 200 }; /* iterations a call, calls */

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

__attribute__((noinline)) static uint64_t heavy(uint64_t x) {
  for (long i = 0; i < N; i++) // heavy
    __asm__ volatile(MUL8 MUL8 MUL8 : "+r"(x));
  return x;
}

__attribute__((noinline)) static uint64_t light(uint64_t x) {
  for (long i = 0; i < N; i++) // light
    __asm__ volatile(MUL8 : "+r"(x));
  return x;
}

int main(int argc, char **argv) {
  double t_heavy = 0, t_light = 0, t0;
  uint64_t x = 3;
  /* Alternating calls (~2.4 ms and ~0.8 ms at 3 GHz): both loops see the
   * machine alike. */
  for (int calls = 0; calls < CALLS; calls++) {
    t0 = cpu_seconds();
    x = heavy(x);
    t_heavy += cpu_seconds() - t0;
    t0 = cpu_seconds();
    x = light(x);
    t_light += cpu_seconds() - t0;
  }
  printf("checksum %llu\n", (unsigned long long)x);
  if (argc > 1) {
    FILE *own = fopen(argv[1], "w");
    if (!own)
      return 1;
    fprintf(own, "%.3f %.3f\n", t_heavy * 1e9 / ((double)CALLS * N),
            t_light * 1e9 / ((double)CALLS * N));
    fclose(own);
  }
  return 0;
}
