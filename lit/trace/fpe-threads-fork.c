// Threads and fork under ssrun -fpe: each thread's exceptions are counted
// in its own function (the threads inherit the armed floating-point
// environment, their own masks and flags stay theirs), and a forked child
// writes its own `f` file with only its own exceptions, armed as the
// parent was.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O2 -g -pthread -I%S/Inputs %s -o prog -lm
// RUN: cd %t && ./prog > plain && %ssrun -fpe ./prog > traced
// RUN: cd %t && grep -v TRACECHECK plain > plain.out && grep -v TRACECHECK traced > traced.out && diff plain.out traced.out
// RUN: cd %t && grep "child_divide" traced > child && grep -v "child_divide" traced > parent
// RUN: cd %t && %tracecheck --exhaustive parent prog.fpe.m* | FileCheck %s
// RUN: cd %t && %tracecheck --exhaustive child prog.fpe.f* | FileCheck %s --check-prefix=CHILD
// CHECK: tracecheck: 15 figures match
// CHILD: tracecheck: 5 figures match
// RUN: cd %t && %ssprof prog.fpe.m* | FileCheck %s --check-prefix=THREADS
// THREADS: 3: Threads traced
#include "fpe_tally.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile double zero = 0.0, one = 1.0, big = 1e300;
static volatile double sink;
static struct fpe_tally t_a = {"worker_divide"}, t_b = {"worker_overflow"},
                        t_main = {"main_invalid"}, t_child = {"child_divide"};

NOINLINE static void *worker_divide(void *arg) {
  (void)arg;
  for (int i = 0; i < 1000; i++)
    FPE_DO(t_a, sink, one / zero);
  return NULL;
}

NOINLINE static void *worker_overflow(void *arg) {
  (void)arg;
  for (int i = 0; i < 700; i++)
    FPE_DO(t_b, sink, big * big);
  return NULL;
}

NOINLINE static void main_invalid(int n) {
  for (int i = 0; i < n; i++)
    FPE_DO(t_main, sink, zero / zero);
}

NOINLINE static void child_divide(int n) {
  for (int i = 0; i < n; i++)
    FPE_DO(t_child, sink, -one / zero);
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, worker_divide, NULL);
  pthread_create(&b, NULL, worker_overflow, NULL);
  main_invalid(300);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    child_divide(42);
    fpe_report(&t_child); /* its lines name child_divide only */
    exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  printf("child exited %d\n", WEXITSTATUS(status));
  fpe_report(&t_a);
  fpe_report(&t_b);
  fpe_report(&t_main);
  return 0;
}
