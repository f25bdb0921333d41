// prof_hwc on task-clock: a known 3:1 split of the CPU time between two
// functions, attributed within 3 points.  The program times each
// function's share with its own thread CPU clock (CLOCK_THREAD_CPUTIME_ID)
// and writes it to own.txt; check_split.py compares ssprof's share of
// events with it.  Statistics: ~0.6 s of CPU sampled every 100003 ns of
// task-clock gives ~6000 samples; a share near 0.75 then has a binomial
// standard deviation under 0.0056, so 3 points is over 5 of them (fails
// less than once in 10 million runs of a correct build).
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 -g %s -o prog
// RUN: cd %t && env _SPEEDSHOP_HWC_COUNTER_NUMBER=task-clock _SPEEDSHOP_HWC_COUNTER_OVERFLOW=100003 %ssrun -prof_hwc ./prog own.txt
// RUN: cd %t && %ssprof -json prog.prof_hwc.m* > p.json
// RUN: %python %S/Inputs/check_split.py %t/p.json %t/own.txt heavy light 0.03 | FileCheck %s
// CHECK: check_split: heavy's share within 0.03 of the program's own
//
// The listing: counts, not seconds, and the event named.
// RUN: cd %t && %ssprof prog.prof_hwc.m* | FileCheck %s --check-prefix=TEXT
// TEXT: Summary of statistical PC sampling data on counter overflows (prof_hwc)--
// TEXT: 100003: Counter overflow value
// TEXT-NEXT: perf::PERF_COUNT_SW_TASK_CLOCK: Counter
// TEXT: Function list, in descending order by counts
// TEXT-NEXT: ---
// TEXT-NEXT: [index] counts % cum.% samples function (dso: file, line)
// TEXT-NEXT: [1] {{[0-9]+}} {{.*}} heavy (prog: split.c,
//
// -json: the event, the overflow, and the events: each sample weighs
// what the task clock counted since the thread's previous sample, so the
// samples' events are at most the counter's exact total (read at the
// thread's end), which is at least the CPU time the program measured in
// its loops (the same clock: the thread's run time, in ns; own.txt has
// 9 decimals, 2 ns of rounding).
// RUN: %python %S/../tools/json_expect.py %t/p.json %s "s['kind'] == 'hwc' and not s['callstacks']" "s['event'] == 'perf::PERF_COUNT_SW_TASK_CLOCK'" "s['overflow'] == 100003" "s['events'] <= s['counted_events'] == s['counted_sampled_events']" "s['counted_events'] >= 1e9 * sum(float(v) for v in open('%t/own.txt').read().split()) - 2" | FileCheck %s --check-prefix=JSON
// JSON: json_expect: 5 checks passed
#include <stdio.h>
#include <time.h>

static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static volatile double sink;

__attribute__((noinline)) void heavy(long n) {
  double x = sink;
  for (long i = 0; i < 3 * n; i++)
    x = x * 0.9999999 + 0.5;
  sink = x;
}

__attribute__((noinline)) void light(long n) {
  double x = sink;
  for (long i = 0; i < n; i++)
    x = x * 0.9999999 + 0.5;
  sink = x;
}

int main(int argc, char **argv) {
  double t_heavy = 0, t_light = 0, t0, t1;
  /* Rounds of ~4 ms (3:1) until 0.6 s of CPU: both functions alternate
   * over the whole run. */
  while (t_heavy + t_light < 0.6) {
    t0 = cpu();
    heavy(250000);
    t1 = cpu();
    light(250000);
    t_heavy += t1 - t0;
    t_light += cpu() - t1;
  }
  FILE *f = fopen(argv[1], "w");
  fprintf(f, "%.9f %.9f\n", t_heavy, t_light);
  fclose(f);
  return 0;
}
