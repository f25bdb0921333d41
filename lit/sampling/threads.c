// Threads started after the runtime (pthread_create, and C11 thrd_create)
// are sampled from their first instruction: each gets its own timer and
// its own SAMPLES record, even after it has ended.
//
// That each thread has samples is checked with totaltime (issue 29): a
// wall-clock timer expires every 30 ms of the thread's life, 4 times at
// least in 0.12 s.  With pcsamp, whose CPU-time timer the kernel checks
// only at ticks that find the thread running, 50 rounds of
// scripts/repeat-tests.sh on a loaded machine twice saw a thread with
// none of its 12 samples (docs/ssrun.md, "Known bias").
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 -pthread -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -pcsamp ./prog && %ssdump prog.pcsamp.m* | FileCheck %s --check-prefix=PC
// PC: SAMPLING kind=pcsamp {{.*}} lost=0 incomplete=0 threads=4
// PC-COUNT-4: SAMPLES thread={{[0-3]}} tid={{[0-9]+}} samples=
// RUN: cd %t && %ssrun -totaltime ./prog && %ssdump prog.totaltime.m* | FileCheck %s
// CHECK: SAMPLING kind=totaltime {{.*}} lost=0 incomplete=0 threads=4
// CHECK-DAG: SAMPLES thread=0 tid={{[0-9]+}} samples={{[1-9]}}
// CHECK-DAG: SAMPLES thread=1 tid={{[0-9]+}} samples={{[1-9]}}
// CHECK-DAG: SAMPLES thread=2 tid={{[0-9]+}} samples={{[1-9]}}
// CHECK-DAG: SAMPLES thread=3 tid={{[0-9]+}} samples={{[1-9]}}
// Call stacks of a thread reach its start routine.
// RUN: cd %t && %ssrun -usertime ./prog && %ssdump --frames-in worker --min-percent 25 prog.usertime.m* | FileCheck %s --check-prefix=STACK
// STACK: frames in worker: ok
#include <pthread.h>
#include <threads.h>

#include "spin.h"

NOINLINE static void *worker(void *arg) {
  (void)arg;
  spin(0.12);
  return NULL;
}

static int c11_worker(void *arg) {
  (void)arg;
  spin(0.12);
  return 3;
}

int main(void) {
  pthread_t a, b;
  thrd_t c;
  pthread_create(&a, NULL, worker, NULL);
  pthread_create(&b, NULL, worker, NULL);
  thrd_create(&c, c11_worker, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  int res = 0;
  thrd_join(c, &res);
  spin(0.05);
  return res == 3 ? 0 : 1;
}
