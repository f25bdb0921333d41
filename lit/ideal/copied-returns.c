// A function's return block, which its tail calls share in the IR: the
// code generator copies the return into the blocks that end in a call (to
// make them tail calls), and those copies have no marker, so the marker
// left in the return block counts their executions too.  ssprof lets flow
// decide such a block's count first (the edges into it), and takes the
// marker's count only where flow leaves it open: pick()'s instructions
// equal callgrind's exactly.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// The return was copied: pick has more than one ret.
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/o2 | awk '/<pick>:/,/^$/' | grep -c ret | FileCheck %s --check-prefix=RETS
// RETS: {{^[2-9]$}}
#include <stdio.h>
__attribute__((noinline)) static int scale(int x) { return x * 3 + 1; }
__attribute__((noinline)) static int shift(int x) { return x >> 2; }
static volatile int sink;
__attribute__((noinline)) static int pick(int a, int b) {
  if (a % 3 == 0)
    return scale(a);
  sink = a;
  if (b % 5 == 1)
    return 0;
  if (a % 7 == 2)
    return shift(b);
  sink = b;
  return 0;
}
int main(void) {
  long s = 0;
  for (int i = 0; i < 3000; i++)
    s += pick(i, i * 7);
  printf("%ld\n", s);
  return 0;
}
