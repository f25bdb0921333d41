// Loops whose trip count is not known before they run (they end on the
// data) but that an induction variable counts: a counter in a block that
// runs once an iteration leaves the loop, and each exit adds the back
// edges taken in that entry (the variable's distance from its start over
// its step), plus one where the block also ran in the iteration that left.
// The loop then runs the code plain clang gives it.  An insertion sort's
// inner loop (two exits, the counted block after both tests), a search
// with a break before the counted block and one after it, counting down
// by 2, and a pointer by 4 bytes.  Every count is checked against STEP()'s
// own tallies at -O0, -O1, -O2 and -O3.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O1 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog 300 > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O1 && %sscc -O1 -fss-ideal -I%inputs %s -o prog && ./prog 300 > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs -Rpass=ss-promote %s -o prog 2> remarks && ./prog 300 > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog 300 > out && %sscheck out prog.ideal.m*
// RUN: FileCheck %s --check-prefix=REMARK < %t/O2/remarks
#include <stdio.h>
#include <stdlib.h>

#include "step.h"

static int data[1000];

// REMARK-DAG: induction-counts.c:[[@LINE+6]]:5: remark: counters derived from the induction variable at the exits of this loop: 1, added to memory at 2 exits
NOINLINE static void insertion_sort(int *w, int n) {
  for (int i = 1; i < n; i++) {
    int v = w[i];
    int j = i - 1;
    STEP();
    while (j >= 0 && w[j] > v) {
      w[j + 1] = w[j];
      j--;
      STEP();
    }
    w[j + 1] = v;
  }
}

// The test before the counted block leaves in the last iteration before
// the block runs; the test after it, after it ran.
// REMARK-DAG: induction-counts.c:[[@LINE+3]]:3: remark: counters derived from the induction variable at the exits of this loop
NOINLINE static int search(const int *a, int n, int stop, int after) {
  int i = 0;
  for (;; i++) {
    if (i >= n || a[i] == stop)
      break;
    STEP();
    if (a[i] == after)
      break;
  }
  return i;
}

// REMARK-DAG: induction-counts.c:[[@LINE+3]]:3: remark: counters derived from the induction variable at the exits of this loop
NOINLINE static int down_by_2(const int *a, int from, int stop) {
  int i = from;
  while (i >= 0 && a[i] != stop) {
    STEP();
    i -= 2;
  }
  return i;
}

// REMARK-DAG: induction-counts.c:[[@LINE+2]]:3: remark: counters derived from the induction variable at the exits of this loop
NOINLINE static const int *find(const int *p, int stop) {
  while (*p != stop) {
    STEP();
    p++;
  }
  return p;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300;
  if (n > 900)
    n = 900;
  unsigned x = 7;
  for (int i = 0; i < n; i++) {
    x = x * 1103515245u + 12345u;
    data[i] = (int)(x >> 16) % 1000;
  }
  long sink = 0;
  for (int r = 0; r < 5; r++) {
    sink += search(data, n, data[(r * 37) % n], data[(r * 53) % n]);
    sink += search(data, n, -1, -2); /* runs to n */
    sink += search(data, 0, -1, -2); /* no iteration */
    sink += down_by_2(data, n - 1 - r, data[(r * 11) % n]);
    sink += down_by_2(data, n - 1 - r, -1);
  }
  data[n] = -1;
  sink += find(data, -1) - data;
  sink += find(data, data[n / 2]) - data;
  insertion_sort(data, n);
  for (int i = 1; i < n; i++)
    if (data[i - 1] > data[i]) {
      printf("not sorted at %d\n", i);
      return 1;
    }
  printf("%ld\n", sink);
  for (int l = 0; l < 400; l++)
    if (step_count[l])
      printf("SSCHECK site step induction-counts.c:%d %lu\n", l, step_count[l]);
  return 0;
}
