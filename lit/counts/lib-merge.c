// ssprof -lib: one shared library's counts summed over the runs of two
// different programs that link it (a library's test suite, as gcov or
// llvm-cov merge it).  Program A runs twice and B once, with different
// loop bounds; each prints its own tallies of the calls it makes into the
// library (TALLY lines; lm_step is static, called twice per lm_twice:
// arithmetic).  The summed per-function calls of the library must equal
// the sum of the tallies, the programs' own functions are left out with a
// one-line note, and files of another build of the library are refused in
// one line.
// RUN: rm -rf %t && mkdir -p %t/v2 && cd %t
// RUN: %sscc -O1 -fss-ideal -fPIC -shared %inputs/libmerge/libmerge.c -o libmerge.so
// RUN: %sscc -O1 -fss-ideal -DPROG_A %s -L. -lmerge -o prog_a
// RUN: %sscc -O1 -fss-ideal %s -L. -lmerge -o prog_b
// RUN: env LD_LIBRARY_PATH=%t ./prog_a 3 > a1.out
// RUN: env LD_LIBRARY_PATH=%t ./prog_a 5 > a2.out
// RUN: env LD_LIBRARY_PATH=%t ./prog_b 7 > b1.out
// RUN: %sscc -O1 -fss-ideal -DPROG_C %s -o prog_c && ./prog_c > /dev/null
// Without -lib the files of two programs are refused, pointing at -lib.
// RUN: %expect_exit 1 %ssprof prog_a.ideal.m* prog_b.ideal.m* | FileCheck %s --check-prefix=TWO
// TWO: differs from {{.*}}with -lib)
// RUN: %ssprof -lib libmerge.so -json prog_a.ideal.m* prog_b.ideal.m* > doc.json 2> err
// RUN: FileCheck %s --check-prefix=NOTE < err
// NOTE: ssprof: note: -lib libmerge.so: the counts of 2 other objects left out (prog_a, prog_b)
// NOTE-NOT: warning
// RUN: %python -c "import json,collections; d=json.load(open('doc.json')); want=collections.Counter(); [want.update({l.split()[1]: int(l.split()[2])}) for f in ('a1.out','a2.out','b1.out') for l in open(f) if l.startswith('TALLY')]; got={f['name']: f['calls'] for f in d['functions']}; assert got == dict(want), (got, dict(want)); assert {f['dso'] for f in d['functions']} == {'libmerge.so'}; assert d['programs'] == ['prog_a', 'prog_b'] and d['library'].endswith('/libmerge.so'), (d['programs'], d['library']); print('summed', sorted(got.items()))" | FileCheck %s
// CHECK: summed [('lm_add', 8), ('lm_apply', 1), ('lm_step', 44), ('lm_twice', 22), ('lm_unused', 0)]
// The listing names the library and the programs (the target: the first
// that loads it; prog_c does not); a prefix selects it too.
// RUN: %ssprof -lib libmerge prog_c.ideal.m* prog_b.ideal.m* prog_a.ideal.m* 2>/dev/null | FileCheck %s --check-prefix=LIST
// LIST: prog_b (x86-64): Target program
// LIST-NEXT: libmerge.so: Library, its counts summed over 2 programs: prog_b prog_a
// LIST: lm_step
// A library no file loads, and another build of the library: one line each.
// RUN: %expect_exit 1 %ssprof -lib libnone.so prog_a.ideal.m* | FileCheck %s --check-prefix=NONE
// NONE: no instrumented module of library 'libnone.so'
// RUN: %sscc -O1 -fss-ideal -DLM_OTHER -fPIC -shared %inputs/libmerge/libmerge.c -o v2/libmerge.so
// RUN: env LD_LIBRARY_PATH=%t/v2 ./prog_b 2 > /dev/null
// RUN: %expect_exit 1 %ssprof -lib libmerge.so prog_a.ideal.m* prog_b.ideal.m* | FileCheck %s --check-prefix=BUILD
// BUILD: libmerge.so is another build of libmerge.so than the one in {{.*}}(build-id differs); -lib sums the counts of one build
#include <stdio.h>
#include <stdlib.h>

int lm_add(int a, int b);
int lm_twice(int x);
int lm_apply(int (*f)(int), int n);

static int __attribute__((unused)) square(int x) { return x * x; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1, s = 0;
  unsigned adds = 0, twices = 0, applies = 0;
#if defined PROG_C /* uses no library */
  s = n;
#elif defined PROG_A
  for (int i = 0; i < n; i++, adds++)
    s = lm_add(s, i);
  for (int i = 0; i < n; i++, twices++)
    s += lm_twice(i);
#else
  for (int i = 0; i < 2 * n; i++, twices++)
    s += lm_twice(i);
  s += lm_apply(square, n);
  applies++;
#endif
  printf("%d\n", s);
  printf("TALLY lm_add %u\n", adds);
  printf("TALLY lm_twice %u\n", twices);
  printf("TALLY lm_step %u\n", 2 * twices);
  printf("TALLY lm_apply %u\n", applies);
  printf("TALLY lm_unused 0\n");
  return 0;
}
