// Call stacks reach main: in most samples (at least 80%) of depth >= 3
// taken in the program's own code, one address lies in main -- with frame
// pointers (-O0 -fno-omit-frame-pointer, walked by frame pointers alone and
// by the default libunwind walker), without (-O2, libunwind's DWARF
// unwinding), and built by sscc -fss-sampling -O2.
//
// Never flaky (issue 29): totaltime, whose wall-clock timer surely fires
// 10 times in the 0.3 s the program spends, and only samples whose PC is
// in the executable (--exe-only): a sample can land in a library's own
// code outside main (liblzma's, which libunwind loads: once in 90 runs),
// whose walk may stop early (with usertime this failed the test in round
// 19 of 50 of scripts/repeat-tests.sh); the executable's own code outside
// main runs for microseconds, a sample at most.
// RUN: rm -rf %t && mkdir -p %t/fp %t/fponly %t/o2 %t/sscc && cd %t
// RUN: %clang -O0 -fno-omit-frame-pointer -I%S/Inputs %s -o prog-fp
// RUN: %sscc -O2 -fss-sampling -I%S/Inputs %s -o prog-sscc
// RUN: %clang -O2 -I%S/Inputs %s -o prog-o2
// RUN: cd %t/fp && %ssrun -totaltime ../prog-fp && %ssdump --exe-only --frames-in main prog-fp.totaltime.m* | FileCheck %s
// RUN: cd %t/fponly && env _SSRT_STACK_WALK=fp %ssrun -totaltime ../prog-fp && %ssdump --exe-only --frames-in main prog-fp.totaltime.m* | FileCheck %s
// RUN: cd %t/o2 && %ssrun -totaltime ../prog-o2 && %ssdump --exe-only --frames-in main prog-o2.totaltime.m* | FileCheck %s
// sscc -fss-sampling keeps frame pointers at -O2: walked by them alone.
// RUN: cd %t/sscc && env _SSRT_STACK_WALK=fp %ssrun -totaltime ../prog-sscc && %ssdump --exe-only --frames-in main prog-sscc.totaltime.m* | FileCheck %s
// CHECK: SAMPLING kind=totaltime flags=1
// CHECK: frames in main: ok
// libunwind reaches the outermost frame (_start) from the program's code:
// no such sample is incomplete.
// RUN: cd %t/o2 && %ssdump --exe-only --check-complete prog-o2.totaltime.m* | FileCheck %s --check-prefix=COMPLETE
// COMPLETE: incomplete: 0 of {{[1-9][0-9]*}} samples
// usertime walks the same way (its CPU-time timer gives no sure count).
// RUN: cd %t/o2 && %ssrun -usertime ../prog-o2 && %ssdump prog-o2.usertime.m* | FileCheck %s --check-prefix=UT
// UT: SAMPLING kind=usertime flags=1
#include "spin.h"

NOINLINE static void inner(void) { spin(0.15); }
NOINLINE static void outer(void) {
  inner();
  spin(0.15);
}

int main(void) {
  outer();
  return 0;
}
