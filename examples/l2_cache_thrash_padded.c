/*
 * l2_cache_thrash_padded.c -- the fix for l2_cache_thrash.c: pad the arrays.
 *
 * Ported from the SpeedShop/NAS example L2_cache_thrash_dimen.f (the "dimen"
 * variant: "Redimension arrays so that their sizes are not power of two"):
 *
 *       dimension a(1024+1,1024), b(1024+1,1024), c(1024+1,1024),
 *      @          d(1024+1,1024)
 *
 * The leading dimension (Fortran's first index, C's last one: the length of
 * a contiguous column) becomes 1024+1.  The loop still touches only the first
 * 1024 elements of each column, so the work is exactly that of
 * l2_cache_thrash.c, but each array is now 1024*1025 floats long and
 * a[j][i], b[j][i], c[j][i], d[j][i] are 4 MiB + 4 KiB apart instead of
 * exactly 4 MiB: they no longer share their low address bits, so they map to
 * different cache sets and stop evicting each other.  (MIPSpro's -O3 made the
 * same change by itself, "local array padding"; clang does not.)
 *
 * Same data (the same LCG, same seed), same loop, same sum as
 * l2_cache_thrash.c: only the layout differs.
 *
 *   usage: l2_cache_thrash_padded [reps]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1024
#define LD (N + 1) /* the padded leading dimension */

static struct {
  float a[N][LD];
  float b[N][LD];
  float c[N][LD];
  float d[N][LD];
} m;

/* 64-bit LCG (Knuth's MMIX constants); the top 24 bits give a float in
 * [0, 1) exactly, like Fortran's random_number. */
static uint64_t lcg_state = 12345;

static float lcg_uniform(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (float)(lcg_state >> 40) * (1.0f / 16777216.0f);
}

/* Fills the N x N part in the same order as the unpadded program, so both
 * programs compute on identical numbers. */
static void fill_random(float x[N][LD]) {
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      x[j][i] = lcg_uniform();
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void kernel(void) {
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) /* the pad element i == N is never used */
      m.a[j][i] = m.b[j][i] + m.c[j][i] * m.d[j][i];
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 1000;
  if (reps < 1) {
    fprintf(stderr, "l2_cache_thrash_padded: repetitions must be at least 1, not '%s'\n",
            argv[1]);
    return 2;
  }

  fill_random(m.b);
  fill_random(m.c);
  fill_random(m.d);

  double t0 = now();
  for (int r = 0; r < reps; r++)
    kernel();
  double t1 = now();

  double sum = 0.0;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      sum += m.a[j][i];

  printf("l2_cache_thrash_padded: %d x %d floats used per array (leading dimension %d), "
         "arrays %ld bytes apart\n",
         N, N, LD, (long)((char *)m.b - (char *)m.a));
  printf("l2_cache_thrash_padded: %d sweeps of a = b + c*d, sum(a) = %.6f\n", reps, sum);
  printf("l2_cache_thrash_padded: loop time %.3f s (%.2f ns per element)\n", t1 - t0,
         (t1 - t0) * 1e9 / ((double)reps * N * N));
  return 0;
}
