// Samples in a shared library whose map entry is flagged unloaded (it was
// dlclose'd before the file was written) are symbolized from the
// library's path, and its call from the executable is found at the return
// address.  A library rebuilt since the run (another build-id) or gone is
// named once in a warning, and its samples are shown by address.
//
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %clang -O0 -g -shared -fPIC %S/Inputs/sampled_lib.c -o %t.dir/libsampled.so
// RUN: %clang -O0 -g %s %t.dir/libsampled.so -o %t.dir/prog
// RUN: %python %S/../tools/sample_at.py --gen %testbin/prof-synth-gen --out %t.dir/prog.usertime.m1 --exe %t.dir/prog --lib %t.dir/libsampled.so@unloaded --source %S/Inputs/sampled_lib.c --sample "4 pc:lib:lib_work:@lib-loop ret:exe:main:lib_work" | FileCheck %s --check-prefix=REF
// RUN: %ssprof -nh -b -dsolist %t.dir/prog.usertime.m1 2>%t.err | FileCheck %s
// Nothing on stderr but the warning that 4 samples are few.
// RUN: not grep -v "ssprof: warning: only 4 samples" %t.err
//
// REF: frame 0: lib_work sampled_lib.c:5
// REF: frame 1: main shared-lib.c:[[# @LINE + 26]]
//
// Ties on inclusive time go to the larger exclusive time: lib_work is [1].
// CHECK: [1] 0.120 100.0% 100.0% 0.120 100.0% 4 lib_work (libsampled.so: sampled_lib.c, 2)
// CHECK: [2] 0.000 0.0% 100.0% 0.120 100.0% 4 main (prog: shared-lib.c, [[# @LINE + 21]])
// CHECK: 100.0% 0.120 0.120 main (@0x{{[0-9a-f]+}}; prog: shared-lib.c, [[# @LINE + 21]]) [2]
// CHECK-NEXT: [1] 100.0% 0.120 100.0% 0.120 lib_work [1]
// CHECK: libsampled.so 0x7f{{[0-9a-f]+}} - 0x7f{{[0-9a-f]+}}, {{.*}}libsampled.so [unloaded]
//
// The library rebuilt (its build-id in the file no longer matches):
// RUN: %python %S/../tools/sample_at.py --gen %testbin/prof-synth-gen --out %t.dir/prog.usertime.m2 --exe %t.dir/prog --lib %t.dir/libsampled.so --stale lib --source %S/Inputs/sampled_lib.c --sample "4 pc:lib:lib_work:@lib-loop ret:exe:main:lib_work"
// RUN: %ssprof -nh %t.dir/prog.usertime.m2 2>%t.err2 | FileCheck %s --check-prefix=STALE
// RUN: FileCheck %s --check-prefix=STALEWARN < %t.err2
// STALEWARN: ssprof: warning: {{.*}}libsampled.so changed since the experiment (build-id differs); its samples are shown by address
// STALE: 0.120 100.0% 100.0% 0.120 100.0% 4 libsampled.so+0x{{[0-9a-f]+}} (libsampled.so)
// STALE: 0.000 0.0% 100.0% 0.120 100.0% 4 main (prog: shared-lib.c,
//
// The library gone:
// RUN: rm %t.dir/libsampled.so
// RUN: %ssprof -nh %t.dir/prog.usertime.m1 2>&1 >/dev/null | FileCheck %s --check-prefix=GONE
// GONE: ssprof: warning: {{.*}}libsampled.so cannot be read (No such file or directory); its samples are shown by address
#include <stdio.h>

long lib_work(long n);

int main(void) {
  long r = lib_work(1000); // call-lib
  printf("%ld\n", r);
  return 0;
}
