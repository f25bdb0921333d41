// usertime call stacks reach main: in most samples (at least 80%) of depth
// >= 3, one address lies in main -- with frame pointers (-O0
// -fno-omit-frame-pointer, walked by frame pointers alone and by the
// default libunwind walker), without (-O2, libunwind's DWARF unwinding), and
// built by sscc -fss-sampling -O2.
// RUN: rm -rf %t && mkdir -p %t/fp %t/fponly %t/o2 %t/sscc && cd %t
// RUN: %clang -O0 -fno-omit-frame-pointer -I%S/Inputs %s -o prog-fp
// RUN: %sscc -O2 -fss-sampling -I%S/Inputs %s -o prog-sscc
// RUN: %clang -O2 -I%S/Inputs %s -o prog-o2
// RUN: cd %t/fp && %ssrun -usertime ../prog-fp && %ssdump --frames-in main prog-fp.usertime.m* | FileCheck %s
// RUN: cd %t/fponly && env _SSRT_STACK_WALK=fp %ssrun -usertime ../prog-fp && %ssdump --frames-in main prog-fp.usertime.m* | FileCheck %s
// RUN: cd %t/o2 && %ssrun -usertime ../prog-o2 && %ssdump --frames-in main prog-o2.usertime.m* | FileCheck %s
// sscc -fss-sampling keeps frame pointers at -O2: walked by them alone.
// RUN: cd %t/sscc && env _SSRT_STACK_WALK=fp %ssrun -usertime ../prog-sscc && %ssdump --frames-in main prog-sscc.usertime.m* | FileCheck %s
// CHECK: SAMPLING kind=usertime flags=1
// CHECK: frames in main: ok
// libunwind reaches the outermost frame (_start): no sample is incomplete.
// RUN: cd %t/o2 && %ssdump prog-o2.usertime.m* | FileCheck %s --check-prefix=COMPLETE
// COMPLETE: SAMPLING kind=usertime {{.*}} lost=0 incomplete=0
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
