// Threads that come and go: five waves of three threads, each counting in a
// promoted loop around a shared function and calling two functions through
// one indirect call site, plus a thread still counting when another forks.  Every thread counts into a set of its own: in an
// executable its own copy in static TLS, whose counts the runtime takes in
// when the thread ends; otherwise a set given back by an ended thread is
// adopted by a later one and added on to.  Either way totals stay exact.  The expectations are arithmetic on the trip counts.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -pthread %s -o prog && ./prog > out && sed -n 's/^PARENT //p' out > parent && sed -n 's/^CHILD //p' out > child && %sscheck parent prog.ideal.m* && %sscheck child prog.ideal.f*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -pthread %s -o prog && ./prog > out && sed -n 's/^PARENT //p' out > parent && sed -n 's/^CHILD //p' out > child && %sscheck parent prog.ideal.m* && %sscheck child prog.ideal.f*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -pthread %s -o prog && ./prog > out && sed -n 's/^PARENT //p' out > parent && sed -n 's/^CHILD //p' out > child && %sscheck parent prog.ideal.m* && %sscheck child prog.ideal.f*
// Compiled as for a shared library, the counters are reached through the
// module's thread-local pointer (sets the runtime hands out) instead of
// being thread-local themselves: the same counts.
// RUN: rm -rf %t/pic && mkdir -p %t/pic && cd %t/pic && %sscc -O2 -fPIC -fss-ideal -pthread %s -o prog && ./prog > out && sed -n 's/^PARENT //p' out > parent && sed -n 's/^CHILD //p' out > child && %sscheck parent prog.ideal.m* && %sscheck child prog.ideal.f*
#include <pthread.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#define WAVES 5
#define PER_WAVE 3

volatile long sink;
static volatile int stop_spinning;

__attribute__((noinline)) static long shared(long i) {
  if (i % 3 == 0)
    return i / 3;
  return -i;
}

__attribute__((noinline)) static long even_op(long i) { return i >> 1; }
__attribute__((noinline)) static long odd_op(long i) { return i * 3; }
static long (*volatile ops[2])(long) = {even_op, odd_op};

// Thread k of wave w makes 1000 * (w + 1) + k calls.
static long trips(long w, long k) { return 1000 * (w + 1) + k; }

__attribute__((noinline)) static void *worker(void *arg) {
  long n = (long)arg, s = 0;
  for (long i = 0; i < n; i++)
    s += shared(i);
  for (long i = 0; i < n; i++)
    s += ops[i & 1](i);
  sink += s;
  return NULL;
}

__attribute__((noinline)) static long spin_once(long i) { return i ^ 5; }

__attribute__((noinline)) static void *spinner(void *arg) {
  long *spins = arg;
  while (!stop_spinning) {
    sink += spin_once(*spins);
    ++*spins;
  }
  return NULL;
}

int main(void) {
  long calls = 0, odd_calls = 0;
  for (long w = 0; w < WAVES; w++) {
    pthread_t t[PER_WAVE];
    for (long k = 0; k < PER_WAVE; k++) {
      calls += trips(w, k);
      odd_calls += trips(w, k) / 2;
      pthread_create(&t[k], NULL, worker, (void *)trips(w, k));
    }
    for (int k = 0; k < PER_WAVE; k++)
      pthread_join(t[k], NULL);
  }

  // A thread keeps counting while main forks: the child has none of it.
  long spins = 0;
  pthread_t spin;
  pthread_create(&spin, NULL, spinner, &spins);
  while (__atomic_load_n(&spins, __ATOMIC_RELAXED) < 1000)
    sched_yield();
  pid_t pid = fork();
  if (pid == 0) {
    worker((void *)777);
    printf("CHILD SSCHECK calls shared 777\nCHILD SSCHECK calls worker 1\n"
           "CHILD SSCHECK indirect worker even_op 389\n"
           "CHILD SSCHECK indirect worker odd_op 388\n"
           "CHILD SSCHECK calls spinner 0\nCHILD SSCHECK calls spin_once 0\n");
    return 0;
  }
  waitpid(pid, NULL, 0);
  stop_spinning = 1;
  pthread_join(spin, NULL);
  printf("PARENT SSCHECK calls shared %ld\n", calls);
  printf("PARENT SSCHECK calls worker %d\n", WAVES * PER_WAVE);
  printf("PARENT SSCHECK pair worker shared %ld\n", calls);
  printf("PARENT SSCHECK indirect worker even_op %ld\n", calls - odd_calls);
  printf("PARENT SSCHECK indirect worker odd_op %ld\n", odd_calls);
  printf("PARENT SSCHECK calls spinner 1\nPARENT SSCHECK calls spin_once %ld\n",
         spins);
  return 0;
}
