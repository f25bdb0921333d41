// A call through a pointer in tail position stays a call, with the
// counter after it (FlowGraph.h, isTailPositionCall): the test of the
// target in front of it (indirect-call counting) splits the block, and
// were the call a jump, the code generator could copy the jump into both
// ways of that test, the instrumentation's slow path one of them, so
// that no count would tell how often each ran.  dispatch()'s instructions
// equal callgrind's exactly.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/o2 | awk '/<dispatch>:/,/^$/' > %t/dispatch.s
// RUN: grep -cE 'callq?\s+\*' %t/dispatch.s | FileCheck %s --check-prefix=CALL
// CALL: {{^1$}}
#include <stdio.h>
struct op { int (*apply)(int); int bias; };
__attribute__((noinline)) static int twice(int x) { return 2 * x; }
__attribute__((noinline)) static int negate(int x) { return -x; }
static struct op ops[2] = {{twice, 1}, {negate, 3}};
__attribute__((noinline)) int dispatch(const struct op *o, int x) {
  if (o->bias > x) /* 13 of 4000 calls return here */
    return 0;
  return o->apply(x + o->bias);
}
int main(void) {
  long s = 0;
  for (int i = 0; i < 4000; i++)
    s += dispatch(&ops[i % 7 == 0], i % 500);
  printf("%ld\n", s);
  return 0;
}
