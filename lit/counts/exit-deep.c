// exit() from five frames down: every frame on the stack never returns.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && not ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && not ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && not ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %ssprof prog.ideal.m* | FileCheck %s
// CHECK: Caliper point 1 at exit(7)
#include <stdlib.h>
#define TALLY_MAIN
#include "tally.h"

NOINLINE void level(int n, int stop_at) {
  ENTER();
  for (int i = 0; i < 3; i++) {
    HIT();
    if (n == stop_at && i == 1) {
      HIT();
      tally_report();
      exit(7);
    }
    if (n < 10)
      level(n + 1, stop_at);
    HIT();
  }
}

int main(void) {
  level(0, 100);   /* runs to completion: 3^0 + ... calls */
  level(0, 4);     /* exits from inside */
  HIT();           /* never */
  return 0;
}
