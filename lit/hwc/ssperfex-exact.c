// ssperfex -y on a program built with sscc -fss-ideal: exact instruction
// classes from the ideal experiment, no PMU needed.  The loop runs
// 2000 x 1000 = 2,000,000 iterations of one multiply and two adds on
// doubles (scalar: vectorizing is off), so the scalar FP instructions are
// 6,000,000 -- the source's arithmetic, not our output -- plus the final
// comparison `s > 1.0` (one ucomisd), and the only store per iteration
// (a[i]) makes stores 2,000,000 plus the few of main's prologue.  Statistics from exact counts alone are marked exact,
// those with a measured time not.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -fss-ideal %s -o prog
// RUN: cd %t && %ssperfex -e task-clock -y ./prog 2> y.txt
// RUN: FileCheck %s < %t/y.txt
// CHECK: Exact counts of the code built with sscc -fss-ideal (from ./prog.ideal.m{{[0-9]+}};
// CHECK: 21 Graduated floating point instructions (scalar).{{.*}} 6000001 (exact)
// CHECK: Statistics
// CHECK: Graduated loads & stores/floating point instruction{{.*}} (exact)
// CHECK: MFLOPS (average per process){{.*}} (counted/estimated)
// RUN: %python -c "import re, sys; n = int(re.search(r'19 Graduated stores\.+ +([0-9]+) \(exact\)', open('%t/y.txt').read()).group(1)); sys.exit(0 if 2000000 <= n <= 2000010 else 'stores %%d' %% n)"
#include <stdio.h>

double a[1000], b[1000];

int main(void) {
  double s = 0;
  for (int r = 0; r < 2000; r++)
    for (int i = 0; i < 1000; i++) {
      a[i] = a[i] * 0.5 + b[i];
      s += a[i];
    }
  return s > 1.0;
}
