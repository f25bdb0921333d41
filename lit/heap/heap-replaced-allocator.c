// A program whose allocator is replaced by a shared library of its own
// (Inputs/bump_alloc.c, as jemalloc or tcmalloc would be): the heap trace
// sees the calls that reach it, as many as the allocator counted between
// main's start and end (nothing else allocates), each function's as the
// program tallied them (Inputs/heap_tally.h).  Its free forgives, so the
// errors the trace reports leave the program running: a double free,
// with the stacks of the release, the allocation and the first release,
// and the release of a pointer never allocated.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// (-fno-optimize-sibling-calls: a call in tail position, which clang 19 makes at -O1,
// leaves no frame of its caller, so a release there would be charged to the caller's caller.)
// RUN: %clang -O1 -g -fno-optimize-sibling-calls -fPIC -shared %S/Inputs/bump_alloc.c -o libbump.so
// RUN: %clang -O1 -g -fno-optimize-sibling-calls -fno-builtin -I%S/Inputs %s -L. -lbump -Wl,-rpath,'$ORIGIN' -o prog
// RUN: cd %t && %ssrun -heap ./prog > out
// RUN: cd %t && %tracecheck --exhaustive out prog.heap.m* | FileCheck %s
// CHECK: tracecheck: {{[0-9]+}} figures match
// RUN: cd %t && %ssprof prog.heap.m* | FileCheck %s --check-prefix=LISTING
// LISTING: 2: Errors (double free, release of a block never allocated)
// LISTING: Errors, in the order they happened
// LISTING: [1] double free: free(0x{{[0-9a-f]+}})
// LISTING-NEXT: releases_twice (prog: heap-replaced-allocator.c,
// LISTING: the block of 40 bytes was allocated at
// LISTING-NEXT: allocates_once (prog: heap-replaced-allocator.c,
// LISTING: and first released at
// LISTING-NEXT: releases_once (prog: heap-replaced-allocator.c,
// LISTING: [2] release of a block never allocated: free(0x{{[0-9a-f]+}})
// LISTING-NEXT: releases_stranger (prog: heap-replaced-allocator.c,
// The same allocator linked into the executable comes before libssrt.so
// in symbol lookup: nothing reaches the trace; the program runs as
// untraced (same output) and the runtime and the listing say why.
// RUN: %clang -O1 -g -fno-optimize-sibling-calls -fno-builtin -I%S/Inputs %s %S/Inputs/bump_alloc.c -o own
// RUN: cd %t && ./own > own.untraced && %ssrun -heap ./own > own.traced 2> own.err
// RUN: cd %t && cmp own.untraced own.traced && FileCheck %s --check-prefix=OWN < own.err
// OWN: ssrt: the program defines malloc itself; the heap trace sees only what reaches the shared libraries' allocator
// RUN: cd %t && %ssprof own.heap.m* | FileCheck %s --check-prefix=OWNLIST
// OWNLIST: -: The executable defines malloc itself: its calls were not traced
#include "heap_tally.h"

#include <stdlib.h>

void bump_counts(long *allocs, long *frees);

static struct heap_fn f_alloc = {"allocates_once"},
                      f_once = {"releases_once"},
                      f_twice = {"releases_twice"},
                      f_stranger = {"releases_stranger"},
                      f_grow = {"grows"};
static char *block;
static char stranger[64];

NOINLINE static void allocates_once(void) {
  H_ALLOC(f_alloc, block, 40, malloc(40));
}
NOINLINE static void releases_once(void) {
  H_FREE(f_once, block, free(block));
}
/* The program's tally counts the second release too: the call was made. */
NOINLINE static void releases_twice(void) {
  f_twice.frees++;
  heap_all_frees++;
  free(block);
}
NOINLINE static void releases_stranger(void) {
  f_stranger.frees++;
  heap_all_frees++;
  free(stranger + 16);
}
NOINLINE static void grows(void) {
  char *p = NULL;
  for (long size = 10; size <= 1000; size *= 10)
    H_REALLOC(f_grow, p, p, size, realloc(p, size));
  char *z;
  H_ALLOC(f_grow, z, 50, calloc(5, 10));
  H_FREE(f_grow, z, free(z));
  H_FREE(f_grow, p, free(p));
}

int main(void) {
  long a0, f0, a1, f1;
  bump_counts(&a0, &f0);
  allocates_once();
  releases_once();
  releases_twice();
  releases_stranger();
  grows();
  bump_counts(&a1, &f1);
  struct heap_fn *fns[] = {&f_alloc, &f_once, &f_twice, &f_stranger, &f_grow};
  heap_report(fns, 5);
  static char line[256];
  snprintf(line, sizeof line,
           "TRACECHECK heap-sum mallocs %ld\nTRACECHECK heap-sum frees %ld\n"
           "TRACECHECK heap-sum errors 2\n"
           "TRACECHECK heap-error double_free releases_twice allocates_once "
           "releases_once\n"
           "TRACECHECK heap-error unknown_block releases_stranger - -\n",
           a1 - a0, f1 - f0);
  heap_say(line);
  return 0;
}
