// A program built by sscc -fss-sampling has line tables only
// (-gline-tables-only): no declaration lines in its DWARF.  ssprof still
// names each function with its file and a line, from the line table at
// the function's entry: its first line, or where the optimized code starts
// (the loop test of spin at -O1), one of lines 16-21 here.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -fss-sampling %s -o prog
// RUN: %ssrun -fpcsamp ./prog > /dev/null
// RUN: %ssprof prog.fpcsamp.m* | FileCheck %s
// CHECK: Function list, in descending order by time
// CHECK: spin (prog: line-tables-only.c, {{1[6-9]|2[01]}})
#include <stdio.h>

volatile double sink;

__attribute__((noinline)) static double spin(long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += (double)i * 0.5 + s * 1e-9;
  return s;
}

int main(void) {
  for (int r = 0; r < 30; r++)
    sink = spin(4000000 + r);
  printf("%g\n", sink);
  return 0;
}
