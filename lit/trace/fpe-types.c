// Every floating-point exception counted exactly, by type and function:
// the program counts each operation's exceptions itself from the flags
// (fpe_tally.h), at -O0 and -O2, built by plain clang and by sscc, and
// computes, prints and exits exactly as it does untraced (its output,
// which shows results and flags, is compared byte for byte).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O0 -g -I%S/Inputs %s -o o0 -lm
// RUN: cd %t && ./o0 > o0.plain && %ssrun -fpe ./o0 > o0.traced && diff o0.plain o0.traced
// RUN: cd %t && %tracecheck --exhaustive o0.traced o0.fpe.m* | FileCheck %s
// RUN: %clang -O2 -g -I%S/Inputs %s -o o2 -lm
// RUN: cd %t && ./o2 > o2.plain && %ssrun -fpe ./o2 > o2.traced && diff o2.plain o2.traced
// RUN: cd %t && %tracecheck --exhaustive o2.traced o2.fpe.m* | FileCheck %s
// RUN: %sscc -O2 -fss-ideal -I%S/Inputs %s -o sscc-o2 -lm
// RUN: cd %t && ./sscc-o2 > sscc.plain && %ssrun -fpe ./sscc-o2 > sscc.traced && diff sscc.plain sscc.traced
// RUN: cd %t && %tracecheck --exhaustive sscc.traced sscc-o2.fpe.m* | FileCheck %s
// CHECK: tracecheck: 35 figures match
// With -fpe_inexact, inexact results count too (the program's tally then
// counts them from the flags as well).
// RUN: %clang -O2 -g -DFPE_TALLY_INEXACT -I%S/Inputs %s -o inexact -lm
// RUN: cd %t && ./inexact > inexact.plain && %ssrun -fpe_inexact ./inexact > inexact.traced && diff inexact.plain inexact.traced
// RUN: cd %t && %tracecheck --exhaustive inexact.traced inexact.fpe.m* | FileCheck %s --check-prefix=INEXACT
// INEXACT: tracecheck: 42 figures match
// RUN: cd %t && %ssprof inexact.fpe.m* | FileCheck %s --check-prefix=INEXACT-LIST
// INEXACT-LIST: {{^ +[1-9][0-9]*}}: Inexact
// The listing: the seeds' summary and function list.
// RUN: cd %t && %ssprof o2.fpe.m* | FileCheck %s --check-prefix=LIST
// LIST: Summary of FPE callstack tracing data (fpe)--
// LIST-NEXT: {{ +}}[[TOTAL:[0-9]+]]: Total FPEs
// LIST-NEXT: {{ +}}0: Samples with incomplete traceback
// LIST: Function list, in descending order by exclusive FPEs
// LIST: [index]  excl.FPEs  excl.%   cum.%  incl.FPEs  incl.%
// LIST: main (o2: fpe-types.c,
#include "fpe_tally.h"

#include <emmintrin.h>
#include <stdio.h>

static volatile double zero = 0.0, one = 1.0, inf = 1.0 / 0.0, big = 1e300,
                       tiny = 1e-300, third = 1.0 / 3.0;
static volatile double sink;
static volatile float fsink, fbig = 1e30f, fzero = 0.0f;

static struct fpe_tally t_invalid = {"invalid_ops"};
static struct fpe_tally t_divide = {"divide_ops"};
static struct fpe_tally t_overflow = {"overflow_ops"};
static struct fpe_tally t_underflow = {"underflow_ops"};
static struct fpe_tally t_exact = {"exact_tiny"};
static struct fpe_tally t_vector = {"vector_ops"};
static struct fpe_tally t_float = {"float_ops"};

NOINLINE void invalid_ops(int n) {
  for (int i = 0; i < n; i++) {
    FPE_DO(t_invalid, sink, zero / zero);
    FPE_DO(t_invalid, sink, inf - inf);
  }
}

NOINLINE void divide_ops(int n) {
  for (int i = 0; i < n; i++)
    FPE_DO(t_divide, sink, one / zero);
}

NOINLINE void overflow_ops(int n) {
  for (int i = 0; i < n; i++)
    FPE_DO(t_overflow, sink, big * big);
}

NOINLINE void underflow_ops(int n) {
  for (int i = 0; i < n; i++)
    FPE_DO(t_underflow, sink, tiny * tiny * third);
}

/* A tiny but exact result: no IEEE underflow (the hardware traps on it
 * when underflow is unmasked; the trace must not count it). */
NOINLINE void exact_tiny(int n) {
  volatile double t = 0x1p-1060;
  for (int i = 0; i < n; i++)
    FPE_DO(t_exact, sink, t * 0.5);
}

/* One instruction, two lanes, two exceptions: 1/0 and 0/0. */
NOINLINE void vector_ops(int n) {
  for (int i = 0; i < n; i++) {
    feclearexcept(FE_ALL_EXCEPT);
    __m128d a = _mm_set_pd(one, zero), b = _mm_set_pd(zero, zero);
    __m128d q = _mm_div_pd(a, b);
    double out[2];
    _mm_storeu_pd(out, q);
    fpe_count(&t_vector, fetestexcept(FE_ALL_EXCEPT));
    sink = out[0];
    sink = out[1];
  }
}

NOINLINE void float_ops(int n) {
  for (int i = 0; i < n; i++) {
    FPE_DO(t_float, fsink, fbig * fbig);
    FPE_DO(t_float, fsink, fbig / fzero);
  }
}

int main(void) {
  invalid_ops(3);
  divide_ops(5);
  overflow_ops(7);
  underflow_ops(11);
  exact_tiny(4);
  vector_ops(2);
  float_ops(6);
  /* The flags as the program sees them after a run of operations,
   * without clearing: they must be those of an untraced run. */
  feclearexcept(FE_ALL_EXCEPT);
  volatile double t = 0x1p-1060;
  sink = t * 0.5; /* exact tiny: no flag at all */
  int after_exact = fetestexcept(FE_ALL_EXCEPT);
  sink = big * big;
  sink = t * 0.5;
  int after_more = fetestexcept(FE_ALL_EXCEPT);
  printf("flags: after an exact tiny result %#x, then %#x\n", after_exact,
         after_more);
  printf("results: %g %g %g %a\n", one / zero, big * big, tiny * tiny,
         t * 0.5);
  fpe_report(&t_invalid);
  fpe_report(&t_divide);
  fpe_report(&t_overflow);
  fpe_report(&t_underflow);
  fpe_report(&t_exact);
  fpe_report(&t_vector);
  fpe_report(&t_float);
  return 0;
}
