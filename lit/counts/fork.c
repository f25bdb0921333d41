// fork(): the child writes its own `f` file with only the counts made after
// the fork, the parent its `m` file with only its own.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && sed -n 's/^PARENT //p' out > parent && sed -n 's/^CHILD //p' out > child && %sscheck parent prog.ideal.m* && %sscheck child prog.ideal.f*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && sed -n 's/^PARENT //p' out > parent && sed -n 's/^CHILD //p' out > child && %sscheck parent prog.ideal.m* && %sscheck child prog.ideal.f*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && sed -n 's/^PARENT //p' out > parent && sed -n 's/^CHILD //p' out > child && %sscheck parent prog.ideal.m* && %sscheck child prog.ideal.f*
#include <sys/wait.h>
#include <unistd.h>
#define TALLY_MAIN
#include "tally.h"

NOINLINE int step(int i) {
  ENTER();
  if (i % 2) {
    HIT();
    return i;
  }
  return 0;
}


NOINLINE void run(int n) {
  ENTER();
  for (int i = 0; i < n; i++)
    step(i);
}

int main(void) {
  run(100);
  pid_t pid = fork();
  if (pid == 0) {
    tally_reset(); /* the child's own tallies start here, as its counts do */
    run(31);
    HIT();
    tally_report_as("CHILD");
    return 0;
  }
  int status;
  waitpid(pid, &status, 0);
  run(10);
  HIT();
  tally_report_as("PARENT");
  return 0;
}
