// Only a function that may be the first of its module's code a thread runs
// tests at its entry whether the runtime knows the thread's counters
// (pass/Instrumenter.h, mayEnterModule): one callable from outside the
// module, or through its address.  In an executable the test is the count
// of its calls going down, `subq $1, %fs:OFF; jb`: a borrow is its first
// call in the thread (docs/counting.md).  A local function called only directly
// runs after such a test in the same thread, so it has none.  Here the
// module "callees" is entered by each thread through a static function's
// address (its first code in the thread), by main's thread through a
// constructor and an external function; all of them call a local helper
// with no test of its own, and its counts are exact in every thread: with
// the counters in static TLS (an executable's code) and through the
// pointer (-fPIC).  The expectations are the program's own tallies.
// RUN: rm -rf %t && mkdir -p %t/tls %t/pic
// RUN: cd %t/tls && %sscc -O2 -fss-ideal -pthread -I%inputs -DCALLEES -c %s -o callees.o
// RUN: cd %t/tls && %sscc -O2 -fss-ideal -pthread -I%inputs %s callees.o -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/tls/prog | awk '/<helper>:/,/^$/' | FileCheck %s --check-prefix=LOCAL
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/tls/prog | awk '/<callback>:/,/^$/' | FileCheck %s --check-prefix=ENTERED
// LOCAL: <helper>:
// LOCAL-NOT: cmpq {{\$0(x0)?}}, %fs:
// LOCAL-NOT: subq {{\$(1|0x1)}}, %fs:
// ENTERED: <callback>:
// ENTERED: subq {{\$(1|0x1)}}, %fs:
// ENTERED-NEXT: jb
// RUN: cd %t/pic && %sscc -O2 -fss-ideal -fPIC -pthread -I%inputs -DCALLEES -c %s -o callees.o
// RUN: cd %t/pic && %sscc -O2 -fss-ideal -fPIC -pthread -I%inputs %s callees.o -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <pthread.h>
#include <stdio.h>
#ifndef CALLEES
#define TALLY_MAIN
#endif
#include "tally.h"

typedef long (*step_fn)(long);

#ifdef CALLEES
static volatile long sink;

NOINLINE static long helper(long i) {
  ENTER();
  if (i % 3 == 0)
    HIT();
  sink += i;
  return i * 2;
}

// Reached only through its address: a thread's first code in this module.
NOINLINE static long callback(long n) {
  ENTER();
  long s = 0;
  for (long i = 0; i < n; i++)
    s += helper(i);
  return s;
}

__attribute__((constructor)) static void start_callees(void) {
  ENTER();
  helper(3);
}

step_fn callees_callback(void) { return callback; }

long callees_direct(long n) {
  ENTER();
  return helper(n) + helper(n + 1);
}
#else

#define THREADS 4

step_fn callees_callback(void);
long callees_direct(long n);

static step_fn step;
static long results[THREADS];

NOINLINE static void *worker(void *arg) {
  long k = (long)arg;
  results[k] = step(10 * (k + 1));
  return NULL;
}

int main(void) {
  step = callees_callback();
  pthread_t t[THREADS];
  for (long k = 0; k < THREADS; k++)
    pthread_create(&t[k], NULL, worker, (void *)k);
  for (long k = 0; k < THREADS; k++)
    pthread_join(t[k], NULL);
  long s = callees_direct(7);
  for (long k = 0; k < THREADS; k++)
    s += results[k];
  printf("%ld\n", s);
  tally_report();
  return 0;
}
#endif
