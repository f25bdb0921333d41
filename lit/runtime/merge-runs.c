// Two runs of the same program merge: every count is the sum.
// RUN: rm -rf %t && mkdir -p %t && cd %t && %sscc -O2 -fss-ideal -I%inputs %s -o prog
// RUN: cd %t && ./prog 10 > one && ./prog 32 > two
// RUN: cd %t && cat one two | %python %S/Inputs/sum-tallies.py > both
// RUN: cd %t && %sscheck both prog.ideal.m*
// A file of another program is refused with one line and status 1.
// RUN: cd %t && %sscc -O2 -fss-ideal -I%inputs %s -o other && ./other 1 > /dev/null
// RUN: cd %t && not %ssprof prog.ideal.m* other.ideal.m* 2> err
// RUN: cd %t && count 1 < err
#include <stdlib.h>
#define TALLY_MAIN
#include "tally.h"

NOINLINE int work(int i) {
  ENTER();
  if (i % 4 == 0) {
    HIT();
    return i;
  }
  return 1;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), s = 0;
  for (int i = 0; i < n; i++)
    s += work(i);
  printf("%d\n", s);
  tally_report();
  return 0;
}
