// Containers sharing an output directory: every run is pid 1 of its own
// pid namespace, so every file has the same name.  None replaces another,
// also when they are written at the same moment: eight runs at once leave
// eight files (m1, m1.2, ... m1.8), each whole, 8 calls of work() in all.
// REQUIRES: root
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o ns
// RUN: unshare -pf ./ns && unshare -pf ./ns
// RUN: ls ns.ideal.* | count 2
// RUN: test -f ns.ideal.m1 && test -f ns.ideal.m1.2
// RUN: printf 'SSCHECK calls work 2\n' > two
// RUN: %sscheck two ns.ideal.*
// RUN: rm ns.ideal.*
// RUN: sh -c 'for i in 1 2 3 4 5 6 7 8; do unshare -pf ./ns 50 & done; wait'
// RUN: ls ns.ideal.* | count 8
// RUN: printf 'SSCHECK calls work 8\n' > eight
// RUN: %sscheck eight ns.ideal.*
// RUN: ls -a | not grep tmp
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) void work(void) { __asm__ volatile(""); }

int main(int argc, char **argv) {
  work();
  /* The parallel runs end together: each sleeps until the next multiple
   * of the given milliseconds. */
  if (argc > 1) {
    long ms = atol(argv[1]);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    long left = ms - (now.tv_nsec / 1000000) % ms;
    struct timespec t = {0, left * 1000000};
    nanosleep(&t, 0);
  }
  return 0;
}
