// _exit and _Exit skip exit handlers, but the file is still written
// (libssrt.so stands in front of them; docs/experiment-file.md): a forked
// child leaving by _exit keeps its counts, and the status is recorded.
// The parent calls leaf() 2 times, the child 3 times: 5 in all.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o quick
// RUN: sh -c './quick; test $? -eq 4'
// RUN: ls quick.ideal.m* | count 1
// RUN: ls quick.ideal.f* | count 1
// RUN: printf 'SSCHECK calls leaf 5\n' > expect
// RUN: %sscheck expect quick.ideal.m* quick.ideal.f*
// RUN: %ssprof quick.ideal.f* | FileCheck %s --check-prefix=CHILD
// CHILD: Caliper point 1 at _exit(0)
// RUN: %ssprof quick.ideal.m* | FileCheck %s --check-prefix=PARENT
// PARENT: Caliper point 1 at _exit(4)
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) void leaf(void) { __asm__ volatile(""); }

int main(void) {
  leaf();
  pid_t pid = fork();
  if (pid == 0) {
    for (int i = 0; i < 3; i++)
      leaf();
    _exit(0);
  }
  waitpid(pid, 0, 0);
  leaf();
  _Exit(4);
}
