/*
 * pb_jacobi2d.c -- PolyBench-style 2-D Jacobi stencil (heat diffusion).
 *
 * Each step averages every interior point of A with its four neighbours into
 * B, then B back into A, as PolyBench's jacobi-2d does.  An n x n grid of
 * doubles (n = 1000: 8 MB per array, larger than the caches).
 *
 *   usage: pb_jacobi2d [steps] [n]     (defaults 220, 1000)
 */
#include "wl.h"

static void sweep(int n, const double *restrict src, double *restrict dst) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++) {
      size_t x = (size_t)i * n + j;
      dst[x] = 0.2 * (src[x] + src[x - 1] + src[x + 1] + src[x + n] + src[x - n]);
    }
}

int main(int argc, char **argv) {
  int steps = (int)wl_arg(argc, argv, 1, 220);
  int n = (int)wl_arg(argc, argv, 2, 1000);
  size_t count = (size_t)n * n;
  double *A = malloc(count * sizeof *A), *B = malloc(count * sizeof *B);
  if (!A || !B || n < 3) {
    fprintf(stderr, "pb_jacobi2d: out of memory or n < 3\n");
    return 1;
  }
  for (int i = 0; i < n; i++) /* PolyBench's initialisation */
    for (int j = 0; j < n; j++) {
      A[(size_t)i * n + j] = ((double)i * (j + 2) + 2) / n;
      B[(size_t)i * n + j] = ((double)i * (j + 3) + 3) / n;
    }
  for (int t = 0; t < steps; t++) {
    sweep(n, A, B);
    sweep(n, B, A);
  }
  printf("pb_jacobi2d: %d steps on %d x %d, checksum %.17g\n", steps, n, n, wl_sum(A, count));
  free(A);
  free(B);
  return 0;
}
