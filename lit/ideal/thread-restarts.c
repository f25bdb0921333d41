// The first call of each thread into an instrumented module finds no
// counters: its slow path asks the runtime for a set and starts the
// function over, so the function's first instructions (its prologue: the
// callee-saved registers it pushes) run twice.  The pass counts those
// restarts and ssprof adds them to the code at the function's start:
// ssprof's instructions equal callgrind's exactly, per function.  Here
// main and four threads enter the module, the threads through worker,
// whose values live across calls (so it has a prologue).  That is code
// compiled as for a shared library (-fPIC); in an executable the counters
// are in static TLS from the thread's start, and the slow path only tells
// the runtime and goes on (no restart): exact too.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal -pthread %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// RUN: rm -f %t/*.ideal.* && %sscc -O2 -fPIC -gdwarf-4 -fss-ideal -pthread %s -o %t/pic
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/pic.cg %t/pic > %t/pic.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/pic %t/pic.cg %t/pic.ideal.m* %s
#include <pthread.h>
#include <stdio.h>

#define THREADS 4

static volatile long sink;

__attribute__((noinline)) static long step(long i) { return i * 3 + sink; }

__attribute__((noinline)) static void *worker(void *arg) {
  long id = (long)arg, total = 0;
  for (long i = 0; i < 1000; i++)
    total += step(i) * id;
  sink += total;
  return NULL;
}

int main(void) {
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (long i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", sink);
  return 0;
}
