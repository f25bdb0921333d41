// system() under ssrun: the command's process writes an `s` file; the
// shell that system() starts to run it writes none (as for an
// uninstrumented shell under the ideal experiment).
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -usertime ./prog > pids && ls > listing && cat pids listing | FileCheck %s
// CHECK: command [[CMD:[0-9]+]]
// CHECK: caller [[CALLER:[0-9]+]] status 0
// CHECK-DAG: prog.usertime.m[[CALLER]]
// CHECK-DAG: prog.usertime.s[[CMD]]
// RUN: cd %t && ls | count 5
// RUN: cd %t && %ssdump prog.usertime.s* | FileCheck %s --check-prefix=S
// S: code=s exit=0 signal=0 experiment=usertime
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spin.h"

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "command") == 0) {
    spin(0.05);
    printf("command %d\n", (int)getpid());
    return 0;
  }
  spin(0.05);
  fflush(stdout);
  int status = system("./prog command");
  printf("caller %d status %d\n", (int)getpid(), status);
  return 0;
}
