// prof_hwc with the seeds' second counter: samples on the overflows of
// task-clock (every 100003 ns of the thread's CPU time), each weighing
// the page faults counted since the thread's previous sample
// ($_SPEEDSHOP_HWC_COUNTER_PROF_NUMBER=page-faults, counted in the
// task clock's group).
//
// The program: `burn` spins without touching memory (~20 ms of CPU:
// 5e6 iterations of four dependent multiplies), then `touch` writes PAGES
// fresh pages of an anonymous mapping (huge pages off: one first write is
// one fault) and spins as long again, then `burn` once more.  It counts
// the faults `touch` took itself (getrusage's minor faults around the
// call) into own.txt.
//
// Where the faults land: a sample weighs the faults since the previous
// sample, at the PC the sample finds.  Every fault of `touch` comes after
// the last sample in the first `burn` (which faults nothing) and before
// the first sample of touch's own spin (~200 overflows of 100003 ns: the
// chance that none of them lands in it is nil), so touch's samples hold
// all its faults but one the runtime may take while it stores touch's
// last sample: the handler reads the counters before it stores the
// record, so the first write to a new page of its sample buffer counts
// in the next sample, which lands after touch has returned (one CI run of
// the prof_hwctime check got 2008 against touch's own 2009).  8 bounds
// that from below with a margin.  They may hold a few more:
// faults between burn's last sample and the call (main's glue, the
// getrusage call, warmed up before) and the runtime's own, taken while it
// stores a sample (a new page of its sample buffer every ~170 samples of
// 24 bytes: ~4 for the ~700 samples of this run); 64 bounds both with a
// wide margin.  The counted total of the profiled counter (exact, read at
// the thread's end) is at least touch's faults, and the samples' total is
// at most it.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 -g %s -o prog
// RUN: cd %t && env _SPEEDSHOP_HWC_COUNTER_NUMBER=task-clock _SPEEDSHOP_HWC_COUNTER_OVERFLOW=100003 _SPEEDSHOP_HWC_COUNTER_PROF_NUMBER=page-faults %ssrun -prof_hwc ./prog own.txt 2> err.txt
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty < %t/err.txt
// QUIET-NOT: warning
// RUN: cd %t && %ssprof -json prog.prof_hwc.m* > p.json
// RUN: %python %S/../tools/json_expect.py %t/p.json %s "s['event'] == 'perf::PERF_COUNT_SW_TASK_CLOCK' and s['profiled_event'] == 'perf::PERF_COUNT_SW_PAGE_FAULTS'" "number('%t/own.txt') >= 2000" "number('%t/own.txt') - 8 <= f('touch')['exclusive_events'] <= number('%t/own.txt') + 64" "f('touch')['exclusive_events'] <= s['events'] <= s['counted_events']" | FileCheck %s
// CHECK: json_expect: 4 checks passed
//
// The listing names both counters and lists touch's faults first.
// RUN: cd %t && %ssprof prog.prof_hwc.m* | FileCheck %s --check-prefix=TEXT
// TEXT: Summary of statistical PC sampling data on counter overflows (prof_hwc)--
// TEXT: Total counts of the profiled counter (sampled: the samples' counts)
// TEXT: Total counts of the sampled counter (counted)
// TEXT-NEXT: Total counts of the profiled counter (counted, every thread)
// TEXT: 100003: Counter overflow value
// TEXT-NEXT: perf::PERF_COUNT_SW_TASK_CLOCK: Counter sampled (its overflows)
// TEXT-NEXT: perf::PERF_COUNT_SW_PAGE_FAULTS: Counter profiled (the counts)
// TEXT: Function list, in descending order by counts of the profiled counter
// TEXT-NEXT: ---
// TEXT-NEXT: [index] counts % cum.% samples function (dso: file, line)
// TEXT-NEXT: [1] {{[0-9]+}} {{.*}} touch (prog: prof-number.c,
//
// prof_hwctime: the same with call stacks, main -> touch.
// RUN: cd %t && env _SPEEDSHOP_HWC_COUNTER_NUMBER=task-clock _SPEEDSHOP_HWC_COUNTER_OVERFLOW=100003 _SPEEDSHOP_HWC_COUNTER_PROF_NUMBER=page-faults %ssrun -prof_hwctime ./prog own2.txt
// RUN: cd %t && %ssprof -json prog.prof_hwctime.m* > t.json
// RUN: %python %S/../tools/json_expect.py %t/t.json %s "s['profiled_event'] == 'perf::PERF_COUNT_SW_PAGE_FAULTS'" "number('%t/own2.txt') - 8 <= f('touch')['exclusive_events'] <= number('%t/own2.txt') + 64" "incl('main') >= excl('touch')" | FileCheck %s --check-prefix=STACKS
// STACKS: json_expect: 3 checks passed
//
// Files of a profiled and an unprofiled run do not merge (their counts
// are of different events).
// RUN: mkdir -p %t/plain && cd %t/plain && env _SPEEDSHOP_HWC_COUNTER_NUMBER=task-clock _SPEEDSHOP_HWC_COUNTER_OVERFLOW=100003 %ssrun -prof_hwc ../prog own5.txt
// RUN: cd %t && %expect_exit 1 %ssprof prog.prof_hwc.m* plain/prog.prof_hwc.m* | FileCheck %s --check-prefix=MERGE
// MERGE: it profiled no second counter, {{.*}}prog.prof_hwc.m{{[0-9]+}} profiled perf::PERF_COUNT_SW_PAGE_FAULTS; merge only files of one event
//
// A named experiment profiles the counter it samples: the variable is
// ignored there, with a warning.
// (fsc_hwc: refused after the warning, no x86 counterpart.)
// RUN: cd %t && not env _SPEEDSHOP_HWC_COUNTER_PROF_NUMBER=page-faults %ssrun -fsc_hwc ./prog own3.txt 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: ssrun: warning: $_SPEEDSHOP_HWC_COUNTER_PROF_NUMBER is ignored: fsc_hwc profiles the counter it samples
// NAMED-NEXT: ssrun: fsc_hwc: cannot count 5:
//
// A profiled counter that cannot be counted is refused before the run.
// RUN: cd %t && %expect_exit 1 env _SPEEDSHOP_HWC_COUNTER_NUMBER=task-clock _SPEEDSHOP_HWC_COUNTER_PROF_NUMBER=no-such-event %ssrun -prof_hwc ./prog own4.txt | FileCheck %s --check-prefix=BAD
// BAD: ssrun: prof_hwc: cannot count no-such-event:
// RUN: test ! -e %t/own4.txt
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/resource.h>

