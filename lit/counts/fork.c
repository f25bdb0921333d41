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

/* Prefix each tally line so the two processes' reports can be told apart. */
static void report(const char *who) {
  char buf[8192];
  fflush(stdout);
  FILE *saved = stdout;
  FILE *mem = fmemopen(buf, sizeof buf, "w");
  stdout = mem;
  tally_report();
  fclose(mem);
  stdout = saved;
  for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
    printf("%s %s\n", who, line);
  fflush(stdout);
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
    report("CHILD");
    return 0;
  }
  int status;
  waitpid(pid, &status, 0);
  run(10);
  HIT();
  report("PARENT");
  return 0;
}
