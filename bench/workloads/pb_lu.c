/*
 * pb_lu.c -- PolyBench-style LU decomposition without pivoting, in place.
 *
 * The loop nest is PolyBench's lu: row i of L is finished left to right,
 * then row i of U; the innermost loops walk a column of A (stride n), which
 * neither compiler vectorizes -- a latency-bound kernel unlike gemm.  The
 * matrix is made strictly diagonally dominant so no pivoting is needed.
 *
 *   usage: pb_lu [n]     (default 1000)
 */
#include "wl.h"

#define A(i, j) a[(size_t)(i) * n + (j)]

static void lu(int n, double *a) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A(i, j) -= A(i, k) * A(k, j);
      A(i, j) /= A(j, j);
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A(i, j) -= A(i, k) * A(k, j);
  }
}

int main(int argc, char **argv) {
  int n = (int)wl_arg(argc, argv, 1, 1000);
  double *a = malloc((size_t)n * n * sizeof *a);
  if (!a) {
    fprintf(stderr, "pb_lu: out of memory\n");
    return 1;
  }
  uint64_t seed = 2;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A(i, j) = wl_uniform(&seed) + (i == j ? n : 0);
  lu(n, a);
  printf("pb_lu: n = %d, checksum %.17g\n", n, wl_sum(a, (size_t)n * n));
  free(a);
  return 0;
}
