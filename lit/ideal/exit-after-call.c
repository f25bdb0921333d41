// When a callee never returns (it exits), the code right after the call
// in its caller runs one time fewer than the call.  The marker of that
// code's block lands above the call (the instruction selector schedules
// pseudo probes ahead of the calls of their IR block), and ssprof moves
// it after the call: main's loop jump after step() counts 2500 runs, not
// the call's 2501.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
#include <stdio.h>
#include <stdlib.h>
static volatile long total;
__attribute__((noinline)) static int finish(int x) {
  printf("%ld\n", total + x);
  exit(0);
}
__attribute__((noinline)) static int step(int x) {
  total += x;
  if (x == 2500) /* the 2501st call ends the program */
    finish(x);
  return x + 1;
}
int main(void) {
  int x = 0;
  for (;;)
    x = step(x);
}
