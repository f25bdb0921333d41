// The program's own handlers for the signals the runtime would use stay
// the program's: a SIGSEGV handler that recovers with siglongjmp and a
// SIGTERM handler that counts; the runtime writes no file at the fault or
// the SIGTERM, the program goes on, and its file at exit holds every call
// (5 of work(), 1 of the recovered fault's function).  Under ssrun the
// same holds with sampling running (lit/sampling/signal-guard.c covers
// the sampling signal itself).
// RUN: rm -rf %t && mkdir -p %t/ideal %t/sampled && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o prog
// RUN: cd %t/ideal && ../prog | FileCheck %s
// RUN: cd %t/sampled && %ssrun -usertime ../prog | FileCheck %s
// CHECK: recovered 1, terms 1
// RUN: ls %t/ideal | count 1
// RUN: printf 'SSCHECK calls work 5\nSSCHECK calls fault 1\n' > expect
// RUN: %sscheck expect %t/ideal/prog.ideal.m*
// RUN: %ssprof %t/ideal/prog.ideal.m* | FileCheck %s --check-prefix=END
// END: Caliper point 1 at exit(0)
// RUN: ls %t/sampled/prog.usertime.m* | count 1
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static sigjmp_buf back;
static volatile int recovered, terms;
static volatile long sink;

__attribute__((noinline)) void work(void) { sink++; }

__attribute__((noinline)) void fault(void) {
  volatile int *volatile nowhere = 0;
  *nowhere = 1;
}

static void on_segv(int sig) {
  (void)sig;
  recovered++;
  siglongjmp(back, 1);
}

static void on_term(int sig) {
  (void)sig;
  terms++;
}

int main(void) {
  signal(SIGSEGV, on_segv);
  signal(SIGTERM, on_term);
  work();
  if (sigsetjmp(back, 1) == 0)
    fault();
  work();
  kill(getpid(), SIGTERM);
  work();
  work();
  work();
  printf("recovered %d, terms %d\n", recovered, terms);
  return 0;
}
