/*
 * isort.c -- insertion sort of random arrays (loop_kernels.h): an inner
 * loop that ends on the data, counted by its index.
 *
 *   usage: isort [rounds] [n]     (defaults 40 rounds of n = 4000)
 */
#include "loop_kernels.h"
#include "wl.h"

int main(int argc, char **argv) {
  long rounds = wl_arg(argc, argv, 1, 40), n = wl_arg(argc, argv, 2, 4000);
  int *w = malloc((size_t)n * sizeof *w);
  if (!w)
    return 1;
  uint64_t seed = 42, sum = 0;
  for (long r = 0; r < rounds; r++) {
    for (long i = 0; i < n; i++)
      w[i] = (int)(wl_rand(&seed) >> 40);
    insertion_sort(w, (int)n);
    for (long i = 1; i < n; i++)
      if (w[i - 1] > w[i])
        return 1;
    sum += (uint64_t)w[n / 2] + (uint64_t)w[r % n];
  }
  printf("isort: %ld rounds of %ld, checksum %llu\n", rounds, n, (unsigned long long)sum);
  free(w);
  return 0;
}
