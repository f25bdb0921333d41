// Ideal time counts the program's own instructions exactly: ssprof's
// instructions per function and in total equal callgrind's count of the
// same run, the instrumentation's instructions told apart by the line table
// alone (lit/tools/ideal_callgrind.py).  Nested loops, a reduction, calls in
// a loop, a counted do-while, at -O0, -O2 and -O3.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O0 -gdwarf-4 -fss-ideal %s -o %t/o0
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o0.cg %t/o0 > %t/o0.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o0 %t/o0.cg %t/o0.ideal.m* %s
// RUN: rm -f %t/*.ideal.*
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// RUN: rm -f %t/*.ideal.*
// RUN: %sscc -O3 -gdwarf-4 -fss-ideal %s -o %t/o3
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o3.cg %t/o3 > %t/o3.out 2>/dev/null
// -O3 unrolls dot() and the code generator merges the unrolled copies'
// ways out: a block or two are estimates there.
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py --estimated 2 --tolerance 1 %t/o3 %t/o3.cg %t/o3.ideal.m* %s
#include <stdio.h>

static double a[64][64], b[64][64];

__attribute__((noinline)) static double dot(const double *x, const double *y,
                                            int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

__attribute__((noinline)) static unsigned collatz(unsigned n) {
  unsigned steps = 0;
  do {
    n = n % 2 ? 3 * n + 1 : n / 2;
    steps++;
  } while (n != 1);
  return steps;
}

int main(void) {
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++) {
      a[i][j] = i + j;
      b[j][i] = i - j;
    }
  double total = 0;
  for (int r = 0; r < 5; r++)
    for (int i = 0; i < 64; i++)
      total += dot(a[i], b[(i + r) % 64], 64 - r);
  unsigned steps = 0;
  for (unsigned n = 2; n < 300; n++)
    steps += collatz(n);
  printf("%g %u\n", total, steps);
  return 0;
}
