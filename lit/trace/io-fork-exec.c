// fork and exec under ssrun -io: a forked child writes its own `f` file
// with its own calls (the parent's are not in it), and the image it execs
// runs the same experiment and writes an `fe` file; each counts exactly
// what the program tallied.  The parent's file holds the parent's calls
// only.  Descriptors keep their names across fork and exec.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 -g -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -io ./prog > out && ls > listing && cat out listing | FileCheck %s
// CHECK: child [[CPID:[0-9]+]]
// CHECK-DAG: prog.io.f[[CPID]]
// CHECK-DAG: prog.io.fe[[CPID]]
// CHECK-DAG: prog.io.m{{[0-9]+}}
// RUN: cd %t && grep parent_io out > parent && grep child_io out > child && grep exec_io out > exec
// RUN: cd %t && %tracecheck --exhaustive parent prog.io.m* | FileCheck %s --check-prefix=PARENT
// PARENT: tracecheck: 2 figures match
// RUN: cd %t && %tracecheck --exhaustive child prog.io.f[0-9]* | FileCheck %s --check-prefix=CHILD
// CHILD: tracecheck: 2 figures match
// RUN: cd %t && %tracecheck --exhaustive exec prog.io.fe* | FileCheck %s --check-prefix=EXEC
// EXEC: tracecheck: 3 figures match
// Every process names the file as the parent opened it (made absolute);
// the exec'd image, which did not open it, finds the name through /proc.
// RUN: cd %t && %ssprof prog.io.m* prog.io.f[0-9]* | FileCheck %s --check-prefix=NAME
// NAME: 2: Experiment files merged
// NAME: {{^ +}}7 {{.*}} {{/.*}}/shared.txt: write 6 open 1
// RUN: cd %t && %ssprof prog.io.fe* | FileCheck %s --check-prefix=EXECNAME
// EXECNAME: {{^ +}}4 {{.*}} {{/.*}}/shared.txt: write 3 close 1
#include "io_tally.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static struct io_tally t_parent = {"parent_io"}, t_child = {"child_io"},
                       t_exec = {"exec_io"};

NOINLINE static void exec_io(int fd) {
  long r;
  for (int i = 0; i < 3; i++)
    IO_CALL(t_exec, "write", 1, r, write(fd, "exec\n", 5));
  IO_CALL(t_exec, "close", 0, r, close(fd));
}

NOINLINE static void child_io(int fd) {
  long r;
  for (int i = 0; i < 4; i++)
    IO_CALL(t_child, "write", 1, r, write(fd, "child\n", 6));
}

NOINLINE static void parent_io(int fd) {
  long r;
  for (int i = 0; i < 2; i++)
    IO_CALL(t_parent, "write", 1, r, write(fd, "parent\n", 7));
}

int main(int argc, char **argv) {
  if (argc > 2) { /* the exec'd image: argv[2] is the descriptor */
    exec_io(atoi(argv[2]));
    io_report(&t_exec);
    return 0;
  }
  int fd = open("shared.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    printf("child %d\n", (int)getpid());
    child_io(fd);
    io_report(&t_child);
    fflush(stdout);
    char arg[16];
    snprintf(arg, sizeof arg, "%d", fd);
    execl(argv[0], argv[0], "exec", arg, (char *)NULL);
    return 1;
  }
  waitpid(pid, NULL, 0);
  parent_io(fd);
  io_report(&t_parent);
  return 0;
}
