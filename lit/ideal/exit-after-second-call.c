// Two calls that may not return in one IR block: the markers of the code
// after each call all land at the block's start, above both calls, and
// ssprof moves them, in order, after the first and the second call.  The
// program ends inside twice(): main's code after step() runs 601 times
// like step(), its loop jump after twice() 600 times.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/o2 | FileCheck %s --check-prefix=CODE
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// The two calls stay in one straight line of main's loop:
// CODE-LABEL: <main>:
// CODE: callq {{.*}} <step>
// CODE-NOT: j
// CODE: callq {{.*}} <twice>
#include <stdio.h>
#include <stdlib.h>
static volatile long total;
__attribute__((noinline)) static void finish(long x) {
  printf("%ld\n", total + x);
  exit(0);
}
__attribute__((noinline)) static int step(int x) {
  total += x;
  if (x == 3000) /* never: the program ends in twice() first */
    finish(x);
  return x + 1;
}
__attribute__((noinline)) static int twice(int x) {
  total += 2 * x;
  if (x == 1201) /* the 601st call ends the program */
    finish(x);
  return x + 1;
}
int main(void) {
  int x = 0;
  for (;;) {
    x = step(x);
    x = twice(x);
  }
}