#define PAGES 2000
#define SPIN_ITERATIONS 5000000L

/* A macro, not an inline function: ssprof names inlined code by the
 * function inlined, and the spins' samples must land in burn and touch. */
#define SPIN(x)                                                            \
  for (long i = 0; i < SPIN_ITERATIONS; i++)                               \
    __asm__ volatile("imulq %0, %0\n\timulq %0, %0\n\t"                  \
                     "imulq %0, %0\n\timulq %0, %0" : "+r"(x))

__attribute__((noinline)) uint64_t burn(uint64_t x) {
  SPIN(x);
  return x;
}

__attribute__((noinline)) uint64_t touch(char *p, long page, uint64_t x) {
  for (long i = 0; i < PAGES; i++)
    p[i * page] = 1;
  SPIN(x);
  return x;
}

static long faults(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

int main(int argc, char **argv) {
  long page = 4096;
  char *p = mmap(NULL, (size_t)(PAGES * page), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED || argc < 2)
    return 1;
  madvise(p, (size_t)(PAGES * page), MADV_NOHUGEPAGE);
  FILE *f = fopen(argv[1], "w"); /* before: its pages fault here */
  if (!f)
    return 1;
  faults(); /* getrusage's first call (lazy binding) before the count */
  uint64_t x = burn(3);
  long before = faults();
  x = touch(p, page, x);
  long after = faults();
  x = burn(x);
  fprintf(f, "%ld\n", after - before);
  fclose(f);
  return (int)(x & 0); /* x keeps the spins */
}
