// exec under ssrun: the file of the image that execs is written first
// (its last caliper point is the exec); the new image, same pid, runs the
// same experiment (the environment carries it) and writes an `e` file.
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -usertime ./prog > pids && ls > listing && cat pids listing | FileCheck %s
// CHECK: before exec [[PID:[0-9]+]]
// CHECK: after exec [[PID]]
// CHECK-DAG: prog.usertime.e[[PID]]
// CHECK-DAG: prog.usertime.m[[PID]]
// RUN: cd %t && %ssdump prog.usertime.m* | FileCheck %s --check-prefix=FIRST
// FIRST: code=m exit=-1 signal=0 experiment=usertime
// FIRST: NOTE caliper Caliper point 1 at exec
// RUN: cd %t && %ssdump prog.usertime.e* | FileCheck %s --check-prefix=SECOND
// SECOND: code=e exit=0 signal=0 experiment=usertime
// SECOND: NOTE caliper Caliper point 1 at exit(0)
// SECOND: SAMPLING kind=usertime
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "spin.h"

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "again") == 0) {
    spin(0.05);
    printf("after exec %d\n", (int)getpid());
    return 0;
  }
  spin(0.05);
  printf("before exec %d\n", (int)getpid());
  fflush(stdout);
  execl(argv[0], argv[0], "again", (char *)0);
  return 1;
}
