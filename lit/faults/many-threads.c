// Hundreds of threads created and ending: 1,000 threads in waves of 100,
// each calling work() 100 times, then ending; counts stay exact (100,000
// calls, by arithmetic), and the file is whole.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fss-ideal -pthread %s -o prog && ./prog
// RUN: printf 'SSCHECK calls work 100000\nSSCHECK calls thread_main 1000\n' > expect
// RUN: %sscheck expect prog.ideal.m*
#include <pthread.h>

static volatile long sink;

__attribute__((noinline)) void work(void) { sink++; }

__attribute__((noinline)) void *thread_main(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++)
    work();
  return 0;
}

int main(void) {
  for (int wave = 0; wave < 10; wave++) {
    pthread_t t[100];
    for (int i = 0; i < 100; i++)
      if (pthread_create(&t[i], 0, thread_main, 0) != 0)
        return 1;
    for (int i = 0; i < 100; i++)
      pthread_join(t[i], 0);
  }
  return 0;
}
