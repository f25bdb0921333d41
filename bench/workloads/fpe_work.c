/*
 * fpe_work.c -- floating-point work for bench/trace.sh: `fpe_work N E`
 * runs N iterations of a small stencil (a few multiplications, additions
 * and one division each) over an array, E of them with a zero divisor (a
 * division by zero, spread evenly), and prints a checksum and the count
 * of infinite results it made, which must be E.  E = 0: the same work
 * with no exception at all (ssrun -fpe finds none).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define SIZE 4096

static double a[SIZE], d[SIZE];

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000000;
  long e = argc > 2 ? atol(argv[2]) : 0;
  for (int i = 0; i < SIZE; i++) {
    a[i] = 1.0 + (double)i / SIZE;
    d[i] = 2.0 + (double)(i % 7) / 8; /* a contraction: values stay small */
  }
  long every = e > 0 ? n / e : 0, infinite = 0;
  double sum = 0;
  for (long i = 0; i < n; i++) {
    int k = (int)(i & (SIZE - 1));
    double divisor = every && i % every == 0 && i / every < e ? 0.0 : d[k];
    double x = (a[k] * 1.0000001 + a[(k + 1) & (SIZE - 1)] * 0.5) / divisor;
    if (isinf(x)) {
      infinite++;
      x = 0;
    }
    a[k] = x * 0.999999 + 0.25;
    sum += a[k];
  }
  printf("fpe_work: checksum %.6f, %ld infinite of %ld\n", sum, infinite, n);
  return infinite == e ? 0 : 1;
}
