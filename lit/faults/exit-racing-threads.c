// exit() while threads are still counting: the file is written whole, its
// counts consistent with a run (sscheck: every count derived, no negative
// edge), and it holds at least every call the threads had made before
// exit() was called (the program's own tally, read just before; the
// threads go on counting while the file is written, so that is a lower
// bound, not an equality).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fss-ideal -pthread %s -o prog && ./prog > before
// RUN: printf 'SSCHECK calls main 1\n' > expect && %sscheck expect prog.ideal.m*
// RUN: %ssprof -json prog.ideal.m* > out.json
// RUN: %python -c "import json,sys; d=json.load(open('out.json')); n={f['name']:f['calls'] for f in d['functions']}; before=int(open('before').read()); sys.exit(not (n['work'] >= before > 0))"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define THREADS 8
static volatile long sink;
static long made[THREADS];

__attribute__((noinline)) void work(void) { sink++; }

static void *thread_main(void *arg) {
  long *mine = arg;
  for (;;) {
    work();
    __atomic_add_fetch(mine, 1, __ATOMIC_RELEASE);
  }
  return 0;
}

int main(void) {
  pthread_t t;
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t, 0, thread_main, &made[i]);
  struct timespec pause = {0, 50000000};
  nanosleep(&pause, 0);
  long before = 0;
  for (int i = 0; i < THREADS; i++)
    before += __atomic_load_n(&made[i], __ATOMIC_ACQUIRE);
  printf("%ld\n", before);
  fflush(stdout);
  exit(0);
}
