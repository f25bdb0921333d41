// ssrun -calsig: each arrival of the signal records a caliper point.
// totaltime, whose wall-clock timer surely gives the 90 ms samples to
// number (a CPU-time timer can lose its 3 on a loaded machine: issue 29).
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -calsig SIGUSR2 -totaltime ./prog && %ssdump --check-calipers prog.totaltime.m* | FileCheck %s
// CHECK: NOTE caliper Caliper point 1 at signal SIGUSR2 (12)
// CHECK-NEXT: NOTE caliper Caliper point 2 at signal SIGUSR2 (12)
// CHECK-NEXT: NOTE caliper Caliper point 3 at exit(0)
// CHECK: calipers: {{[1-3]}}..{{[1-3]}}, nondecreasing
// A number works too.
// RUN: rm -f %t/prog.* && cd %t && %ssrun -calsig 12 -pcsamp ./prog && %ssdump prog.pcsamp.m* | FileCheck %s --check-prefix=NUM
// NUM: NOTE caliper Caliper point 2 at signal SIGUSR2 (12)
#include <signal.h>

#include "spin.h"

int main(void) {
  spin(0.03);
  raise(SIGUSR2);
  spin(0.03);
  raise(SIGUSR2);
  spin(0.03);
  return 0;
}
