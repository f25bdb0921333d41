// Every I/O call counted exactly, with its bytes, in the function that
// made it: the program's own calls (each one tallied by the program,
// io_tally.h) and those the C library's stdio makes on its behalf, which
// count for the function that called stdio: a stream the program flushes
// itself writes once per flush; one it reads line by line reads once to
// fill its buffer and once more to find the end.  A thread's calls count
// for its functions.  The program behaves as it does untraced.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O2 -g -pthread -I%S/Inputs %s -o prog
// RUN: cd %t && ./prog plain > plain && %ssrun -io ./prog traced > traced
// RUN: cd %t && sed s/traced/plain/ traced | diff plain -
// RUN: cd %t && %tracecheck --exhaustive traced prog.io.m* | FileCheck %s
// CHECK: tracecheck: 42 figures match
// The listing and its file view.
// RUN: cd %t && %ssprof -b prog.io.m* | FileCheck %s --check-prefix=LIST
// LIST: Summary of I/O callstack tracing data (io)--
// LIST: 0: Calls with incomplete traceback
// LIST: Function list, in descending order by exclusive I/O calls
// LIST: Butterfly function list, in descending order by inclusive I/O calls
// LIST: I/O by file, in descending order by calls
// LIST-DAG: {{^ +}}12 {{.*}}/traced-dir/lines.txt: read 2 write 6 openat 2 close 2
// LIST-DAG: {{^ +}}18 {{.*}}/traced-dir/raw.bin: read 3 readv 1 pread 1 write 4 writev 1 pwrite 1 open 1 creat 1 close 2 lseek 1 fsync 1 fdatasync 1
// LIST-DAG: {{^ +}}1 {{.*}} (unknown): read 1
#define _GNU_SOURCE
#include "io_tally.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

static char dir[4096];
static struct io_tally t_raw = {"raw_calls"}, t_read = {"read_back"},
                       t_desc = {"descriptors"}, t_stdio = {"stdio_calls"},
                       t_thread = {"thread_calls"};
static char block[8192];

static const char *in_dir(const char *name) {
  static char path[3][4200];
  static int k;
  k = (k + 1) % 3;
  snprintf(path[k], sizeof path[k], "%s/%s", dir, name);
  return path[k];
}

NOINLINE static void raw_calls(void) {
  long r;
  int fd;
  IO_CALL(t_raw, "creat", 0, fd, creat(in_dir("raw.bin"), 0644));
  for (int i = 0; i < 4; i++)
    IO_CALL(t_raw, "write", 1, r, write(fd, block, 1000 + (size_t)i));
  struct iovec v[2] = {{block, 10}, {block, 20}};
  IO_CALL(t_raw, "writev", 1, r, writev(fd, v, 2));
  IO_CALL(t_raw, "pwrite", 1, r, pwrite(fd, block, 77, 5000));
  IO_CALL(t_raw, "lseek", 0, r, lseek(fd, 0, SEEK_END));
  IO_CALL(t_raw, "fsync", 0, r, fsync(fd));
  IO_CALL(t_raw, "fdatasync", 0, r, fdatasync(fd));
  IO_CALL(t_raw, "close", 0, r, close(fd));
}

NOINLINE static void read_back(void) {
  long r;
  int fd;
  IO_CALL(t_read, "open", 0, fd, open(in_dir("raw.bin"), O_RDONLY));
  IO_CALL(t_read, "read", 1, r, read(fd, block, 3000));
  struct iovec v[2] = {{block, 100}, {block, 200}};
  IO_CALL(t_read, "readv", 1, r, readv(fd, v, 2));
  IO_CALL(t_read, "pread", 1, r, pread(fd, block, 50, 10));
  int out;
  IO_CALL(t_read, "openat", 0, out,
          openat(AT_FDCWD, in_dir("copy.bin"), O_WRONLY | O_CREAT, 0644));
  off_t at = 0;
  IO_CALL(t_read, "sendfile", 1, r, sendfile(out, fd, &at, 4000));
  IO_CALL(t_read, "read", 1, r, read(fd, block, sizeof block)); /* the rest */
  IO_CALL(t_read, "read", 1, r, read(fd, block, sizeof block)); /* end: 0 */
  IO_CALL(t_read, "close", 0, r, close(out));
  IO_CALL(t_read, "close", 0, r, close(fd));
}

