// A file of an earlier run whose pid is reused is never replaced: the new
// run's file takes the next free name (docs/experiment-file.md).  The
// program stands in for the pid reuse by moving an earlier run's real file
// to the name it will write itself; then each run's file holds its own
// calls (1 each, 2 merged).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o reuse
// RUN: ./reuse > first-pid
// RUN: sh -c './reuse reuse.ideal.m$(cat first-pid)' > second-pid
// RUN: sh -c 'test -f reuse.ideal.m$(cat second-pid) && test -f reuse.ideal.m$(cat second-pid).2'
// RUN: printf 'SSCHECK calls work 1\n' > one
// RUN: sh -c '%sscheck one reuse.ideal.m$(cat second-pid)'
// RUN: sh -c '%sscheck one reuse.ideal.m$(cat second-pid).2'
// RUN: printf 'SSCHECK calls work 2\n' > two
// RUN: %sscheck two reuse.ideal.*
#include <stdio.h>
#include <unistd.h>

__attribute__((noinline)) void work(void) { __asm__ volatile(""); }

int main(int argc, char **argv) {
  if (argc > 1) {
    char mine[64];
    snprintf(mine, sizeof mine, "reuse.ideal.m%d", (int)getpid());
    if (rename(argv[1], mine) != 0)
      return 1;
  }
  work();
  printf("%d\n", (int)getpid());
  return 0;
}
