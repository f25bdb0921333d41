// Threads that come and go through 128 indirect call sites of 16 targets
// each: every call past a site's 8 slots is counted in the calling
// thread's own overflow table (rt/counting/indirect_overflow.h), 1024
// (site, target) pairs a thread, more than a first table takes, so each
// thread's tables grow a second one.  Three waves of four threads: a
// thread that ends gives its tables back before the file is written, and
// a thread of the next wave adopts them and adds on.  Then a forked child
// counts on its own, from its main thread and from a thread of its own
// that adopts a table of a thread the child does not have.  Every (site,
// target) count is checked against the program's own tally, made at the
// call (an atomic add per call; the child zeroes its copy first).
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/pic
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -pthread %s -o prog && ./prog > out && sed -n 's/^PARENT //p' out > parent && sed -n 's/^CHILD //p' out > child && %sscheck parent prog.ideal.m* && %sscheck child prog.ideal.f*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -pthread %s -o prog && ./prog > out && sed -n 's/^PARENT //p' out > parent && sed -n 's/^CHILD //p' out > child && %sscheck parent prog.ideal.m* && %sscheck child prog.ideal.f*
// Compiled as for a shared library, the counts are reached through the
// module's thread-local pointer instead of static TLS: the same counts.
// RUN: cd %t/pic && %sscc -O2 -fPIC -fss-ideal -pthread %s -o prog && ./prog > out && sed -n 's/^PARENT //p' out > parent && sed -n 's/^CHILD //p' out > child && %sscheck parent prog.ideal.m* && %sscheck child prog.ideal.f*
// The listing names every target, nothing under <other targets>.
// RUN: cd %t/O2 && %ssprof -b prog.ideal.m* | FileCheck %s
// CHECK-NOT: <other targets>
// CHECK: dispatch7_15
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#define SITES 128
#define TARGETS 16
#define WAVES 3
#define PER_WAVE 4

static atomic_long called[SITES][TARGETS];

#define TARGET(k)                                                              \
  __attribute__((noinline)) static long target##k(long x) { return x + k; }
TARGET(0) TARGET(1) TARGET(2) TARGET(3) TARGET(4) TARGET(5) TARGET(6)
TARGET(7) TARGET(8) TARGET(9) TARGET(10) TARGET(11) TARGET(12) TARGET(13)
TARGET(14) TARGET(15)

typedef long (*callback)(long);
static callback volatile table[TARGETS] = {
    target0, target1, target2,  target3,  target4,  target5,  target6,  target7,
    target8, target9, target10, target11, target12, target13, target14, target15};

// One function, one call site, per site d = 16 * i + j: its own tally
// before the call.
#define DISPATCH(i, j)                                                         \
  __attribute__((noinline)) long dispatch##i##_##j(int which, long x) {        \
    atomic_fetch_add(&called[16 * i + j][which], 1);                           \
    return table[which](x);                                                    \
  }
#define ROW(i)                                                                 \
  DISPATCH(i, 0) DISPATCH(i, 1) DISPATCH(i, 2) DISPATCH(i, 3) DISPATCH(i, 4)   \
  DISPATCH(i, 5) DISPATCH(i, 6) DISPATCH(i, 7) DISPATCH(i, 8) DISPATCH(i, 9)   \
  DISPATCH(i, 10) DISPATCH(i, 11) DISPATCH(i, 12) DISPATCH(i, 13)              \
  DISPATCH(i, 14) DISPATCH(i, 15)
ROW(0) ROW(1) ROW(2) ROW(3) ROW(4) ROW(5) ROW(6) ROW(7)

#define ROW_OF(i)                                                              \
  dispatch##i##_0, dispatch##i##_1, dispatch##i##_2, dispatch##i##_3,          \
      dispatch##i##_4, dispatch##i##_5, dispatch##i##_6, dispatch##i##_7,      \
      dispatch##i##_8, dispatch##i##_9, dispatch##i##_10, dispatch##i##_11,    \
      dispatch##i##_12, dispatch##i##_13, dispatch##i##_14, dispatch##i##_15
static long (*const dispatchers[SITES])(int, long) = {
    ROW_OF(0), ROW_OF(1), ROW_OF(2), ROW_OF(3),
    ROW_OF(4), ROW_OF(5), ROW_OF(6), ROW_OF(7)};

volatile long sink;

// Thread `seed` calls each (site, target) 1 + (site + target + seed) % 3
// times, the targets in an order of its own, so the first eight a site
// sees differ between sites and runs.
static void *worker(void *arg) {
  long seed = (long)arg, s = 0;
  for (int d = 0; d < SITES; d++)
    for (int k = 0; k < TARGETS; k++) {
      int t = (k * 5 + (int)seed * 3 + d) % TARGETS;
      for (int r = 0; r < 1 + (d + t + seed) % 3; r++)
        s += dispatchers[d](t, r);
    }
  sink += s;
  return NULL;
}

static void report(const char *who) {
  for (int d = 0; d < SITES; d++)
    for (int t = 0; t < TARGETS; t++)
      printf("%s SSCHECK indirect dispatch%d_%d target%d %ld\n", who, d / 16,
             d % 16, t, atomic_load(&called[d][t]));
}

int main(void) {
  for (long w = 0; w < WAVES; w++) {
    pthread_t th[PER_WAVE];
    for (long i = 0; i < PER_WAVE; i++)
      pthread_create(&th[i], NULL, worker, (void *)(w * PER_WAVE + i));
    for (int i = 0; i < PER_WAVE; i++)
      pthread_join(th[i], NULL);
  }
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    for (int d = 0; d < SITES; d++)
      for (int t = 0; t < TARGETS; t++)
        atomic_store(&called[d][t], 0);
    worker((void *)100);
    pthread_t th;
    pthread_create(&th, NULL, worker, (void *)101);
    pthread_join(th, NULL);
    report("CHILD");
    return 0;
  }
  int status;
  waitpid(child, &status, 0);
  report("PARENT");
  return 0;
}
