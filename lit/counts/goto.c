// goto into loops and out of nested blocks, an irreducible-looking retry loop.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#define TALLY_MAIN
#include "tally.h"

NOINLINE int parse(const char *s) {
  ENTER();
  int value = 0, tries = 0;
retry:
  HIT();
  tries++;
  for (const char *p = s; *p; p++) {
    if (*p == '#') {
      HIT();
      goto done;
    }
    if (*p == '!' && tries < 3) {
      HIT();
      goto retry;
    }
    value += *p;
  }
  HIT();
done:
  HIT();
  return value + tries;
}

int main(void) {
  const char *inputs[] = {"abc", "ab#c", "a!b", "!!#", "", "xyz!"};
  int s = 0;
  for (int k = 0; k < 100; k++)
    s += parse(inputs[k % 6]);
  printf("%d\n", s);
  tally_report();
  return 0;
}
