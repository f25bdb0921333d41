/*
 * loop_interchange.c -- tlb.c with its loops interchanged: stride one.
 *
 * Ported from the SpeedShop/NAS example loop_interchange.f ("this program is
 * modified from tlb.f"):
 *
 *     ! do i=1,1024          !used in tlb.f
 *     !   do j=1,100         !used in tlb.f
 *       do k=1,100
 *         do j=1,100         !used in this program
 *           do i=1,1024      !used in this program
 *             a(i,j,k)=float(i+j+k)
 *             ... the same eleven more statements ...
 *
 * Fortran stores a(i,j,k) with i fastest (C: a[k][j][i]), so with i innermost
 * consecutive iterations touch neighbouring floats, 4 bytes apart: each cache
 * line is used in full, and each page of each array is entered once rather
 * than once per iteration.  Same arrays, same statements, same values as
 * tlb.c -- the checksum printed is the same -- only the order differs.
 *
 * The original arrays were 1024 x 100 x 100; here NJ = NK = 56, as in tlb.c.
 *
 *   usage: loop_interchange [reps]
 *
 * reps (default 1) repeats the whole nest, for longer runs under the sampling
 * experiments; every repetition stores the same values.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NI 1024
#define NJ 56
#define NK 56

static float a[NK][NJ][NI], b[NK][NJ][NI], c[NK][NJ][NI], d[NK][NJ][NI];
static float e[NK][NJ][NI], f[NK][NJ][NI], g[NK][NJ][NI], h[NK][NJ][NI];
static float p[NK][NJ][NI], q[NK][NJ][NI], r[NK][NJ][NI], s[NK][NJ][NI];

/* Fortran's a(i,j,k) with 1-based i, j, k. */
#define AT(x) x[k - 1][j - 1][i - 1]

static int max3(int x, int y, int z) { /* Fortran's amax0(i,j,k), before float() */
  int m = x > y ? x : y;
  return m > z ? m : z;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 1;
  if (reps < 1) {
    fprintf(stderr, "loop_interchange: repetitions must be at least 1, not '%s'\n", argv[1]);
    return 2;
  }

  /* Touch every page first, so that the time measured is the loop's and not
   * the kernel's, which maps each page on its first use. */
  float(*all[12])[NJ][NI] = {a, b, c, d, e, f, g, h, p, q, r, s};
  for (int n = 0; n < 12; n++)
    memset(all[n], 0, sizeof a);

  double t0 = now();
  for (int rep = 0; rep < reps; rep++)
    for (int k = 1; k <= NK; k++)       /* interchanged: k outermost ... */
      for (int j = 1; j <= NJ; j++)
        for (int i = 1; i <= NI; i++) { /* ... i, the fastest index, innermost */
          AT(a) = (float)(i + j + k);
          AT(b) = 2.0f * (float)(i - j + k);
          AT(c) = AT(a) * AT(b);
          AT(d) = AT(c) * AT(a);
          AT(e) = (float)max3(i, j, k);
          AT(f) = AT(e) * AT(d);
          AT(g) = logf((float)(i + j + k));
          AT(h) = AT(g) + AT(f);
          AT(p) = AT(g) - AT(f);
          AT(q) = AT(a) + AT(b) + AT(h);
          AT(r) = AT(c) + AT(d) - AT(e);
          AT(s) = AT(h) - AT(a);
        }
  double t1 = now();

  /* A checksum over every array, summed in memory order: the same as in
   * tlb.c, which computes the same values in another order. */
  double sum = 0.0;
  for (int n = 0; n < 12; n++)
    for (int k = 0; k < NK; k++)
      for (int j = 0; j < NJ; j++)
        for (int i = 0; i < NI; i++)
          sum += all[n][k][j][i];

  printf("loop_interchange: 12 arrays of %d x %d x %d floats, loop order k, j, i "
         "(i innermost), %d time(s)\n",
         NI, NJ, NK, reps);
  printf("loop_interchange: checksum %.9e\n", sum);
  printf("loop_interchange: loop time %.3f s (%.2f ns per iteration)\n", t1 - t0,
         (t1 - t0) * 1e9 / ((double)reps * NI * NJ * NK));
  return 0;
}
