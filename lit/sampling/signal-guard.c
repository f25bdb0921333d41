// The program cannot take the sampling signal away by accident: resetting
// every signal to SIG_DFL (a real-time signal's default is to terminate)
// leaves sampling running and the program alive; a handler it installs on
// every real-time signal still gets each one it raises, the sampling
// signal included; sigaction reports back what the program set.
// totaltime, whose wall-clock timer surely fires 6 times in the 0.2 s the
// program spends (5 asked; a CPU-time timer can lose them on a loaded
// machine: issue 29).
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -totaltime ./prog | FileCheck %s
// CHECK: handled all
// CHECK: dispositions as set
// RUN: cd %t && %ssdump --min-samples 5 prog.totaltime.m* | FileCheck %s --check-prefix=SAMPLES
// SAMPLES: samples: ok
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "spin.h"

static volatile int handled[NSIG];

static void on_signal(int sig) { handled[sig]++; }

int main(void) {
  for (int sig = 1; sig < NSIG; sig++)
    signal(sig, SIG_DFL);
  spin(0.1);

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
    sigaction(sig, &sa, NULL);
  for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
    raise(sig);
  spin(0.1);
  int all = 1, as_set = 1;
  for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++) {
    all &= handled[sig] == 1;
    struct sigaction now;
    sigaction(sig, NULL, &now);
    as_set &= now.sa_handler == on_signal;
  }
  printf("%s\n", all ? "handled all" : "some not handled");
  printf("%s\n", as_set ? "dispositions as set" : "dispositions changed");
  return 0;
}
