/*
 * pb_gemm.c -- PolyBench-style gemm: C = alpha*A*B + beta*C.
 *
 * Row-major n x n doubles, the loop order PolyBench 4 uses (i, k, j), so the
 * innermost loop runs along rows of B and C with stride one and vectorizes.
 *
 *   usage: pb_gemm [n]     (default 900)
 */
#include "wl.h"

static void gemm(int n, double alpha, double beta, const double *A, const double *B, double *C) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[(size_t)i * n + j] *= beta;
    for (int k = 0; k < n; k++) {
      double aik = alpha * A[(size_t)i * n + k];
      for (int j = 0; j < n; j++)
        C[(size_t)i * n + j] += aik * B[(size_t)k * n + j];
    }
  }
}

int main(int argc, char **argv) {
  int n = (int)wl_arg(argc, argv, 1, 900);
  size_t count = (size_t)n * n;
  double *A = malloc(count * sizeof *A), *B = malloc(count * sizeof *B);
  double *C = malloc(count * sizeof *C);
  if (!A || !B || !C) {
    fprintf(stderr, "pb_gemm: out of memory\n");
    return 1;
  }
  uint64_t seed = 1;
  for (size_t x = 0; x < count; x++) {
    A[x] = wl_uniform(&seed);
    B[x] = wl_uniform(&seed);
    C[x] = wl_uniform(&seed);
  }
  gemm(n, 1.5, 1.2, A, B, C);
  printf("pb_gemm: n = %d, checksum %.17g\n", n, wl_sum(C, count));
  free(A);
  free(B);
  free(C);
  return 0;
}
