// Counters in static TLS (an executable's code): threads that end hand
// their counts in; a thread still blocked when main exits is read where it
// stands; a translation unit compiled -fPIC in the same program counts
// through its pointer meanwhile; and the same holds linked -static.  The
// expectations are the program's own tallies (tally.h).
// RUN: rm -rf %t && mkdir -p %t/dyn %t/static && cd %t/dyn
// RUN: %sscc -O2 -fss-ideal -pthread -I%inputs -DPIC_PART -fPIC -c %s -o pic.o
// RUN: %sscc -O2 -fss-ideal -pthread -I%inputs %s pic.o -o prog && ./prog > out && %sscheck out prog.ideal.m*
// The executable's own updates address static TLS, the -fPIC unit's go
// through its pointer (addq $1 or, as LLVM 19 tunes for today's CPUs, incq).
// RUN: llvm-objdump-14 -d --no-show-raw-insn prog | awk '/<worker>:/,/^$/' | FileCheck %s --check-prefix=TLS
// TLS: {{addq \$1,|incq}} %fs:
// RUN: llvm-objdump-14 -d --no-show-raw-insn prog | awk '/<pic_step>:/,/^$/' | FileCheck %s --check-prefix=PTR
// PTR-NOT: {{addq \$1,|incq}} %fs:
// PTR: movq %fs:
// RUN: cd %t/static && %sscc -O2 -fss-ideal -pthread -I%inputs -DPIC_PART -fPIC -c %s -o pic.o
// RUN: cd %t/static && %sscc -O2 -fss-ideal -static -pthread -I%inputs %s pic.o -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#ifndef PIC_PART
#define TALLY_MAIN
#endif
#include "tally.h"

#ifdef PIC_PART
NOINLINE long pic_step(long i) {
  ENTER();
  if (i % 4 == 0)
    HIT();
  return i * 5;
}
#else

#define WAVES 3
#define PER_WAVE 2

long pic_step(long i);
static volatile long sink;
static pthread_mutex_t hold = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t ready_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready = PTHREAD_COND_INITIALIZER;
static int blocked_ready;

NOINLINE static long step(long i) {
  ENTER();
  if (i % 3 == 0)
    HIT();
  return i + pic_step(i);
}

NOINLINE static void *worker(void *arg) {
  ENTER();
  long n = (long)arg, s = 0;
  for (long i = 0; i < n; i++)
    s += step(i);
  sink += s;
  return NULL;
}

// Counts, then waits on a lock main never releases: alive when main exits.
NOINLINE static void *blocked(void *arg) {
  ENTER();
  worker(arg);
  pthread_mutex_lock(&ready_lock);
  blocked_ready = 1;
  pthread_cond_signal(&ready);
  pthread_mutex_unlock(&ready_lock);
  pthread_mutex_lock(&hold);
  HIT(); // never runs
  return NULL;
}

int main(void) {
  pthread_mutex_lock(&hold);
  for (long w = 0; w < WAVES; w++) {
    pthread_t t[PER_WAVE];
    for (long k = 0; k < PER_WAVE; k++)
      pthread_create(&t[k], NULL, worker, (void *)(100 * (w + 1) + k));
    for (long k = 0; k < PER_WAVE; k++)
      pthread_join(t[k], NULL);
  }
  pthread_t b;
  pthread_create(&b, NULL, blocked, (void *)77);
  pthread_mutex_lock(&ready_lock);
  while (!blocked_ready)
    pthread_cond_wait(&ready, &ready_lock);
  pthread_mutex_unlock(&ready_lock);
  worker((void *)50);
  printf("%ld\n", sink);
  tally_report();
  exit(0);
}
#endif
