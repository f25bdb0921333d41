/*
 * fpe_tally.h -- a test program's own count of the floating-point
 * exceptions it raises, independent of the fpe trace.
 *
 * FPE_DO(tally, result, expression) runs one operation between
 * feclearexcept and fetestexcept: the flags the CPU sets (IEEE's
 * definition of each exception, whether anything traps or not) are the
 * exceptions that operation raised.  The operands are volatile and the
 * result goes to a volatile, so the operation stays between the two
 * calls.  fpe_report prints the tally as lines lit/tools/tracecheck.py
 * compares with ssprof's exclusive figures for the function:
 *   TRACECHECK fpe <function> <type> <n>
 * `total` counts operations that raised at least one exception of the
 * types traced (inexact only when FPE_TALLY_INEXACT is defined).
 */
#ifndef FPE_TALLY_H
#define FPE_TALLY_H

#include <fenv.h>
#include <stdio.h>

#define NOINLINE __attribute__((noinline))

struct fpe_tally {
  const char *function;
  long total, invalid, divide_by_zero, overflow, underflow, inexact;
};

#ifdef FPE_TALLY_INEXACT
#define FPE_TRACED FE_ALL_EXCEPT
#else
#define FPE_TRACED (FE_ALL_EXCEPT & ~FE_INEXACT)
#endif

static inline void fpe_count(struct fpe_tally *t, int flags) {
  t->total += (flags & FPE_TRACED) != 0;
  t->invalid += (flags & FE_INVALID) != 0;
  t->divide_by_zero += (flags & FE_DIVBYZERO) != 0;
  t->overflow += (flags & FE_OVERFLOW) != 0;
  t->underflow += (flags & FE_UNDERFLOW) != 0;
#ifdef FPE_TALLY_INEXACT
  t->inexact += (flags & FE_INEXACT) != 0;
#endif
}

#define FPE_DO(tally, result, expression)                                      \
  do {                                                                         \
    feclearexcept(FE_ALL_EXCEPT);                                              \
    (result) = (expression);                                                   \
    fpe_count(&(tally), fetestexcept(FE_ALL_EXCEPT));                          \
  } while (0)

static inline void fpe_report(const struct fpe_tally *t) {
  printf("TRACECHECK fpe %s total %ld\n", t->function, t->total);
  printf("TRACECHECK fpe %s invalid %ld\n", t->function, t->invalid);
  printf("TRACECHECK fpe %s divide_by_zero %ld\n", t->function,
         t->divide_by_zero);
  printf("TRACECHECK fpe %s overflow %ld\n", t->function, t->overflow);
  printf("TRACECHECK fpe %s underflow %ld\n", t->function, t->underflow);
#ifdef FPE_TALLY_INEXACT
  printf("TRACECHECK fpe %s inexact %ld\n", t->function, t->inexact);
#endif
}

#endif
