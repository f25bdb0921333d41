// Several translation units, compiled separately and linked together (the
// link line without -fss-ideal, as some build systems do).
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs -c %s -o main.o && %sscc -O0 -fss-ideal -I%inputs -c %inputs/multi/helpers.c -o helpers.o && %sscc main.o helpers.o -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs -c %s -o main.o && %sscc -O2 -fss-ideal -I%inputs -c %inputs/multi/helpers.c -o helpers.o && %sscc main.o helpers.o -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs -c %s -o main.o && %sscc -O3 -fss-ideal -I%inputs -c %inputs/multi/helpers.c -o helpers.o && %sscc main.o helpers.o -o prog && ./prog > out && %sscheck out prog.ideal.m*
#define TALLY_MAIN
#include "tally.h"

int helper_a(int x);
int helper_b(int x);

int main(void) {
  int s = 0;
  for (int i = 0; i < 500; i++) {
    s += helper_a(i);
    if (i % 3 == 0) {
      HIT();
      s += helper_b(i);
    }
  }
  printf("%d\n", s);
  tally_report();
  return 0;
}
