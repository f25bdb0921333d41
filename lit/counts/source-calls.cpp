// Calls at the source level in C++ through sscc++: a function template
// instantiated twice and a lambda, both called from loops and inlined at
// -O2 and -O3, and a recursive template the optimizer turns into a loop.
// The program counts each call itself (tally.h: ENTER() in each function;
// __func__ is "twice" for both instantiations and "operator()" for the
// lambda, which is how sscheck.py names them too); sscheck.py compares
// them with ssprof -json, inlinedcheck.py checks the inlined marks.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %ssxx -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %ssxx -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %ssprof -json prog.ideal.m* | %python %S/../tools/inlinedcheck.py "int twice<int>(int)" "double twice<double>(double)"
// RUN: cd %t/O3 && %ssxx -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#define TALLY_MAIN
#include "tally.h"

#include <cstdio>
#include <cstdlib>

template <typename T> T twice(T x) {
  ENTER();
  return x + x;
}

template <typename T> T power_sum(T base, int n, T acc) {
  ENTER();
  if (n == 0)
    return acc;
  return power_sum(base, n - 1, acc * base + 1);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 200;
  long s = 0;
  double d = 0;
  auto weigh = [&](int i) {
    ENTER();
    return i % 7 == 0 ? 3 : 1;
  };
  for (int i = 0; i < n; i++) {
    s += twice(i) * weigh(i);
    if (i % 3 == 0)
      d += twice(i * 0.5);
  }
  s += power_sum(3L, n / 4, 0L);
  std::printf("result %ld %g\n", s, d);
  tally_report();
  return 0;
}
