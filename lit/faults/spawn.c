// A program that starts itself again by vfork+exec, posix_spawn and
// system(): every image writes its own file (vfork+exec: `fe`, the vfork
// child touching nothing; posix_spawn: an `m` of its own pid; system: `s`)
// and the counts add up: the parent calls work() 1 time, each child image
// 10 times, 31 in all (arithmetic).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fss-ideal %s -o prog && ./prog
// RUN: ls prog.ideal.fe* | count 1
// RUN: ls prog.ideal.s* | count 1
// RUN: ls prog.ideal.m* | count 2
// RUN: printf 'SSCHECK calls work 31\n' > all && %sscheck all prog.ideal.*
// RUN: printf 'SSCHECK calls work 10\n' > one && %sscheck one prog.ideal.fe* && %sscheck one prog.ideal.s*
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static volatile long sink;

__attribute__((noinline)) void work(void) { sink++; }

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) {
    for (int i = 0; i < 10; i++)
      work();
    return 0;
  }
  work();
  char *child[] = {argv[0], "child", 0};
  pid_t pid = vfork();
  if (pid == 0) {
    execv("/proc/self/exe", child);
    _exit(127);
  }
  waitpid(pid, 0, 0);
  if (posix_spawn(&pid, "/proc/self/exe", 0, 0, child, environ) != 0)
    return 1;
  waitpid(pid, 0, 0);
  return system("./prog child") == 0 ? 0 : 1;
}
