// A C++ inline template instantiated in two translation units: the linker
// keeps one copy of dot<double>, and with it one object's block markers
// (each object's .pseudo_probe table of it sits in the function's COMDAT
// group).  Both units call the copy that was kept; ssprof's instructions
// equal callgrind's, per function and in total, whichever object comes
// first on the command line.  Two modules: the first call of the thread
// into each runs one prologue twice, which the restart counters count.
// The code generator copies the test after dot's unrolled loop (is n
// odd?) into the n == 1 path, and the counters tell how often the
// remainder ran, not from which copy; but no count is negative, and the
// bounds that puts on each way leave one answer here: no block is an
// estimate (--estimated 0).
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %ssxx -O2 -gdwarf-4 -fss-ideal -I%inputs/comdat %s %inputs/comdat/other.cpp -o %t/ab
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --demangle=no --callgrind-out-file=%t/ab.cg %t/ab > %t/ab.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py --estimated 0 --tolerance 0 %t/ab %t/ab.cg %t/ab.ideal.m* %s %inputs/comdat/other.cpp
// RUN: rm -f %t/*.ideal.*
// RUN: %ssxx -O2 -gdwarf-4 -fss-ideal -I%inputs/comdat %inputs/comdat/other.cpp %s -o %t/ba
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --demangle=no --callgrind-out-file=%t/ba.cg %t/ba > %t/ba.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py --estimated 0 --tolerance 0 %t/ba %t/ba.cg %t/ba.ideal.m* %s %inputs/comdat/other.cpp
#include "dot.h"

#include <cstdio>

static double a[64], b[64];

int main() {
  for (int i = 0; i < 64; i++) {
    a[i] = i;
    b[i] = 64 - i;
  }
  double total = 0;
  for (int r = 0; r < 300; r++)
    total += dot(a, b, 64 - r % 5);
  total += from_other_unit(200);
  std::printf("%g\n", total);
  return 0;
}
