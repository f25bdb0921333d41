// Nothing is lost however the program ends: killed by a signal (the file
// is written, then the process dies of it, with its status), or by exit()
// with output still in stdio's buffers (flushed, traced, before the file
// is written: its write counts for the code that called exit).
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 -g -I%S/Inputs %s -o prog
// RUN: cd %t && %python -c "import subprocess,sys; sys.exit(subprocess.call(['%ssrun','-io','./prog','signal'], stdout=open('signal.out','w')) != -15)"
// RUN: cd %t && %tracecheck --exhaustive signal.out prog.io.m* | FileCheck %s
// CHECK: tracecheck: 2 figures match
// RUN: cd %t && %ssdump prog.io.m* | FileCheck %s --check-prefix=DIED
// DIED: exit=-1 signal=15
// RUN: cd %t && rm prog.io.* && %ssrun -io ./prog exit > exit.out && %tracecheck exit.out prog.io.m* | FileCheck %s --check-prefix=EXIT
// EXIT: tracecheck: 4 figures match
#include "io_tally.h"

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static struct io_tally t_calls = {"before_the_end"}, t_exit = {"ends_by_exit"};

NOINLINE static void before_the_end(void) {
  long r;
  for (int i = 0; i < 9; i++)
    IO_CALL(t_calls, "write", 1, r, write(2, "", 0));
}

/* Leaves a line in stdout's buffer (a pipe or a file: fully buffered) and
 * exits: the C library writes it at exit, for this function. */
NOINLINE static void ends_by_exit(void) {
  printf("the last line\n");
  exit(0);
}

int main(int argc, char **argv) {
  before_the_end();
  if (argc > 1 && argv[1][0] == 's') {
    io_report(&t_calls);
    fflush(stdout);
    raise(SIGTERM);
  }
  io_add(&t_exit, "write", 1, 1, 14); /* "the last line\n", at exit */
  io_report(&t_calls);
  io_report(&t_exit);
  fflush(stdout);
  ends_by_exit();
  return 1;
}
