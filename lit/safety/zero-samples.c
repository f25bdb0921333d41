// A program that blocks every signal gets no samples however much CPU
// time it spends; ssprof says so, naming the likely cause, instead of
// listing nothing without a word (docs/ssprof.md).  The program spends
// 0.6 s of CPU (it measures it itself with clock()): 20 samples at 30 ms
// were due; a tenth of that is the threshold.  The same program with
// its signals left alone gets its samples and no warning.
// RUN: rm -rf %t && mkdir -p %t/blocked %t/free && %clang -O1 %s -o %t/burn
// RUN: cd %t/blocked && %ssrun -usertime %t/burn block
// RUN: %ssprof %t/blocked/burn.usertime.m* 2> err > /dev/null
// RUN: FileCheck %s --check-prefix=WARN < err
// WARN: ssprof: warning: {{.*}}burn.usertime.m{{[0-9]+}}: 0 samples for 0.{{[0-9]+}} s of CPU time ({{[0-9]+}} expected, one per 30 ms): the program most likely blocked the sampling signal
// RUN: cd %t/free && %ssrun -usertime %t/burn
// RUN: %ssprof %t/free/burn.usertime.m* 2> err > /dev/null
// RUN: count 0 < err
#include <signal.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "block") == 0) {
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, 0);
  }
  volatile unsigned long n = 0;
  while (clock() < CLOCKS_PER_SEC * 6 / 10)
    n++;
  return 0;
}
