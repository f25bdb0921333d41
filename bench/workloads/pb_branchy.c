/*
 * pb_branchy.c -- a reduction whose every step takes a data-dependent branch.
 *
 * Sweeps over an array of random 32-bit values; each element goes down one of
 * several paths chosen by its value and by a threshold that moves every pass,
 * so the branches are unpredictable and the paths differ in work.  Counting
 * instrumentation adds a counter on most of those paths, which also tends to
 * stop the compiler turning them into selects: the kernel where the placement
 * of counters matters most.
 *
 *   usage: pb_branchy [passes] [n]     (defaults 40 passes, n = 1 << 20)
 */
#include "wl.h"

static uint64_t reduce(const uint32_t *v, size_t n, uint32_t threshold, uint64_t acc) {
  for (size_t i = 0; i < n; i++) {
    uint32_t x = v[i];
    if (x < threshold) {
      acc += x;
    } else if (x & 1) {
      acc ^= (uint64_t)x * 0x9e3779b1u;
      if ((x >> 7) % 3 == 0)
        acc = (acc << 7) | (acc >> 57);
    } else if (x % 5 == 0) {
      acc -= x >> 3;
    } else {
      while (x & 0x30) /* zero to three extra rounds */
        x -= 0x10, acc += x;
    }
  }
  return acc;
}

int main(int argc, char **argv) {
  int passes = (int)wl_arg(argc, argv, 1, 40);
  size_t n = (size_t)wl_arg(argc, argv, 2, 1 << 20);
  uint32_t *v = malloc(n * sizeof *v);
  if (!v) {
    fprintf(stderr, "pb_branchy: out of memory\n");
    return 1;
  }
  uint64_t seed = 4;
  for (size_t i = 0; i < n; i++)
    v[i] = (uint32_t)wl_rand(&seed);
  uint64_t acc = 0;
  for (int p = 0; p < passes; p++)
    acc = reduce(v, n, (uint32_t)(wl_rand(&seed) >> 33), acc); /* threshold below 2^31 */
  printf("pb_branchy: %d passes over %zu values, checksum %016llx\n", passes, n,
         (unsigned long long)acc);
  free(v);
  return 0;
}
