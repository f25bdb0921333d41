// Exact inclusive time per caller (ssprof -b, -json's callgraph), where
// gprof's assumption is wrong: work(n) costs n iterations; big() calls it
// 5 times with n = 2,000,000 (10,000,000 iterations), small() 1,000 times
// with n = 1000..1002 (1,001,000 iterations).  The program counts both
// itself (SSCHECK lines).
//  - At -O0 without sscc -fss-callers, work has one machine code for both
//    callers: its time is shared by calls (gprof's), small's 1000/1005 of
//    it though it ran a tenth of the iterations; no edge is exact.
//  - With -fss-callers (-O0, -O2) each call has its own copy of work, and
//    so at -O2 without the flag, where the optimizer inlined work into
//    both: the edges are exact, and work's cycles per iteration are the
//    same for both callers (callerscheck.py).
//  - A -fss-callers build counts every function's calls and every line as
//    the plain build does (--same).
// RUN: rm -rf %t && mkdir -p %t/p0 %t/c0 %t/p2 %t/c2
// RUN: cd %t/p0 && %sscc -O0 -fss-ideal %s -o prog && ./prog > out
// RUN: cd %t/p0 && %python %S/../tools/callerscheck.py --proportional work out prog.ideal.m* | FileCheck %s --check-prefix=PROP
// RUN: cd %t/p0 && %ssprof -b prog.ideal.m* | FileCheck %s --check-prefix=PLAIN-B
// RUN: cd %t/c0 && %sscc -O0 -fss-ideal -fss-callers %s -o prog && ./prog > out
// RUN: cd %t/c0 && %python %S/../tools/callerscheck.py --exact work out prog.ideal.m* --same %t/p0/prog.ideal.m* | FileCheck %s --check-prefix=EXACT
// RUN: cd %t/c0 && %ssprof -b prog.ideal.m* | FileCheck %s --check-prefix=EXACT-B
// RUN: cd %t/p2 && %sscc -O2 -fss-ideal %s -o prog && ./prog > out
// RUN: cd %t/p2 && %python %S/../tools/callerscheck.py --exact work out prog.ideal.m* | FileCheck %s --check-prefix=EXACT
// RUN: cd %t/c2 && %sscc -O2 -fss-ideal -fss-callers %s -o prog && ./prog > out
// RUN: cd %t/c2 && %python %S/../tools/callerscheck.py --exact work out prog.ideal.m* --same %t/p2/prog.ideal.m* | FileCheck %s --check-prefix=EXACT
// RUN: cd %t/c2 && %ssprof -b prog.ideal.m* | FileCheck %s --check-prefix=EXACT-B
// PROP: callerscheck: proportional ok
// EXACT: callerscheck: exact ok
// Without the flag: small, with more calls, gets the larger share, and
// neither line says exact.
// PLAIN-B:      Butterfly function list
// PLAIN-B:      {{^}} {{[0-9.]+}}% {{.*}}(0000005) {{.*}} big [[[#]]]{{$}}
// PLAIN-B-NEXT: {{^}} {{[0-9.]+}}% {{.*}}(0001000) {{.*}} small [[[#]]]{{$}}
// PLAIN-B-NEXT: {{^}} [[[#]]] {{.*}} work [[[#]]]
// With it: big, with more iterations, gets the larger share (callers by
// attributed time ascending), both exact.
// EXACT-B:      Butterfly function list
// EXACT-B:      {{^}} exact {{[0-9.]+}}% {{.*}}(0001000) {{.*}} small [[[#]]] (inlined)
// EXACT-B-NEXT: {{^}} exact {{[0-9.]+}}% {{.*}}(0000005) {{.*}} big [[[#]]] (inlined)
// EXACT-B-NEXT: {{^}} [[[#]]] {{.*}} work [[[#]]]
#include <stdio.h>

static long calls_big, calls_small;           /* work's calls, per caller */
static long iterations_big, iterations_small; /* its iterations, likewise */
static long *iterations;

static unsigned long work(long n) {
  unsigned long x = (unsigned long)n;
  for (long i = 0; i < n; i++, (*iterations)++)
    x = x * 6364136223846793005ul + 1442695040888963407ul;
  return x;
}

unsigned long big(void) {
  unsigned long s = 0;
  iterations = &iterations_big;
  for (int k = 0; k < 5; k++, calls_big++)
    s ^= work(2000000);
  return s;
}

unsigned long small(void) {
  unsigned long s = 0;
  iterations = &iterations_small;
  for (int k = 0; k < 1000; k++, calls_small++)
    s ^= work(1000 + k % 3);
  return s;
}

int main(void) {
  printf("result %lu\n", big() ^ small());
  printf("SSCHECK calls big %ld\n", calls_big);
  printf("SSCHECK calls small %ld\n", calls_small);
  printf("SSCHECK iterations big %ld\n", iterations_big);
  printf("SSCHECK iterations small %ld\n", iterations_small);
  return 0;
}
