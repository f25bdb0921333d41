// Counters in loops and the registers they take (docs/counting.md).
// transition() is a state machine in the style of CoreMark's
// core_state_transition: a loop around a switch with a counter on nearly
// every case, whose own values leave the register allocator no register
// to spare; keeping its counters in registers (16 of 16, as the pass once
// did) made the code generator spill the program's values on every
// iteration.  Now the loop keeps no more counters in registers than its
// estimated pressure leaves free, and has no more stack traffic than the
// plain build.  insertion_sort()'s inner loop ends on the data (no trip
// count), but j counts its iterations: its counter is derived from j at
// the two exits, and the loop keeps no register and no add for it.
// Instruction counts equal callgrind's (transition's switch, whose case
// pairs share a block, leaves a few machine blocks to estimates: lit.cfg's
// %switch_pair_estimates).
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O2 -gdwarf-4 -I%S/../../bench/workloads %s -o %t/plain
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal -I%S/../../bench/workloads -Rpass=ss-promote -Rpass-missed=ss-promote %s -o %t/o2 2> %t/remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks
// RUN: env OBJDUMP=llvm-objdump-14 %python %S/../tools/stack_refs.py %t/plain %t/o2 transition insertion_sort
// RUN: %t/plain > %t/plain.out && valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: diff %t/plain.out %t/o2.out
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %switch_pair_estimates %t/o2 %t/o2.cg %t/o2.ideal.m* %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The loops are bench/workloads/loop_kernels.h's (bench/loops.sh times them).
// REMARK-DAG: loop_kernels.h:{{[0-9]+}}:5: remark: counters derived from the induction variable at the exits of this loop: 1, added to memory at 2 exits
// transition()'s loop keeps its counters in memory: its own values leave
// no register for them, or (when the counters sit on the edges that leave
// it: the six `state = S_INVALID` paths, the `,` and the loop's test) it
// has more exits than promotion takes.
// REMARK-DAG: loop_kernels.h:{{[0-9]+}}:3: remark: counters {{stay in memory in this loop: its own values \(about [0-9]+ live at once\) leave no register for them|stay in memory in this loop: it has more than 8 exits|kept in registers in this loop: [0-9]+ of 1[0-9], added to memory at [0-9]+ exits; registers for [0-9]+ left}}
#include "loop_kernels.h"

int main(void) {
  static const char *words[] = {"5012", "1234", "-874", "+122", "35.54400", ".1234500",
                                "-110.700", "+0.64400", "5.500e+3", "-.123e-2", "-87e+832",
                                "+0.6e-12", "T0.3e-1F", "-T.T++Tq", "1T3.4e4z", "34.0e-T^"};
  char text[2048];
  size_t len = 0;
  unsigned x = 1;
  while (len < sizeof text - 16) {
    x = x * 1103515245u + 12345u;
    const char *w = words[(x >> 16) % 16];
    memcpy(text + len, w, strlen(w));
    len += strlen(w);
    text[len++] = ',';
  }
  text[len] = 0;
  unsigned count[NUM_STATES] = {0}, final[NUM_STATES] = {0};
  for (int r = 0; r < 20; r++) {
    unsigned char *p = (unsigned char *)text;
    while (*p)
      final[transition(&p, count)]++;
  }
  int w[600];
  for (int i = 0; i < 600; i++) {
    x = x * 1103515245u + 12345u;
    w[i] = (int)(x >> 16);
  }
  insertion_sort(w, 600);
  unsigned s = 0;
  for (int i = 0; i < NUM_STATES; i++)
    s = s * 31 + count[i] + final[i];
  printf("%u %d %d\n", s, w[0], w[599]);
  return 0;
}
