/*
 * io_work.c -- I/O for bench/trace.sh, in a scratch directory given as
 * the first argument:
 *   io_work DIR small N    N writes of 64 bytes to a file, then N reads
 *   io_work DIR large N    N writes of 64 KiB, read back
 *   io_work DIR stdio N    N fprintf lines through a buffered FILE, read
 *                          back with fgets
 *   io_work DIR none N     N rounds of arithmetic, no I/O at all
 * Prints what it did and a checksum; the files are removed.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char block[65536];

static void fail(const char *what) {
  perror(what);
  exit(1);
}

static long raw(const char *path, long n, size_t size) {
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    fail(path);
  long sum = 0;
  for (long i = 0; i < n; i++)
    if (write(fd, block, size) != (ssize_t)size)
      fail("write");
  if (lseek(fd, 0, SEEK_SET) != 0)
    fail("lseek");
  for (long i = 0; i < n; i++) {
    if (read(fd, block, size) != (ssize_t)size)
      fail("read");
    sum += block[i % size];
  }
  close(fd);
  return sum;
}

static long with_stdio(const char *path, long n) {
  FILE *f = fopen(path, "w");
  if (!f)
    fail(path);
  for (long i = 0; i < n; i++)
    fprintf(f, "line %ld of the stdio workload\n", i);
  fclose(f);
  f = fopen(path, "r");
  if (!f)
    fail(path);
  char line[128];
  long sum = 0;
  while (fgets(line, sizeof line, f))
    sum += (long)strlen(line);
  fclose(f);
  return sum;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: io_work DIR small|large|stdio|none N\n");
    return 2;
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/io_work.%ld", argv[1], (long)getpid());
  long n = atol(argv[3]), sum = 0;
  memset(block, 'x', sizeof block);
  if (strcmp(argv[2], "small") == 0)
    sum = raw(path, n, 64);
  else if (strcmp(argv[2], "large") == 0)
    sum = raw(path, n, sizeof block);
  else if (strcmp(argv[2], "stdio") == 0)
    sum = with_stdio(path, n);
  else {
    volatile unsigned long x = 1;
    for (long i = 0; i < n; i++)
      x = x * 6364136223846793005ul + 1442695040888963407ul;
    sum = (long)(x & 0xffff);
  }
  unlink(path);
  printf("io_work: %s %ld: checksum %ld\n", argv[2], n, sum);
  return 0;
}
