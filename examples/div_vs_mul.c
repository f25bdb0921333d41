/*
 * div_vs_mul.c -- dividing by pi versus multiplying by 1/pi.
 *
 * Ported from the SpeedShop/NAS example d_to_m.f ("This program demonstrates
 * the better performance by using multiplication than division"):
 *
 *       dimension a(2000,2000),b(2000,2000)
 *       pi=3.14159
 *       pinv=1./3.14159
 *       do iteration=1,10              ! division
 *         do j=1,2000
 *           do i=1,2000
 *             a(i,j)=float(i+j)/pi
 *       do iteration=1,10              ! multiplication
 *         ...  b(i,j)=float(i+j)*pinv
 *
 * A floating-point division takes many more cycles than a multiplication,
 * and a divider accepts a new operation only every few cycles while a
 * multiplier accepts one or two per cycle (R10000: 12 cycles against 2;
 * today's x86 cores: about 3-5 against 0.5 per vector).  x/pi and x*(1/pi)
 * differ in the last bit for some x, so the compiler may not make the
 * change by itself (unless told that it may, -freciprocal-math or
 * -ffast-math): it is the programmer's to make.  The program prints how many
 * of the results differ, and by how much at most.
 *
 * The original's arrays are 2000 x 2000 (16 MB each) and each loop runs 10
 * times.  On a current machine such arrays make both loops wait on memory
 * alike, and the difference disappears; here the arrays are 500 x 500 (1 MB
 * each, they stay in the caches) and each loop runs 8000 times, about half a
 * second.  Expect a difference of tens of percent rather than a factor: the
 * loops are vectorised, and the conversions and stores around each division
 * or multiplication cost about as much as a multiplication.  The ideal
 * experiment (sscc -fss-ideal) shows the difference as cycles of the machine
 * model.
 *
 *   usage: div_vs_mul
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <time.h>

#define N 500
#define ITERATIONS 8000

static float a[N][N], b[N][N]; /* C's a[j][i] is Fortran's a(i,j) */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Kept out of line, one loop nest each, so that a profile shows them apart. */
__attribute__((noinline)) static void divide(float pi) {
  for (int iteration = 1; iteration <= ITERATIONS; iteration++)
    for (int j = 1; j <= N; j++)
      for (int i = 1; i <= N; i++)
        a[j - 1][i - 1] = (float)(i + j) / pi;
}

__attribute__((noinline)) static void multiply(float pinv) {
  for (int iteration = 1; iteration <= ITERATIONS; iteration++)
    for (int j = 1; j <= N; j++)
      for (int i = 1; i <= N; i++)
        b[j - 1][i - 1] = (float)(i + j) * pinv;
}

int main(void) {
  float pi = 3.14159f;
  float pinv = 1.0f / 3.14159f;

  double t0 = now();
  divide(pi);
  double t1 = now();
  multiply(pinv);
  double t2 = now();

  /* The results, compared: the Fortran program wrote both to unit 12. */
  long differ = 0;
  float maxdiff = 0.0f;
  double sum = 0.0;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      float d = fabsf(a[j][i] - b[j][i]);
      if (d != 0.0f)
        differ++;
      if (d > maxdiff)
        maxdiff = d;
      sum += a[j][i];
    }

  printf("div_vs_mul: %d x %d floats, %d iterations each\n", N, N, ITERATIONS);
  printf("div_vs_mul: time spent using division       = %.3f s\n", t1 - t0);
  printf("div_vs_mul: time spent using multiplication = %.3f s\n", t2 - t1);
  printf("div_vs_mul: sum(a) = %.6e; %ld of %d results differ, by at most %.3g\n", sum, differ,
         N * N, (double)maxdiff);
  return 0;
}
