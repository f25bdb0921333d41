// One call site through a pointer that reaches 20 targets, from two
// threads at once: a site keeps 8 targets itself, the runtime counts the
// other 12 per target (rt/counting/indirect_overflow.h), and ssprof lists
// all 20 with their exact counts, nothing under <other targets>.  The
// counts come from the program's own tallies (each target counts its
// calls with an atomic add; each thread counts what it dispatched).
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -pthread -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O0 && %ssprof -b prog.ideal.m* > listing && FileCheck %s < listing
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -pthread -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %ssprof -b prog.ideal.m* > listing && FileCheck %s < listing
// RUN: cd %t/O2 && %ssprof -json prog.ideal.m* | %python -c "import json,sys; d=json.load(sys.stdin); c=[c for c in d['calls'] if c['caller']=='dispatch' and c.get('targets')]; assert len(c)==1, c; print('targets', len(c[0]['targets']), 'other', c[0]['other_targets'])" | FileCheck %s --check-prefix=JSON
// JSON: targets 20 other 0
// CHECK-NOT: <other targets>
// CHECK: dispatch
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#define TALLY_MAIN
#include "tally.h"

#define TARGETS 20
static atomic_long called[TARGETS];

#define TARGET(k)                                                              \
  NOINLINE static int target##k(int x) {                                       \
    atomic_fetch_add(&called[k], 1);                                           \
    return x + k;                                                              \
  }
TARGET(0) TARGET(1) TARGET(2) TARGET(3) TARGET(4) TARGET(5) TARGET(6)
TARGET(7) TARGET(8) TARGET(9) TARGET(10) TARGET(11) TARGET(12) TARGET(13)
TARGET(14) TARGET(15) TARGET(16) TARGET(17) TARGET(18) TARGET(19)

typedef int (*callback)(int);
static callback volatile table[TARGETS] = {
    target0,  target1,  target2,  target3,  target4,  target5,  target6,
    target7,  target8,  target9,  target10, target11, target12, target13,
    target14, target15, target16, target17, target18, target19};

NOINLINE int dispatch(int which, int x) { return table[which](x); }

// Thread `seed` calls target t min(42, (t + 1) * (seed + 1)) times, the
// targets in an order of its own, so the first eight to reach the site
// differ between runs.
static void *worker(void *arg) {
  long seed = (long)arg, sum = 0;
  for (int round = 0; round < 42; round++)
    for (int k = 0; k < TARGETS; k++) {
      int t = (k * 7 + (int)seed * 3) % TARGETS;
      if (round < (t + 1) * (seed + 1))
        sum += dispatch(t, round);
    }
  return (void *)sum;
}

int main(void) {
  pthread_t th[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&th[i], NULL, worker, (void *)i);
  long sum = 0;
  for (int i = 0; i < 2; i++) {
    void *r;
    pthread_join(th[i], &r);
    sum += (long)r;
  }
  printf("sum %ld\n", sum);
  for (int k = 0; k < TARGETS; k++)
    printf("SSCHECK indirect dispatch target%d %ld\n", k,
           atomic_load(&called[k]));
  return 0;
}
