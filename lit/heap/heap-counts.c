// The heap trace against the program's own account (Inputs/heap_tally.h):
// each function's allocation calls, releases and bytes (malloc, calloc,
// realloc growth, reallocarray, posix_memalign, aligned_alloc, memalign,
// valloc, a large block), the blocks it leaves live at exit, the peak of
// live bytes, the short-lived and large allocations; free(NULL) is no
// release.  Every allocation of the process is the program's own (no
// stdio, no thread), so the totals are the program's too.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// (-fno-optimize-sibling-calls: a call in tail position, which clang 19 makes at -O1,
// leaves no frame of its caller, so a release there would be charged to the caller's caller.)
// RUN: %clang -O1 -g -fno-optimize-sibling-calls -fno-builtin -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -heap ./prog > out
// RUN: cd %t && %tracecheck --exhaustive out prog.heap.m* | FileCheck %s
// CHECK: tracecheck: {{[0-9]+}} figures match
// The listing names the leaking function under its stack, and -leaks
// lists the leaks alone.
// RUN: cd %t && %ssprof prog.heap.m* | FileCheck %s --check-prefix=LISTING
// LISTING: Summary of heap callstack tracing data (heap)--
// LISTING: 0: Errors (double free, release of a block never allocated)
// LISTING: Function list, in descending order by exclusive allocations
// LISTING: Call stacks, in descending order by bytes allocated
// LISTING: Call stacks that held memory at the peak, in descending order by bytes
// RUN: cd %t && %ssprof -leaks prog.heap.m* | FileCheck %s --check-prefix=LEAKS
// LEAKS: Blocks never released: {{[0-9]+}} bytes in 4 blocks, by the call stack that allocated them
// LEAKS: 4096 bytes in 1 blocks live at exit
// LEAKS-NEXT: aligned (prog: heap-counts.c,
// LEAKS-NEXT: main (prog: heap-counts.c,
// LEAKS: bytes in 3 blocks live at exit
// LEAKS-NEXT: make_blocks (prog: heap-counts.c,
// LEAKS-NEXT: main (prog: heap-counts.c,
// LEAKS-NOT: Summary
#define _GNU_SOURCE
#include "heap_tally.h"

#include <malloc.h>
#include <stdlib.h>

static struct heap_fn f_make = {"make_blocks"}, f_release = {"release_blocks"},
                      f_aligned = {"aligned"}, f_grow = {"grow"},
                      f_big = {"big"}, f_main = {"main"};
static char *blocks[10];

NOINLINE static void make_blocks(void) {
  for (int i = 0; i < 10; i++)
    H_ALLOC(f_make, blocks[i], 100 + i, malloc(100 + i));
}

NOINLINE static void release_blocks(void) {
  for (int i = 0; i < 7; i++)
    H_FREE(f_release, blocks[i], free(blocks[i]));
  free(NULL); /* no release */
}

NOINLINE static void aligned(void) {
  void *a, *b, *c, *d;
  int r = posix_memalign(&a, 64, 512);
  heap_keep(&f_aligned, r == 0 ? a : NULL, 512);
  H_ALLOC(f_aligned, b, 1024, aligned_alloc(256, 1024));
  H_ALLOC(f_aligned, c, 48, memalign(32, 48));
  H_ALLOC(f_aligned, d, 4096, valloc(4096));
  H_FREE(f_aligned, a, free(a));
  H_FREE(f_aligned, b, free(b));
  H_FREE(f_aligned, c, free(c));
  (void)d; /* leaked */
}

NOINLINE static void grow(void) {
  char *p = NULL;
  for (long size = 16; size <= 16384; size *= 2)
    H_REALLOC(f_grow, p, p, size, realloc(p, size));
  H_REALLOC(f_grow, p, p, 4 * 25, reallocarray(p, 4, 25));
  H_FREE(f_grow, p, free(p));
}

NOINLINE static void big(void) {
  char *p, *q;
  H_ALLOC(f_big, p, 300, calloc(10, 30));
  H_ALLOC(f_big, q, 200000, malloc(200000));
  H_FREE(f_big, q, free(q)); /* short-lived and large */
  H_FREE(f_big, p, free(p));
}

int main(void) {
  make_blocks();
  aligned();
  grow();
  big();
  release_blocks();
  struct heap_fn *fns[] = {&f_make, &f_release, &f_aligned, &f_grow, &f_big,
                           &f_main};
  heap_report(fns, 6);
  heap_totals(1);
  return 0;
}
