// A call through a pointer in tail position stays a jump, as in the plain
// build (FlowGraph.h, isCountableTailCall): the whole test of the target
// is one piece of inline assembly with its slow path out of line, so no
// block is split and nothing of the program's can be copied into the slow
// path; dispatch() has no switch, so its descriptor tells ssprof that an
// indirect jump there leaves the function (SS_FUNC_JUMPS_LEAVE).
// dispatch()'s instructions equal callgrind's exactly, and it calls
// nothing through a pointer.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/o2 | awk '/<dispatch>:/,/^$/' > %t/dispatch.s
// RUN: FileCheck %s --check-prefix=JUMP < %t/dispatch.s
// JUMP-NOT: call{{q?}} *
// JUMP: jmp{{q?}} *
// JUMP-NOT: call{{q?}} *
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
