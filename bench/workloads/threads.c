/*
 * threads.c -- several threads calling one small, branchy, non-inlined
 * function, the case where counters shared by all threads cost the most.
 *
 * The input is split into CHUNKS fixed chunks; each chunk is hashed on its
 * own by calling hot_step() once per element and pass, and the threads take
 * the chunks in turn.  The chunk results are added up, so the checksum is the
 * same for every thread count.  All threads execute the same blocks of
 * hot_step() at a high rate: every counter update of an instrumented build
 * goes to a cache line the other threads also write.
 *
 *   usage: threads [threads] [passes] [n]     (defaults 2, 25, 1 << 20)
 */
#include "wl.h"
#include <pthread.h>

#define CHUNKS 64

/* External and noinline so that every build really calls it; gcc must not
 * clone it either (noclone is gcc's; clang has no such attribute). */
#if defined(__GNUC__) && !defined(__clang__)
#define HOT __attribute__((noinline, noclone))
#else
#define HOT __attribute__((noinline))
#endif

HOT uint32_t hot_step(uint32_t h, uint32_t x);
HOT uint32_t hot_step(uint32_t h, uint32_t x) {
  if (x & 1)
    h = h * 31 + x;
  else if (x % 3 == 0)
    h ^= x >> 3;
  else
    h += x * 7;
  if (h & 0x80000000u)
    h = (h << 1) ^ 0x04c11db7u;
  return h;
}

struct job {
  const uint32_t *data;
  size_t chunk_len;
  int passes, first, stride;
  uint64_t *results; /* one per chunk */
};

static struct job job;

static void *worker(void *arg) {
  int self = (int)(intptr_t)arg;
  for (int c = job.first + self; c < CHUNKS; c += job.stride) {
    const uint32_t *d = job.data + (size_t)c * job.chunk_len;
    uint32_t h = (uint32_t)c;
    for (int p = 0; p < job.passes; p++)
      for (size_t i = 0; i < job.chunk_len; i++)
        h = hot_step(h, d[i] + (uint32_t)p);
    job.results[c] = h;
  }
  return NULL;
}

int main(int argc, char **argv) {
  int nthreads = (int)wl_arg(argc, argv, 1, 2);
  int passes = (int)wl_arg(argc, argv, 2, 25);
  size_t n = (size_t)wl_arg(argc, argv, 3, 1 << 20);
  if (nthreads > CHUNKS || n < CHUNKS) {
    fprintf(stderr, "threads: at most %d threads, at least %d elements\n", CHUNKS, CHUNKS);
    return 2;
  }
  uint32_t *data = malloc(n * sizeof *data);
  uint64_t results[CHUNKS];
  pthread_t tid[CHUNKS];
  if (!data) {
    fprintf(stderr, "threads: out of memory\n");
    return 1;
  }
  uint64_t seed = 6;
  for (size_t i = 0; i < n; i++)
    data[i] = (uint32_t)wl_rand(&seed);
  job = (struct job){data, n / CHUNKS, passes, 0, nthreads, results};
  for (int t = 0; t < nthreads; t++)
    if (pthread_create(&tid[t], NULL, worker, (void *)(intptr_t)t) != 0) {
      fprintf(stderr, "threads: cannot create thread %d\n", t);
      return 1;
    }
  for (int t = 0; t < nthreads; t++)
    pthread_join(tid[t], NULL);
  uint64_t sum = 0;
  for (int c = 0; c < CHUNKS; c++)
    sum += results[c];
  /* The thread count is left out of the line: every count prints the same. */
  printf("threads: %d passes over %zu values, checksum %016llx\n", passes, n,
         (unsigned long long)sum);
  free(data);
  return 0;
}
