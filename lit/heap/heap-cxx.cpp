// C++'s operator new and delete through sscc++, every form called by name
// (plain, array, nothrow, aligned, sized), against the program's own
// account (Inputs/heap_tally.h): each function's calls, releases and
// bytes, the array it leaks, a new that throws std::bad_alloc (a call
// that returned no block).  Only the C++ library's exception object
// (malloc'ed and freed while the program catches it, first) is not the
// program's, and it is smaller than the peak, so the peak and the bytes
// live at exit are the program's too; the calls by kind are the
// program's, the exception's malloc and free besides.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// (-fno-optimize-sibling-calls: a call in tail position, which clang 19 makes at -O1,
// leaves no frame of its caller, so a release there would be charged to the caller's caller.)
// RUN: %ssxx -std=c++17 -fsized-deallocation -O1 -g -fno-optimize-sibling-calls -fno-builtin -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -heap ./prog > out
// RUN: cd %t && %tracecheck --exhaustive out prog.heap.m* | FileCheck %s
// CHECK: tracecheck: {{[0-9]+}} figures match
// RUN: cd %t && %ssprof prog.heap.m* | FileCheck %s --check-prefix=KINDS
// KINDS: Allocator calls by kind, in descending order by calls
// KINDS-DAG: {{^ +}}6 {{.*}}  new{{$}}
// KINDS-DAG: {{^ +}}5 {{.*}}  delete{{$}}
// KINDS-DAG: {{^ +}}4 {{.*}}  new[]{{$}}
// KINDS-DAG: {{^ +}}3 {{.*}}  delete[]{{$}}
// KINDS-DAG: {{^ +}}1 {{.*}}  malloc{{$}}
// KINDS-DAG: {{^ +}}1 {{.*}}  free{{$}}
#include "heap_tally.h"

#include <new>

extern "C" {
static struct heap_fn f_scalars = {"scalars"}, f_arrays = {"arrays"},
                      f_aligned = {"aligned"}, f_nothrow = {"nothrow"},
                      f_leaks = {"leaks_array"}, f_throws = {"throws"};
static void *sink[8];

NOINLINE void scalars(void) {
  H_ALLOC(f_scalars, sink[0], 4, ::operator new(4));
  H_ALLOC(f_scalars, sink[1], 24, ::operator new(24));
  H_FREE(f_scalars, sink[0], ::operator delete(sink[0]));
  H_FREE(f_scalars, sink[1], ::operator delete(sink[1], (size_t)24));
}

NOINLINE void arrays(void) {
  H_ALLOC(f_arrays, sink[2], 40, ::operator new[](40));
  H_ALLOC(f_arrays, sink[3], 80, ::operator new[](80));
  H_FREE(f_arrays, sink[2], ::operator delete[](sink[2]));
  H_FREE(f_arrays, sink[3], ::operator delete[](sink[3], (size_t)80));
}

NOINLINE void aligned(void) {
  std::align_val_t a{64};
  H_ALLOC(f_aligned, sink[4], 128, ::operator new(128, a));
  H_ALLOC(f_aligned, sink[5], 256, ::operator new(256, a));
  H_FREE(f_aligned, sink[4], ::operator delete(sink[4], a));
  H_FREE(f_aligned, sink[5], ::operator delete(sink[5], (size_t)256, a));
}

NOINLINE void nothrow(void) {
  H_ALLOC(f_nothrow, sink[6], 16, ::operator new(16, std::nothrow));
  H_ALLOC(f_nothrow, sink[7], 32, ::operator new[](32, std::nothrow));
  H_FREE(f_nothrow, sink[6], ::operator delete(sink[6], std::nothrow));
  H_FREE(f_nothrow, sink[7], ::operator delete[](sink[7], std::nothrow));
}

NOINLINE void leaks_array(void) {
  void *p;
  H_ALLOC(f_leaks, p, 400, ::operator new[](400));
  (void)p;
}

/* More than any machine has: the nothrow form fails at once, without
 * touching memory, and the throwing one throws. */
NOINLINE void throws(void) {
  void *p = nullptr;
  try {
    p = ::operator new((size_t)1 << 62);
  } catch (const std::bad_alloc &) {
  }
  heap_keep(&f_throws, p, 0);
  /* The C++ library frees the exception object at the end of the catch,
   * in tail calls: the release returns into this function. */
  f_throws.frees++;
}
}

int main() {
  throws();
  scalars();
  arrays();
  aligned();
  nothrow();
  leaks_array();
  struct heap_fn *fns[] = {&f_scalars, &f_arrays, &f_aligned, &f_nothrow,
                           &f_leaks, &f_throws};
  heap_report(fns, 6);
  heap_totals(0);
  return 0;
}
