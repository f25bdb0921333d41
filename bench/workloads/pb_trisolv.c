/*
 * pb_trisolv.c -- PolyBench-style triangular solve, L X = B, with many
 * right-hand sides (PolyBench's trisolv has one and runs in milliseconds).
 *
 * Forward substitution a row at a time: row i of X is row i of B minus
 * L(i,k) times each earlier row k of X, then divided by L(i,i).  The
 * innermost loop runs along a row of X (m right-hand sides, stride one).
 *
 *   usage: pb_trisolv [m] [n]     (defaults 480 right-hand sides, n = 2000)
 */
#include "wl.h"

static void trisolv(int n, int m, const double *L, double *X) {
  for (int i = 0; i < n; i++) {
    double *xi = X + (size_t)i * m;
    for (int k = 0; k < i; k++) {
      double lik = L[(size_t)i * n + k];
      const double *xk = X + (size_t)k * m;
      for (int j = 0; j < m; j++)
        xi[j] -= lik * xk[j];
    }
    double inv = 1.0 / L[(size_t)i * n + i];
    for (int j = 0; j < m; j++)
      xi[j] *= inv;
  }
}

int main(int argc, char **argv) {
  int m = (int)wl_arg(argc, argv, 1, 480);
  int n = (int)wl_arg(argc, argv, 2, 2000);
  double *L = malloc((size_t)n * n * sizeof *L), *X = malloc((size_t)n * m * sizeof *X);
  if (!L || !X) {
    fprintf(stderr, "pb_trisolv: out of memory\n");
    return 1;
  }
  /* Small off-diagonal entries and a unit-ish diagonal keep X bounded. */
  uint64_t seed = 3;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      L[(size_t)i * n + k] = k < i ? wl_uniform(&seed) / n : k == i ? 1.0 + wl_uniform(&seed) : 0.0;
  for (size_t x = 0; x < (size_t)n * m; x++)
    X[x] = wl_uniform(&seed);
  trisolv(n, m, L, X);
  printf("pb_trisolv: n = %d, %d right-hand sides, checksum %.17g\n", n, m,
         wl_sum(X, (size_t)n * m));
  free(L);
  free(X);
  return 0;
}
