// valgrind reads the debug information of a program built with sscc
// -fss-ideal (line tables sscc added itself: DWARF 4) and names the line of
// the error it finds, a branch on memory the program never wrote.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O0 -fss-ideal %s -o prog
// RUN: valgrind ./prog > out 2> vg.err
// RUN: FileCheck %s --implicit-check-not=unhandled --implicit-check-not="Serious error" < vg.err
// CHECK: Conditional jump or move depends on uninitialised value(s)
// CHECK-NEXT: at {{.*}}: main ({{.*}}valgrind-reads.c:[[# @LINE + 7]])
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int *p = malloc(sizeof *p);
  int odd = 0;
  if (*p & 1)
    odd = 1;
  printf("%d\n", odd);
  free(p);
  return 0;
}
