// fork() under ssrun: the child writes its own `f` file, named with its own
// pid, holding only the samples of its own thread taken after the fork
// (the parent's work before the fork is not in it); the parent's `m` file
// has the parent's.  totaltime, whose wall-clock timer surely gives each
// of them samples (a CPU-time timer can lose a process's few on a loaded
// machine: issue 29, docs/ssrun.md).
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 -g -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -totaltime ./prog > pids && ls > listing && cat pids listing | FileCheck %s
// CHECK: parent [[PPID:[0-9]+]]
// CHECK: child [[CPID:[0-9]+]]
// CHECK-DAG: prog.totaltime.f[[CPID]]
// CHECK-DAG: prog.totaltime.m[[PPID]]
// RUN: cd %t && cat pids > child && %ssdump prog.totaltime.f* >> child && FileCheck %s --check-prefix=CHILD < child
// CHILD: child [[CPID:[0-9]+]]
// CHILD: PROCESS pid=[[CPID]] ppid={{[0-9]+}} code=f exit=0
// CHILD: NOTE caliper Caliper point 0 at target begin, PID [[CPID]]
// CHILD: SAMPLING kind=totaltime {{.*}} threads=1
// CHILD: SAMPLES thread=0 tid=[[CPID]] samples={{[1-9]}}
// RUN: cd %t && %ssdump --frames-in before_fork --min-percent 0 prog.totaltime.f* | FileCheck %s --check-prefix=NONE
// NONE: frames in before_fork: ok (0 of
// RUN: cd %t && cat pids > parent && %ssdump prog.totaltime.m* >> parent && FileCheck %s --check-prefix=PARENT < parent
// PARENT: parent [[PPID:[0-9]+]]
// PARENT: PROCESS pid=[[PPID]] {{.*}} code=m exit=0
// PARENT: SAMPLES thread=0 tid=[[PPID]] samples={{[1-9]}}
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spin.h"

NOINLINE static void before_fork(void) { spin(0.1); }
NOINLINE static void in_child(void) { spin(0.15); }

int main(void) {
  printf("parent %d\n", (int)getpid());
  fflush(stdout);
  before_fork();
  pid_t pid = fork();
  if (pid == 0) {
    in_child();
    printf("child %d\n", (int)getpid());
    return 0;
  }
  waitpid(pid, NULL, 0);
  spin(0.05);
  return 0;
}
