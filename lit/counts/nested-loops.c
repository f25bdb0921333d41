// Nested loops with early exits (break, continue, return from inside).
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#define TALLY_MAIN
#include "tally.h"

volatile int sink;

NOINLINE int search(int n, int target) {
  ENTER();
  for (int i = 0; i < n; i++) {
    HIT();
    for (int j = 0; j < n; j++) {
      if ((i + j) % 5 == 0) {
        HIT();
        continue;
      }
      if (j > i) {
        HIT();
        break;
      }
      if (i * j == target) {
        HIT();
        return i;
      }
      HIT();
    }
  }
  HIT();
  return -1;
}

int main(void) {
  for (int k = 0; k < 40; k++)
    sink = search(30 + k % 7, k * 3);
  tally_report();
  return 0;
}
