// -loops: entries, iterations and average trip count of every loop, from
// the loop bounds.  Bounds are run-time values (argc), so the optimizer can
// neither unroll the loops nor fold them, and every loop body calls a
// function it cannot see into, so it is not vectorized either.
//
// nest(m, n) runs its inner loop n times per outer iteration; main calls it
// R = 3 times with m = 7, n = 50.  At -O2 the loops are rotated (tested at
// the bottom, guarded at the top): the header is the body's first block, so
//   outer: entries R = 3,      iterations R*m   = 21,   trip m = 7
//   inner: entries R*m = 21,   iterations R*m*n = 1050, trip n = 50
// At -O0 the header is the `for` test, which runs once more per entry:
//   outer: iterations R*(m+1) = 24 (trip 8), inner: R*m*(n+1) = 1071 (51).
// collatz(x) loops `while (x != 1)` for the Collatz steps of x; x = 1..30
// take 441 steps in all (the program prints its own sum).  At -O2 x = 1
// never enters the loop (the guard fails): 29 entries, 441 iterations; at
// -O0 the test runs 30 times plus once per step: 30 entries, 471.
//
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal %s -o prog && ./prog | FileCheck %s --check-prefix=OUT
// RUN: cd %t/O0 && %ssprof -json prog.ideal.m* > doc.json && %python %S/../tools/ideal_reports.py %s doc.json | FileCheck %s --check-prefixes=CHECK,O0
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal %s -o prog && ./prog | FileCheck %s --check-prefix=OUT
// RUN: cd %t/O2 && %ssprof -json prog.ideal.m* > doc.json && %python %S/../tools/ideal_reports.py %s doc.json | FileCheck %s --check-prefixes=CHECK,O2
// With ideal time: each loop's share of the cycles, innermost first.
// RUN: cd %t/O2 && %python %S/../tools/ideal_reports.py %s doc.json | FileCheck %s --check-prefix=CYCLES
// RUN: cd %t/O2 && %ssprof -nh -loops prog.ideal.m* | FileCheck %s --check-prefix=IDEAL
// Without it (the binary is gone: counts only): innermost first, then by
// iterations.
// RUN: cd %t/O2 && mv prog prog.moved && %ssprof -nh -loops prog.ideal.m* 2>/dev/null | FileCheck %s --check-prefix=TEXT
// RUN: cd %t/O2 && %ssprof -nh -loops -q 1 prog.ideal.m* 2>/dev/null | FileCheck %s --check-prefix=QUIT

#include <stdio.h>

volatile int sink;

__attribute__((noinline)) void body(int v) { sink += v; }

__attribute__((noinline)) void nest(int m, int n) {
  for (int i = 0; i < m; i++) {      // outer
    for (int j = 0; j < n; j++)      // inner
      body(j);
  }
}

__attribute__((noinline)) int collatz(int x) {
  int steps = 0;
  while (x != 1) {                   // collatz
    x = (x & 1) ? 3 * x + 1 : x / 2;
    steps++;
  }
  return steps;
}

int main(int argc, char **argv) {
  (void)argv;
  int reps = 2 + argc, m = 6 + argc, n = 49 + argc; /* 3, 7, 50 */
  for (int r = 0; r < reps; r++)     // reps
    nest(m, n);
  int total = 0;
  for (int x = 1; x <= 29 + argc; x++) // sum
    total += collatz(x);
  printf("collatz steps %d\n", total);
  return 0;
}

// OUT: collatz steps 441

// CHECK: loop collatz depth=1
// O0-SAME: entries=30 iterations=471 trip=15.7 match=yes
// O2-SAME: entries=29 iterations=441 trip=15.2 match=yes
// CHECK: loop inner depth=2
// O0-SAME: entries=21 iterations=1071 trip=51.0 match=yes
// O2-SAME: entries=21 iterations=1050 trip=50.0 match=yes
// CHECK: loop outer depth=1
// O0-SAME: entries=3 iterations=24 trip=8.0 match=yes
// O2-SAME: entries=3 iterations=21 trip=7.0 match=yes
// CHECK: loop reps depth=1
// O0-SAME: entries=1 iterations=4 trip=4.0 match=yes
// O2-SAME: entries=1 iterations=3 trip=3.0 match=yes
// CHECK: loop sum depth=1
// O0-SAME: entries=1 iterations=31 trip=31.0 match=yes
// O2-SAME: entries=1 iterations=30 trip=30.0 match=yes
// CHECK: loops 5 mismatches=0

// CYCLES: loop collatz {{.*}} cycles=ok
// CYCLES: loop inner {{.*}} cycles=ok
// CYCLES: loop outer {{.*}} cycles=ok
// CYCLES: loop reps {{.*}} cycles=ok
// CYCLES: loop sum {{.*}} cycles=ok

// IDEAL:      Loop list, innermost first, then in descending order by ideal time
// IDEAL:      depth        entries     iterations   avg.trip  cycles%  function (dso: file, line)
// IDEAL-NEXT:     2             21           1050       50.0 {{[0-9]+\.[0-9]}}%  nest (prog: loops.c, [[#]])
// IDEAL-COUNT-4: {{^ +1 .*  (main|nest|collatz) \(prog: loops.c, [0-9]+\)$}}

// TEXT:      Loop list, innermost first, then in descending order by iterations
// TEXT:      5 / 5: Loops entered / total
// TEXT:      depth        entries     iterations   avg.trip  function (dso: file, line)
// TEXT-NEXT:     2             21           1050       50.0  nest (prog: loops.c, [[#INNER:]])
// TEXT-NEXT:     1             29            441       15.2  collatz (prog: loops.c, [[#]])
// TEXT-NEXT:     1              1             30       30.0  main (prog: loops.c, [[#]])
// TEXT-NEXT:     1              3             21        7.0  nest (prog: loops.c, [[#INNER-1]])
// TEXT-NEXT:     1              1              3        3.0  main (prog: loops.c, [[#]])
// TEXT-NOT:  {{.}}

// QUIT:      depth
// QUIT-NEXT:     2             21           1050       50.0  nest (prog: loops.c, [[#]])
// QUIT-NOT:  {{.}}
