// Loop interchange (clang 14 runs it with -mllvm -enable-loopinterchange):
// the summary of each loop of a nest agrees with clang's loop-interchange,
// loop-vectorize and loop-unroll remarks.  column_walk's nest runs down
// the columns of row-major arrays: interchanged, after which its j loop is
// the inner one and is vectorized; row_walk is in order already; the
// dependence in dependent() forbids it.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O3 -mllvm -enable-loopinterchange -fss-remarks -c %s -o ours.o 2> ours
// RUN: %clang -O3 -mllvm -enable-loopinterchange -gline-tables-only -fno-caret-diagnostics -c %s -o ref.o -Rpass='loop-interchange|loop-vectorize|loop-unroll' -Rpass-missed='loop-interchange|loop-vectorize|loop-unroll' -Rpass-analysis='loop-interchange|loop-vectorize|loop-unroll' 2> ref
// RUN: %python %S/../tools/remarks_agree.py ref ours | FileCheck %s --check-prefix=AGREE
// RUN: FileCheck %s < ours
// AGREE: remarks agree: 4 loops

#define N 512
float A[N][N], B[N][N];

// CHECK: #<swps> Loop line [[@LINE+3]] ({{.*}}interchange.c): vectorized, width
// CHECK-NEXT: #<swps> Loop line [[@LINE+3]] ({{.*}}interchange.c): interchanged with the enclosing loop
void column_walk(void) {
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      A[i][j] += B[i][j];
}

// LLVM 14 calls it too costly, LLVM 19 of no use to locality or vectorization:
// CHECK-NEXT: #<swps> Loop line [[@LINE+3]] ({{.*}}interchange.c): vectorized, width {{.*}}; wasn't interchanged because: {{interchanging loops is too costly|interchanging loops is not considered to improve cache locality nor vectorization}}
void row_walk(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] += B[i][j];
}

// CHECK-NEXT: #<swpf> Loop line [[@LINE+3]] ({{.*}}interchange.c) wasn't vectorized because: {{.*}}; wasn't interchanged because: cannot interchange loops due to dependences
void dependent(void) {
  for (int j = 1; j < N; j++)
    for (int i = 1; i < N; i++)
      A[i][j] = A[i - 1][j + 1] + 1;
}
// CHECK-NOT: #<swp
