/*
 * io.c -- a file written and read back, and data sent through a pipe, with
 * the system calls the io experiment traces.
 *
 * SpeedShop's io experiment (ssrun -io) records every read, readv, write,
 * writev, open, close, dup, pipe and creat with its call stack, the bytes
 * moved and the time taken.  This program makes a known number of each, so
 * that a trace can be checked against what it printed:
 *
 *   1. creat() a file, write() BLOCKS blocks of BLOCK bytes into it and
 *      writev() a two-part trailer; close() it;
 *   2. open() it, read() the blocks back through a dup() of the descriptor,
 *      readv() the trailer, check every byte; close() both descriptors;
 *   3. pipe(), then send PIPE_CHUNKS chunks through it, each write() followed
 *      by the read() that drains it; close() both ends;
 *   4. unlink() the file.
 *
 * The file is created in $TMPDIR (or /tmp) unless a path is given.
 *
 *   usage: io [file]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define BLOCK 65536     /* bytes per read/write */
#define BLOCKS 256      /* 16 MiB in all */
#define PIPE_CHUNK 4096 /* fits in any pipe buffer, so write-then-read never blocks */
#define PIPE_CHUNKS 1024

static unsigned char buf[BLOCK], back[BLOCK];

struct counts {
  long creat, open, close, dup, pipe, read, readv, write, writev;
  long long bytes_written, bytes_read;
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void fail(const char *what, const char *path) {
  fprintf(stderr, "io: %s %s: %s\n", what, path, strerror(errno));
  exit(1);
}

/* The content of block n: a pattern that differs from block to block. */
static void fill_block(unsigned char *p, int n) {
  uint32_t x = 2166136261u ^ (uint32_t)n;
  for (int i = 0; i < BLOCK; i++) {
    x = x * 16777619u + 1u;
    p[i] = (unsigned char)(x >> 24);
  }
}

/* write() or read() the whole of len bytes (a short transfer is continued). */
static void write_all(int fd, const void *p, size_t len, struct counts *c, const char *path) {
  const char *q = p;
  while (len > 0) {
    ssize_t n = write(fd, q, len);
    c->write++;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      fail("cannot write", path);
    }
    q += n;
    len -= (size_t)n;
    c->bytes_written += n;
  }
}

static void read_all(int fd, void *p, size_t len, struct counts *c, const char *path) {
  char *q = p;
  while (len > 0) {
    ssize_t n = read(fd, q, len);
    c->read++;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      fail("cannot read", path);
    }
    if (n == 0) {
      fprintf(stderr, "io: %s ended early\n", path);
      exit(1);
    }
    q += n;
    len -= (size_t)n;
    c->bytes_read += n;
  }
}

int main(int argc, char **argv) {
  char defpath[4096];
  const char *path = argc > 1 ? argv[1] : NULL;
  if (!path) {
    const char *tmp = getenv("TMPDIR");
    snprintf(defpath, sizeof defpath, "%s/sscc-io-example.%ld", tmp && *tmp ? tmp : "/tmp",
             (long)getpid());
    path = defpath;
  }
  struct counts c = {0};
  const char head[] = "sscc io example trailer: ";
  char tail[32];
  snprintf(tail, sizeof tail, "%d blocks of %d\n", BLOCKS, BLOCK);

  /* 1. write */
  double t0 = now();
  int fd = creat(path, 0644);
  c.creat++;
  if (fd < 0)
    fail("cannot create", path);
  for (int n = 0; n < BLOCKS; n++) {
    fill_block(buf, n);
    write_all(fd, buf, BLOCK, &c, path);
  }
  struct iovec wv[2] = {{(void *)head, sizeof head - 1}, {tail, strlen(tail)}};
  ssize_t nv = writev(fd, wv, 2);
  c.writev++;
  if (nv != (ssize_t)(wv[0].iov_len + wv[1].iov_len))
    fail("cannot writev the trailer to", path);
  c.bytes_written += nv;
  if (close(fd) != 0)
    fail("cannot close", path);
  c.close++;
  double t1 = now();

  /* 2. read back, through a duplicate descriptor */
  fd = open(path, O_RDONLY);
  c.open++;
  if (fd < 0)
    fail("cannot open", path);
  int fd2 = dup(fd);
  c.dup++;
  if (fd2 < 0)
    fail("cannot dup the descriptor of", path);
  long bad_blocks = 0;
  for (int n = 0; n < BLOCKS; n++) {
    read_all(fd2, back, BLOCK, &c, path);
    fill_block(buf, n);
    if (memcmp(buf, back, BLOCK) != 0)
      bad_blocks++;
  }
  char rhead[sizeof head - 1], rtail[sizeof tail];
  memset(rtail, 0, sizeof rtail);
  struct iovec rv[2] = {{rhead, sizeof rhead}, {rtail, strlen(tail)}};
  nv = readv(fd, rv, 2); /* the same open file: the offset is shared with fd2 */
  c.readv++;
  if (nv != (ssize_t)(rv[0].iov_len + rv[1].iov_len))
    fail("cannot readv the trailer of", path);
  c.bytes_read += nv;
  int trailer_ok = memcmp(rhead, head, sizeof rhead) == 0 && strcmp(rtail, tail) == 0;
  if (close(fd2) != 0 || close(fd) != 0)
    fail("cannot close", path);
  c.close += 2;
  double t2 = now();

  /* 3. a pipe, written and drained chunk by chunk */
  int p[2];
  if (pipe(p) != 0)
    fail("cannot create", "a pipe");
  c.pipe++;
  long bad_chunks = 0;
  for (int n = 0; n < PIPE_CHUNKS; n++) {
    memset(buf, n & 0xff, PIPE_CHUNK);
    write_all(p[1], buf, PIPE_CHUNK, &c, "the pipe");
    read_all(p[0], back, PIPE_CHUNK, &c, "the pipe");
    if (memcmp(buf, back, PIPE_CHUNK) != 0)
      bad_chunks++;
  }
  if (close(p[1]) != 0 || close(p[0]) != 0)
    fail("cannot close", "the pipe");
  c.close += 2;
  double t3 = now();

  if (unlink(path) != 0)
    fail("cannot remove", path);

  printf("io: file: %d blocks of %d bytes written and read back, %s\n", BLOCKS, BLOCK,
         bad_blocks == 0 && trailer_ok ? "all bytes match" : "MISMATCH");
  printf("io: pipe: %d chunks of %d bytes, %s\n", PIPE_CHUNKS, PIPE_CHUNK,
         bad_chunks == 0 ? "all bytes match" : "MISMATCH");
  printf("io: calls: creat %ld, open %ld, dup %ld, pipe %ld, close %ld, write %ld, writev %ld, "
         "read %ld, readv %ld\n",
         c.creat, c.open, c.dup, c.pipe, c.close, c.write, c.writev, c.read, c.readv);
  printf("io: bytes: %lld written, %lld read\n", c.bytes_written, c.bytes_read);
  printf("io: time: write %.3f s, read %.3f s, pipe %.3f s\n", t1 - t0, t2 - t1, t3 - t2);
  return bad_blocks == 0 && trailer_ok && bad_chunks == 0 ? 0 : 1;
}
