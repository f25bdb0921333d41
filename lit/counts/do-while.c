// do-while loops: the body runs before the test, and at least once.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#define TALLY_MAIN
#include "tally.h"

NOINLINE unsigned collatz_steps(unsigned x) {
  ENTER();
  unsigned steps = 0;
  do {
    HIT();
    if (x & 1) {
      HIT();
      x = 3 * x + 1;
    } else {
      x /= 2;
    }
    steps++;
  } while (x != 1);
  return steps;
}

int main(void) {
  unsigned total = 0;
  for (unsigned x = 2; x < 300; x++)
    total += collatz_steps(x);
  int once = 0;
  do {
    HIT();
    once++;
  } while (once < 0);
  printf("total %u\n", total);
  tally_report();
  return 0;
}
