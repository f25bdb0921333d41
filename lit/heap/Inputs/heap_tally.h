/*
 * heap_tally.h -- a test program's own account of its heap calls,
 * independent of the heap trace: each H_* macro makes the call and adds
 * it to the tally of the function it ran in (its `struct heap_fn`), keeps
 * the block's size and owner, its own sum of live bytes and the largest
 * it reached (the peak), the short-lived allocations (released before the
 * thread allocated again) and the large ones (128 KiB or more).
 * heap_report writes what lit/tools/tracecheck.py compares with ssprof
 * -json (with write(2): no stdio buffer joins the heap):
 *   TRACECHECK heap <function> <mallocs> <frees> <bytes>
 *   TRACECHECK heap-leak <function> <blocks> <bytes>
 *   TRACECHECK heap-total peak_bytes|live_bytes_at_exit <n>   (heap_totals)
 *   TRACECHECK heap-sum short_lived|large|mallocs|frees <n>
 * One thread at a time makes calls (tests join their threads first).
 */
#ifndef HEAP_TALLY_H
#define HEAP_TALLY_H

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))
#define HEAP_MAX_BLOCKS 4096

struct heap_fn {
  const char *name;
  long mallocs, frees, bytes;
};

struct heap_block {
  void *p;
  long size;
  struct heap_fn *owner;
};

static struct heap_block heap_blocks[HEAP_MAX_BLOCKS];
static long heap_live, heap_peak, heap_short, heap_large, heap_all_mallocs,
    heap_all_frees;
static __thread void *heap_last; /* the thread's last allocation */

static void heap_keep(struct heap_fn *f, void *p, long size) {
  f->mallocs++;
  heap_all_mallocs++;
  if (!p)
    return;
  f->bytes += size;
  heap_live += size;
  if (heap_live > heap_peak)
    heap_peak = heap_live;
  if (size >= 128 * 1024)
    heap_large++;
  heap_last = p;
  for (int i = 0; i < HEAP_MAX_BLOCKS; i++)
    if (!heap_blocks[i].p) {
      heap_blocks[i].p = p;
      heap_blocks[i].size = size;
      heap_blocks[i].owner = f;
      return;
    }
}

/* The release of p (not NULL) by f; `discard`: by free or delete (a
 * realloc's old block is not short-lived, it grew). */
static void heap_drop(struct heap_fn *f, void *p, int discard) {
  f->frees++;
  heap_all_frees++;
  if (discard && p == heap_last)
    heap_short++;
  for (int i = 0; i < HEAP_MAX_BLOCKS; i++)
    if (heap_blocks[i].p == p) {
      heap_live -= heap_blocks[i].size;
      heap_blocks[i].p = NULL;
      return;
    }
}

#define H_ALLOC(f, var, size, expression)                                      \
  do {                                                                         \
    (var) = (expression);                                                      \
    heap_keep(&(f), (void *)(var), (long)(size));                              \
  } while (0)

/* A release: counted before it is made, as the trace records it. */
#define H_FREE(f, p, statement)                                                \
  do {                                                                         \
    if (p)                                                                     \
      heap_drop(&(f), (void *)(p), 1);                                            \
    statement;                                                                 \
  } while (0)

/* realloc(p, size) into var: a release of p when a block comes back (or
 * p was NULL: then only an allocation). */
#define H_REALLOC(f, var, p, size, expression)                                 \
  do {                                                                         \
    void *old_ = (p);                                                          \
    void *new_ = (expression);                                                 \
    if (new_ && old_)                                                          \
      heap_drop(&(f), old_, 0);                                                \
    heap_keep(&(f), new_, (long)(size));                                       \
    (var) = new_;                                                              \
  } while (0)

static void heap_say(const char *line) { (void)!write(1, line, strlen(line)); }

static void heap_report(struct heap_fn *const *fns, int n) {
  static char line[256];
  for (int i = 0; i < n; i++) {
    const struct heap_fn *f = fns[i];
    snprintf(line, sizeof line, "TRACECHECK heap %s %ld %ld %ld\n", f->name,
             f->mallocs, f->frees, f->bytes);
    heap_say(line);
    long blocks = 0, bytes = 0;
    for (int k = 0; k < HEAP_MAX_BLOCKS; k++)
      if (heap_blocks[k].p && heap_blocks[k].owner == f) {
        blocks++;
        bytes += heap_blocks[k].size;
      }
    if (blocks) {
      snprintf(line, sizeof line, "TRACECHECK heap-leak %s %ld %ld\n",
               f->name, blocks, bytes);
      heap_say(line);
    }
  }
}

/* What only a program whose every allocation is its own can say: the
 * peak and the bytes live at exit, and with `calls` its short-lived and
 * large allocations and all its calls (not when the C++ library
 * allocates an exception for it). */
static void heap_totals(int calls) {
  static char line[512];
  snprintf(line, sizeof line,
           "TRACECHECK heap-total peak_bytes %ld\n"
           "TRACECHECK heap-total live_bytes_at_exit %ld\n",
           heap_peak, heap_live);
  heap_say(line);
  if (!calls)
    return;
  snprintf(line, sizeof line,
           "TRACECHECK heap-sum short_lived %ld\n"
           "TRACECHECK heap-sum large %ld\n"
           "TRACECHECK heap-sum mallocs %ld\n"
           "TRACECHECK heap-sum frees %ld\n",
           heap_short, heap_large, heap_all_mallocs, heap_all_frees);
  heap_say(line);
}

#endif
