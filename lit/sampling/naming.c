// ssrun -EXP writes <exe>.<exp>.m<pid> for a program built without sscc,
// with the experiment's name and the seeds' marching orders in PROCESS, and
// the SAMPLING record of that experiment.
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -usertime ./prog > pid && ls > listing && cat pid listing | FileCheck %s --check-prefix=UT
// UT: [[PID:[0-9]+]]
// UT: prog.usertime.m[[PID]]
// RUN: cd %t && %ssdump prog.usertime.m* | FileCheck %s --check-prefix=UTREC
// UTREC: PROCESS pid={{[0-9]+}} ppid={{[0-9]+}} code=m exit=0 signal=0 experiment=usertime orders=ut:cu target={{.*}}/prog
// UTREC: SAMPLING kind=usertime flags=1 interval_ns=30000000 {{.*}} threads=1 bin=0 clock="{{perf_event task-clock per thread|CLOCK_THREAD_CPUTIME_ID timer per thread}}"
// UTREC: END
// The task clock where perf_event_open allows it, the CPU-time timer
// otherwise (and when the runtime is told to keep it, as here).
// RUN: rm -rf %t/timer && mkdir %t/timer && cd %t/timer && env _SSRT_SAMPLING_CLOCK=timer %ssrun -usertime ../prog > pid
// RUN: cd %t/timer && %ssdump prog.usertime.m* | FileCheck %s --check-prefix=TIMER
// TIMER: SAMPLING kind=usertime flags=1 interval_ns=30000000 {{.*}} clock="CLOCK_THREAD_CPUTIME_ID timer per thread"
// RUN: rm -rf %t/fp && mkdir %t/fp && cd %t/fp && %ssrun -fpcsamp ../prog > pid && ls > listing && cat pid listing | FileCheck %s --check-prefix=FPC
// FPC: [[PID:[0-9]+]]
// FPC: prog.fpcsamp.m[[PID]]
// RUN: cd %t/fp && %ssdump prog.fpcsamp.m* | FileCheck %s --check-prefix=FPCREC
// FPCREC: experiment=fpcsamp orders=pc,2,1000,0:cu
// FPCREC: SAMPLING kind=pcsamp flags=0 interval_ns=1000000 {{.*}} bin=2
// RUN: rm -rf %t/tt && mkdir %t/tt && cd %t/tt && %ssrun -totaltime ../prog > pid && ls > listing && cat pid listing | FileCheck %s --check-prefix=TT
// TT: [[PID:[0-9]+]]
// TT: prog.totaltime.m[[PID]]
// RUN: cd %t/tt && %ssdump prog.totaltime.m* | FileCheck %s --check-prefix=TTREC
// TTREC: experiment=totaltime orders=tt:cu
// TTREC: SAMPLING kind=totaltime flags=1 interval_ns=30000000 {{.*}} clock="CLOCK_MONOTONIC timer per thread"
// The x variants: 4-byte bins.
// RUN: rm -rf %t/x && mkdir %t/x && cd %t/x && %ssrun -pcsampx ../prog > pid && %ssdump prog.pcsampx.m* | FileCheck %s --check-prefix=X
// X: experiment=pcsampx orders=pc,4,10000,0:cu
// X: SAMPLING kind=pcsamp flags=0 interval_ns=10000000 {{.*}} bin=4
// No temporary file is left behind.
// RUN: ls -a %t %t/fp %t/tt %t/x | not grep 'm[0-9]*\.tmp'
#include <stdio.h>
#include <unistd.h>

#include "spin.h"

int main(void) {
  printf("%d\n", (int)getpid());
  spin(0.05);
  return 0;
}
