// setjmp returns twice; longjmp abandons frames that never return.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <setjmp.h>
#define TALLY_MAIN
#include "tally.h"

static jmp_buf env;

NOINLINE void deep(int depth, int bail) {
  ENTER();
  if (depth == bail) {
    HIT();
    longjmp(env, depth + 1);
  }
  if (depth < 10)
    deep(depth + 1, bail);
  HIT(); /* not reached on the way out of a longjmp */
}

NOINLINE int attempt(int bail) {
  ENTER();
  volatile int rounds = 0;
  int r = setjmp(env);
  HIT(); /* once per return of setjmp */
  rounds++;
  if (r == 0) {
    HIT();
    deep(0, bail);
    HIT(); /* only when deep returned normally */
  } else {
    HIT();
  }
  return rounds;
}

int main(void) {
  int total = 0;
  for (int i = 0; i < 30; i++)
    total += attempt(i % 15); /* bail > 10 never longjmps */
  printf("%d\n", total);
  tally_report();
  return 0;
}
