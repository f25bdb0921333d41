// A program built with sscc -fss-ideal: under ssrun -usertime its one file
// is named for usertime and holds both its exact counts (COUNTS) and the
// samples; ssrun -ideal just runs it, and it writes its ideal file itself.
// RUN: rm -rf %t && mkdir -p %t/ut %t/ideal && cd %t && %sscc -O1 -fss-ideal -I%S/Inputs %s -o prog
// RUN: cd %t/ut && %ssrun -usertime ../prog && ls | FileCheck %s --check-prefix=UTNAME
// UTNAME: prog.usertime.m{{[0-9]+$}}
// RUN: cd %t/ut && %ssdump prog.usertime.m* | FileCheck %s --check-prefix=UT
// UT: experiment=usertime orders=ut:cu
// UT: COUNTS
// UT: SAMPLING kind=usertime
// UT: SAMPLES thread=0
// RUN: cd %t/ideal && %ssrun -ideal ../prog 2> err && ls | FileCheck %s --check-prefix=IDEAL
// IDEAL: prog.ideal.m{{[0-9]+$}}
// RUN: count 0 < %t/ideal/err
// RUN: cd %t/ideal && %ssdump prog.ideal.m* | FileCheck %s --check-prefix=IDEALREC
// IDEALREC: experiment=ideal orders=it:cu
// IDEALREC-NOT: SAMPLING
// An uninstrumented program under -ideal: a warning, and no file.
// RUN: cd %t && %clang -O1 -I%S/Inputs %s -o plain && %ssrun -ideal ./plain 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: ssrun: warning: ./plain has no code compiled with sscc -fss-ideal; the ideal experiment will record nothing
#include "spin.h"

int main(void) {
  spin(0.1);
  return 0;
}
