// sscc -fss-remarks: one #<swps>/#<swpf> line per loop, in source order,
// and every fact in it what clang itself says of the same file and flags
// with -Rpass/-Rpass-missed/-Rpass-analysis for loop-vectorize and
// loop-unroll (lit/tools/remarks_agree.py compares the two both ways).
// The loops are built for one outcome each; the CHECK lines say which.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O3 -fss-remarks -c %s -o o3.o 2> o3.ours
// RUN: %clang -O3 -gline-tables-only -fno-caret-diagnostics -c %s -o ref3.o -Rpass='loop-vectorize|loop-unroll' -Rpass-missed='loop-vectorize|loop-unroll' -Rpass-analysis='loop-vectorize|loop-unroll' 2> o3.ref
// RUN: %python %S/../tools/remarks_agree.py o3.ref o3.ours | FileCheck %s --check-prefix=AGREE
// RUN: FileCheck %s < o3.ours
// RUN: %sscc -O2 -fss-remarks -c %s -o o2.o 2> o2.ours
// RUN: %clang -O2 -gline-tables-only -fno-caret-diagnostics -c %s -o ref2.o -Rpass='loop-vectorize|loop-unroll' -Rpass-missed='loop-vectorize|loop-unroll' -Rpass-analysis='loop-vectorize|loop-unroll' 2> o2.ref
// RUN: %python %S/../tools/remarks_agree.py o2.ref o2.ours | FileCheck %s --check-prefix=AGREE
// RUN: FileCheck %s < o2.ours
// AGREE: remarks agree: {{[1-9][0-9]*}} loops
//
// At -O0 nothing is optimized: no line.
// RUN: %sscc -O0 -fss-remarks -c %s -o o0.o 2> o0.ours
// RUN: count 0 < o0.ours

extern float ext(float);

// CHECK: #<swps> Loop line [[@LINE+2]] ({{.*}}vectorize.c): vectorized, width {{[0-9]+}}
void saxpy(float *restrict y, const float *restrict x, float a, int n) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

// CHECK-NEXT: #<swpf> Loop line [[@LINE+2]] ({{.*}}vectorize.c) wasn't vectorized because: call instruction cannot be vectorized
void with_call(float *restrict y, const float *restrict x, int n) {
  for (int i = 0; i < n; i++)
    y[i] = ext(x[i]);
}

// Unknown aliasing: the stores go through idx.
// CHECK-NEXT: #<swpf> Loop line [[@LINE+2]] ({{.*}}vectorize.c) wasn't vectorized because: cannot identify array bounds
void scatter(float *y, const int *idx, const float *x, int n) {
  for (int i = 0; i < n; i++)
    y[idx[i]] += x[i];
}

// CHECK-NEXT: #<swpf> Loop line [[@LINE+3]] ({{.*}}vectorize.c) wasn't vectorized because: could not determine number of loop iterations
int length(const int *p) {
  int n = 0;
  while (p[n] != 0)
    n++;
  return n;
}

// Seven pointers that may alias: more run-time checks than LLVM 14's
// vectorizer makes; LLVM 19's makes them and vectorizes.  Either way the
// line says what clang says (remarks_agree.py, above).
// CHECK-NEXT: #<swp{{f> Loop line [0-9]+ \(.*vectorize.c\) wasn't vectorized because: cannot prove it is safe to reorder memory operations; allow reordering by specifying '#pragma clang loop vectorize\(enable\)' before the loop. If the arrays will always be independent specify '#pragma clang loop vectorize\(assume_safety\)' before the loop or provide the '__restrict__' qualifier|s> Loop line [0-9]+ \(.*vectorize.c\): vectorized, width [0-9]+}}
void many(float *a, float *b, float *c, float *d, float *e, float *f, float *g, int n) {
  for (int i = 0; i < n; i++) {
    a[i] = b[i] + c[i]; b[i] = c[i] + d[i]; c[i] = d[i] + e[i];
    d[i] = e[i] + f[i]; e[i] = f[i] + g[i]; f[i] = g[i] + a[i];
  }
}

// CHECK-NEXT: #<swpf> Loop line [[@LINE+3]] ({{.*}}vectorize.c) wasn't vectorized because: cannot prove it is safe to reorder floating-point operations; allow reordering by specifying '#pragma clang loop vectorize(enable)' before the loop or by providing the compiler option '-ffast-math'; also: unrolled {{[0-9]+}} (run-time trip count)
float sum(const float *x, int n) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

// CHECK-NEXT: #<swps> Loop line [[@LINE+2]] ({{.*}}vectorize.c): completely unrolled (4 iterations)
void four_calls(float *restrict y) {
  for (int i = 0; i < 4; i++)
    y[i] = ext(y[i]);
}

// CHECK-NOT: #<swp
