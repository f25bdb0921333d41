// Loops whose counters are kept in registers (promotion): early exits by
// break, continue, return and goto out of nested loops, loops with
// data-dependent trip counts, and a loop left by a call that does not
// return (not promoted).  STEP() tallies its own line in a leaf function the
// optimizer proves returns, so the loops around it stay promotable; the asm
// after it differs per line so that no two STEP()s merge into one call.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs -Rpass=ss-promote -Rpass-missed=ss-promote %s -o prog 2> remarks && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: FileCheck %s --check-prefix=REMARK < %t/O2/remarks
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "step.h"

volatile int sink;

// Only innermost loops are promoted: the outer loop's counters stay in
// memory; the inner loop's back edge is counted at its exits from j, its
// other counter in a register added to memory there.
// REMARK-DAG: promoted-loops.c:[[@LINE+4]]:3: remark: counters stay in memory in this loop: it has inner loops (a register counting it would stay live through them)
// REMARK-DAG: promoted-loops.c:[[@LINE+4]]:5: remark: counters derived from the induction variable at the exits of this loop: 1, added to memory at 3 exits
// REMARK-DAG: promoted-loops.c:[[@LINE+3]]:5: remark: counters kept in registers in this loop: 1 of 1, added to memory at 3 exits
NOINLINE static int search(int n, int target) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      if ((i + j) % 5 == 0) {
        STEP();
        continue;
      }
      if (j > i) {
        STEP();
        break;
      }
      if (i * j == target) {
        STEP();
        return i;
      }
      STEP();
    }
    STEP();
  }
  STEP();
  return -1;
}

NOINLINE static int find_pair(const int *a, int n, int sum) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      if (a[i] + a[j] == sum) {
        STEP();
        goto found;
      }
      if (a[j] < 0) {
        STEP();
        goto bad;
      }
    }
  STEP();
  return -1;
found:
  return 1;
bad:
  return -2;
}

// The back edge is counted from steps at the exit; one branch's counter
// stays in a register.
// REMARK-DAG: promoted-loops.c:[[@LINE+4]]:3: remark: counters derived from the induction variable at the exits of this loop: 1, added to memory at 1 exit
// REMARK-DAG: promoted-loops.c:[[@LINE+3]]:3: remark: counters kept in registers in this loop: 1 of 1, added to memory at 1 exit
NOINLINE static int collatz_steps(unsigned long x) {
  int steps = 0;
  while (x != 1) {
    if (x & 1) {
      STEP();
      x = 3 * x + 1;
    } else {
      STEP();
      x /= 2;
    }
    steps++;
  }
  return steps;
}

// The exit() path leaves the loop first, so the loop is promoted; the loop
// calling printf is not.
// REMARK-DAG: promoted-loops.c:[[@LINE+3]]:3: remark: counters kept in registers in this loop
// REMARK-DAG: promoted-loops.c:[[@LINE+6]]:7: remark: counters stay in memory in this loop: it calls printf, which may not return
NOINLINE static void leave_from_loop(int limit) {
  for (int i = 0;; i++) {
    if (i == limit) {
      STEP();
      printf("SSCHECK calls leave_from_loop 1\n");
      for (int l = 0; l < 400; l++)
        if (step_count[l])
          printf("SSCHECK site step promoted-loops.c:%d %lu\n", l,
                 step_count[l]);
      fflush(stdout);
      exit(0);
    }
    if (i % 3)
      STEP();
  }
}

// REMARK-DAG: promoted-loops.c:[[@LINE+2]]:3: remark: counters stay in memory in this loop: it calls search, which may not return
int main(void) {
  for (int k = 0; k < 40; k++)
    sink = search(30 + k % 7, k * 3);
  int a[64];
  for (int r = 0; r < 50; r++) {
    for (int i = 0; i < 64; i++)
      a[i] = (i * 37 + r * 11) % 97 - (r % 10 == 9 && i == 50);
    sink = find_pair(a, 64, 150 + r);
  }
  for (unsigned long x = 1; x < 3000; x++)
    sink = collatz_steps(x);
  printf("SSCHECK calls search 40\nSSCHECK calls find_pair 50\n"
         "SSCHECK calls collatz_steps 2999\n");
  leave_from_loop(1000);
}
