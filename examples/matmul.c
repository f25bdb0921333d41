/*
 * matmul.c -- matrix multiplication, plain triple loop or cache-blocked.
 *
 * Ported from the SpeedShop/NAS example matrix.f:
 *
 *       parameter (m=1200,n=1200,l=1200)
 *       dimension a(m,l),b(l,n),c(m,n)
 *       call random_number(a); call random_number(b)
 *       do j = 1, n
 *         do k = 1, l
 *           do i = 1, m
 *             c(i,j) = c(i,j) + a(i,k)*b(k,j)
 *
 * The matrices keep Fortran's column-major layout (the A(), B(), C() macros),
 * so the j, k, i order is the original's: the innermost loop runs down a
 * column of c and a with stride one.  Every step of j streams the whole of a
 * (m x l floats, 5.5 MiB at 1200) through the caches again; once a no longer
 * fits, each pass reloads it from memory.
 *
 * The blocked variant does by hand what MIPSpro's loop-nest optimiser did at
 * -O3 (the seed's listing tiles j and k, "tile2J/tile2K"; here i is tiled
 * too): the same multiply-adds, done block by block, so that a BS x BS block
 * of a is reused from the cache for BS columns of c before the next block is
 * needed.  Within each c(i,j)
 * the products are still added in increasing k, so both variants give
 * bit-for-bit the same c, and the same checksum.
 *
 *   usage: matmul [plain|blocked] [n] [bs]
 *     plain (default)  the j, k, i triple loop
 *     blocked          the same loop tiled in BS x BS x BS blocks
 *     n                matrix order (default 1200, as in matrix.f)
 *     bs               block size for "blocked" (default 128)
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Column-major storage, Fortran's a(i,k), 0-based. */
#define A(i, k) a[(size_t)(k) * (size_t)n + (size_t)(i)]
#define B(k, j) b[(size_t)(j) * (size_t)n + (size_t)(k)]
#define C(i, j) c[(size_t)(j) * (size_t)n + (size_t)(i)]

/* 64-bit LCG (Knuth's MMIX constants); floats in [0, 1) like random_number. */
static uint64_t lcg_state = 2024;

static float lcg_uniform(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (float)(lcg_state >> 40) * (1.0f / 16777216.0f);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The original loop order: j, k, i. */
static void matmul_plain(int n, const float *a, const float *b, float *c) {
  for (int j = 0; j < n; j++)
    for (int k = 0; k < n; k++) {
      float bkj = B(k, j);
      for (int i = 0; i < n; i++)
        C(i, j) += A(i, k) * bkj;
    }
}

static int min_int(int x, int y) { return x < y ? x : y; }

/* The same loop, tiled: for each block of columns of c (jj) and each block of
 * k (kk), the rows are taken a block (ii) at a time; inside a tile the order
 * is again j, k, i.  kk advances in increasing order outside ii and j, so each
 * c(i,j) still receives its products in increasing k. */
static void matmul_blocked(int n, int bs, const float *a, const float *b, float *c) {
  for (int jj = 0; jj < n; jj += bs)
    for (int kk = 0; kk < n; kk += bs)
      for (int ii = 0; ii < n; ii += bs) {
        int jend = min_int(jj + bs, n), kend = min_int(kk + bs, n), iend = min_int(ii + bs, n);
        for (int j = jj; j < jend; j++)
          for (int k = kk; k < kend; k++) {
            float bkj = B(k, j);
            for (int i = ii; i < iend; i++)
              C(i, j) += A(i, k) * bkj;
          }
      }
}

int main(int argc, char **argv) {
  const char *variant = argc > 1 ? argv[1] : "plain";
  int n = argc > 2 ? atoi(argv[2]) : 1200;
  int bs = argc > 3 ? atoi(argv[3]) : 128;
  if (strcmp(variant, "plain") != 0 && strcmp(variant, "blocked") != 0) {
    fprintf(stderr, "matmul: unknown variant '%s'; use plain or blocked\n", variant);
    return 2;
  }
  if (n < 1 || bs < 1) {
    fprintf(stderr, "matmul: order and block size must be at least 1 (got %d, %d)\n", n, bs);
    return 2;
  }

  size_t count = (size_t)n * (size_t)n;
  float *a = malloc(count * sizeof *a);
  float *b = malloc(count * sizeof *b);
  float *c = calloc(count, sizeof *c);
  if (!a || !b || !c) {
    fprintf(stderr, "matmul: cannot allocate three %d x %d matrices\n", n, n);
    return 1;
  }
  for (size_t x = 0; x < count; x++) /* random_number(a), column by column */
    a[x] = lcg_uniform();
  for (size_t x = 0; x < count; x++) /* random_number(b) */
    b[x] = lcg_uniform();

  double t0 = now();
  if (strcmp(variant, "plain") == 0)
    matmul_plain(n, a, b, c);
  else
    matmul_blocked(n, bs, a, b, c);
  double t1 = now();

  double sum = 0.0;
  for (size_t x = 0; x < count; x++)
    sum += c[x];
  double secs = t1 - t0;
  double flops = 2.0 * (double)n * (double)n * (double)n;

  if (strcmp(variant, "plain") == 0)
    printf("matmul: plain j,k,i loop, n = %d\n", n);
  else
    printf("matmul: blocked j,k,i loop, n = %d, blocks of %d\n", n, bs);
  printf("matmul: checksum sum(c) = %.6f\n", sum);
  printf("matmul: time %.3f s, %.1f MFLOPS\n", secs, secs > 0 ? flops / secs * 1e-6 : 0.0);
  free(a);
  free(b);
  free(c);
  return 0;
}
