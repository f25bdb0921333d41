// ssrun -interval MS sets the sampling interval of usertime, totaltime and
// the pcsamp family (the SAMPLING record carries it, and samples x interval
// stays the CPU time), and ssprof warns when a run has too few samples to
// trust a share.  The program burns 0.3 s of its own CPU time.
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 %s -o prog
// RUN: cd %t && %ssrun -interval 2 -usertime ./prog && %ssdump prog.usertime.m* | FileCheck %s
// CHECK: SAMPLING kind=usertime flags=1 interval_ns=2000000
// 0.3 s at 2 ms: about 150 samples, no warning; at the default 30 ms about
// 10, and the warning with its uncertainty (100 / sqrt(n) points).
// RUN: cd %t && %ssprof prog.usertime.m* 2> few.txt > /dev/null && count 0 < few.txt
// RUN: rm -rf %t/d && mkdir %t/d && cd %t/d && %ssrun -usertime ../prog && %ssprof prog.usertime.m* 2>&1 > /dev/null | FileCheck %s --check-prefix=FEW
// FEW: ssprof: warning: only {{[0-9]+}} samples: a share may be off by {{[0-9]+}} points (two standard deviations); sample a longer run or more often (ssrun -interval)
// RUN: %expect_exit 2 %ssrun -interval 0 -usertime ./prog | FileCheck %s --check-prefix=ZERO
// ZERO: ssrun: -interval 0: give milliseconds from 0.001 to 3600000, as in -interval 5
// RUN: %expect_exit 2 %ssrun -interval 5 -io ./prog | FileCheck %s --check-prefix=NOTSAMPLING
// NOTSAMPLING: ssrun: -interval applies to usertime, totaltime and the pcsamp family
#include <time.h>

static volatile double sink;

int main(void) {
  struct timespec t;
  double x = 0;
  do {
    for (int i = 0; i < 100000; i++)
      x = x * 0.9999999 + 0.5;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  } while (t.tv_sec == 0 && t.tv_nsec < 300000000);
  sink = x;
  return 0;
}
