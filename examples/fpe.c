/*
 * fpe.c -- a loop that underflows and then divides by (almost) zero.
 *
 * Ported from the SpeedShop/NAS example fpe.f:
 *
 *       program fpe
 *       dimension a(100)
 *       b=0.1
 *       do i=1,100
 *         b=b*0.1
 *         a(i)=1.0/b
 *       end do
 *       write (6,*) a
 *
 * b shrinks by ten each time: below about 1.2e-38 it is subnormal (every
 * multiplication now underflows), below about 2.9e-39 its reciprocal no
 * longer fits in a float and 1.0/b overflows to infinity, and near 1e-45 b
 * itself rounds to zero, after which 1.0/b is a division by zero, infinite
 * too.  The seed's listing found a(37)..a(100) infinite on IRIX; IEEE single
 * precision with gradual underflow, as here, gives a(38)..a(100).
 *
 * Nothing special is enabled: no traps, no flags are read.  The program only
 * computes, then counts what it got -- numbers that the fpe experiment
 * (ssrun -fpe), which traps every exception, can be checked against: one
 * overflow for each infinite a(i) whose b was not zero, one division by zero
 * for each whose b was zero.
 *
 *   usage: fpe
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <time.h>

#define N 100

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The start value is read through a volatile so that the compiler cannot
 * compute the whole loop at compile time: the exceptions must happen when
 * the program runs. */
static volatile float start = 0.1f;

int main(void) {
  float a[N], bs[N];

  double t0 = now();
  float b = start;
  for (int i = 0; i < N; i++) {
    b = b * 0.1f;
    a[i] = 1.0f / b;
    bs[i] = b; /* kept only for the tally below */
  }
  double t1 = now();

  int infinite = 0, overflows = 0, zero_divides = 0, subnormal = 0, first_inf = 0;
  for (int i = 0; i < N; i++) {
    if (bs[i] != 0.0f && fpclassify(bs[i]) == FP_SUBNORMAL)
      subnormal++;
    if (isinf(a[i])) {
      infinite++;
      if (!first_inf)
        first_inf = i + 1; /* Fortran's 1-based index */
      if (bs[i] == 0.0f)
        zero_divides++;
      else
        overflows++;
    }
  }

  if (first_inf >= 2) {
    printf("fpe: a(1) = %g, a(%d) = %g, a(%d) = %g\n", (double)a[0], first_inf - 1,
           (double)a[first_inf - 2], first_inf, (double)a[first_inf - 1]);
    printf("fpe: %d of %d values of a are infinite, the first is a(%d)\n", infinite, N,
           first_inf);
  } else {
    printf("fpe: %d of %d values of a are infinite\n", infinite, N);
  }
  printf("fpe: %d from overflow (b tiny but not zero), %d from division by zero (b == 0)\n",
         overflows, zero_divides);
  printf("fpe: b was subnormal %d times\n", subnormal);
  printf("fpe: loop time %.6f s\n", t1 - t0);
  return 0;
}
