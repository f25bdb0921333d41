// Loops whose counters the pass derives from the loop's trip count: no
// update inside the loop, one add of the count, computed before the loop,
// at its exit.  Counted up and down, by 4, triangular (the inner count
// depends on the outer loop), an outer loop around an inner one, a block
// after the exit test (it runs once less than the test), zero trips,
// vectorized, a cycle that is no loop inside a counted loop; a pointer
// run up to an end that scalar evolution cannot relate to it, whose count
// comes from the pointer at the exit instead (lit/counts/induction-counts.c);
// and one whose counter is kept in a register: a step of 3 (its count
// needs a division).  Every count is checked against STEP()'s own tallies
// at -O0, -O2 and -O3.
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

// (up is static, so its entry need not be counted: where the loop's
// entries are counted in its preheader instead, that count moves to the
// exit as well.)
// REMARK-DAG: trip-counts.c:[[@LINE+2]]:3: remark: counters derived from the trip count in this loop: 1, added to memory at its exit{{( \(and its preheader's: 1\))?}} [-Rpass=ss-promote]
NOINLINE static void up(int n) {
  for (int i = 0; i < n; i++)
    STEP();
}

// REMARK-DAG: trip-counts.c:[[@LINE+2]]:3: remark: counters derived from the trip count in this loop: 1
NOINLINE static void down_by_4(unsigned hi) {
  for (unsigned i = hi; i >= 4; i -= 4)
    STEP();
}

// Scalar evolution does not know p reaches end: counted from p at the exit.
// REMARK-DAG: trip-counts.c:[[@LINE+3]]:3: remark: counters derived from the induction variable at the exits of this loop: 1, added to memory at 1 exit
NOINLINE static int sum(const int *p, const int *end) {
  int s = 0;
  for (; p != end; p++) {
    s += *p;
    STEP();
  }
  return s;
}

// Both loops' back edges are counted from their trip counts (the inner
// loop's entries follow from the outer loop's iterations; where its
// preheader counts them instead, that count moves to its exit too).
// REMARK-DAG: trip-counts.c:[[@LINE+4]]:5: remark: counters derived from the trip count in this loop: 1, added to memory at its exit{{( \(and its preheader's: 1\))?}} [-Rpass=ss-promote]
// REMARK-DAG: trip-counts.c:[[@LINE+2]]:3: remark: counters derived from the trip count in this loop: 1, added to memory at its exit{{( \(and its preheader's: 1\))?}} [-Rpass=ss-promote]
NOINLINE static void triangle(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      STEP();
}

// The exit test sits between two blocks: the first runs n + 1 times an
// entry, the second n.
// REMARK-DAG: trip-counts.c:[[@LINE+2]]:3: remark: counters derived from the trip count in this loop: 1
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

// A cycle entered in its middle (no loop to LLVM) inside a counted loop:
// its blocks may run several times an iteration, so the pass derives no
// count from a trip count in a function that has one.
NOINLINE static void tangled(int n, int k) {
  for (int i = 0; i < n; i++) {
    int j = 0;
    if ((i ^ k) & 1)
      goto inside;
  again:
    STEP();
  inside:
    j++;
    if (j < 3)
      goto again;
    STEP();
  }
}

// SQLite's putVarint64: at -O3 the copy loop is vectorized twice over, and
// the remainder loop's trip count uses values of the loops before it (a
// first version of the pass wiped their uses out: the program crashed).
NOINLINE static int put_varint(unsigned char *p, unsigned long long v) {
  unsigned char buf[10];
  int n = 0;
  do {
    buf[n++] = (unsigned char)((v & 0x7f) | 0x80);
    v >>= 7;
  } while (v != 0);
  buf[0] &= 0x7f;
  int i, j;
  for (i = 0, j = n - 1; j >= 0; j--, i++)
    p[i] = buf[j];
  return n;
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
    tangled(n + r, r);
  }
  unsigned long long v = 1;
  for (int k = 0; k < 640; k++) {
    v = v * 6364136223846793005ull + 1442695040888963407ull;
    unsigned long long x = v >> (k % 64), back = 0;
    unsigned char out[10];
    int len = put_varint(out, x);
    for (int q = 0; q < len; q++)
      back = back << 7 | (out[q] & 0x7f);
    if (back != x) {
      printf("put_varint(%llu) read back as %llu\n", x, back);
      return 1;
    }
  }
  printf("SSCHECK calls up 6\nSSCHECK calls scale 3\nSSCHECK calls put_varint 640\n");
  for (int l = 0; l < 400; l++)
    if (step_count[l])
      printf("SSCHECK site step trip-counts.c:%d %lu\n", l, step_count[l]);
  return 0;
}
