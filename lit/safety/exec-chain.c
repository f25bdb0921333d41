// A chain of execs in one process keeps every image's counts: each image
// writes its own file and none replaces another (docs/experiment-file.md:
// the `e` files of one pid are e<pid>, e<pid>.2, ...).  Six images, each
// calls leaf() once: six calls in all, by arithmetic.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o chain
// RUN: ./chain 5
// RUN: ls chain.ideal.m* | count 1
// RUN: ls chain.ideal.e* | count 5
// RUN: printf 'SSCHECK calls leaf 6\nSSCHECK calls main 6\n' > expect
// RUN: %sscheck expect chain.ideal.*
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline)) void leaf(void) { __asm__ volatile(""); }

int main(int argc, char **argv) {
  int left = argc > 1 ? atoi(argv[1]) : 0;
  leaf();
  if (left > 0) {
    char next[16];
    snprintf(next, sizeof next, "%d", left - 1);
    execl("/proc/self/exe", argv[0], next, (char *)0);
    return 1;
  }
  return 0;
}
