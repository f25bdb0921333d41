/*
 * wl.h -- what the benchmark workloads share: the size argument, a
 * deterministic random source and a checksum that folds any value in.
 *
 * Every workload prints one or more lines that depend only on its input, so
 * bench/compare.sh can check that every build computes the same thing as the
 * plain clang -O3 build.  Lines mentioning "time" are ignored by that check,
 * so no workload prints that word.
 */
#ifndef SS_BENCH_WL_H
#define SS_BENCH_WL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* argv[index] as a positive integer, or dflt when absent.  Exits on garbage
 * rather than running a surprising size. */
static long wl_arg(int argc, char **argv, int index, long dflt) {
  if (argc <= index)
    return dflt;
  char *end;
  long v = strtol(argv[index], &end, 10);
  if (*argv[index] == '\0' || *end != '\0' || v < 1) {
    fprintf(stderr, "%s: argument %d must be a positive integer, not '%s'\n", argv[0], index,
            argv[index]);
    exit(2);
  }
  return v;
}

/* splitmix64: small, fast, and the same sequence on every compiler. */
static inline uint64_t wl_rand(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* A double in [0, 1) with 53 random bits. */
static inline double wl_uniform(uint64_t *state) {
  return (double)(wl_rand(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* FNV-1a over the bytes of a 64-bit value: order-sensitive checksum. */
static inline uint64_t wl_fold(uint64_t h, uint64_t v) {
  for (int i = 0; i < 8; i++) {
    h ^= (v >> (8 * i)) & 0xff;
    h *= 0x100000001b3ULL;
  }
  return h;
}
#define WL_FOLD_INIT 0xcbf29ce484222325ULL

/* A double array as a checksum: the sum, printed with all its digits, is
 * enough -- every build must produce it bit for bit. */
static inline double wl_sum(const double *a, size_t n) {
  double s = 0.0;
  for (size_t i = 0; i < n; i++)
    s += a[i];
  return s;
}

#endif
