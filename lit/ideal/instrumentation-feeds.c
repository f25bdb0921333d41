// Code the code generator adds for the instrumentation, with the line of
// the code around it: where registers run short, the reload of the
// spilled pointer to the thread's counters before a counter update; and
// the constant a loop's counter kept in a register starts from.  (The
// pointer exists in code compiled as for a shared library, -fPIC here; in
// an executable the counters are in static TLS, at a constant address.)  Both are
// the instrumentation's: ssprof leaves them out of the program's
// instructions (prof/mcode/instrumentation_code.c), and so does the line-table reading
// of lit/tools/ideal_callgrind.py, written on its own
// (bench/lib/linetable.py): their counts agree exactly, and the reading
// finds both kinds executed here (--pointer-reloads, --counter-starts).
// mix() keeps 14 values live through a loop with branches and two inner
// loops: one whose counter comes from its trip count, and one (clearing
// bits until none is left) whose trip count is unknown, so its counter is
// kept in a register.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fPIC -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %llvm14_patterns --pointer-reloads --counter-starts %t/o2 %t/o2.cg %t/o2.ideal.m* %s
#include <stdio.h>
#define N 64
static unsigned v[N * N];
__attribute__((noinline)) static unsigned mix(int n) {
  unsigned h0 = 1, h1 = 2, h2 = 3, h3 = 4, h4 = 5, h5 = 6, h6 = 7, h7 = 8;
  unsigned h8 = 9, h9 = 10, h10 = 11, h11 = 12, h12 = 13, h13 = 14;
  for (int i = 0; i < n; i++) {
    unsigned x = v[i];
    if (x & 1) h0 += x; else h1 ^= x;
    if (x & 2) h2 += h0; else h3 ^= h1;
    if (x & 4) h4 += h2; else h5 ^= h3;
    if (x & 8) h6 += h4; else h7 ^= h5;
    if (x & 16) h8 += h6; else h9 ^= h7;
    if (x & 32) h10 += h8; else h11 ^= h9;
    if (x & 64) h12 += h10; else h13 ^= h11;
    for (int k = 0; k < (int)(x & 3); k++)
      h0 = h0 * 31 + h13;
    for (unsigned y = x & 7; y; y &= y - 1)
      h1 = h1 * 33 + h12;
  }
  return h0 ^ h1 ^ h2 ^ h3 ^ h4 ^ h5 ^ h6 ^ h7 ^ h8 ^ h9 ^ h10 ^ h11 ^ h12 ^ h13;
}
int main(void) {
  for (int i = 0; i < N * N; i++) v[i] = i * 2654435761u;
  printf("%u\n", mix(N * N));
  return 0;
}
