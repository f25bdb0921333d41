// Four threads call one function 10^6 times each: counts stay exact.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -pthread %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -pthread %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -pthread %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// The expectations are arithmetic: 4 threads x 10^6 calls.
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#define CALLS 1000000

volatile long sink;

__attribute__((noinline)) long shared(long i) {
  if (i % 3 == 0)
    return i / 3;
  return -i;
}

static void *worker(void *arg) {
  long s = 0;
  (void)arg;
  for (long i = 0; i < CALLS; i++)
    s += shared(i);
  sink += s;
  return NULL;
}

int main(void) {
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  printf("SSCHECK calls shared %d\n", THREADS * CALLS);
  printf("SSCHECK calls worker %d\n", THREADS);
  printf("SSCHECK pair worker shared %d\n", THREADS * CALLS);
  return 0;
}
