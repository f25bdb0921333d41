// Caliper points from ss_caliper_point(): notes in order between "target
// begin" (point 0) and the end (point 4); every sample carries the number
// of points recorded before it: 1..4, never decreasing in time order.
//
// totaltime, so that every phase surely has a sample (issue 29): a
// wall-clock timer is an hrtimer that expires on time, once per 30 ms, and
// each phase lasts at least its 60 ms of CPU time (100 ms the last, so an
// expiry falls 40 ms before the end); a CPU-time timer (pcsamp) is checked
// only at scheduler ticks that find the thread running, and on a loaded
// machine a 50 ms phase once got none (1 failure in 50 rounds of
// scripts/repeat-tests.sh).
// RUN: rm -rf %t && mkdir -p %t && cd %t && %sscc -O1 -fss-sampling -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -totaltime ./prog && %ssdump --check-calipers prog.totaltime.m* | FileCheck %s
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
  spin(0.06);
  ss_caliper_point("setup done");
  spin(0.06);
  ss_caliper_point("phase 2");
  spin(0.06);
  ss_caliper_point(0);
  spin(0.1);
  return 0;
}
