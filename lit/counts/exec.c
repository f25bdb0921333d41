// exec(): the counts made before the exec are flushed to the `m` file; the
// new image (the same program, asked to do a second phase) writes its own
// file with code `e` and the same pid.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && sed -n 's/^FIRST //p' out > first && sed -n 's/^SECOND //p' out > second && %sscheck first prog.ideal.m* && %sscheck second prog.ideal.e*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && sed -n 's/^FIRST //p' out > first && sed -n 's/^SECOND //p' out > second && %sscheck first prog.ideal.m* && %sscheck second prog.ideal.e*
// RUN: cd %t/O2 && ls prog.ideal.m* prog.ideal.e* | count 2
// The pid in both names is the same.
// RUN: cd %t/O2 && ls prog.ideal.* | sed 's/.*\.[me]//' | sort -u | count 1
#include <string.h>
#include <unistd.h>
#define TALLY_MAIN
#include "tally.h"

NOINLINE int phase(int n) {
  ENTER();
  int s = 0;
  for (int i = 0; i < n; i++) {
    HIT();
    s += i;
  }
  return s;
}


int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "second") == 0) {
    phase(7);
    tally_report_as("SECOND");
    return 0;
  }
  phase(12);
  phase(5);
  tally_report_as("FIRST");
  execl("/proc/self/exe", argv[0], "second", (char *)0);
  perror("execl");
  return 1;
}
