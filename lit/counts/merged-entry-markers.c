// Calls of a function inlined at the start of both sides of an if, as in
// Lua's `if (flip) luaT_trybinTM(L, p2, p1, ...); else luaT_trybinTM(L,
// p1, p2, ...);` (issue 32, bench/corpus/compare-counts.sh).  The two
// copies' entry markers are identical instructions, so SimplifyCFG hoisted
// them into the block above the if, under a merged location that names
// neither copy: trybin's calls were unknown, with a warning.  The markers
// and their guards are `nomerge` calls now, so each copy keeps its own.
// The expected counts come from the program: one trybin per arith.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %ssprof prog.ideal.m* 2>&1 >/dev/null | FileCheck --allow-empty %s --check-prefix=WARN
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %ssprof prog.ideal.m* 2>&1 >/dev/null | FileCheck --allow-empty %s --check-prefix=WARN
// WARN-NOT: unknown
#include <stdio.h>
#include <stdlib.h>

static long tally;

static inline int trybin(const int *p, int a, int b) {
  if (p[a] > p[b])
    tally += a;
  return p[b] - p[a];
}

__attribute__((noinline)) int arith(const int *p, int flip, int a, int b) {
  if (flip)
    return trybin(p, b, a);
  else
    return trybin(p, a, b);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000, p[16], sum = 0;
  long flipped = 0;
  for (int i = 0; i < 16; i++)
    p[i] = (i * 7) % 16;
  for (int i = 0; i < n; i++) {
    flipped += i % 3 == 0;
    sum += arith(p, i % 3 == 0, i % 16, (i * 5) % 16);
  }
  printf("SSCHECK calls main 1\n");
  printf("SSCHECK calls arith %d\n", n);
  printf("SSCHECK calls trybin %d\n", n);
  printf("SSCHECK line merged-entry-markers.c:29 %ld\n", flipped);
  printf("SSCHECK line merged-entry-markers.c:31 %ld\n", n - flipped);
  printf("sum %d tally %ld\n", sum, tally);
  return 0;
}
