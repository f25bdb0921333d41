// Calls through function pointers: the targets and their counts per site.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <stdlib.h>
#define TALLY_MAIN
#include "tally.h"

NOINLINE int add(int a, int b) { ENTER(); return a + b; }
NOINLINE int sub(int a, int b) { ENTER(); return a - b; }
NOINLINE int mul(int a, int b) { ENTER(); return a * b; }

typedef int (*binop)(int, int);
binop volatile table[3] = {add, sub, mul};

NOINLINE int apply(int which, int a, int b) {
  ENTER();
  return table[which](a, b);
}

static int cmp_int(const void *a, const void *b) {
  ENTER();
  return *(const int *)a - *(const int *)b;
}

int main(void) {
  int s = 0;
  long n_add = 0, n_sub = 0, n_mul = 0;
  for (int i = 0; i < 1000; i++) {
    int w = (i * 7) % 3;
    s += apply(w, i, 3);
    n_add += w == 0;
    n_sub += w == 1;
    n_mul += w == 2;
  }
  int v[4] = {4, 1, 3, 2};
  qsort(v, 4, sizeof v[0], cmp_int); /* called back from libc */
  printf("%d %d\n", s, v[0]);
  tally_report();
  printf("SSCHECK indirect apply add %ld\n", n_add);
  printf("SSCHECK indirect apply sub %ld\n", n_sub);
  printf("SSCHECK indirect apply mul %ld\n", n_mul);
  return 0;
}
