// Loops whose counters the pass derives from the loop's trip count: no
// update inside the loop, one add of the count, computed before the loop,
// at its exit.  Counted up and down, by 4, triangular (the inner count
// depends on the outer loop), an outer loop around an inner one, a block
// after the exit test (it runs once less than the test), zero trips,
// vectorized; and two whose counters are kept in registers instead: a step
// of 3 (its count needs a division) and a pointer run up to an end that
// scalar evolution cannot relate to it.  Every count is checked against STEP()'s own
// tallies at -O0, -O2 and -O3.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog 7 > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs -Rpass=ss-promote -Rpass-missed=ss-promote %s -o prog 2> remarks && ./prog 7 > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog 7 > out && %sscheck out prog.ideal.m*
// RUN: FileCheck %s --check-prefix=REMARK < %t/O2/remarks
#include <stdio.h>
#include <stdlib.h>

#include "step.h"

volatile int sink;
static int data[1000];

// REMARK-DAG: trip-counts.c:[[@LINE+2]]:3: remark: counters derived from the trip count in this loop: 1
NOINLINE static void up(int n) {
  for (int i = 0; i < n; i++)
    STEP();
}

// REMARK-DAG: trip-counts.c:[[@LINE+2]]:3: remark: counters derived from the trip count in this loop: 1
NOINLINE static void down_by_4(unsigned hi) {
  for (unsigned i = hi; i >= 4; i -= 4)
    STEP();
}

// Scalar evolution does not know p reaches end: kept in a register.
// REMARK-DAG: trip-counts.c:[[@LINE+3]]:3: remark: counters kept in registers in this loop: 1 of 1
NOINLINE static int sum(const int *p, const int *end) {
  int s = 0;
  for (; p != end; p++) {
    s += *p;
    STEP();
  }
  return s;
}

// REMARK-DAG: trip-counts.c:[[@LINE+3]]:5: remark: counters derived from the trip count in this loop: 1
NOINLINE static void triangle(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      STEP();
}

// The exit test sits between two blocks: the first runs n + 1 times an
// entry, the second n.
// REMARK-DAG: trip-counts.c:[[@LINE+4]]:9: remark: counters derived from the trip count in this loop: 1
NOINLINE static void test_in_the_middle(int n) {
  for (int i = 0;; i++) {
    STEP();
    if (i == n)
      break;
    STEP();
  }
}

// An outer loop's counter (the inner loop, which may not end, keeps its
// counter in a register).
// REMARK-DAG: trip-counts.c:[[@LINE+2]]:3: remark: counters derived from the trip count in this loop: 1
NOINLINE static void rectangle(int n, unsigned m) {
  for (int i = 0; i < n; i++) {
    for (unsigned j = 0; j <= m; j++)
      STEP();
    STEP();
  }
}

// REMARK-DAG: trip-counts.c:[[@LINE+2]]:3: remark: counters kept in registers in this loop: 1 of 1
NOINLINE static void by_3(int n) {
  for (int i = 0; i < n; i += 3)
    STEP();
}

// Vectorized at -O3: a vector loop and its remainder.
NOINLINE static void scale(int *a, int n, int k) {
  for (int i = 0; i < n; i++)
    a[i] *= k;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 7;
  for (int r = 0; r < 3; r++) {
    up(n + r);
    up(0);
    down_by_4(10 * n + r);
    sink = sum(data, data + 5 * n + r);
    triangle(n + r);
    test_in_the_middle(n + r);
    test_in_the_middle(0);
    rectangle(n + r, n - r);
    by_3(10 * n + r);
    scale(data, 100 * n + r, 3);
  }
  printf("SSCHECK calls up 6\nSSCHECK calls scale 3\n");
  for (int l = 0; l < 400; l++)
    if (step_count[l])
      printf("SSCHECK site step trip-counts.c:%d %lu\n", l, step_count[l]);
  return 0;
}
