// The machine pipeliner runs in the code generator, after the optimizer's
// summary lines were printed (and the descriptor written): its outcome is
// one more line per loop, printed when code generation ends, and it agrees
// with clang's -Rpass=pipeliner remarks.  Hexagon pipelines by default.
//
// REQUIRES: target-hexagon
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc --target=hexagon -O3 -fss-remarks -S %s -o ours.s 2> ours
// RUN: %clang --target=hexagon -O3 -gline-tables-only -fno-caret-diagnostics -S %s -o ref.s -Rpass='pipeliner|loop-unroll' -Rpass-missed='pipeliner|loop-unroll' -Rpass-analysis='pipeliner|loop-unroll' 2> ref
// RUN: %python %S/../tools/remarks_agree.py ref ours | FileCheck %s --check-prefix=AGREE
// RUN: FileCheck %s < ours
// AGREE: remarks agree: 2 loops
//
// The optimizer's lines first, in source order, then the pipeliner's.
// CHECK: #<swps> Loop line [[#SAXPY:]] ({{.*}}pipeliner.c): unrolled
// CHECK-NEXT: #<swps> Loop line [[#CALLS:]] ({{.*}}pipeliner.c): unrolled
// CHECK-NEXT: #<swps> Loop line [[#SAXPY]] ({{.*}}pipeliner.c): software pipelined, initiation interval {{[0-9]+}} cycles, {{[0-9]+}} stages
// CHECK-NEXT: #<swpf> Loop line [[#CALLS]] ({{.*}}pipeliner.c) wasn't pipelined because: the loop structure is not supported

void saxpy(float *restrict y, const float *restrict x, float a, int n) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

extern int h(int);
void calls(int *restrict y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = h(i);
}
