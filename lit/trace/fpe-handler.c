// A program that enables exceptions itself (feenableexcept) and handles
// SIGFPE: under ssrun -fpe its handler gets every trap it gets untraced,
// with the same context, and the trace counts each exception once --
// delivered to the handler, or stepped over where the program masks it:
//  - a handler that masks the exception in the signal context and
//    returns (the division runs again, masked: counted once);
//  - a handler that longjmps out (the program then runs with the
//    handler's masked environment, as Linux leaves it);
//  - an x87 (long double) division the program enabled;
//  - no handler at all: the process dies of SIGFPE, its file written.
// The program's own counts: its handlers' and the flags (fpe_tally.h).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 -g -I%S/Inputs %s -o prog -lm
// RUN: cd %t && ./prog > plain && %ssrun -fpe ./prog > traced && diff plain traced
// RUN: cd %t && grep -v dies traced > parent && grep dies traced > child
// RUN: cd %t && %tracecheck --exhaustive parent prog.fpe.m* | FileCheck %s
// RUN: cd %t && %tracecheck --exhaustive child prog.fpe.f* | FileCheck %s --check-prefix=CHILD
// CHECK: tracecheck: 15 figures match
// CHILD: tracecheck: 5 figures match
// RUN: cd %t && %ssdump prog.fpe.f* | FileCheck %s --check-prefix=DIED
// DIED: PROCESS {{.*}} code=f exit=-1 signal=8
#define _GNU_SOURCE
#include "fpe_tally.h"

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

static volatile double zero = 0.0, one = 1.0;
static volatile long double lzero = 0.0L, lone = 1.0L;
static volatile double sink;
static volatile long double lsink;
static volatile int fixed, jumped, x87_fixed;
static sigjmp_buf back;

static struct fpe_tally t_fix = {"divide_fixed"}, t_jump = {"divide_jumped"},
                        t_x87 = {"divide_x87"}, t_die = {"dies_of_sigfpe"};

/* Masks division by zero in the context: the instruction runs again. */
static void fix(int sig, siginfo_t *si, void *context) {
  ucontext_t *uc = context;
  (void)sig;
  if (si->si_code == FPE_FLTDIV)
    fixed++;
  uc->uc_mcontext.fpregs->mxcsr |= 0x200;
}

static void jump(int sig) {
  (void)sig;
  jumped++;
  siglongjmp(back, 1);
}

/* The x87's pending exception is cleared and masked: the faulting
 * instruction (the next x87 one) runs on. */
static void fix_x87(int sig, siginfo_t *si, void *context) {
  ucontext_t *uc = context;
  (void)sig;
  (void)si;
  x87_fixed++;
  uc->uc_mcontext.fpregs->cwd |= 0x04;
  uc->uc_mcontext.fpregs->swd &= ~0x80ff;
}

NOINLINE static void divide_fixed(int n) {
  for (int i = 0; i < n; i++) {
    feenableexcept(FE_DIVBYZERO);
    sink = one / zero;
  }
}

NOINLINE static void divide_jumped(int n) {
  for (int i = 0; i < n; i++) {
    if (sigsetjmp(back, 1) == 0) {
      /* Enabled only the first time: after the longjmp the environment
       * is the handler's, every exception masked. */
      if (i == 0)
        feenableexcept(FE_DIVBYZERO);
      FPE_DO(t_jump, sink, one / zero);
    }
  }
}

NOINLINE static void divide_x87(void) { lsink = lone / lzero; }

NOINLINE static void dies_of_sigfpe(void) {
  feenableexcept(FE_INVALID);
  sink = zero / zero;
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = fix;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGFPE, &sa, NULL);
  divide_fixed(5);
  t_fix.total = t_fix.divide_by_zero = fixed;
  printf("fixed %d, result %g, enabled %#x\n", fixed, sink, fegetexcept());
  fedisableexcept(FE_ALL_EXCEPT);

  signal(SIGFPE, jump);
  divide_jumped(6);
  t_jump.total += jumped;
  t_jump.divide_by_zero += jumped;
  printf("jumped %d, enabled %#x\n", jumped, fegetexcept());

  sa.sa_sigaction = fix_x87;
  sigaction(SIGFPE, &sa, NULL);
  feenableexcept(FE_DIVBYZERO);
  divide_x87();
  t_x87.total = t_x87.divide_by_zero = x87_fixed;
  printf("x87 fixed %d, result %Lg\n", x87_fixed, lsink);
  fedisableexcept(FE_ALL_EXCEPT);

  signal(SIGFPE, SIG_DFL);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    dies_of_sigfpe();
    _exit(0); /* not reached */
  }
  int status;
  waitpid(pid, &status, 0);
  printf("child %s %d\n", WIFSIGNALED(status) ? "signal" : "exit",
         WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
  /* What the child raised (it had no time to say): one invalid. */
  t_die.total = t_die.invalid = 1;
  fpe_report(&t_fix);
  fpe_report(&t_jump);
  fpe_report(&t_x87);
  fpe_report(&t_die);
  return 0;
}
