// ssprof -branches against gcov: the same program built with
// `gcc --coverage -O0` and with `sscc -O0 -fss-ideal`, run alike; for every
// line, gcov -b -c's branch counts and ssprof's successor counts must be
// the same (lit/tools/gcov_branches.py), hence the same percentages.  Only
// constructs both compilers branch on at -O0: clang turns a conditional
// expression with cheap arms (`c ? 2 : 1`) into a select, so the one below
// divides.  Each branching statement starts its block (ssprof's line of a
// branch is the first line of its block).
//
// REQUIRES: gcc, gcov
// RUN: rm -rf %t && mkdir -p %t/gcc %t/sscc
// RUN: cd %t/gcc && cp %s gcov.c && gcc --coverage -O0 gcov.c -o prog && ./prog
// RUN: cd %t/gcc && gcov -b -c prog-gcov.gcda > /dev/null
// RUN: cd %t/sscc && %sscc -O0 -fss-ideal %s -o prog && ./prog
// RUN: cd %t/sscc && %ssprof -json prog.ideal.m* > doc.json
// RUN: %python %S/../tools/gcov_branches.py %t/gcc/gcov.c.gcov %t/sscc/doc.json | FileCheck %s
// CHECK: gcov_branches: 9 lines agree (22 branch edges)

volatile int sink;

__attribute__((noinline)) int work(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (i % 3 == 0)
      s += i;
    else
      s -= 1;
    if (i > 10 && (i & 1))
      s ^= i;
    if (i < 5 || i > 95)
      s += 7;
    s += (i & 4) ? i / 3 : 1;
  }
  int k = 0;
  do {
    k++;
  } while (k < n / 10);
  while (n != 1) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    sink++;
  }
  return s + k;
}

int main(int argc, char **argv) {
  (void)argv;
  int t = 0;
  for (int r = 0; r < 2 + argc; r++)
    t += work(99 + argc + r);
  sink = t;
  return 0;
}
