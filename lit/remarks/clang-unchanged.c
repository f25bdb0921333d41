// Capturing the remarks changes nothing clang prints or generates: with
// and without -fss-remarks (and the -gline-tables-only it adds, given to
// the reference too), for no -R flag, for -Rpass flags that select some of
// the passes the capture listens to and some it does not, and with a
// frontend warning and two backend warnings (a vectorization the pragma
// asks for and that fails, -Wframe-larger-than: the optimizer and the code
// generator report them through the diagnostic handler the capture wraps), clang's diagnostics are the same bytes, and so is the code.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O3 -gline-tables-only -Wall -Wframe-larger-than=64 -c %s -o ref.o 2> ref.err
// RUN: %sscc -O3 -fss-remarks -Wall -Wframe-larger-than=64 -c %s -o ours.o 2> ours.all
// RUN: grep -v '^#<swp' ours.all > ours.err
// RUN: diff ref.err ours.err
// RUN: FileCheck %s --check-prefix=DIAG < ours.err
// RUN: llvm-objdump -d --no-show-raw-insn ref.o | grep -v 'file format' > ref.dis
// RUN: llvm-objdump -d --no-show-raw-insn ours.o | grep -v 'file format' > ours.dis
// RUN: diff ref.dis ours.dis
// DIAG: warning: unused variable 'unused'
// DIAG: warning: loop not vectorized: the optimizer was unable to perform the requested transformation
// DIAG: warning: stack frame size ({{[0-9]+}}) exceeds limit (64) in 'big_frame'
//
// RUN: %clang -O3 -gline-tables-only -fno-caret-diagnostics -Rpass=loop-vectorize -Rpass-missed=licm -c %s -o ref2.o 2> ref2.err
// RUN: %sscc -O3 -fss-remarks -fno-caret-diagnostics -Rpass=loop-vectorize -Rpass-missed=licm -c %s -o ours2.o 2> ours2.all
// RUN: grep -v '^#<swp' ours2.all > ours2.err
// RUN: diff ref2.err ours2.err
// RUN: FileCheck %s --check-prefix=RPASS < ours2.err
// RPASS: remark: vectorized loop
// RPASS-NOT: remark: loop not vectorized
// RPASS-NOT: remark: unrolled
//
// RUN: %clang -O2 -gline-tables-only -fno-caret-diagnostics -Rpass-analysis=inline -Rpass-missed=gvn -c %s -o ref3.o 2> ref3.err
// RUN: %sscc -O2 -fss-remarks -fno-caret-diagnostics -Rpass-analysis=inline -Rpass-missed=gvn -c %s -o ours3.o 2> ours3.all
// RUN: grep -v '^#<swp' ours3.all > ours3.err
// RUN: diff ref3.err ours3.err
// RUN: llvm-objdump -d --no-show-raw-insn ref3.o | grep -v 'file format' > ref3.dis
// RUN: llvm-objdump -d --no-show-raw-insn ours3.o | grep -v 'file format' > ours3.dis
// RUN: diff ref3.dis ours3.dis
//
// And the lines themselves are there, on stderr.
// RUN: FileCheck %s --check-prefix=LINES < ours.all
// LINES: #<swps> Loop line {{[0-9]+}} ({{.*}}clang-unchanged.c): vectorized
// LINES: #<swpf> Loop line {{[0-9]+}} ({{.*}}clang-unchanged.c) wasn't vectorized because: call instruction cannot be vectorized

extern float ext(float);
extern void use(char *);

void saxpy(float *restrict y, const float *restrict x, float a, int n) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

void with_call(float *restrict y, const float *restrict x, int n) {
  int unused;
  for (int i = 0; i < n; i++)
    y[i] = ext(x[i]);
}

void big_frame(void) {
  char buf[256];
  use(buf);
}

float forced(const float *x, const int *stop) {
  float s = 0;
#pragma clang loop vectorize(enable)
  for (int i = 0; stop[i]; i++)
    s += ext(x[i]);
  return s;
}
