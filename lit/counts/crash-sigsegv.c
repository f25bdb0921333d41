// A crash by SIGSEGV: the runtime writes the counts, then the signal kills
// the process as it would have (exit status of a SIGSEGV death).
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && not --crash ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && not --crash ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && not --crash ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %ssprof prog.ideal.m* | FileCheck %s
// CHECK: Caliper point 1 at signal SIGSEGV (11)
#define TALLY_MAIN
#include "tally.h"

int *volatile nowhere;

NOINLINE void store(int *p, int v) {
  ENTER();
  *p = v; /* faults when p is null */
}

NOINLINE int loop(int n) {
  ENTER();
  int s = 0;
  for (int i = 0; i < n; i++) {
    HIT();
    int x;
    store(&x, i);
    s += x;
  }
  return s;
}

int main(void) {
  int s = loop(1000);
  HIT();
  printf("%d\n", s);
  store(&s, 1);
  /* The program's own record of what happened, including the call that is
   * about to crash (its entry is counted before the faulting store). */
  tally_enter("store");
  tally_report();
  store(nowhere, 2);
  return 0;
}
