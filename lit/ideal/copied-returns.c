// A function's return block, which its tail calls share in the IR: the
// code generator would copy the return into the blocks that end in a call
// to make them tail calls.  The pass copies it first, the same way
// (pass/TailCalls.h), and counts those blocks' exits before the call, so
// the calls stay jumps as in a plain build, and pick()'s instructions
// equal callgrind's exactly.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// Both calls are jumps, no counter after them: pick has no call at all.
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/o2 | awk '/<pick>:/,/^$/' > %t/pick.s
// RUN: grep -cE 'jmp\s+0x[0-9a-f]+ <(scale|shift)>' %t/pick.s | FileCheck %s --check-prefix=JUMPS
// RUN: not grep -E 'call\s+0x[0-9a-f]+ <(scale|shift)>' %t/pick.s
// JUMPS: {{^2$}}
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
