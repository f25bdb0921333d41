/* ideal_work.c -- the program of the report tests' ideal experiments:
 * every count follows from REPS, N and FIB (built at -O0, each source
 * line runs as the C says):
 *   kernel() is called REPS times, its body line runs REPS * N times;
 *   sq() is inlined into kernel() from sq.h (REPS * N times);
 *   fib(FIB) makes 2 * F(FIB + 1) - 1 calls (F(1) = F(2) = 1).
 * VARIANT changes N between two builds, for -diff. */
#include <stdio.h>
#include <stdlib.h>

#include "sq.h"

#ifndef VARIANT
#define N 1000
#else
#define N 3000
#endif
#define REPS 20
#define FIB 15

__attribute__((noinline)) double kernel(int n) {
  double s = 0;
  for (int i = 0; i < n; i++) // KERNEL_LOOP
    s += sq(i * 0.5) / (i + 1.0); // KERNEL_BODY
  return s;
}

__attribute__((noinline)) long fib(int n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2); // FIB_BODY
}

__attribute__((noinline)) double outer(int reps) {
  double t = 0;
  for (int r = 0; r < reps; r++)
    t += kernel(N); // OUTER_CALL
  return t;
}

int main(void) {
  double t = outer(REPS);
  long f = fib(FIB);
  printf("%.6g %ld\n", t, f);
  return 0;
}
