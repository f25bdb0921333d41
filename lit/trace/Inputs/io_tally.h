/*
 * io_tally.h -- a test program's own count of its I/O calls, independent
 * of the io trace: IO_CALL(tally, "read", expression) makes the call and
 * adds one call, and its result as bytes when `bytes` says the call moves
 * bytes and it succeeded, to the tally of the function it ran in.
 * io_report prints the tally as lines lit/tools/tracecheck.py compares
 * with ssprof's exclusive figures:
 *   TRACECHECK io <function> <call> <calls> [<bytes>]
 */
#ifndef IO_TALLY_H
#define IO_TALLY_H

#include <stdio.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))
#define IO_KINDS 24

struct io_tally {
  const char *function;
  const char *call[IO_KINDS];
  long calls[IO_KINDS], bytes[IO_KINDS];
  int moves[IO_KINDS];
};

static inline int io_slot(struct io_tally *t, const char *call, int moves) {
  int i = 0;
  while (i < IO_KINDS && t->call[i] && strcmp(t->call[i], call) != 0)
    i++;
  if (!t->call[i]) {
    t->call[i] = call;
    t->moves[i] = moves;
  }
  return i;
}

/* Adds `n` calls of `call` moving `bytes` (moves: the call's bytes count). */
static inline void io_add(struct io_tally *t, const char *call, int moves,
                          long n, long bytes) {
  int i = io_slot(t, call, moves);
  t->calls[i] += n;
  if (moves && bytes > 0)
    t->bytes[i] += bytes;
}

#define IO_CALL(t, call, moves, result, expression)                            \
  do {                                                                         \
    (result) = (expression);                                                   \
    io_add(&(t), call, moves, 1, (long)(result));                              \
  } while (0)

static inline void io_report(const struct io_tally *t) {
  for (int i = 0; i < IO_KINDS && t->call[i]; i++) {
    if (t->moves[i])
      printf("TRACECHECK io %s %s %ld %ld\n", t->function, t->call[i],
             t->calls[i], t->bytes[i]);
    else
      printf("TRACECHECK io %s %s %ld\n", t->function, t->call[i],
             t->calls[i]);
  }
}

#endif
