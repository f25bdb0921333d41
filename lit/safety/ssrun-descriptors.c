// ssrun starts the program with exactly the descriptors it was given
// (docs/ssrun.md): what the runtime's libraries open for themselves
// (libunwind's pipe) sits at the top of the table, out of the program's
// way, so the program's own open() gets the number it would get without
// ssrun, also when it starts with fd 2 closed.  The expectation is the
// same program run without ssrun.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 %s -o fds
// RUN: ./fds > plain
// RUN: %ssrun -usertime ./fds > sampled
// RUN: diff plain sampled
// RUN: sh -c './fds 2>&-' > plain-closed
// RUN: sh -c '%ssrun -usertime ./fds 2>&-' > sampled-closed
// RUN: diff plain-closed sampled-closed
// The runtime's own descriptors are close-on-exec: a program the measured
// one starts (here without the runtime) inherits none of them.
// RUN: %ssrun -usertime sh -c 'exec env -u LD_PRELOAD ls /proc/self/fd' > in-child
// RUN: sh -c 'exec ls /proc/self/fd' > in-plain-child
// RUN: diff in-plain-child in-child
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  /* Descriptors below 900 (the runtime keeps its own above), one a line. */
  DIR *d = opendir("/proc/self/fd");
  if (!d)
    return 1;
  int mine = dirfd(d);
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    int fd = atoi(e->d_name);
    if (e->d_name[0] != '.' && fd != mine && fd < 900)
      printf("open at start: %d\n", fd);
  }
  closedir(d);
  int fd = open("/dev/null", O_RDONLY);
  printf("first open: %d\n", fd);
  return 0;
}
