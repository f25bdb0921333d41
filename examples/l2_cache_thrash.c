/*
 * l2_cache_thrash.c -- four arrays whose size is a power of two, used together.
 *
 * Ported from the SpeedShop/NAS example L2_cache_thrash.f:
 *
 *       dimension a(1024,1024), b(1024,1024), c(1024,1024), d(1024,1024)
 *       call random_number(b); call random_number(c); call random_number(d)
 *       do j=1,1024
 *         do i=1,1024
 *           a(i,j)=b(i,j)+c(i,j)*d(i,j)
 *
 * Each array holds 1024 x 1024 floats = 4 MiB, and the four lie back to back
 * (here: in one struct, like the Fortran arrays of one program unit), so
 * a[j][i], b[j][i], c[j][i] and d[j][i] are exactly 4 MiB apart.  Addresses
 * that differ by a multiple of (cache size / associativity) fall into the
 * same cache set: on the R10000's 2-way 4 MB L2 the four streams kept
 * evicting each other ("thrashing").  Today's caches have 8 to 16 ways, so
 * four streams fit in one set and the penalty is small or gone on most
 * machines; it comes back with more streams than ways, or on caches of low
 * associativity.  Whether it shows on yours is what the hardware-counter
 * experiments (ssrun -dsc_hwc, -dc_hwc) measure; l2_cache_thrash_padded.c is
 * the fix to compare with.
 *
 * The Fortran loop runs once.  Here it runs REPS times (default 1000, or the
 * first argument) so that the loop, not the initialisation, dominates the run.
 * random_number() becomes a small linear congruential generator of our own,
 * so that every run, on every machine, computes the same numbers.
 *
 *   usage: l2_cache_thrash [reps]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1024

/* The four arrays, contiguous: C's a[j][i] is Fortran's a(i,j). */
static struct {
  float a[N][N];
  float b[N][N];
  float c[N][N];
  float d[N][N];
} m;

/* 64-bit LCG (Knuth's MMIX constants); the top 24 bits give a float in
 * [0, 1) exactly, like Fortran's random_number. */
static uint64_t lcg_state = 12345;

static float lcg_uniform(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (float)(lcg_state >> 40) * (1.0f / 16777216.0f);
}

static void fill_random(float x[N][N]) {
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      x[j][i] = lcg_uniform();
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The measured loop: a = b + c*d, column by column (i is the fast index). */
static void kernel(void) {
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      m.a[j][i] = m.b[j][i] + m.c[j][i] * m.d[j][i];
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 1000;
  if (reps < 1) {
    fprintf(stderr, "l2_cache_thrash: repetitions must be at least 1, not '%s'\n", argv[1]);
    return 2;
  }

  fill_random(m.b);
  fill_random(m.c);
  fill_random(m.d);

  double t0 = now();
  for (int r = 0; r < reps; r++)
    kernel();
  double t1 = now();

  /* The result, so that the work cannot be optimised away (the Fortran
   * program wrote a to unit 12). */
  double sum = 0.0;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      sum += m.a[j][i];

  printf("l2_cache_thrash: %d x %d floats per array, arrays %ld bytes apart\n", N, N,
         (long)((char *)m.b - (char *)m.a));
  printf("l2_cache_thrash: %d sweeps of a = b + c*d, sum(a) = %.6f\n", reps, sum);
  printf("l2_cache_thrash: loop time %.3f s (%.2f ns per element)\n", t1 - t0,
         (t1 - t0) * 1e9 / ((double)reps * N * N));
  return 0;
}