NOINLINE static void descriptors(void) {
  long r;
  int p[2], q[2], a, b;
  IO_CALL(t_desc, "pipe", 0, r, pipe(p));
  IO_CALL(t_desc, "pipe2", 0, r, pipe2(q, O_CLOEXEC));
  IO_CALL(t_desc, "dup", 0, a, dup(p[1]));
  IO_CALL(t_desc, "dup2", 0, b, dup2(q[1], 100));
  IO_CALL(t_desc, "dup3", 0, r, dup3(q[0], 101, O_CLOEXEC));
  IO_CALL(t_desc, "write", 1, r, write(a, "through the dup", 15));
  IO_CALL(t_desc, "read", 1, r, read(p[0], block, sizeof block));
  IO_CALL(t_desc, "write", 1, r, write(b, "x", 1));
  IO_CALL(t_desc, "read", 1, r, read(101, block, sizeof block));
  int fds[] = {p[0], p[1], q[0], q[1], a, b, 101};
  for (int i = 0; i < 7; i++)
    IO_CALL(t_desc, "close", 0, r, close(fds[i]));
  /* A call that fails counts too, with no bytes. */
  IO_CALL(t_desc, "read", 1, r, read(-1, block, 1));
}

NOINLINE static void stdio_calls(void) {
  static char buffer[4096];
  FILE *f = fopen(in_dir("lines.txt"), "w");
  io_add(&t_stdio, "openat", 0, 1, 0);
  setvbuf(f, buffer, _IOFBF, sizeof buffer);
  long total = 0;
  for (int i = 0; i < 5; i++) {
    int n = fprintf(f, "line %d of the file\n", i);
    fflush(f);
    io_add(&t_stdio, "write", 1, 1, n); /* one write per flush */
    total += n;
  }
  fputs("the end\n", f);
  fflush(f);
  io_add(&t_stdio, "write", 1, 1, 8);
  total += 8;
  fclose(f);
  io_add(&t_stdio, "close", 0, 1, 0);
  f = fopen(in_dir("lines.txt"), "r");
  io_add(&t_stdio, "openat", 0, 1, 0);
  setvbuf(f, buffer, _IOFBF, sizeof buffer);
  char line[100];
  int lines = 0;
  while (fgets(line, sizeof line, f))
    lines++;
  /* The buffer (4096 bytes) takes the whole file in one read; a second
   * read finds its end. */
  io_add(&t_stdio, "read", 1, 2, total);
  fclose(f);
  io_add(&t_stdio, "close", 0, 1, 0);
  printf("stdio: %d lines, %ld bytes\n", lines, total);
}

NOINLINE static void *thread_calls(void *arg) {
  (void)arg;
  long r;
  int fd;
  IO_CALL(t_thread, "open", 0, fd,
          open(in_dir("thread.bin"), O_WRONLY | O_CREAT | O_TRUNC, 0644));
  for (int i = 0; i < 50; i++)
    IO_CALL(t_thread, "write", 1, r, write(fd, block, 100));
  IO_CALL(t_thread, "close", 0, r, close(fd));
  return NULL;
}

int main(int argc, char **argv) {
  snprintf(dir, sizeof dir, "%s-dir", argc > 1 ? argv[1] : "io");
  mkdir(dir, 0755);
  memset(block, 'b', sizeof block);
  raw_calls();
  read_back();
  descriptors();
  stdio_calls();
  pthread_t t;
  pthread_create(&t, NULL, thread_calls, NULL);
  pthread_join(t, NULL);
  printf("directory %s\n", dir);
  io_report(&t_raw);
  io_report(&t_read);
  io_report(&t_desc);
  io_report(&t_stdio);
  io_report(&t_thread);
  return 0;
}
