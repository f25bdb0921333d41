// Ideal time through a jump table and calls through function pointers
// (the indirect-call counting's slow path): ssprof's instructions equal
// callgrind's (lit/tools/ideal_callgrind.py).  A sparse switch, which the
// code generator lowers to a tree of compares whose ways to the default
// conservation cannot tell apart, is an estimate at -O2 (four blocks); at
// -O0 the bounds that counts are never negative put on those ways leave
// one answer (no estimate).  The inner `?:` of main's loop is one at -O2
// too: a select in the IR, which the x86 code generator's cmov converter
// makes a branch in the loop (as it does in the plain clang build), and no
// count tells its two ways apart (one block).
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py --estimated 5 --tolerance 50 %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// RUN: rm -f %t/*.ideal.*
// RUN: %sscc -O0 -gdwarf-4 -fss-ideal %s -o %t/o0
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o0.cg %t/o0 > %t/o0.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py --estimated 0 --tolerance 0 %t/o0 %t/o0.cg %t/o0.ideal.m* %s
#include <stdio.h>

__attribute__((noinline)) static int op(int code, int x) {
  switch (code) { // dense: a jump table
  case 0: return x + 1;
  case 1: return x * 3;
  case 2: return x - 7;
  case 3: return x ^ 0x55;
  case 4: return x << 2;
  case 5: return x >> 1;
  case 6: return -x;
  case 7: return x / 3;
  default: return x;
  }
}

__attribute__((noinline)) static int sparse(int v) {
  switch (v) { // sparse: compares
  case 3: return 1;
  case 100: return 2;
  case 1000: return 3;
  case 77777: return 4;
  default: return 0;
  }
}

static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
static int negate(int x) { return -x; }

int main(void) {
  int (*fns[])(int) = {twice, thrice, negate};
  int x = 1, y = 0;
  for (int i = 0; i < 5000; i++) {
    x = op(i % 9, x) & 0xffff;
    y += sparse(i % 7 == 0 ? 100 : i % 5 == 0 ? 1000 : i);
    y += fns[i % 3](i) & 7;
  }
  printf("%d %d\n", x, y);
  return 0;
}
