// A static program built by sscc has no C library to stand in front of:
// sscc links it with --wrap for each function io traces, and ssrun runs
// it with its own runtime (libssrt.a).  Its calls, stdio's included, are
// counted exactly as in a dynamic program.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -static -I%S/Inputs %s -o prog
// RUN: cd %t && ./prog > plain && %ssrun -io ./prog > traced && diff plain traced
// RUN: cd %t && %tracecheck --exhaustive traced prog.io.m* | FileCheck %s
// CHECK: tracecheck: 11 figures match
// Stacks follow frame pointers there: the calls are still in the right
// functions, and nothing is written without ssrun.
// RUN: cd %t && rm -f prog.io.* && ./prog > /dev/null && ls | not grep prog.io
#include "io_tally.h"

#include <fcntl.h>
#include <unistd.h>

static struct io_tally t_calls = {"static_calls"}, t_stdio = {"static_stdio"};

NOINLINE static void static_calls(void) {
  long r;
  int fd;
  IO_CALL(t_calls, "open", 0, fd,
          open("static.bin", O_RDWR | O_CREAT | O_TRUNC, 0644));
  for (int i = 0; i < 3; i++)
    IO_CALL(t_calls, "write", 1, r, write(fd, "0123456789", 10));
  IO_CALL(t_calls, "lseek", 0, r, lseek(fd, 0, SEEK_SET));
  char buf[64];
  IO_CALL(t_calls, "read", 1, r, read(fd, buf, sizeof buf));
  IO_CALL(t_calls, "close", 0, r, close(fd));
}

NOINLINE static void static_stdio(void) {
  FILE *f = fopen("static.txt", "w");
  io_add(&t_stdio, "openat", 0, 1, 0);
  int n = fprintf(f, "%s\n", "written by stdio");
  fflush(f);
  io_add(&t_stdio, "write", 1, 1, n);
  fclose(f);
  io_add(&t_stdio, "close", 0, 1, 0);
}

int main(void) {
  static_calls();
  static_stdio();
  io_report(&t_calls);
  io_report(&t_stdio);
  return 0;
}
