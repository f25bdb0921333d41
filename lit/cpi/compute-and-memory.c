// ssprof -cpi on a program with one compute-bound loop and one
// memory-bound loop, run once counted (sscc -fss-ideal) and once sampled
// (ssrun -fpcsamp: a sample every millisecond of CPU time).
//
//  - compute: a chain of dependent 64-bit multiplies in registers, eight
//    an iteration; a multiply takes 3 cycles on every x86-64 core since
//    Sandy Bridge and Zen, which is also what LLVM's models say, so the
//    measured cycles should be the ideal ones.  "Measured" needs the
//    clock: the program measures it (dependent adds, one a cycle, in the
//    same run) and ssprof gets it with -clock; the ratio is then
//    measured/ideal at the real clock.  It runs for about 0.3 s: some 300
//    samples, a standard error of 6%; the check allows 0.5 to 2 (more than
//    eight standard errors each way, and the clock may drift by a few
//    percent).
//  - memory: a walk through a 128 MiB table, each step the next index of
//    a full-period random sequence (an LCG, so no prefetcher guesses it):
//    a cache and TLB miss a step, some hundred nanoseconds, where ideal
//    time takes the load as an L1 hit (a few cycles).  The check wants it
//    5 times slower than ideal at least; it is some 50 to 100 times.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fss-ideal -fss-sampling %s -o prog
// RUN: ./prog > ideal.out
// RUN: %ssrun -fpcsamp ./prog > sampled.out
// RUN: %python -c "import re; print(re.search(r'clock (\S+) MHz', open('sampled.out').read()).group(1))" > clock
// RUN: %python %S/../tools/run_with_file_args.py %ssprof -cpi -json -clock @clock prog.ideal.m* prog.fpcsamp.m* > cpi.json
// RUN: %python %S/../tools/json_expect.py cpi.json %s "0.5 <= loop('compute')['measured_over_ideal'] <= 2.0" "loop('memory')['measured_over_ideal'] >= 5" "loop('compute')['samples'] >= 100 and loop('memory')['samples'] >= 50" "loop('compute')['cause'] == 'at ideal'" "loop('memory')['cause'] == 'memory'" "loop('compute')['ideal_cpi'] > 0.3" "d['cpi']['clock_mhz'] == number('clock')" | FileCheck %s
// CHECK: json_expect: 7 checks passed
//
// The ideal listing names what it cannot see: 6 calls into code not
// instrumented (malloc, free, clock_gettime twice, printf twice), and says
// what share of the run's user time ideal time is.
// RUN: %ssprof prog.ideal.m* | FileCheck %s --check-prefix=IDEAL
// IDEAL: 6: Calls into code not instrumented, no ideal time (most: {{.*}}, 2)
// IDEAL-NEXT: {{[0-9.]+}}%: Ideal time's share of the run's user time, {{[0-9.]+}} s (the rest: memory, mispredicted branches, code not instrumented, the counting)
// At a clock far below the core's (1 MHz), ideal time exceeds the run's
// time, and the line says why rather than name "the rest".
// RUN: %ssprof -clock 1 prog.ideal.m* | FileCheck %s --check-prefix=SLOWCLOCK
// SLOWCLOCK: {{[0-9.]+}}%: Ideal time's share of the run's user time, {{[0-9.]+}} s (over 100%: the core ran faster than the 1 MHz assumed, or the model is slower than the core; -clock MHz sets the clock)
//
// The listing: loops by cycles lost, the walk first, its cause memory.
// RUN: %python %S/../tools/run_with_file_args.py %ssprof -cpi -clock @clock prog.ideal.m* prog.fpcsamp.m* | FileCheck %s --check-prefix=TEXT
// TEXT: Summary of measured against ideal time (ideal joined with fpcsamp)--
// TEXT: Loop list, in descending order by cycles lost
// TEXT-NEXT: ---
// TEXT-NEXT: lost.secs
// TEXT-NEXT: loop at compute-and-memory.c, {{[0-9]+}} (depth 1) in walk (prog)
// TEXT-NEXT: memory: {{[0-9]+}} loads an iteration
// TEXT-NOT: measured is below ideal
//
// Measured cycles are sampled seconds at the clock: at 1 MHz (far below any
// core's) they fall a thousandfold below ideal, and the summary says the
// clock is what is wrong.
// RUN: %ssprof -cpi -clock 1 prog.ideal.m* prog.fpcsamp.m* | FileCheck %s --check-prefix=SLOW
// SLOW: Measured / ideal cycles of the instrumented code
// SLOW-NEXT: measured is below ideal: the core ran faster than 1 MHz (turbo, or a virtual machine's reported clock); give the clock it ran at with -clock MHz
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MUL8 "imulq %0, %0\n\t" "imulq %0, %0\n\t" "imulq %0, %0\n\t" \
             "imulq %0, %0\n\t" "imulq %0, %0\n\t" "imulq %0, %0\n\t" \
             "imulq %0, %0\n\t" "imulq %0, %0\n\t"
#define ADD10 "addq %1, %0\n\t" "addq %1, %0\n\t" "addq %1, %0\n\t" \
              "addq %1, %0\n\t" "addq %1, %0\n\t" "addq %1, %0\n\t" \
              "addq %1, %0\n\t" "addq %1, %0\n\t" "addq %1, %0\n\t" \
              "addq %1, %0\n\t"

enum { TABLE = 1 << 25 }; /* entries of 4 bytes: 128 MiB */

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One add a cycle: adds over CPU time is the clock. */
__attribute__((noinline)) static double clock_mhz(void) {
  uint64_t x = 1, step = 3;
  long n = 2000000;
  double t0 = cpu_seconds();
  for (long i = 0; i < n; i++)
    __asm__ volatile(ADD10 ADD10 ADD10 ADD10 ADD10 : "+r"(x) : "r"(step));
  double t1 = cpu_seconds();
  return t1 > t0 ? n * 50.0 / (t1 - t0) * 1e-6 : 0;
}

__attribute__((noinline)) static uint64_t compute(uint64_t x, long n) {
  for (long i = 0; i < n; i++) // compute
    __asm__ volatile(MUL8 : "+r"(x));
  return x;
}

__attribute__((noinline)) static uint32_t walk(const uint32_t *next,
                                               long steps) {
  uint32_t p = 0;
  for (long i = 0; i < steps; i++) // memory
    p = next[p];
  return p;
}

int main(void) {
  uint32_t *next = malloc(sizeof *next * TABLE);
  if (!next)
    return 1;
  /* i -> (5i + 1) mod 2^25: a single cycle through every entry */
  for (uint32_t i = 0; i < TABLE; i++)
    next[i] = (5 * i + 1) & (TABLE - 1);
  double mhz = clock_mhz();
  uint64_t x = compute(3, 40000000);
  uint32_t p = walk(next, 1500000);
  printf("clock %.1f MHz\n", mhz);
  printf("checksum %llu %u\n", (unsigned long long)x, p);
  free(next);
  return 0;
}
