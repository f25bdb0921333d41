// Caliper points from ss_caliper_point(): notes in order between "target
// begin" (point 0) and the end (point 4); every sample carries the number
// of points recorded before it: 1..4, never decreasing in time order.
// RUN: rm -rf %t && mkdir -p %t && cd %t && %sscc -O1 -fss-sampling -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -pcsamp ./prog && %ssdump --check-calipers prog.pcsamp.m* | FileCheck %s
// CHECK: NOTE caliper Caliper point 0 at target begin, PID
// CHECK-NEXT: NOTE text {{.*}}/prog
// CHECK-NEXT: NOTE caliper Caliper point 1 at setup done
// CHECK-NEXT: NOTE caliper Caliper point 2 at phase 2
// CHECK-NEXT: NOTE caliper Caliper point 3 at ss_caliper_point
// CHECK-NEXT: NOTE caliper Caliper point 4 at exit(0)
// CHECK: calipers: 1..4, nondecreasing
// Without an experiment the calls do nothing and no file is written.
// RUN: rm -rf %t/plain && mkdir %t/plain && cd %t/plain && ../prog && ls | count 0
#include <ss/caliper.h>

#include "spin.h"

int main(void) {
  spin(0.05);
  ss_caliper_point("setup done");
  spin(0.05);
  ss_caliper_point("phase 2");
  spin(0.05);
  ss_caliper_point(0);
  spin(0.05);
  return 0;
}
