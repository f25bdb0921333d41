// Counters promoted in an inner loop are added to memory at its exit; when
// that exit is the outer loop's latch, the outer loop's promotion keeps the
// addition in a register too.  The counts must stay exact: of the outer
// latch's updates only its own +1 moves to the outer header (a bug once
// moved the inner loop's addition as well, and counted hundreds of
// millions).  Do-while and while loops of varying trip counts inside for
// loops.  STEP() (lit/Inputs/step.h) keeps the loops promotable.
// RUN: rm -rf %t && mkdir -p %t/O1 %t/O2 %t/O3
// RUN: cd %t/O1 && %sscc -O1 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <stdio.h>

#include "step.h"

volatile int sink;

NOINLINE static int triangle(int n) {
  int sum = 0;
  for (int i = 0; i < n; i++) {
    int j = 0;
    do {
      STEP();
      sum += j * i;
      j++;
    } while (j < i % 5 + 1);
    STEP();
  }
  return sum;
}

NOINLINE static int halvings(int n) {
  int steps = 0;
  for (int i = 1; i < n; i++) {
    int v = i;
    while (v > 1) {
      STEP();
      v /= 2;
      steps++;
    }
  }
  return steps;
}

// The inner loop is the last thing in the outer one: its exit edge is the
// outer loop's back edge, so the block on that edge holds both the inner
// loop's addition and the outer back edge's +1.
NOINLINE static unsigned tail_inner(unsigned n) {
  unsigned x = 1;
  while (n-- > 0) {
    STEP();
    do {
      STEP();
      x = x * 5 + 3;
    } while (x % 4 != 1);
  }
  return x;
}

int main(void) {
  int total = 0;
  for (int r = 0; r < 7; r++) {
    total += triangle(100 + r);
    total += halvings(50 + 3 * r);
    total += (int)tail_inner(200 + r);
  }
  sink = total;
  for (int line = 0; line < 400; line++)
    if (step_count[line])
      printf("SSCHECK site step inner-flush-in-latch.c:%d %lu\n", line,
             step_count[line]);
  return 0;
}
