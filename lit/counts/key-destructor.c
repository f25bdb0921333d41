// Instrumented code that runs in a thread after the runtime has taken the
// thread's counts in: a destructor of the program's own thread-specific
// key, which the C library may call after the runtime's (rt/counting/
// thread_counters.c, give_back_sets), in the same round or the next.  The
// runtime zeroes the thread's copy when it takes it in, so the next entry
// of a function that tests for the thread's counters finds its count at
// zero again and tells the runtime of the thread once more (in an
// executable, the count's borrow; with -fPIC, the pointer the runtime
// cleared): those calls are counted too, in static TLS and through the
// pointer.  The expectations are arithmetic on the loops below.
// RUN: rm -rf %t && mkdir -p %t/tls %t/pic
// RUN: cd %t/tls && %sscc -O2 -fss-ideal -pthread %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/pic && %sscc -O2 -fss-ideal -fPIC -pthread %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <pthread.h>
#include <stdio.h>

#define THREADS 3
#define WORK 1000
#define LATE 7

static pthread_key_t key;
volatile long sink;

/* External: it may be a thread's first code in the module, so it tests. */
__attribute__((noinline)) long late_work(long i) {
  if (i % 2)
    return i * 3;
  return i + 1;
}

/* The program's destructor: runs when the thread ends, after the
 * runtime's own destructor took its counts in, or before it. */
static void at_thread_end(void *value) {
  long s = 0;
  for (long i = 0; i < LATE; i++)
    s += late_work(i);
  sink += s + (long)value;
}

static void *worker(void *arg) {
  long s = 0;
  for (long i = 0; i < WORK; i++)
    s += late_work(i);
  sink += s;
  /* Set last, so that the runtime's key (made when the runtime started,
   * or at the thread's first count) comes first in each round. */
  pthread_setspecific(key, arg ? arg : (void *)1);
  return NULL;
}

int main(void) {
  pthread_key_create(&key, at_thread_end);
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++)
    pthread_create(&t[i], NULL, worker, (void *)(i + 1));
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  printf("SSCHECK calls late_work %d\n", THREADS * (WORK + LATE));
  printf("SSCHECK calls at_thread_end %d\n", THREADS);
  printf("SSCHECK calls worker %d\n", THREADS);
  return 0;
}
