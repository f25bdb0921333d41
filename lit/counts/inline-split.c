// ssprof -inlinesplit: a static helper inlined into two callers that call
// it different numbers of times, and called out of line through a pointer,
// is one row by default and one row per copy with the option (function
// lists, -gprof): 'sq
// [inlined in left]', 'sq [inlined in right]' and its own code's 'sq'.
// The calls come from the program's own counters (splitcheck.py, -json)
// and from the loop bounds (FileCheck, the listings): with n = 100,
//   left:  10 calls x 100 iterations          = 1000
//   right: 10 calls x 34 iterations (0..99/3) = 340
//   the pointer: 7 calls                       = 7, 1347 in all.
// RUN: rm -rf %t && mkdir -p %t/O2 %t/O3
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal %s -o prog && ./prog > out && %python %S/../tools/splitcheck.py out prog.ideal.m*
// RUN: cd %t/O2 && %ssprof -inlinesplit prog.ideal.m* | FileCheck %s --check-prefix=SPLIT
// RUN: cd %t/O2 && %ssprof -inlinesplit -b prog.ideal.m* | FileCheck %s --check-prefix=SPLIT
// RUN: cd %t/O2 && %ssprof prog.ideal.m* | FileCheck %s --check-prefix=MERGED
// RUN: cd %t/O2 && %ssprof -inlinesplit -gprof prog.ideal.m* | FileCheck %s --check-prefix=GPROF
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal %s -o prog && ./prog > out && %python %S/../tools/splitcheck.py out prog.ideal.m*
// RUN: cd %t/O3 && %ssprof -inlinesplit prog.ideal.m* | FileCheck %s --check-prefix=SPLIT
// RUN: cd %t/O3 && %ssprof prog.ideal.m* | FileCheck %s --check-prefix=MERGED
// SPLIT-DAG: {{ }}1000  sq [inlined in left] (prog: inline-split.c, {{[0-9]+}})
// SPLIT-DAG: {{ }}340  sq [inlined in right] (prog: inline-split.c, {{[0-9]+}})
// SPLIT-DAG: {{ }}7  sq (prog: inline-split.c, {{[0-9]+}})
// SPLIT-NOT: {{ }}1347  sq
// GPROF:     Function list, in descending order by inclusive ideal time
// GPROF-DAG: {{ }}1000  sq [inlined in left] (prog: inline-split.c, {{[0-9]+}})
// GPROF-DAG: {{ }}340  sq [inlined in right] (prog: inline-split.c, {{[0-9]+}})
// GPROF-DAG: {{ }}7  sq (prog: inline-split.c, {{[0-9]+}})
// MERGED: {{ }}1347  sq (prog: inline-split.c,
// MERGED-NOT: inlined in
#include <stdio.h>
#include <stdlib.h>

static long in_left, in_right, by_pointer; /* the callers' own counters */

static long sq(long x) { return x * x; }

__attribute__((noinline)) long left(int n) {
  long h = 0;
  for (int i = 0; i < n; i++, in_left++)
    h = h * 31 + sq(i);
  return h;
}

__attribute__((noinline)) long right(int n) {
  long h = 0;
  for (int i = 0; i < n; i += 3, in_right++)
    h = h * 17 + sq(i + 1);
  return h;
}

long (*volatile through_pointer)(long) = sq;

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  long s = 0;
  for (int k = 0; k < 10; k++)
    s += left(n) + right(n);
  for (int k = 0; k < 7; k++, by_pointer++)
    s += through_pointer(k);
  printf("result %ld\n", s);
  printf("SSCHECK split sq left %ld\n", in_left);
  printf("SSCHECK split sq right %ld\n", in_right);
  printf("SSCHECK split sq - %ld\n", by_pointer);
  return 0;
}
