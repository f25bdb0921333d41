// A dense switch (a jump table) and a sparse one (compare chains), with
// fallthrough and several cases sharing a block.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#define TALLY_MAIN
#include "tally.h"

NOINLINE int dense(int v) {
  ENTER();
  int r = 0;
  switch (v % 10) {
  case 0: HIT(); r += 1; /* fallthrough */
  case 1: HIT(); r += 2; break;
  case 2: HIT(); r += 3; break;
  case 3:
  case 4: HIT(); r += 4; break;
  case 5: HIT(); r += 5; break;
  case 6: HIT(); r += 6; break;
  case 7: HIT(); r += 7; break;
  default: HIT(); r += 8; break;
  }
  return r;
}

NOINLINE int sparse(int v) {
  ENTER();
  switch (v) {
  case 3: HIT(); return 1;
  case 100: HIT(); return 2;
  case 1000: case 1001: HIT(); return 3;
  case 65536: HIT(); return 4;
  default: HIT(); return 0;
  }
}

int main(void) {
  int s = 0;
  for (int i = 0; i < 1234; i++)
    s += dense(i * 7);
  for (int i = 0; i < 70000; i += 1)
    s += sparse(i);
  printf("%d\n", s);
  tally_report();
  return 0;
}
