// A double free the C library aborts on: the heap trace records the
// release before making it, so the file written from the fatal signal
// (SIGABRT) holds the error with its three stacks, and the program dies
// as it would untraced (by the signal, its message on stderr).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// (-fno-optimize-sibling-calls: a call in tail position, which clang 19 makes at -O1,
// leaves no frame of its caller, so a release there would be charged to the caller's caller.)
// RUN: %clang -O1 -g -fno-optimize-sibling-calls -fno-builtin %s -o prog
// RUN: cd %t && not --crash ./prog 2> untraced.err
// RUN: cd %t && not --crash %ssrun -heap ./prog 2> traced.err
// RUN: cd %t && grep -h "double free" untraced.err traced.err | count 2
// RUN: cd %t && %ssprof prog.heap.m* | FileCheck %s
// CHECK: 1: Errors (double free, release of a block never allocated)
// CHECK: [1] double free: free(0x{{[0-9a-f]+}})
// CHECK-NEXT: releases_again (prog: heap-double-free-abort.c,
// CHECK: the block of 24 bytes was allocated at
// CHECK-NEXT: allocates (prog: heap-double-free-abort.c,
// CHECK: and first released at
// CHECK-NEXT: releases (prog: heap-double-free-abort.c,
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))
static void *volatile block;

NOINLINE static void allocates(void) { block = malloc(24); }
NOINLINE static void releases(void) { free(block); }
NOINLINE static void releases_again(void) { free(block); }

int main(void) {
  allocates();
  releases();
  releases_again();
  return 0;
}
